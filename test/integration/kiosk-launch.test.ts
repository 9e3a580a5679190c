/**
 * The kiosk shell (main/kiosk/index.ts, run from source) starting a browser: the launch key never appears on the
 * browser's command line or in what the shell prints; the launch page is a file only this user can read, gone once
 * used; and when someone else takes the key first, the shell says so and starts the browser again with a new key.
 * The browser is a stand-in (test/support/fakeChromium.mjs) that behaves like Chromium opening the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchPageDir, launchPageHtml, launchPageTag, writeLaunchPage } from '../../main/kiosk/launchPage';

const REPO = resolve(import.meta.dirname, '../..');

interface BrowserEvent {
  pid: number;
  event: 'started' | 'opened' | 'no-app' | 'handed-off';
  args?: string[];
  env?: Record<string, string>;
  launchUrl?: string;
  launch?: number;
  page?: number;
}

let dir: string;
let shell: ChildProcess | undefined;
let output = '';
let stdout = '';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-launch-'));
  output = '';
  stdout = '';
});
afterEach(async () => {
  if (shell && shell.exitCode === null) {
    const exited = new Promise((r) => shell?.once('exit', r));
    shell.kill('SIGTERM');
    await exited;
  }
  shell = undefined;
  for (const event of events()) {
    try {
      process.kill(event.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

function events(): BrowserEvent[] {
  const file = join(dir, 'browser.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BrowserEvent);
}

/**
 * Runs the shell from source with the stand-in browser; `gate` holds the browser back until the file exists.
 * `closeAfterOpen`: the browser closes once it has opened the page, as it does when a viewer chooses Leave.
 */
function startShell(gate: string, extraEnv: NodeJS.ProcessEnv = {}, options: { closeAfterOpen?: boolean; args?: string[] } = {}): void {
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Tunewall</title>');
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const browser = join(dir, 'chromium');
  // The stand-in's own settings are in its script: the shell gives a browser only the environment a browser needs.
  const close = options.closeAfterOpen === true ? ' FAKE_CHROMIUM_CLOSE_AFTER_OPEN=1' : '';
  const fakeEnv = `FAKE_CHROMIUM_LOG="${join(dir, 'browser.log')}" FAKE_CHROMIUM_GATE="${gate}"${close}`;
  writeFileSync(browser, `#!/bin/sh\n${fakeEnv} exec "${process.execPath}" "${join(REPO, 'test/support/fakeChromium.mjs')}" "$@"\n`);
  chmodSync(browser, 0o755);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('TUNEWALL_')) env[key] = value;
  shell = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'main/kiosk/index.ts'), ...(options.args ?? [])], {
    cwd: REPO,
    env: {
      ...env,
      TUNEWALL_CHROMIUM: browser,
      TUNEWALL_DATA_DIR: join(dir, 'data'),
      TUNEWALL_RENDERER_DIR: renderer,
      TUNEWALL_LANGUAGE: 'en',
      XDG_RUNTIME_DIR: runtime,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shell.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    stdout += chunk;
  });
  shell.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
}

const keyOf = (launchUrl: string): string => new URL(launchUrl).searchParams.get('key') ?? '';

describe('the launch page', () => {
  it('is a file only its owner can read, which sends the browser on to the launch URL, and is in the runtime folder', () => {
    const runtime = join(dir, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    expect(launchPageDir({ XDG_RUNTIME_DIR: runtime }, join(dir, 'data'))).toBe(runtime);
    expect(launchPageDir({}, join(dir, 'data'))).toBe(join(dir, 'data'));
    const page = writeLaunchPage(runtime, 'http://127.0.0.1:4000/launch?key=abc&x="<y>"', launchPageTag(join(dir, 'data')));
    expect(statSync(page.path).mode & 0o777).toBe(0o600);
    expect(fileURLToPath(page.url)).toBe(page.path);
    expect(readFileSync(page.path, 'utf8')).toBe(launchPageHtml('http://127.0.0.1:4000/launch?key=abc&x="<y>"'));
    expect(readFileSync(page.path, 'utf8')).toContain('content="0;url=http://127.0.0.1:4000/launch?key=abc&amp;x=&quot;&lt;y&gt;&quot;"');
    page.remove();
    page.remove();
    expect(existsSync(page.path)).toBe(false);
  });
});

describe('starting the browser', () => {
  it('hands the key over by the page, never on the command line or in the output; the page goes with the shell', async () => {
    const gate = join(dir, 'go');
    writeFileSync(gate, '');
    startShell(gate);
    await vi.waitFor(() => expect(events().find((e) => e.event === 'opened')).toBeDefined(), { timeout: 60_000, interval: 100 });
    const [started, opened] = events();
    expect(opened).toMatchObject({ launch: 200, page: 200 });
    const key = keyOf(opened?.launchUrl ?? '');
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(started?.args?.join(' ')).not.toContain(key);
    expect(started?.args?.find((a) => a.startsWith('--app='))).toMatch(/^--app=file:\/\/.*\/run\/tunewall-launch-[0-9a-f]+-[0-9a-f]+\.html$/);
    expect(output).not.toContain(key);
    // Root: Chromium without its sandbox, and the shell says so, once; an ordinary user hears nothing of it.
    const asRoot = process.getuid?.() === 0;
    expect(started?.args?.includes('--no-sandbox')).toBe(asRoot);
    expect(output.split('running as root, so Chromium starts with --no-sandbox').length - 1).toBe(asRoot ? 1 : 0);
    // The page now holds a spent key, and goes with the shell.
    expect(readdirSync(join(dir, 'run'))).toHaveLength(1);
    const exited = new Promise((r) => shell?.once('exit', r));
    shell?.kill('SIGTERM');
    await exited;
    expect(readdirSync(join(dir, 'run'))).toEqual([]);
  }, 90_000);

  it('starts the browser with only what a browser needs: no Tunewall setting, no client secret', async () => {
    const gate = join(dir, 'go');
    writeFileSync(gate, '');
    const secret = `secret-${'s'.repeat(24)}`;
    startShell(gate, { TUNEWALL_CLIENT_SECRET: secret, TUNEWALL_SANDBOX_HOST: '127.0.0.1', SOME_DEPLOY_TOKEN: 'deploy-token-123', DISPLAY: ':99', LANG: 'ja_JP.UTF-8' });
    await vi.waitFor(() => expect(events().find((e) => e.event === 'opened')).toMatchObject({ launch: 200 }), { timeout: 60_000, interval: 100 });
    const env = events().find((e) => e.event === 'started')?.env ?? {};
    expect(Object.keys(env).filter((name) => name.startsWith('TUNEWALL_'))).toEqual([]);
    expect(JSON.stringify(env)).not.toContain(secret);
    expect(env).not.toHaveProperty('SOME_DEPLOY_TOKEN');
    // What it does need reaches it: the display, the language, the runtime folder.
    expect(env).toMatchObject({ DISPLAY: ':99', LANG: 'ja_JP.UTF-8', XDG_RUNTIME_DIR: join(dir, 'run') });
  }, 90_000);

  it('removes the pages earlier launches of its data folder left behind, and no other shell\'s', async () => {
    const runtime = join(dir, 'run');
    const data = join(dir, 'data');
    mkdirSync(runtime, { mode: 0o700 });
    mkdirSync(data, { mode: 0o700 });
    // What killed launches leave: pages in the runtime folder and (without one) in the data folder.
    const ours = Array.from({ length: 5 }, (_, i) => writeLaunchPage(runtime, `http://127.0.0.1:1/launch?key=old${i}`, launchPageTag(data)).path);
    const inData = writeLaunchPage(data, 'http://127.0.0.1:1/launch?key=older', 'untagged').path;
    const another = writeLaunchPage(runtime, 'http://127.0.0.1:1/launch?key=theirs', launchPageTag(join(dir, 'elsewhere'))).path;
    const gate = join(dir, 'go');
    writeFileSync(gate, '');
    startShell(gate);
    await vi.waitFor(() => expect(events().find((e) => e.event === 'opened')).toMatchObject({ launch: 200 }), { timeout: 60_000, interval: 100 });
    for (const path of [...ours, inData]) expect(existsSync(path)).toBe(false);
    expect(existsSync(another)).toBe(true);
    expect(readdirSync(runtime).filter((name) => name.startsWith('tunewall-launch-'))).toHaveLength(2);
  }, 90_000);

  it('when someone takes the key first: says so, and starts the browser again with a new key that works', async () => {
    const gate = join(dir, 'go');
    startShell(gate);
    // The browser has started but not yet opened its page; someone who can read the page takes the key first.
    await vi.waitFor(() => expect(events().find((e) => e.event === 'started')).toBeDefined(), { timeout: 60_000, interval: 100 });
    const app = events()[0]?.args?.find((a) => a.startsWith('--app='))?.slice('--app='.length) ?? '';
    const stolenUrl = /content="0;url=([^"]+)"/.exec(readFileSync(fileURLToPath(app), 'utf8'))?.[1]?.replace(/&amp;/g, '&') ?? '';
    const stolen = await fetch(stolenUrl, { redirect: 'manual' });
    expect(stolen.status).toBe(200);
    const thiefCookie = (stolen.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    writeFileSync(gate, '');

    // The browser's own try is the second use: refused, so the shell closes it and starts another with a new key.
    const firstPid = events()[0]?.pid;
    await vi.waitFor(
      () => expect(events().find((e) => e.event === 'opened' && e.pid !== firstPid), output).toBeDefined(),
      { timeout: 60_000, interval: 100 },
    );
    const second = events().find((e) => e.event === 'opened' && e.pid !== firstPid);
    expect(second).toMatchObject({ launch: 200, page: 200 });
    expect(events().filter((e) => e.event === 'started')).toHaveLength(2);
    expect(events().find((e) => e.event === 'opened' && e.pid === firstPid && e.launch === 200)).toBeUndefined();
    expect(output).toContain('the launch key was used twice');
    // The session the thief got is closed, and the new key is not the old one.
    expect((await fetch(new URL('/', stolenUrl), { headers: { cookie: thiefCookie } })).status).toBe(403);
    const keys = [keyOf(stolenUrl), keyOf(second?.launchUrl ?? '')];
    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) {
      expect(output).not.toContain(key);
      for (const event of events()) expect(event.args?.join(' ') ?? '').not.toContain(key);
    }
  }, 90_000);
});

/** Whether `pid` runs; a zombie (ended, not yet reaped by whichever process adopted it) does not. */
const runs = (pid: number | undefined): boolean => {
  if (pid === undefined) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

const exitOf = (child: ChildProcess | undefined): Promise<number | null> =>
  child === undefined || child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child?.exitCode ?? null)
    : new Promise((done) => child.once('exit', (code) => done(code)));

describe('a shell started again while the browser of the last one still runs', () => {
  it('ends that browser, every process of it, says so, and opens its own page in a new one', async () => {
    const gate = join(dir, 'go');
    writeFileSync(gate, '');
    startShell(gate);
    await vi.waitFor(() => expect(events().find((e) => e.event === 'opened')).toBeDefined(), { timeout: 60_000, interval: 100 });
    const old = events().find((e) => e.event === 'opened')?.pid;
    // The shell dies as an unplugged box's would: its browser stays, holding the profile.
    const killed = exitOf(shell);
    shell?.kill('SIGKILL');
    await killed;
    expect(runs(old)).toBe(true);

    startShell(gate);
    await vi.waitFor(() => expect(events().find((e) => e.event === 'opened' && e.pid !== old), output).toMatchObject({ launch: 200, page: 200 }), {
      timeout: 60_000,
      interval: 100,
    });
    expect(runs(old)).toBe(false);
    expect(events().filter((e) => e.event === 'handed-off')).toEqual([]);
    expect(stdout).toContain(`Tunewall: closed the Chromium an earlier start left running (pid ${old}); opening a new one.`);
    // And it stays: the new browser is the one on the screen.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(shell?.exitCode).toBeNull();
  }, 120_000);

  it('says why, and exits non-zero, when the profile is locked by a browser on another machine', async () => {
    const profile = join(dir, 'data', 'chromium');
    mkdirSync(profile, { recursive: true });
    symlinkSync('another-display-4242', join(profile, 'SingletonLock'));
    startShell(join(dir, 'go'));
    expect(await exitOf(shell)).toBe(1);
    expect(output).toContain('Tunewall cannot open its browser: the browser profile');
    expect(output).toContain('locked by a Chromium on another machine ("another-display")');
    expect(events().filter((e) => e.event === 'started')).toEqual([]);
  }, 90_000);
});

describe('what the shell says on its terminal', () => {
  it('Leave (the browser closed after showing Tunewall): one line, then the shell goes', async () => {
    const gate = join(dir, 'go');
    writeFileSync(gate, '');
    startShell(gate, {}, { closeAfterOpen: true });
    expect(await exitOf(shell)).toBe(0);
    expect(events().find((e) => e.event === 'opened')).toMatchObject({ launch: 200 });
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Tunewall closed from the screen. Start it again with `npm run kiosk`.');
  }, 90_000);

  it('--print-url: one line, the page a person opens; the loopback addresses stay in the log', async () => {
    startShell(join(dir, 'go'), {}, { args: ['--print-url'] });
    await vi.waitFor(() => expect(stdout).toContain('\n'), { timeout: 60_000, interval: 100 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(stdout).toMatch(/^Open Tunewall in a browser on this machine: file:\/\/\S+\/run\/tunewall-launch-[0-9a-f]+-[0-9a-f]+\.html\n$/);
    expect(stdout).not.toContain('http://');
    const logged = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { message: string; origin?: string });
    expect(logged.find((line) => line.message === 'listening')?.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  }, 90_000);
});
