/**
 * A page the kiosk shell served reconnects after the shell restarts: the session (port and cookie) is kept in the data
 * folder, the cookie outlives the launch key, and nothing but that cookie opens the bridge.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../main/core/appCore';
import { startKioskServer, type KioskServer } from '../../../main/kiosk/server';
import { readKioskSession, saveKioskSession } from '../../../main/kiosk/session';
import type { BridgeHandlers } from '../../../shared/bridge';
import { memoryLogger } from '../core/support/fakes';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-session-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tunewall</title>');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function get(server: KioskServer, path: string, cookie?: string): Promise<{ status: number; setCookie: string[] | undefined }> {
  const url = new URL(server.origin);
  const headers: Record<string, string> = { host: url.host, ...(cookie === undefined ? {} : { cookie: `tunewall_session=${cookie}` }) };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(url.port), path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

const core: AppCore = {
  handlers: {} as BridgeHandlers,
  subscribe: () => () => undefined,
  resume: () => undefined,
  online: () => undefined,
  intent: () => undefined,
  dispose: async () => undefined,
};

describe('kiosk session', () => {
  it('is made once, kept readable by its owner only, and read back as it was', () => {
    const path = join(dir, 'kiosk-session.json');
    const first = readKioskSession(path, memoryLogger());
    expect(first.port).toBeUndefined();
    expect(first.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    saveKioskSession(path, { port: 45123, cookie: first.cookie });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readKioskSession(path, memoryLogger())).toEqual({ port: 45123, cookie: first.cookie });
  });

  it('starts anew, with a logged reason, from a file it cannot use', () => {
    const path = join(dir, 'kiosk-session.json');
    writeFileSync(path, '{"cookie": "short"}');
    const logger = memoryLogger();
    const session = readKioskSession(path, logger);
    expect(session.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(logger.lines)).toContain('kiosk session file unreadable');
    expect(readFileSync(path, 'utf8')).toBe('{"cookie": "short"}');
  });

  it('lets the cookie of one launch into the next launch of the same session, and no other', async () => {
    const cookie = 's'.repeat(43);
    const first = await startKioskServer({ core, rendererDir: dir, secret: 'a'.repeat(43), sessionCookie: cookie, port: 0 });
    const launch = await get(first, `/launch?key=${'a'.repeat(43)}`);
    expect(launch.status).toBe(303);
    expect(launch.setCookie?.[0]).toMatch(new RegExp(`^tunewall_session=${cookie};`));
    const port = Number(new URL(first.origin).port);
    await first.close();

    const second = await startKioskServer({ core, rendererDir: dir, secret: 'b'.repeat(43), sessionCookie: cookie, port });
    try {
      expect(second.origin).toBe(first.origin);
      expect((await get(second, '/', cookie)).status).toBe(200);
      // The launch key of the first launch is no cookie, nor a launch key of the second.
      expect((await get(second, '/', 'a'.repeat(43))).status).toBe(403);
      expect((await get(second, `/launch?key=${'a'.repeat(43)}`)).status).toBe(403);
    } finally {
      await second.close();
    }
  });
});
