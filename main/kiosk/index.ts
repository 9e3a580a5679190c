/**
 * `npm run kiosk`: Tunewall without Electron. The same core runs in this Node process; the renderer is served on
 * 127.0.0.1 to the system Chromium opened in kiosk mode. Tokens stay here, encrypted with AES-256-GCM under a key
 * read from a file (a systemd credential, which can be TPM-sealed); without a key, in memory only.
 *
 * Flags of the shell itself: --print-url (open no browser, print the launch URL), --port=N, --data-dir=PATH.
 * Everything else is Tunewall's configuration (see README).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_STATE_FILE, startSandbox } from '../../sandbox/index';
import { createAppCore } from '../core/app';
import type { Logger } from '../core/ports';
import { loadKioskCipher, vaultKeyPath } from '../core/vault/aesGcmCipher';
import { findChromium, launchChromium } from './chromium';
import { readKioskSession, saveKioskSession } from './session';
import { createFileStore } from './fileStore';
import { startKioskServer } from './server';

function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function createLogger(): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) =>
    process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), level, message, ...fields })}\n`);
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

function rendererDir(env: NodeJS.ProcessEnv): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [env['TUNEWALL_RENDERER_DIR'], resolve(here, '../renderer'), resolve(here, '../../out/renderer')];
  return candidates.find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')));
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
  const env = process.env;
  const logger = createLogger();
  const renderer = rendererDir(env);
  if (!renderer) {
    process.stderr.write('Tunewall: the renderer is not built. Run `npm run kiosk` (it builds first) or `npm run build:kiosk`.\n');
    process.exit(1);
  }
  const dataDir =
    flag(argv, 'data-dir') ?? env['TUNEWALL_DATA_DIR'] ?? join(env['XDG_DATA_HOME'] ?? join(homedir(), '.local', 'share'), 'tunewall');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const core = await createAppCore({
    env,
    argv,
    userDataDir: dataDir,
    fetch: (input, init) => fetch(input, init),
    cipher: undefined,
    resolveCipher: (config) => loadKioskCipher(vaultKeyPath(config.vaultKeyFile, env)),
    store: createFileStore(join(dataDir, 'store.json'), logger),
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
  const options = { core, rendererDir: renderer, secret: randomBytes(32).toString('base64url'), sessionCookie: session.cookie, logger };
  const server = await startKioskServer({ ...options, port }).catch((error: unknown) => {
    if (port === 0 || asked === port) throw error;
    logger.info('the last port is taken; listening on another', { port, error: String(error) });
    return startKioskServer({ ...options, port: 0 });
  });
  saveKioskSession(sessionPath, { port: Number(new URL(server.origin).port), cookie: session.cookie });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await core.dispose();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const chromium = findChromium(env);
  if (argv.includes('--print-url') || !chromium) {
    if (!chromium && !argv.includes('--print-url')) {
      process.stderr.write('Tunewall: no Chromium found (set TUNEWALL_CHROMIUM); open the URL below yourself.\n');
    }
    process.stdout.write(`Tunewall kiosk shell: ${server.launchUrl}\n`);
    return;
  }
  const browser = launchChromium({
    executable: chromium,
    url: server.launchUrl,
    kiosk: core.config.kiosk.enabled,
    userDataDir: join(dataDir, 'chromium'),
  });
  process.stdout.write(`Tunewall kiosk shell on ${server.origin} (Chromium pid ${browser.pid ?? '?'})\n`);
  browser.on('exit', () => void stop(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`Tunewall could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
