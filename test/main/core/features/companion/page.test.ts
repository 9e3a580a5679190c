/**
 * The phone page as the companion serves it: the built index.html at `/` and its scripts and stylesheets under
 * /assets/, with their content types and the strict policy, to a phone that has not paired yet; nothing outside the
 * build folder, and the placeholder when no build was found.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtPhonePage, findPhonePage } from '../../../../../main/core/features/companion/companion';
import { pageEncoding } from '../../../../../main/core/features/companion/page';
import { COMPANION_CONTENT_SECURITY_POLICY } from '../../../../../main/core/features/companion/guards';
import { send, startCompanion } from './support';

const INDEX = '<!doctype html><html lang="en"><head><script type="module" src="./assets/index-AbC123.js"></script><link rel="stylesheet" href="./assets/index-XyZ789.css"></head><body><div id="root"></div></body></html>';
let root = '';
let build = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tunewall-phone-'));
  build = join(root, 'phone');
  mkdirSync(join(build, 'assets'), { recursive: true });
  writeFileSync(join(build, 'index.html'), INDEX);
  writeFileSync(join(build, 'assets', 'index-AbC123.js'), 'console.log("phone")');
  writeFileSync(join(build, 'assets', 'index-XyZ789.css'), 'body{margin:0}');
  writeFileSync(join(build, 'assets', 'notes.txt'), 'not a page file');
  writeFileSync(join(root, 'secret.js'), 'outside the build');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Started = Awaited<ReturnType<typeof startCompanion>>;
let running: Started | undefined;
afterEach(async () => {
  await running?.companion.stop();
  running = undefined;
});

describe('findPhonePage', () => {
  it('takes the first folder that holds a built page, skipping unset and empty ones', () => {
    expect(findPhonePage([undefined, '', join(root, 'nowhere'), build, root])).toEqual({ dir: build });
    expect(findPhonePage([undefined, root])).toBeUndefined();
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip; a coding at q=0 is refused; none, or only others, is none', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(pageEncoding('BR;Q=0, gzip')).toBe('gzip');
    expect(pageEncoding('x-gzip')).toBe('gzip');
    expect(pageEncoding('gzip;q=0')).toBeUndefined();
    expect(pageEncoding('deflate, identity')).toBeUndefined();
    expect(pageEncoding('')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});

describe('builtPhonePage', () => {
  it('finds out/phone beside a shell’s build (out/kiosk, out/main), or TUNEWALL_PHONE_DIR first', () => {
    mkdirSync(join(root, 'kiosk'), { recursive: true });
    expect(builtPhonePage(join(root, 'kiosk'), {})).toEqual({ dir: build });
    expect(builtPhonePage(join(root, 'elsewhere', 'main'), { TUNEWALL_PHONE_DIR: build })).toEqual({ dir: build });
    expect(builtPhonePage(join(root, 'elsewhere', 'main'), {})).toBeUndefined();
  });
});

describe('the built phone page', () => {
  it('GET / is the built index.html, as HTML, with the strict policy, to a phone without a credential', async () => {
    running = await startCompanion({ page: { dir: build } });
    const page = await send(running.port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toBe(INDEX);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(COMPANION_CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Asked again each visit (a page built again is picked up); its hashed files are kept.
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves its script and stylesheet with their types and the policy', async () => {
    running = await startCompanion({ page: { dir: build } });
    const script = await send(running.port, 'GET', '/assets/index-AbC123.js');
    expect(script).toMatchObject({ status: 200, text: 'console.log("phone")' });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toBe(COMPANION_CONTENT_SECURITY_POLICY);
    const style = await send(running.port, 'GET', '/assets/index-XyZ789.css');
    expect(style).toMatchObject({ status: 200, text: 'body{margin:0}' });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('compresses the text it serves as the phone accepts (brotli, else gzip), once per file, and the phone keeps the hashed files', async () => {
    const big = `${'const tunewall = "phone page";\n'.repeat(200)}console.log(tunewall);`;
    writeFileSync(join(build, 'assets', 'index-Big456.js'), big);
    running = await startCompanion({ page: { dir: build } });
    const { port } = running;
    const br = await send(port, 'GET', '/assets/index-Big456.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(big);
    expect(br.bytes.length).toBeLessThan(big.length / 10);
    const gz = await send(port, 'GET', '/assets/index-Big456.js', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString('utf8')).toBe(big);
    const plain = await send(port, 'GET', '/assets/index-Big456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(big);
    // Under 1 KB: as it is, whatever the phone accepts.
    const small = await send(port, 'GET', '/assets/index-AbC123.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('console.log("phone")');
    // The page built again: the new file, without a restart.
    const rebuilt = `${big}\nconsole.log("again");`;
    writeFileSync(join(build, 'assets', 'index-Big456.js'), rebuilt);
    const again = await send(port, 'GET', '/assets/index-Big456.js', { headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(again.bytes).toString('utf8')).toBe(rebuilt);
  });

  it('answers 404 for a missing file, a type the build never writes, a hidden name and a path out of the folder', async () => {
    running = await startCompanion({ page: { dir: build } });
    const { port } = running;
    for (const path of ['/assets/missing.js', '/assets/notes.txt', '/assets/.index-AbC123.js', '/assets/..%2F..%2Fsecret.js', '/assets/%2E%2E%2Fsecret.js', '/secret.js', '/index.html']) {
      const reply = await send(port, 'GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.text, path).not.toContain('outside the build');
    }
  });

  it('is refused to a request for another Host, like every route', async () => {
    running = await startCompanion({ page: { dir: build } });
    const reply = await send(running.port, 'GET', '/assets/index-AbC123.js', { headers: { host: 'evil.example' } });
    expect(reply.status).toBe(403);
    expect(reply.text).not.toContain('phone');
  });
});

describe('without a built page', () => {
  it('GET / is the placeholder that loads nothing, and /assets/ has nothing', async () => {
    running = await startCompanion();
    const page = await send(running.port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Keep this page open');
    expect(page.text).not.toContain('<script');
    expect((await send(running.port, 'GET', '/assets/index-AbC123.js')).status).toBe(404);
  });

  it('a folder whose index.html went away after start answers the placeholder, not an error', async () => {
    const gone = join(root, 'gone');
    mkdirSync(gone);
    running = await startCompanion({ page: { dir: gone } });
    const page = await send(running.port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Keep this page open');
  });
});
