/**
 * The phone page's built files (`npm run build:renderer` writes them to out/phone), as the companion serves them:
 * index.html at `/`, its hashed scripts and stylesheets under /assets/. The shells find the folder the way they find
 * the TV's renderer (beside their own build, or TUNEWALL_PHONE_DIR) and hand it to createCompanion; without one, the
 * companion answers `/` with a placeholder. Only files inside the folder are read: a name is one plain path segment.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

/** Where the built phone page is: a folder holding index.html and assets/. */
export interface PhonePage {
  dir: string;
}

export interface PageFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/** The types of the files a Vite build of the page writes; any other file is not served. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A file name as the build writes them: letters, digits, dots, dashes and underscores, not starting with a dot. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** The first of `candidates` that holds a built page (its index.html), or undefined. */
export function findPhonePage(candidates: ReadonlyArray<string | undefined>): PhonePage | undefined {
  const dir = candidates.find((d): d is string => d !== undefined && d !== '' && existsSync(join(d, 'index.html')));
  return dir === undefined ? undefined : { dir };
}

/**
 * The built page for a shell whose own module is in `moduleDir` (out/kiosk/ or out/main/ of a build, or their sources
 * under tsx): TUNEWALL_PHONE_DIR, else out/phone beside the shell's build, as the shells find the TV's renderer.
 */
export function builtPhonePage(moduleDir: string, env: Readonly<Record<string, string | undefined>>): PhonePage | undefined {
  return findPhonePage([env['TUNEWALL_PHONE_DIR'], resolve(moduleDir, '../phone'), resolve(moduleDir, '../../out/phone')]);
}

/**
 * `name` in `folder` of the page ('' for the top), or undefined when it is not a file the page has. Read on every
 * request: the files are small, and a page built again is served without a restart.
 */
export async function readPageFile(page: PhonePage, folder: '' | 'assets', name: string): Promise<PageFile | undefined> {
  const type = CONTENT_TYPES[extname(name).toLowerCase()];
  if (!FILE_NAME.test(name) || type === undefined) return undefined;
  try {
    return { body: await readFile(join(page.dir, folder, name)), type };
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR')) return undefined;
    throw error;
  }
}
