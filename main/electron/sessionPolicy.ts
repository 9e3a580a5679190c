/**
 * Session-wide rules: every permission a page could ask for is refused (Tunewall needs none), downloads are refused,
 * and every app:// response carries Tunewall's Content-Security-Policy.
 */
import type { Logger } from '../core/ports';
import { isAppUrl } from './appUrl';

type Headers = Record<string, string[]>;

/** The parts of Electron's Session used here. */
export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  on(event: 'will-download', listener: (event: { preventDefault(): void }) => void): unknown;
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string | string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
}

/** Replaces any Content-Security-Policy header (whatever its case) with Tunewall's. */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string,
): Headers {
  const result: Headers = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

export function secureSession(session: SessionLike, deps: { contentSecurityPolicy(): string; logger: Logger }): void {
  const { logger } = deps;
  session.setPermissionRequestHandler((_webContents, permission, callback) => {
    logger.warn('session: permission request denied', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => {
    event.preventDefault();
    logger.warn('session: download denied');
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, deps.contentSecurityPolicy()) });
  });
}
