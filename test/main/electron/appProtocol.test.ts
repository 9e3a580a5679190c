import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler, resolveAppPath } from '../../../main/electron/appProtocol';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/contentSecurityPolicy';

let root: string;
let outside: string;

beforeAll(async () => {
  outside = await mkdtemp(path.join(os.tmpdir(), 'tunewall-protocol-'));
  root = path.join(outside, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Tunewall</title>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(outside, 'secret.txt'), 'tokens');
});

afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

describe('the app scheme', () => {
  it('is standard and secure, and keeps V8 code cache between starts (Electron allows it only on a standard scheme)', () => {
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, codeCache: true, bypassCSP: false });
  });
});

describe('resolveAppPath', () => {
  it('maps the root and files to the renderer folder', () => {
    expect(resolveAppPath(root, 'app://tunewall/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://tunewall/assets/app.js?v=1#x')).toBe(path.join(root, 'assets', 'app.js'));
  });

  it.each([
    'app://tunewall/..%2Fsecret.txt',
    'app://tunewall/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
    'app://tunewall/..%5Csecret.txt',
    'app://tunewall/index.html%00.js',
    'app://tunewall/%E0%A4%A',
    'app://other/index.html',
    'app://user:pw@tunewall/index.html',
    'https://tunewall/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(root, url)).toBeUndefined();
  });

  it.each(['app://tunewall/../../secret.txt', 'app://tunewall/%2e%2e/secret.txt'])(
    'keeps dot segments the URL parser resolves (%s) inside the folder',
    (url) => {
      expect(resolveAppPath(root, url)).toBe(path.join(root, 'secret.txt'));
    },
  );
});

describe('app protocol handler', () => {
  const handler = () => createAppProtocolHandler({ rootDir: root, readFile: (file) => readFile(file) });

  it('serves a file with its type and the security headers', async () => {
    const response = await handler()(new Request('app://tunewall/assets/app.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('refuses traversal without reading the file system', async () => {
    const readSpy = vi.fn((file: string) => readFile(file));
    const guarded = createAppProtocolHandler({ rootDir: root, readFile: readSpy });
    const response = await guarded(new Request('app://tunewall/..%2Fsecret.txt'));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('tokens');
    expect(readSpy).not.toHaveBeenCalled();
  });

  it('answers 404 for a missing file or a folder', async () => {
    expect((await handler()(new Request('app://tunewall/nope.js'))).status).toBe(404);
    expect((await handler()(new Request('app://tunewall/assets'))).status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await handler()(new Request('app://tunewall/index.html', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });
});
