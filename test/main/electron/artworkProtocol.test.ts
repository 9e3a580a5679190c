/**
 * Pictures in the Electron window come from app://tunewall/artwork/, answered by the core through the app protocol
 * the shell registers (the Electron mock records the handler, as protocol.handle would): the page loads nothing from
 * loopback or the LAN, which an app:// page (public to Chromium) could not without a local-network permission the
 * session denies, and which its policy refuses. Run with the sandbox's pictures on a LAN address, as with
 * TUNEWALL_SANDBOX_HOST=0.0.0.0 (the sandbox itself listens on loopback; the core's fetch stands in for the LAN).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electronMock'));

import { CONTENT_SECURITY_POLICY } from '../../../main/electron/contentSecurityPolicy';
import { startShell } from '../../../main/electron/shell';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index';
import type { Result } from '../../../shared/bridge';
import { startCore, type Harness } from '../core/app/harness';
import { fake, resetElectronMock } from './electronMock';
import { fakeLogger } from './fakes';

const LAN = 'http://192.0.2.10:8080';

let sandbox: RunningSandbox;
let h: Harness;
const fetched: string[] = [];

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

beforeAll(async () => {
  sandbox = await startSandbox({ publicOrigin: LAN });
  h = await startCore({
    sandbox,
    ownDispose: true,
    env: { TUNEWALL_GUEST_MODE: '1' },
    fetch: (input, init) => {
      fetched.push(input);
      return fetch(input.startsWith(LAN) ? `http://127.0.0.1:${sandbox.options.port}${input.slice(LAN.length)}` : input, init);
    },
  });
  await h.until((s) => s.auth.status === 'pairing');
  value(await h.core.handlers.browseAsGuest());
});
afterAll(async () => {
  await h.core.dispose();
  await sandbox.close();
});
beforeEach(() => resetElectronMock());

describe('pictures in the Electron window', () => {
  it('come from app://tunewall/artwork/, answered by the core, with no loopback or LAN load in the page', async () => {
    await startShell({
      createAppCore: () => h.core,
      createStore: () => ({ path: '/tmp/store.json', get: () => undefined, set: () => undefined, delete: () => undefined }),
      rendererDir: '/app/out/renderer',
      preloadPath: '/app/out/preload/preload.cjs',
      argv: [],
      env: {},
      logger: fakeLogger(),
    });
    const tile = value(await h.core.handlers.loadRow('charts')).tiles.find((t) => t.images.length > 0);
    const image = tile?.images[0];
    if (image === undefined) throw new Error('no chart has a picture');
    // What the page's <img> asks for: its own origin.
    const src = new URL(image.url, 'app://tunewall/index.html').href;
    expect(src.startsWith('app://tunewall/artwork/')).toBe(true);
    expect(src).not.toContain('127.0.0.1');
    expect(src).not.toContain('192.0.2.10');

    const handler = fake.protocolHandlers.get('app');
    if (handler === undefined) throw new Error('no app protocol');
    const picture = await handler(new Request(src));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // The LAN address was reached by the main side, not the page.
    expect(fetched.some((url) => url.startsWith(`${LAN}/`) && !url.includes('/v1.1/') && !url.includes('/oauth2/'))).toBe(true);

    // And the page could not have loaded it itself: the policy allows pictures from its own origin and data: only.
    expect(/img-src ([^;]*);/.exec(CONTENT_SECURITY_POLICY)?.[1]).toBe("'self' data:");
  });
});
