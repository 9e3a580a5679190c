/**
 * The policy the Electron window's page is served with, as a Chromium enforces it: no Electron binary can be had here
 * (it is fetched from outside the npm registry), so no test starts a real Electron window. The built renderer is answered by the app:// protocol handler itself
 * (createAppProtocolHandler, the function Electron's protocol.handle calls), routed under an https origin Chromium can
 * open. The origin differs from app://tunewall, so the app's own scripts are refused too; what is checked is what the
 * policy refuses on any origin: eval, inline script, script from another origin, images from anywhere but the page's own
 * origin (loopback and the LAN included: the service's pictures come through app://tunewall/artwork/, which the
 * core answers). What Electron is asked for — the window's webPreferences, the app:// scheme — is checked under vitest
 * with a mocked Electron (test/main/electron).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createArtwork } from '../../main/core/features/artwork/artwork';
import { createArtworkCache } from '../../main/core/features/artwork/artworkCache';
import { artworkPath } from '../../main/core/features/artwork/artworkPath';
import { createAppProtocolHandler } from '../../main/electron/appProtocol';
import { withArtwork } from '../../main/electron/artworkProtocol';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/contentSecurityPolicy';
import { REPO } from './kiosk';

// Plain http, as the images checked are: an https page would have Chromium upgrade or block them as mixed content
// before the policy is asked.
const PAGE_ORIGIN = 'http://tunewall.test';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test("the Electron window's page policy refuses eval, inline and foreign script, and pictures from anywhere but its own origin", async ({ page }) => {
  const files = createAppProtocolHandler({ rootDir: path.join(REPO, 'out/renderer'), readFile: (file) => readFile(file) });
  // The core's picture service, its fetch standing in for the sandbox on a LAN address.
  const fetchedByCore: string[] = [];
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const artwork = createArtwork({
    fetch: async (url) => {
      fetchedByCore.push(url);
      return new Response(PNG, { headers: { 'content-type': 'image/png' } });
    },
    cache: createArtworkCache({ files: { list: async () => [], read: async () => undefined, write: async () => undefined, remove: async () => undefined }, logger }),
    logger,
  });
  const handler = withArtwork(files, (request) => artwork.serve(request));
  await page.route(`${PAGE_ORIGIN}/**`, async (route) => {
    const answer = await handler(new Request(`app://tunewall${new URL(route.request().url()).pathname}`));
    // The header alone is judged: the page's own <meta> policy, which would refuse much the same, is taken out.
    const body = (answer.headers.get('content-type') ?? '').startsWith('text/html')
      ? (await answer.text()).replace(/<meta\s[^>]*http-equiv="Content-Security-Policy"[^>]*>/, '')
      : Buffer.from(await answer.arrayBuffer());
    await route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body });
  });
  // What the policy must refuse, each answering so that only the policy can stop it.
  await page.route('https://elsewhere.test/flag.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__foreignRan = true;' }));
  const images: string[] = [];
  await page.route(/^http:\/\/(images\.test|127\.0\.0\.1:\d+)\/.*\.png$/, async (route) => {
    images.push(new URL(route.request().url()).host);
    await route.fulfill({ contentType: 'image/png', body: PNG });
  });

  const response = await page.goto(`${PAGE_ORIGIN}/index.html`);
  expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(0);

  const seen: unknown = await page.evaluate(`new Promise((done) => {
    const violations = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective + ' ' + e.blockedURI));
    // Later, not in this evaluation: DevTools' evaluate lets its own code eval whatever the policy says.
    const evalRuns = new Promise((ran) => setTimeout(() => { try { eval('1'); ran(true); } catch { ran(false); } }, 0));
    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true';
    document.body.append(inline);
    const foreign = document.createElement('script');
    foreign.src = 'https://elsewhere.test/flag.js';
    document.body.append(foreign);
    const load = (src) => new Promise((loaded) => {
      const img = new Image();
      img.onload = () => loaded(true);
      img.onerror = () => loaded(false);
      img.src = src;
    });
    Promise.all([evalRuns, load('http://images.test/a.png'), load('http://127.0.0.1:9/b.png'), load('${artworkPath('http://192.0.2.10:8080/c.png')}')]).then(([evalRuns, plainHttp, loopback, ownOrigin]) =>
      setTimeout(() => done({
        evalRuns,
        inlineRan: '__inlineRan' in window,
        foreignRan: '__foreignRan' in window,
        plainHttp,
        loopback,
        ownOrigin,
        violations: violations.filter((v) => !v.includes('${PAGE_ORIGIN}')).sort(),
      }), 200));
  })`);
  expect(seen).toEqual({
    evalRuns: false,
    inlineRan: false,
    foreignRan: false,
    plainHttp: false,
    loopback: false,
    ownOrigin: true,
    violations: [
      'img-src http://127.0.0.1:9/b.png',
      'img-src http://images.test/a.png',
      'script-src eval',
      'script-src-elem https://elsewhere.test/flag.js',
      'script-src-elem inline',
    ],
  });
  // The refused pictures were never asked for: the policy stopped them in the page, not the route. The one on the
  // page's own origin was fetched by the core.
  expect(images).toEqual([]);
  expect(fetchedByCore).toEqual(['http://192.0.2.10:8080/c.png']);
});
