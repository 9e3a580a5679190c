/**
 * `npm run kiosk`: Tunewall without Electron. The same core runs in this Node process; the renderer is served on
 * 127.0.0.1 to the system Chromium opened in kiosk mode. Tokens stay here, encrypted with AES-256-GCM under a key
 * read from a file (a systemd credential, which can be TPM-sealed); without a key, in memory only.
 *
 * Chromium gets the one-time launch key through a page only this user can read (launchPage.ts), never on its command
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
import { SANDBOX_STATE_FILE, startSandbox } from '../../sandbox/index';
import { createAppCore } from '../core/app';
import { vaultKeyPath } from '../core/vault/aesGcmCipher';
import { FIRST_PAINT_MODULE } from '../../shared/firstPaint';
import { findChromium, launchChromium, rootNotice, screenSize } from './chromium';
import { loadFirstPaint } from './firstPaint';
import { readKioskSession, saveKioskSession } from './session';
import { createFileStore } from './fileStore';
import { launchPageDir, launchPageTag, removeSpentLaunchPages, writeLaunchPage, type LaunchPage } from './launchPage';
import { keyringVaultKey, kioskCipher } from './ops/keyringKey';
import { createOps } from './ops/ops';
import type { OpsLogger } from './ops/log';
import { killTree } from './ops/processTree';
import { takeOverProfile } from './profileLock';
import { startKioskServer, type KioskServer } from './server';

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

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // Operations (main/kiosk/ops): the JSON log, systemd credentials, notify and watchdog, recovery, metrics.
  const ops = createOps(argv, process.env);
  const { env, logger } = ops;
  const renderer = rendererDir(env);
  if (!renderer) {
    process.stderr.write('Tunewall: the renderer is not built. Run `npm run kiosk` (it builds first) or `npm run build:kiosk`.\n');
    process.exit(1);
  }
  const dataDir =
    flag(argv, 'data-dir') ?? env['TUNEWALL_DATA_DIR'] ?? join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'tunewall');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  // First: the drawing module loads (its file is read while the rest starts) before any page is asked for.
  const firstPaint = loadFirstPaint(firstPaintDir(), logger);
  const store = createFileStore(join(dataDir, 'store.json'), logger);
  // Without a key file or credential: the desktop's Secret Service keeps the vault key, where there is one.
  const keyringKey = await keyringVaultKey(env, argv, logger);
  const core = await createAppCore({
    env,
    argv,
    userDataDir: dataDir,
    fetch: ops.fetch,
    cipher: undefined,
    resolveCipher: (config) => kioskCipher(vaultKeyPath(config.vaultKeyFile, env), keyringKey),
    store,
    logger,
    systemLocale: Intl.DateTimeFormat().resolvedOptions().locale,
    version: packageVersion(),
    // The embedded sandbox keeps its state (token digests, favorites, approvals) beside Tunewall's, so a restart
    // finds the sign-in the vault kept still valid, as it would be against the real service.
    startSandbox: () =>
      startSandbox(
        { host: env['TUNEWALL_SANDBOX_HOST'] ?? '127.0.0.1' },
        { stateFile: join(dataDir, SANDBOX_STATE_FILE), log: (message, fields) => logger.warn(`sandbox: ${message}`, fields) },
      ),
  });

  // The last launch's port and session, so a page still open from it reconnects to this one.
  const sessionPath = join(dataDir, 'kiosk-session.json');
  const session = readKioskSession(sessionPath, logger);
  const asked = Number(flag(argv, 'port') ?? '0');
  const port = Number.isInteger(asked) && asked > 0 && asked < 65536 ? asked : (session.port ?? 0);
  const chromium = argv.includes('--print-url') ? undefined : findChromium(env);
  const asRoot = chromium === undefined ? undefined : rootNotice(process.getuid?.());
  if (asRoot !== undefined) process.stderr.write(asRoot);
  const pages = { dir: launchPageDir(env, dataDir), tag: launchPageTag(dataDir) };
  const spent = removeSpentLaunchPages(pages.dir, pages.tag, dataDir);
  if (spent > 0) logger.info('removed launch pages earlier launches left behind', { count: spent });
  const profile = join(dataDir, 'chromium');
  const launcher = new Launcher(pages, async (url) => {
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
      void stop(1);
      return undefined;
    }
    if (takeover.outcome === 'ended') {
      logger.warn('ended the Chromium an earlier start left running on this profile', { pid: takeover.pid });
      process.stdout.write(`Tunewall: closed the Chromium an earlier start left running (pid ${takeover.pid}); opening a new one.\n`);
    }
    if (takeover.outcome === 'stale') logger.info('removed a stale browser profile lock', { pid: takeover.pid });
    const browser = launchChromium({ executable: chromium, url, kiosk: core.config.kiosk.enabled, userDataDir: profile, screen: await screenSize(env) });
    logger.info('Chromium started', { pid: browser.pid });
    process.stdout.write(`Tunewall: Chromium started (pid ${browser.pid ?? '?'})\n`);
    return browser;
  }, logger);
  const listening: { port?: number } = {};
  const options = {
    core,
    rendererDir: renderer,
    firstPaint,
    secret: randomBytes(32).toString('base64url'),
    sessionCookie: session.cookie,
    // Every session was revoked (a launch key used twice): the next restart must not let the old cookie back in.
    onSessionCookie: (cookie: string) => saveKioskSession(sessionPath, { port: listening.port, cookie }),
    logger,
    heartbeat: ops.heartbeat,
    onLaunched: () => launcher.launched(),
    onLaunchKeyReused: () => launcher.keyTaken(),
  };
  const server = await startKioskServer({ ...options, port }).catch((error: unknown) => {
    if (port === 0 || asked === port) throw error;
    logger.info('the last port is taken; listening on another', { port, error: String(error) });
    return startKioskServer({ ...options, port: 0 });
  });
  listening.port = Number(new URL(server.origin).port);
  saveKioskSession(sessionPath, { port: listening.port, cookie: session.cookie });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    launcher.dispose();
    await ops.stop();
    await server.close();
    await core.dispose();
    await store.flush();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  logger.info('listening', { origin: server.origin });
  if (chromium === undefined && !argv.includes('--print-url')) {
    process.stderr.write('Tunewall: no Chromium found (set TUNEWALL_CHROMIUM); open the page below in a browser on this machine.\n');
  }
  launcher.start(server, (exit) => {
    // Closed by its viewer (Leave, or the window closed): the shell goes too, and says so.
    if (exit.code === 0 && exit.opened) {
      process.stdout.write('Tunewall closed from the screen. Start it again with `npm run kiosk`.\n');
      void stop(0);
      return;
    }
    // Exited 0 without ever opening the page: it handed the page to some other browser, or could not show it. Not
    // a viewer's choice: like a kill or a crash, recovery starts it again (and says so in the log).
    if (exit.code === 0) logger.warn('Chromium exited at once without opening Tunewall', { code: exit.code });
    ops.browserExited(exit);
  });
  await ops.attach({
    subscribe: (listener) => core.subscribe(listener),
    getState: () => core.handlers.getState(),
    relaunchBrowser: chromium === undefined ? undefined : () => launcher.relaunch(),
    exit: (code) => void stop(code),
    dataDir,
    version: packageVersion(),
    tokenValidUntil: async () => {
      const until = (await core.handlers.diagnostics()).tokenValidUntil;
      return until === undefined ? undefined : Date.parse(until);
    },
  });
  // While the browser opens the launch page: one drawing of the screen it will ask for, thrown away. A first drawing
  // runs React's code for the first time and takes several times as long as the next (100 against 20 ms for Home).
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

interface BrowserExit {
  code: number | null;
  signal: string | null;
  /** The browser had opened Tunewall's page (so an exit 0 is its viewer closing it). */
  opened: boolean;
}

/**
 * Hands the launch key to the browser through a launch page, and starts over with a new key (and a new browser) when
 * the server reports that the key was used by someone else first.
 */
class Launcher {
  private page: LaunchPage | undefined;
  private browser: ChildProcess | undefined;
  private server: KioskServer | undefined;
  private onBrowserGone: ((exit: BrowserExit) => void) | undefined;
  /** Whether the browser opened now has presented its key (a viewer has seen Tunewall in it). */
  private opened = false;
  /** Counts launches, so a launch overtaken by a newer one while it waited for the profile drops its browser. */
  private launches = 0;

  constructor(
    private readonly pages: { dir: string; tag: string },
    private readonly open: (pageUrl: string) => Promise<ChildProcess | undefined>,
    private readonly logger: OpsLogger,
  ) {}

  start(server: KioskServer, onBrowserGone: (exit: BrowserExit) => void): void {
    this.server = server;
    this.onBrowserGone = onBrowserGone;
    this.openPage(server.launchUrl);
  }

  /**
   * The key is spent. The page stays until a new key replaces it: should someone else have used the key first, the
   * browser still finds the page and presents the key a second time, which is how the theft comes to light.
   */
  launched(): void {
    this.opened = true;
    this.logger.info('the browser opened the page');
  }

  keyTaken(): void {
    const server = this.server;
    if (server === undefined) return;
    process.stderr.write(
      'Tunewall: the launch key was used twice, so something other than this browser may have taken it. Every session is closed; starting again with a new key.\n',
    );
    const previous = this.browser;
    this.browser = undefined;
    previous?.removeAllListeners('exit');
    previous?.kill();
    this.openPage(server.newLaunchKey());
  }

  /** Ends the browser, every process of it (a frozen renderer too), and opens a new one with a new key. */
  relaunch(): void {
    const server = this.server;
    const previous = this.browser;
    if (server === undefined) return;
    this.browser = undefined;
    previous?.removeAllListeners('exit');
    if (previous?.pid !== undefined) killTree(previous.pid);
    this.openPage(server.newLaunchKey());
  }

  /** The shell stops: its browser goes with it (left behind, it would hold the profile and show "reconnecting"). */
  dispose(): void {
    this.launches += 1;
    this.page?.remove();
    this.page = undefined;
    this.browser?.removeAllListeners('exit');
    if (this.browser?.pid !== undefined && this.browser.exitCode === null && this.browser.signalCode === null) killTree(this.browser.pid);
    this.browser = undefined;
  }

  private openPage(launchUrl: string): void {
    this.page?.remove();
    this.page = writeLaunchPage(this.pages.dir, launchUrl, this.pages.tag);
    this.opened = false;
    const launch = ++this.launches;
    void this.open(this.page.url).then((browser) => {
      if (launch !== this.launches) {
        browser?.kill();
        return;
      }
      this.browser = browser;
      browser?.on('exit', (code, signal) => {
        if (this.browser === browser) this.onBrowserGone?.({ code, signal, opened: this.opened });
      });
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Tunewall could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
