/**
 * The phone page's built files (`npm run build:renderer` writes them to out/phone), as the companion serves them:
 * index.html at `/`, its hashed scripts and stylesheets under /assets/. The shells find the folder the way they find
 * the TV's renderer (beside their own build, or TUNEWALL_PHONE_DIR) and hand it to createCompanion; without one, the
 * companion answers `/` with a placeholder. Only files inside the folder are read: a name is one plain path segment.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Where the built phone page is: a folder holding index.html and assets/. */
export interface PhonePage {
  dir: string;
}

export interface PageFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  /** How `body` is compressed for this phone (Content-Encoding), when it is. */
  encoding?: 'br' | 'gzip' | undefined;
}

export type PageEncoding = 'br' | 'gzip';

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

/** Text compresses; pictures and fonts already are. Below 1 KB the encoding costs more than it saves. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg']);
const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to answer an Accept-Encoding header with: brotli, else gzip, else none. A coding with q=0 is refused,
 * as RFC 9110 §12.5.3 says.
 */
export function pageEncoding(accept: string | undefined): PageEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(coding);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Kept {
  mtimeMs: number;
  size: number;
  body: Uint8Array<ArrayBuffer>;
  encoded: Partial<Record<PageEncoding, Promise<Uint8Array<ArrayBuffer>>>>;
}

async function encode(body: Uint8Array<ArrayBuffer>, encoding: PageEncoding): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : await gzipped(body, { level: 9 });
  return new Uint8Array(out);
}

export interface PageFiles {
  /**
   * `name` in `folder` of the page ('' for the top), compressed as `encoding` says when it is text, or undefined when
   * it is not a file the page has.
   */
  read(folder: '' | 'assets', name: string, encoding: PageEncoding | undefined): Promise<PageFile | undefined>;
}

/**
 * The page's files as the companion serves them: each read from disk once and compressed once per encoding, the
 * first time a phone asks (a TV box's CPU does the work once, not for every phone on every visit); a file whose size
 * or time changed (the page built again) is read afresh, so no restart is needed.
 */
export function pageFiles(page: PhonePage): PageFiles {
  const kept = new Map<string, Kept>();
  return {
    async read(folder, name, encoding) {
      const extension = extname(name).toLowerCase();
      const type = CONTENT_TYPES[extension];
      if (!FILE_NAME.test(name) || type === undefined) return undefined;
      const path = join(page.dir, folder, name);
      let file: Kept;
      try {
        const now = await stat(path);
        if (!now.isFile()) return undefined;
        const known = kept.get(path);
        if (known !== undefined && known.mtimeMs === now.mtimeMs && known.size === now.size) file = known;
        else {
          file = { mtimeMs: now.mtimeMs, size: now.size, body: await readFile(path), encoded: {} };
          kept.set(path, file);
        }
      } catch (error) {
        if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR')) return undefined;
        throw error;
      }
      if (encoding === undefined || !COMPRESSIBLE.has(extension) || file.body.byteLength < MIN_COMPRESSED_BYTES) return { body: file.body, type };
      file.encoded[encoding] ??= encode(file.body, encoding);
      return { body: await file.encoded[encoding], type, encoding };
    },
  };
}
