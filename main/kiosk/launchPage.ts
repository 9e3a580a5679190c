/**
 * How the launch key reaches Chromium without a command line: a small page in a file only this user can read, which
 * sends the browser on to the launch URL. Chromium's command line names the file, never the key, so `ps` shows
 * nothing another local user can use. The key in it works once; the file is removed when a new key replaces it or the
 * shell stops (one a killed shell leaves behind holds a key that died with it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

/**
 * What names the launch pages of one data folder, so a start removes the pages its earlier launches left (their keys
 * died with them) and never a page of another shell sharing the runtime folder.
 */
export function launchPageTag(dataDir: string): string {
  return createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 8);
}

/**
 * Removes the pages earlier launches of this data folder left behind (a killed shell cannot remove its own): every one
 * with `tag` in `dir`, and every launch page in the data folder itself, which is this shell's alone. Returns how many.
 */
export function removeSpentLaunchPages(dir: string, tag: string, dataDir: string): number {
  let removed = 0;
  const sweep = (folder: string, spent: (name: string) => boolean): void => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return; // no folder yet: nothing was left in it
    }
    for (const name of names.filter(spent)) {
      rmSync(join(folder, name), { force: true });
      removed += 1;
    }
  };
  sweep(dir, (name) => name.startsWith(`${PREFIX}${tag}-`) && name.endsWith('.html'));
  sweep(dataDir, (name) => name.startsWith(PREFIX) && name.endsWith('.html'));
  return removed;
}

/** Writes a new launch page, readable and writable by this user only; `tag` names the data folder it serves. */
export function writeLaunchPage(dir: string, launchUrl: string, tag: string): LaunchPage {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${PREFIX}${tag}-${randomBytes(12).toString('hex')}.html`);
  // 'wx': a file already at that path (planted by someone else) is never written through.
  writeFileSync(path, launchPageHtml(launchUrl), { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { url: pathToFileURL(path).href, path, remove: () => rmSync(path, { force: true }) };
}
