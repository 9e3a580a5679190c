/**
 * How the launch key reaches Chromium without a command line: a small page in a file only this user can read, which
 * sends the browser on to the launch URL. Chromium's command line names the file, never the key, so `ps` shows
 * nothing another local user can use. The key in it works once; the file is removed when a new key replaces it or the
 * shell stops (one a killed shell leaves behind holds a key that died with it).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PREFIX = 'tunewall-launch-';

export interface LaunchPage {
  /** file:// URL of the page, for Chromium's --app (or a person to open). */
  url: string;
  path: string;
  /** Removes the file; safe to call more than once. */
  remove(): void;
}

/**
 * Where launch pages go: $XDG_RUNTIME_DIR (a per-user tmpfs, mode 0700, emptied at logout) when there is one, else
 * the data folder.
 */
export function launchPageDir(env: NodeJS.ProcessEnv, dataDir: string): string {
  const runtime = env['XDG_RUNTIME_DIR'];
  if (runtime !== undefined && runtime !== '' && existsSync(runtime) && statSync(runtime).isDirectory()) return runtime;
  return dataDir;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page's HTML: no script, just a refresh to the launch URL, and no referrer sent with it. */
export function launchPageHtml(launchUrl: string): string {
  const target = escapeAttribute(launchUrl);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${target}"><title>Tunewall</title></head><body></body></html>\n`;
}

/** Writes a new launch page, readable and writable by this user only. */
export function writeLaunchPage(dir: string, launchUrl: string): LaunchPage {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${PREFIX}${randomBytes(12).toString('hex')}.html`);
  // 'wx': a file already at that path (planted by someone else) is never written through.
  writeFileSync(path, launchPageHtml(launchUrl), { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { url: pathToFileURL(path).href, path, remove: () => rmSync(path, { force: true }) };
}
