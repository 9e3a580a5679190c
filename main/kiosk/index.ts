/**
 * `npm run kiosk`: Tunewall without Electron. The same core runs in this Node process; the renderer is served on
 * 127.0.0.1 to the system Chromium opened in kiosk mode. Tokens stay here, encrypted with AES-256-GCM under a key
 * read from a file (a systemd credential, which can be TPM-sealed); without a key, in memory only.
 *
 * Chromium gets the one-time launch key through a page only this user can read (launchPage.ts, launcher.ts), never on its command
 * line or in a log; the page is removed when the shell stops. When the key turns out to have been used by someone else first, the shell says so and starts
 * Chromium again with a new key.
 *
 * Before each launch, a Chromium an earlier start left running on the profile (its shell killed) is ended: it would
 * take the new page and leave this launch with nothing (profileLock.ts). On a bare X display the window is given the
 * screen's size (chromium.ts).
 *
 * What it says: stdout carries the few lines a person reads (the page to open with --print-url, the browser started,
 * Tunewall closed from the screen); stderr is the JSON log for operators and journald (the loopback address among it).
 *
 * Flags of the shell itself: --print-url (open no browser, print the launch page's URL), --port=N, --data-dir=PATH.
 * Everything else is Tunewall's configuration (see docs/configuration.md).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedSandboxStarter } from '../../sandbox/embedded';
import { createAppCore } from '../core/app';
import type { AppCore, RunningAppCore } from '../core/appCore';
import { vaultKeyPath } from '../core/vault/aesGcmCipher';
import { FIRST_PAINT_MODULE, type RenderFirstScreen } from '../../shared/firstPaint';
import { findChromium, launchChromium, rootNotice, screenSize } from './chromium';
import { loadFirstPaint } from './firstPaint';
import { readKioskSession, saveKioskSession, type KioskSession } from './session';
import { createFileStore, type FileStore } from './fileStore';
import { launchPageDir, launchPageTag, removeSpentLaunchPages } from './launchPage';
import { Launcher, type BrowserExit } from './launcher';
import { keyringVaultKey, kioskCipher } from './ops/keyringKey';
import { createOps, type AttachOptions, type Ops } from './ops/ops';
import type { OpsLogger } from './ops/log';
import { builtPhonePage } from '../core/features/companion/page';
import { takeOverProfile } from './profileLock';
import { startKioskServer, type KioskServer, type KioskServerOptions } from './server';

function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function rendererDir(env: NodeJS.ProcessEnv): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [env['TUNEWALL_RENDERER_DIR'], resolve(here, '../renderer'), resolve(here, '../../out/renderer')];
  return candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')));
}

/** The first screen's drawing module (out/first-paint), beside the renderer it was built with. */
function firstPaintDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../first-paint'), resolve(here, '../../out/first-paint')];
  return candidates.find((dir) => existsSync(join(dir, FIRST_PAINT_MODULE))) ?? candidates[0] ?? here;
}

function packageVersion(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../../package.json'), resolve(here, '../package.json')]) {
    try {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown; version?: unknown };
      if (parsed.name === 'tunewall' && typeof parsed.version === 'string') return parsed.version;
    } catch {
      // Not this one: try the next candidate.
    }
  }
  return '0.0.0';
}

/** The built renderer's folder; without one the shell cannot run, and says how to build it. */
function requireRenderer(env: NodeJS.ProcessEnv): string {
  const renderer = rendererDir(env);
  if (!renderer) {
    process.stderr.write('Tunewall: the renderer is not built. Run `npm run kiosk` (it builds first) or `npm run build:kiosk`.\n');
    process.exit(1);
  }
  return renderer;
}

/** The data folder (--data-dir, TUNEWALL_DATA_DIR, else under XDG_DATA_HOME), made and kept to this user. */
function prepareDataDir(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const dataDir =
    flag(argv, 'data-dir') ?? env['TUNEWALL_DATA_DIR'] ?? join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'tunewall');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return dataDir;
}

/** The core over the shell's store, its vault key from a key file, a credential or the desktop's keyring. */
async function startCore(argv: readonly string[], ops: Ops, dataDir: string, store: FileStore, version: string): Promise<RunningAppCore> {
  const { env, logger } = ops;
  // Without a key file or credential: the desktop's Secret Service keeps the vault key, where there is one.
  const keyringKey = await keyringVaultKey(env, argv, logger);
  return createAppCore({
    env,
    argv,
    userDataDir: dataDir,
    fetch: ops.fetch,
    cipher: undefined,
    resolveCipher: (config) => kioskCipher(vaultKeyPath(config.vaultKeyFile, env), keyringKey),
    store,
    logger,
    systemLocale: Intl.DateTimeFormat().resolvedOptions().locale,
    version,
    phonePage: builtPhonePage(dirname(fileURLToPath(import.meta.url)), env),
    startSandbox: embeddedSandboxStarter({ env, dataDir, warn: (message, fields) => logger.warn(message, fields) }),
  });
}

/** The port asked for with --port (0 when none), and the one to try: that, else the last launch's. */
function choosePort(argv: readonly string[], session: KioskSession): { asked: number; port: number } {
  const asked = Number(flag(argv, 'port') ?? '0');
  const port = Number.isInteger(asked) && asked > 0 && asked < 65536 ? asked : (session.port ?? 0);
  return { asked, port };
}

/** The system Chromium to open (none with --print-url), with a word to whoever runs it as root. */
function findBrowser(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const chromium = argv.includes('--print-url') ? undefined : findChromium(env);
  const asRoot = chromium === undefined ? undefined : rootNotice(process.getuid?.());
  if (asRoot !== undefined) process.stderr.write(asRoot);
  return chromium;
}

interface BrowserSetup {
  chromium: string | undefined;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  logger: OpsLogger;
  kiosk: boolean;
  stop: (code: number) => void;
}

/**
 * Opens a launch page in Chromium, after taking the profile over from a Chromium an earlier start left on it; without
 * Chromium, prints the page's URL. Resolves to the browser, or undefined when none was opened.
 */
async function openBrowser(setup: BrowserSetup, profile: string, url: string): Promise<ChildProcess | undefined> {
  const { chromium, logger } = setup;
  if (chromium === undefined) {
    // The one line a person reads (the loopback address is in the log, for operators and scripts).
    process.stdout.write(`Open Tunewall in a browser on this machine: ${url}\n`);
    return undefined;
  }
  // A Chromium an earlier start left on this profile would take the page and leave this launch with nothing.
  const takeover = await takeOverProfile(profile);
  if (takeover.outcome === 'blocked') {
    logger.error('cannot open the browser', { reason: takeover.reason });
    process.stderr.write(`Tunewall cannot open its browser: ${takeover.reason}\n`);
    setup.stop(1);
    return undefined;
  }
  if (takeover.outcome === 'ended') {
    logger.warn('ended the Chromium an earlier start left running on this profile', { pid: takeover.pid });
    process.stdout.write(`Tunewall: closed the Chromium an earlier start left running (pid ${takeover.pid}); opening a new one.\n`);
  }
  if (takeover.outcome === 'stale') logger.info('removed a stale browser profile lock', { pid: takeover.pid });
  const browser = launchChromium({ executable: chromium, url, kiosk: setup.kiosk, userDataDir: profile, screen: await screenSize(setup.env) });
  logger.info('Chromium started', { pid: browser.pid });
  process.stdout.write(`Tunewall: Chromium started (pid ${browser.pid ?? '?'})\n`);
  return browser;
}

/** The launcher, its launch pages in their folder once those earlier launches left behind are gone. */
function createLauncher(setup: BrowserSetup): Launcher {
  const { dataDir, logger } = setup;
  const pages = { dir: launchPageDir(setup.env, dataDir), tag: launchPageTag(dataDir) };
  const spent = removeSpentLaunchPages(pages.dir, pages.tag, dataDir);
  if (spent > 0) logger.info('removed launch pages earlier launches left behind', { count: spent });
  const profile = join(dataDir, 'chromium');
  return new Launcher(pages, (url) => openBrowser(setup, profile, url), logger);
}

/** Starts the server on the port chosen; when the last launch's port is taken, on another. Keeps the session file. */
async function listen(
  options: Omit<KioskServerOptions, 'port' | 'secret' | 'sessionCookie' | 'onSessionCookie'>,
  sessionPath: string,
  session: KioskSession,
  { asked, port }: { asked: number; port: number },
): Promise<KioskServer> {
  const listening: { port?: number } = {};
  const withKeys = {
    ...options,
    secret: randomBytes(32).toString('base64url'),
    sessionCookie: session.cookie,
    // Every session was revoked (a launch key used twice): the next restart must not let the old cookie back in.
    onSessionCookie: (cookie: string) => saveKioskSession(sessionPath, { port: listening.port, cookie }),
  };
  const server = await startKioskServer({ ...withKeys, port }).catch((error: unknown) => {
    if (port === 0 || asked === port) throw error;
    options.logger?.info('the last port is taken; listening on another', { port, error: String(error) });
    return startKioskServer({ ...withKeys, port: 0 });
  });
  listening.port = Number(new URL(server.origin).port);
  saveKioskSession(sessionPath, { port: listening.port, cookie: session.cookie });
  return server;
}

/** What the shell stops, in order: the browser, operations, the server, the core, then the store's last writes. */
interface ShellParts {
  launcher: Launcher;
  ops: Ops;
  server: KioskServer;
  core: AppCore;
  store: FileStore;
}

/** Stops the shell once (a second call does nothing), then exits with the code given. */
function stopper(parts: ShellParts): (code: number) => Promise<void> {
  let stopping = false;
  return async (code) => {
    if (stopping) return;
    stopping = true;
    parts.launcher.dispose();
    await parts.ops.stop();
    await parts.server.close();
    await parts.core.dispose();
    await parts.store.flush();
    process.exit(code);
  };
}

/** The browser is gone: closed by its viewer, the shell goes too; otherwise recovery decides. */
function onBrowserExit(ops: Ops, stop: (code: number) => void): (exit: BrowserExit) => void {
  return (exit) => {
    // Closed by its viewer (Leave, or the window closed): the shell goes too, and says so.
    if (exit.code === 0 && exit.opened) {
      process.stdout.write('Tunewall closed from the screen. Start it again with `npm run kiosk`.\n');
      stop(0);
      return;
    }
    // Exited 0 without ever opening the page: it handed the page to some other browser, or could not show it. Not
    // a viewer's choice: like a kill or a crash, recovery starts it again (and says so in the log).
    if (exit.code === 0) ops.logger.warn('Chromium exited at once without opening Tunewall', { code: exit.code });
    ops.browserExited(exit);
  };
}

/** What operations watch: the core's state and events, the browser to relaunch, the token's validity. */
function opsFacts(core: AppCore, launcher: Launcher, hasBrowser: boolean, dataDir: string, version: string, stop: (code: number) => void): AttachOptions {
  return {
    subscribe: (listener) => core.subscribe(listener),
    getState: () => core.handlers.getState(),
    relaunchBrowser: hasBrowser ? () => launcher.relaunch() : undefined,
    exit: (code) => stop(code),
    dataDir,
    version,
    tokenValidUntil: async () => {
      const until = (await core.handlers.diagnostics()).tokenValidUntil;
      return until === undefined ? undefined : Date.parse(until);
    },
  };
}

/**
 * While the browser opens the launch page: one drawing of the screen it will ask for, thrown away. A first drawing
 * runs React's code for the first time and takes several times as long as the next (100 against 20 ms for Home).
 */
function warmFirstPaint(firstPaint: Promise<RenderFirstScreen | undefined>, core: AppCore): void {
  void firstPaint.then((render) => {
    const boot = core.bootView?.();
    if (render === undefined || boot === undefined) return;
    setImmediate(() => {
      try {
        render({ ...boot, renderedAt: Date.now() });
      } catch {
        // The page's own drawing says why, in the log.
      }
    });
  });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // Operations (main/kiosk/ops): the JSON log, systemd credentials, notify and watchdog, recovery, metrics.
  const ops = createOps(argv, process.env);
  const { env, logger } = ops;
  const renderer = requireRenderer(env);
  const dataDir = prepareDataDir(argv, env);
  // First: the drawing module loads (its file is read while the rest starts) before any page is asked for.
  const firstPaint = loadFirstPaint(firstPaintDir(), logger);
  const store = createFileStore(join(dataDir, 'store.json'), logger);
  const version = packageVersion();
  const core = await startCore(argv, ops, dataDir, store, version);

  // The last launch's port and session, so a page still open from it reconnects to this one.
  const sessionPath = join(dataDir, 'kiosk-session.json');
  const session = readKioskSession(sessionPath, logger);
  const ports = choosePort(argv, session);
  const chromium = findBrowser(argv, env);
  const launcher = createLauncher({ chromium, dataDir, env, logger, kiosk: core.config.kiosk.enabled, stop: (code) => void stop(code) });
  const server = await listen(
    { core, rendererDir: renderer, firstPaint, logger, heartbeat: ops.heartbeat, onLaunched: () => launcher.launched(), onLaunchKeyReused: () => launcher.keyTaken() },
    sessionPath,
    session,
    ports,
  );
  const stop = stopper({ launcher, ops, server, core, store });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  logger.info('listening', { origin: server.origin });
  if (chromium === undefined && !argv.includes('--print-url')) {
    process.stderr.write('Tunewall: no Chromium found (set TUNEWALL_CHROMIUM); open the page below in a browser on this machine.\n');
  }
  launcher.start(server, onBrowserExit(ops, (code) => void stop(code)));
  await ops.attach(opsFacts(core, launcher, chromium !== undefined, dataDir, version, (code) => void stop(code)));
  warmFirstPaint(firstPaint, core);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tunewall could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
