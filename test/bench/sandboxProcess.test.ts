import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { SandboxApi } from '../support/sandboxApi';
import { parseStartText, startSandboxProcess } from '../../bench/sandboxProcess';

describe('the bench’s sandbox process', () => {
  it('reads nothing until the start-up text is whole, then where it listens and the settings it printed', () => {
    const text = [
      'Tunewall sandbox listening on http://127.0.0.1:41234',
      '',
      '  export TUNEWALL_CLIENT_ID=tunewall-sandbox',
      "  export TUNEWALL_CLIENT_SECRET='s3cret it'\\''s'",
      '  export TUNEWALL_AUTH_URL=http://127.0.0.1:41234',
      '',
      'Ctrl-C stops it.',
    ].join('\n');
    expect(parseStartText(text)).toEqual({
      origin: 'http://127.0.0.1:41234',
      settings: { TUNEWALL_CLIENT_ID: 'tunewall-sandbox', TUNEWALL_CLIENT_SECRET: "s3cret it's", TUNEWALL_AUTH_URL: 'http://127.0.0.1:41234' },
    });
    expect(parseStartText(text.slice(0, text.indexOf('Ctrl-C')))).toBeUndefined();
    expect(parseStartText('')).toBeUndefined();
  });

  it('starts the sandbox CLI with the flags given, serves its control API, and stops it', async () => {
    const sandbox = await startSandboxProcess(['--interval', '7']);
    try {
      const { TUNEWALL_CLIENT_ID: id, TUNEWALL_CLIENT_SECRET: secret, TUNEWALL_AUTH_URL: auth } = sandbox.settings;
      expect({ id, secret, auth }).toEqual({ id: DEFAULT_OPTIONS.clientId, secret: DEFAULT_OPTIONS.clientSecret, auth: sandbox.origin });
      const body = new URLSearchParams({ client_id: id ?? '', client_secret: secret ?? '', scope: 'user_profile' });
      const response = await fetch(`${sandbox.origin}/oauth2/device/code`, { method: 'POST', body });
      expect(response.status).toBe(200);
      const code = (await response.json()) as { interval: number; user_code: string };
      expect(code.interval).toBe(7);
      expect(await new SandboxApi(sandbox.origin).pending()).toContain(code.user_code);
    } finally {
      await sandbox.stop();
    }
    expect(sandbox.child.exitCode !== null || sandbox.child.signalCode !== null).toBe(true);
  }, 60_000);

  it('stops a sandbox still running when the process that started it exits', async () => {
    const module = resolve(import.meta.dirname, '../../bench/sandboxProcess.ts');
    const script = `const { startSandboxProcess } = await import(${JSON.stringify(module)}); const s = await startSandboxProcess(); console.log('pid ' + s.child.pid); process.exit(0);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await new Promise<void>((done) => parent.once('exit', () => done()));
    const pid = Number(/pid (\d+)/.exec(out)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // Running: the process exists and is not a zombie (its parent has exited, and whoever adopted it may not reap it).
    const running = () => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    };
    await expect.poll(running, { timeout: 20_000, interval: 100 }).toBe(false);
  }, 60_000);
});

