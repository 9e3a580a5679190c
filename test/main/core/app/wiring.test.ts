/**
 * createAppCore's wiring choices: a configured service instead of the embedded sandbox, the config file, the cipher a
 * shell resolves from the config, the storage policy, and stored settings it cannot read.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index';
import type { SpeechRequest } from '../../../../shared/bridge';
import { runsText } from '../../../../shared/speechRuns';
import { MemoryStore } from '../support/fakes';
import { disposeCores, isMember, isPairing, pairMember, recordingCipher, startCore, tokenEntries } from './harness';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await disposeCores();
});

describe('createAppCore wiring', () => {
  it('uses the configured service and starts no sandbox when credentials are given', async () => {
    const started = { count: 0 };
    const h = await startCore({
      sandbox,
      started,
      env: {
        TUNEWALL_CLIENT_ID: sandbox.client.id,
        TUNEWALL_CLIENT_SECRET: sandbox.client.secret,
        TUNEWALL_AUTH_URL: sandbox.urls.auth,
        TUNEWALL_API_URL: sandbox.origin,
      },
    });
    expect(started.count).toBe(0);
    expect(h.core.endpoints).toMatchObject({ sandbox: false, apiUrl: sandbox.origin });
    const state = await pairMember(h, sandbox);
    expect(state.sandbox).toBeUndefined();
    expect(state.configProblems).toEqual([]);
    expect((await h.core.handlers.diagnostics()).sandbox).toBe(false);
    const row = await h.core.handlers.loadRow('charts');
    expect(row.ok).toBe(true);
  });

  it("shows the service's QR image when a QR generator is configured, and draws locally when it fails", async () => {
    const env = {
      TUNEWALL_CLIENT_ID: sandbox.client.id,
      TUNEWALL_CLIENT_SECRET: sandbox.client.secret,
      TUNEWALL_AUTH_URL: sandbox.urls.auth,
      TUNEWALL_API_URL: sandbox.origin,
      TUNEWALL_QR_URL: sandbox.urls.qr,
    };
    sandbox.control.clearRequestLog();
    const h = await startCore({ sandbox, env });
    const state = await h.until((s) => s.auth.status === 'pairing' && s.auth.code.qrImage !== undefined);
    if (state.auth.status !== 'pairing') throw new Error('expected pairing');
    expect(state.auth.code.qrImage).toMatch(/^data:image\/png;base64,/);
    const generator = sandbox.control.requestLog().filter((r) => r.path === '/generator');
    expect(generator).toHaveLength(1);

    // A generator nobody answers at: the locally drawn code stays, pairing goes on.
    const broken = await startCore({ sandbox, env: { ...env, TUNEWALL_QR_URL: 'http://127.0.0.1:1' } });
    const pairing = await broken.until(isPairing);
    if (pairing.auth.status !== 'pairing') throw new Error('expected pairing');
    expect(pairing.auth.code.qr.modules.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await broken.core.handlers.getState();
    expect(later.auth).toMatchObject({ status: 'pairing', code: { userCode: pairing.auth.code.userCode } });
    if (later.auth.status === 'pairing') expect(later.auth.code.qrImage).toBeUndefined();
  });

  it('a row asked for right after approval, before the profile arrives, waits for it instead of failing', async () => {
    // The profile answers slowly; everything else at once.
    const slowMe: typeof fetch = async (input, init) => {
      if (String(input).includes('/v1.1/me')) await new Promise((resolve) => setTimeout(resolve, 400));
      return fetch(input, init);
    };
    const h = await startCore({ sandbox, fetch: (input, init) => slowMe(input, init) });
    const early: Promise<unknown>[] = [];
    h.core.subscribe((event) => {
      if (early.length === 0 && event.type === 'state' && event.state.auth.status === 'signed-in') {
        early.push(h.core.handlers.loadRow('charts'));
      }
    });
    await pairMember(h, sandbox);
    expect(early).toHaveLength(1);
    await expect(early[0]).resolves.toMatchObject({ ok: true, value: { id: 'charts' } });
  });

  it("asks for Home's first rows with the member's profile when a code is approved, and not again when the screen asks", async () => {
    // The profile answers slowly, so a row asked for only once the screen has drawn would come well after it.
    const slowMe: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname === '/v1.1/me') await new Promise((resolve) => setTimeout(resolve, 400));
      return fetch(input, init);
    };
    const h = await startCore({ sandbox, fetch: (input, init) => slowMe(input, init) });
    await h.until(isPairing);
    sandbox.control.clearRequestLog();
    await pairMember(h, sandbox);
    const log = sandbox.control.requestLog();
    const me = log.find((r) => r.path === '/v1.1/me');
    if (me === undefined) throw new Error('no profile request');
    // Nothing here called loadRow: the core asked on its own, before the profile had answered, down to the row the
    // screen asks for when focus lands on the top row (or when the favourites come back empty).
    for (const path of ['/v1.1/me/favorite', '/v1.1/charts', '/v1.1/new-hits-playlists', '/v1.1/mood-stations']) {
      const row = log.find((r) => r.path === path);
      expect(row, path).toBeDefined();
      expect(row?.at ?? Infinity).toBeLessThan(me.at + 400);
    }
    // The screen's own loads find those rows: no second request for them.
    await expect(h.core.handlers.loadRow('charts')).resolves.toMatchObject({ ok: true, value: { id: 'charts' } });
    await expect(h.core.handlers.loadRow('favorites')).resolves.toMatchObject({ ok: true, value: { id: 'favorites' } });
    const after = sandbox.control.requestLog();
    expect(after.filter((r) => r.path === '/v1.1/charts')).toHaveLength(1);
    expect(after.filter((r) => r.path === '/v1.1/me/favorite')).toHaveLength(1);

    // A start signed in from the vault asks for nothing before the screen does: its rows are painted from the cache.
    await h.core.dispose();
    sandbox.control.clearRequestLog();
    const again = await startCore({ sandbox, store: h.store, cipher: h.cipher });
    await again.until(isMember);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sandbox.control.requestLog().filter((r) => /^\/v1\.1\/(charts|new-hits-playlists|me\/favorite)$/.test(r.path))).toEqual([]);
  });

  it('voice guidance follows the screen reader until the viewer chooses, and the shell speaks only while it is on', async () => {
    let reader = false;
    const spoken: string[] = [];
    const speaker = {
      engine: 'espeak-ng' as const,
      languages: () => ['en' as const],
      voices: () => [],
      speak: (request: SpeechRequest) => void spoken.push(runsText(request.runs)),
      stop: () => undefined,
      release: () => undefined,
      dispose: () => undefined,
    };
    const h = await startCore({ sandbox, extra: { screenReader: () => reader, speaker } });
    expect((await h.core.handlers.getState()).voiceGuidance).toEqual({ enabled: false, shellEngine: 'espeak-ng', shellLanguages: [], shellVoices: [] });
    await h.core.handlers.speak({ runs: [{ text: 'Home', lang: 'en-US' }], rate: 'normal', mode: 'interrupt' });
    reader = true;
    h.core.platformChanged?.();
    expect(h.states().at(-1)?.voiceGuidance).toEqual({ enabled: true, shellEngine: 'espeak-ng', shellLanguages: ['en'], shellVoices: [] });
    await h.core.handlers.speak({ runs: [{ text: 'Settings', lang: 'en-US' }], rate: 'normal', mode: 'interrupt' });
    expect(spoken).toEqual(['Settings']);
    await h.core.handlers.setVoiceGuidance(false);
    expect(h.states().at(-1)?.voiceGuidance.enabled).toBe(false);
  });

  it('reads the config file from the data folder', async () => {
    const read: string[] = [];
    const h = await startCore({
      sandbox,
      extra: {
        userDataDir: '/data/tunewall',
        readFile: (path) => {
          read.push(path);
          return JSON.stringify({ territory: 'SG', language: 'ja', guestMode: true });
        },
      },
    });
    expect(read).toEqual(['/data/tunewall/config.json']);
    const state = await h.until(isPairing);
    expect(state).toMatchObject({ territory: 'SG', language: 'ja', guestModeAvailable: true });
  });

  it('takes the cipher the shell resolves from the config over the one passed in', async () => {
    const store = new MemoryStore();
    const passed = recordingCipher();
    const resolved = recordingCipher();
    const h = await startCore({
      sandbox,
      store,
      cipher: passed,
      extra: { resolveCipher: () => ({ cipher: resolved, reason: undefined }) },
    });
    await pairMember(h, sandbox);
    expect(resolved.sealed.length).toBeGreaterThan(0);
    expect(passed.sealed).toEqual([]);
  });

  it('says why tokens stay in memory when the shell has no cipher, and pairs again after a restart', async () => {
    const store = new MemoryStore();
    const reason = { message: 'No vault key is configured.', messageKey: 'storage.noVaultKey' };
    const first = await startCore({ sandbox, store, extra: { resolveCipher: () => ({ cipher: undefined, reason }) } });
    const state = await pairMember(first, sandbox);
    expect(state.storage).toEqual({ protection: 'memory', reason: reason.message, reasonKey: 'storage.noVaultKey', params: undefined });
    expect(tokenEntries(store)).toEqual([]);
    await first.core.dispose();

    const second = await startCore({ sandbox, store, extra: { resolveCipher: () => ({ cipher: undefined, reason }) } });
    await second.until(isPairing);
  });

  it('keeps no tokens on disk under the memory storage policy, even with a cipher', async () => {
    const store = new MemoryStore();
    const h = await startCore({ sandbox, store, env: { TUNEWALL_STORAGE_POLICY: 'memory' } });
    const state = await pairMember(h, sandbox);
    expect(state.storage.protection).toBe('memory');
    expect(tokenEntries(store)).toEqual([]);
  });

  it('ignores stored settings and a stored member it cannot read, and says so in the log', async () => {
    const store = new MemoryStore();
    store.set('settings', { territory: 'XX', language: 42 });
    store.set('member', 'not a member');
    const h = await startCore({ sandbox, store });
    const state = await h.until(isPairing);
    expect(state.territory).toBe('TW');
    expect(store.data.has('settings')).toBe(false);
    await pairMember(h, sandbox);
    expect(isMember(await h.core.handlers.getState())).toBe(true);
    // The one member's profile of an older Tunewall is read when a member first comes on screen.
    expect(store.data.has('member')).toBe(false);
    expect(h.logger.lines.filter((l) => l.message === 'stored value unreadable, ignored').map((l) => l.fields?.key)).toEqual([
      'settings',
      'member',
    ]);
  });

  it('forwards a Back intent from the shell to subscribers', async () => {
    const h = await startCore({ sandbox });
    h.core.intent('back');
    expect(h.events).toContainEqual({ type: 'intent', intent: 'back' });
  });
});
