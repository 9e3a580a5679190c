import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electronMock'));

import { session } from 'electron';
import { buildContentSecurityPolicy, normalizeImageOrigin } from '../../../main/electron/contentSecurityPolicy';
import { secureSession, type SessionLike } from '../../../main/electron/sessionPolicy';
import { fake, preventable, resetElectronMock } from './electronMock';
import { fakeLogger } from './fakes';

const CSP = buildContentSecurityPolicy(['https://i.example.test']);

beforeEach(() => {
  resetElectronMock();
  secureSession(session.defaultSession as unknown as SessionLike, { contentSecurityPolicy: () => CSP, logger: fakeLogger() });
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
  it('allows only our own scripts and no eval', () => {
    expect(CSP).toContain("default-src 'self'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toContain('unsafe-eval');
    expect(CSP).not.toContain('unsafe-inline');
    expect(CSP).toContain("object-src 'none'");
  });

  it('lets images come from self and the given artwork origin', () => {
    expect(CSP).toContain("img-src 'self' data: https://i.example.test");
  });

  it('cannot be widened by a crafted origin', () => {
    expect(normalizeImageOrigin("https://x.test; script-src 'unsafe-eval'")).toBeUndefined();
    expect(normalizeImageOrigin('javascript:alert(1)')).toBeUndefined();
    expect(normalizeImageOrigin('*')).toBeUndefined();
    expect(normalizeImageOrigin('https://cdn.example.test/path/a.jpg')).toBe('https://cdn.example.test');
    expect(buildContentSecurityPolicy(["'unsafe-inline'", 'http://127.0.0.1:4100'])).toContain(
      "img-src 'self' data: http://127.0.0.1:4100;",
    );
  });
});
