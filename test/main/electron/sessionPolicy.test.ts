import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/contentSecurityPolicy';
import { secureSession, type SessionLike } from '../../../main/electron/sessionPolicy';
import { fake, preventable, resetElectronMock } from './electronMock';
import { fakeLogger } from './fakes';

const CSP = CONTENT_SECURITY_POLICY;

beforeEach(() => {
  resetElectronMock();
  secureSession(session.defaultSession as unknown as SessionLike, { logger: fakeLogger() });
});

describe('session permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'fullscreen', 'openExternal'])('denies a request for %s', (permission) => {
    const callback = vi.fn();
    fake.permissionRequest?.({}, permission, callback, {});
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('answers every permission check with no', () => {
    expect(fake.permissionCheck?.({}, 'media', 'app://tunewall', {})).toBe(false);
    expect(fake.devicePermission?.({})).toBe(false);
  });

  it('refuses downloads', () => {
    const event = preventable();
    session.defaultSession.emit('will-download', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('Content-Security-Policy header', () => {
  function headersFor(url: string, responseHeaders: Record<string, string[]>) {
    const callback = vi.fn();
    fake.headersReceived?.({ url, responseHeaders }, callback);
    return callback.mock.calls[0]?.[0] as { responseHeaders?: Record<string, string[]> };
  }

  it('is set on app:// responses, replacing any other', () => {
    const result = headersFor('app://tunewall/index.html', {
      'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
      'Content-Type': ['text/html'],
    });
    expect(result.responseHeaders).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CSP] });
  });

  it('leaves other responses untouched', () => {
    expect(headersFor('https://i.example.test/a.jpg', { 'Content-Type': ['image/jpeg'] })).toEqual({});
  });
});

describe('the policy', () => {
  const directives = new Map(
    CSP.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

  it('runs only our own scripts, never eval or inline code', () => {
    expect(directives.get('script-src')).toEqual(['app://tunewall']);
    expect(CSP).not.toMatch(/unsafe-(eval|inline)/);
    // No wildcard host anywhere (a port wildcard on loopback is not one).
    for (const sources of directives.values()) for (const source of sources) expect(source).not.toMatch(/^\*|\/\/\*|^\*\./);
  });

  it('closes every fetch directive the renderer does not use, and loads pictures from its own origin only (and data: for the QR generator)', () => {
    for (const directive of ['object-src', 'frame-src', 'child-src', 'worker-src', 'media-src', 'manifest-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(directives.get(directive), directive).toEqual(["'none'"]);
    }
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // The service's pictures come through app://tunewall/artwork/: nothing from loopback, the LAN or the web.
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it("carries the whole policy of renderer/index.html's <meta>: every directive it names, no source it does not allow", () => {
    const html = readFileSync(join(import.meta.dirname, '../../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    if (meta === undefined) throw new Error('renderer/index.html has no CSP <meta>');
    for (const part of meta.split(';')) {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      expect(directives.has(name), name).toBe(true);
      // 'self' on app://tunewall is written as the origin for scripts; anything else must be allowed by the <meta> too.
      const allowed = new Set([...sources, ...(sources.includes("'self'") ? ['app://tunewall'] : [])]);
      for (const source of directives.get(name) ?? []) expect(allowed.has(source) || source === "'none'", `${name} ${source}`).toBe(true);
    }
  });
});
