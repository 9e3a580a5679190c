/** Opens the system Chromium in kiosk (or app) mode on the kiosk shell's launch URL. */
import { spawn, type ChildProcess } from 'node:child_process';
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
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}

export function launchChromium(options: ChromiumOptions): ChildProcess {
  return spawn(options.executable, chromiumArgs(options), { stdio: 'ignore' });
}
