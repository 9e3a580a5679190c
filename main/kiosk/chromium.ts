/** Opens the system Chromium in kiosk (or app) mode on the kiosk shell's launch URL. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env['TUNEWALL_CHROMIUM'];
  if (configured) return existsSync(configured) ? configured : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

export interface ChromiumOptions {
  executable: string;
  url: string;
  /** Kiosk mode (full screen, no way out but Alt+F4) or an app window. */
  kiosk: boolean;
  userDataDir: string;
  /**
   * The screen's size, when nothing else will size the window: on a bare X display (no window manager) kiosk mode's
   * request for full screen goes unanswered and Chromium opens a window of its own choosing (945×1004 on a 1080p TV).
   */
  screen?: ScreenSize | undefined;
}

export interface ScreenSize {
  width: number;
  height: number;
}

type Run = (command: string, args: string[], env: NodeJS.ProcessEnv) => Promise<string | undefined>;

const run: Run = (command, args, env) =>
  new Promise((done) => {
    execFile(command, args, { env, timeout: 2_000, encoding: 'utf8' }, (error, stdout) => done(error === null ? stdout : undefined));
  });

/**
 * The X screen's size when no window manager runs on it (the root window names none in _NET_SUPPORTING_WM_CHECK);
 * undefined under a window manager or a Wayland compositor (cage), which size a kiosk window themselves, and when the
 * display cannot be asked (x11-utils missing: the window is then Chromium's choice, as before).
 */
export async function screenSize(env: NodeJS.ProcessEnv, exec: Run = run): Promise<ScreenSize | undefined> {
  if ((env['WAYLAND_DISPLAY'] ?? '') !== '' || (env['DISPLAY'] ?? '') === '') return undefined;
  const childEnv = chromiumEnv(env);
  const wm = await exec('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK'], childEnv);
  if (wm === undefined || /window id #/.test(wm)) return undefined;
  const root = await exec('xwininfo', ['-root'], childEnv);
  const width = Number(/^\s*Width:\s*(\d+)/m.exec(root ?? '')?.[1]);
  const height = Number(/^\s*Height:\s*(\d+)/m.exec(root ?? '')?.[1]);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return undefined;
  return { width, height };
}

/**
 * What running as root costs, said once at start: Chromium refuses to start as root with its sandbox, so it starts
 * without it. Undefined for an ordinary user.
 */
export function rootNotice(uid: number | undefined): string | undefined {
  if (uid !== 0) return undefined;
  return (
    'Tunewall: running as root, so Chromium starts with --no-sandbox: a web page that breaks into the browser would get ' +
    'the whole machine, not one user\'s files. Run the kiosk shell as an ordinary user instead (for example a dedicated ' +
    'account: `sudo -u tunewall npm run kiosk`, or User= in its systemd unit).\n'
  );
}

/** Flags that keep a kiosk Chromium quiet, private and offline-friendly. */
export function chromiumArgs(options: ChromiumOptions): string[] {
  return [
    options.kiosk ? '--kiosk' : '--start-fullscreen',
    `--app=${options.url}`,
    `--user-data-dir=${options.userDataDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-translate',
    '--disable-features=Translate,MediaRouter',
    '--noerrdialogs',
    '--disable-session-crashed-bubble',
    '--autoplay-policy=no-user-gesture-required',
    '--password-store=basic',
    ...(options.screen === undefined ? [] : ['--window-position=0,0', `--window-size=${options.screen.width},${options.screen.height}`]),
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}

/** What a browser on a Linux desktop or kiosk compositor reads from its environment, and nothing else. */
const CHROMIUM_ENV = new Set([
  'HOME', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'TMPDIR', 'LANG', 'LANGUAGE', 'TZ',
  'DISPLAY', 'XAUTHORITY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS',
  'PULSE_SERVER', 'PULSE_COOKIE', 'PIPEWIRE_RUNTIME_DIR', 'PIPEWIRE_REMOTE', 'NO_AT_BRIDGE',
  'FONTCONFIG_FILE', 'FONTCONFIG_PATH', 'GDK_BACKEND', 'GDK_SCALE', 'GDK_DPI_SCALE', 'GTK_THEME',
  'CHROMIUM_FLAGS', 'CHROME_DEVEL_SANDBOX',
  'http_proxy', 'https_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY',
]);
const CHROMIUM_ENV_PREFIXES = ['LC_', 'XDG_'];

/**
 * The browser's environment: what it needs to reach the display, sound, fonts and locale. Tunewall's own settings
 * (TUNEWALL_*, the client secret among them) and whatever else the shell was started with stay in the shell: every
 * Chromium process, renderers and extensions included, could read them otherwise.
 */
export function chromiumEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name.startsWith('TUNEWALL_')) continue;
    if (CHROMIUM_ENV.has(name) || CHROMIUM_ENV_PREFIXES.some((prefix) => name.startsWith(prefix))) kept[name] = value;
  }
  return kept;
}

export function launchChromium(options: ChromiumOptions, env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(options.executable, chromiumArgs(options), { stdio: 'ignore', env: chromiumEnv(env) });
}
