/**
 * The kiosk shell end to end, without a browser: the real core on the sandbox behind the loopback server. The page's
 * side (launch, bridge calls, event stream) is spoken over HTTP, and no token ever crosses it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startKioskServer, type KioskServer } from '../../main/kiosk/server';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { AppState, BootView, BridgeEvent } from '../../shared/bridge';
import { sealedTokens, startCore, type Harness } from '../main/core/app/harness';

let sandbox: RunningSandbox;
let h: Harness;
let server: KioskServer;
let dir: string;
let cookie = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-kiosk-e2e-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tunewall</title>');
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  h = await startCore({ sandbox, ownDispose: true });
  server = await startKioskServer({ core: h.core, rendererDir: dir, secret: 'launch-secret-'.padEnd(43, 'z'), port: 0 });
});
afterAll(async () => {
  await server.close();
  await h.core.dispose();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function bridge(method: string, ...args: unknown[]): Promise<unknown> {
  const response = await fetch(`${server.origin}/api/call/${method}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify(args),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { value: unknown };
  return body.value;
}

describe('kiosk shell over the sandbox', () => {
  const streamed: BridgeEvent[] = [];
  let raw = '';
  let abort: AbortController;

  it('launches: the key, once, becomes a session cookie of its own', async () => {
    const launch = await fetch(server.launchUrl, { redirect: 'manual' });
    expect(launch.status).toBe(200);
    cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^tunewall_session=/);
    expect(cookie).not.toContain('launch-secret');
    const page = await fetch(`${server.origin}/`, { headers: { cookie } });
    expect(await page.text()).toContain('<title>Tunewall</title>');
  });

  it('streams the state: pairing first, then signed in once the code is approved', async () => {
    abort = new AbortController();
    const response = await fetch(`${server.origin}/api/events`, { headers: { cookie }, signal: abort.signal });
    expect(response.status).toBe(200);
    const body = response.body;
    if (!body) throw new Error('no event stream');
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body) {
          raw += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = raw.indexOf('\n\n')) !== -1) {
            const frame = raw.slice(0, end);
            raw = raw.slice(end + 2);
            const data = frame.split('\n').find((l) => l.startsWith('data:'));
            if (data) streamed.push(JSON.parse(data.slice(5)) as BridgeEvent);
          }
        }
      } catch (error) {
        // The test aborts the stream at the end; anything else fails the assertions below.
        if (!abort.signal.aborted) throw error;
      }
    })();
    const states = () => streamed.flatMap((e): AppState[] => (e.type === 'state' ? [e.state] : []));
    await vi.waitFor(() => expect(states().some((s) => s.auth.status === 'pairing')).toBe(true), { timeout: 15_000, interval: 25 });
    const pairing = states().find((s) => s.auth.status === 'pairing')?.auth;
    if (pairing?.status !== 'pairing') throw new Error('no pairing state');
    expect(sandbox.control.approve(pairing.code.userCode)).toBe(true);
    await vi.waitFor(
      () => expect(states().some((s) => s.auth.status === 'signed-in' && s.auth.member?.name === '林語彤')).toBe(true),
      { timeout: 15_000, interval: 25 },
    );
  });

  it('answers bridge calls with view data, serves the page with its boot view, and never a token on any channel', async () => {
    const row = (await bridge('loadRow', 'charts')) as { ok: boolean; value?: { tiles: { ref?: unknown }[] } };
    expect(row.ok).toBe(true);
    const ref = row.value?.tiles[0]?.ref;
    const detail = (await bridge('getDetail', ref)) as { ok: boolean };
    expect(detail.ok).toBe(true);
    const diagnostics = await bridge('diagnostics');
    const state = await bridge('getState');
    const bad = (await bridge('getTracks', ref, -5, 10)) as { ok: boolean };
    expect(bad.ok).toBe(false);

    const page = await (await fetch(`${server.origin}/`, { headers: { cookie } })).text();
    const boot = /<script type="application\/json" id="tunewall-boot">([^<]*)<\/script>/.exec(page)?.[1];
    const view = JSON.parse(boot ?? 'null') as BootView | null;
    // The page carries the signed-in state and the row loaded above, from the cache, for a first paint without calls.
    expect(view?.state.auth.status).toBe('signed-in');
    expect(view?.rows.find((r) => r.id === 'charts')?.tiles.length).toBe(row.value?.tiles.length);

    abort.abort();
    const tokens = sealedTokens(h.cipher);
    expect(tokens.length).toBeGreaterThan(0);
    const seen = JSON.stringify([row, detail, diagnostics, state, streamed, raw, page]);
    for (const token of tokens) expect(seen).not.toContain(token);
  });
});
