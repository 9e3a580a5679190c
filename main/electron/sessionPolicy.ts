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

/** The response's headers less any Content-Security-Policy (whatever its case), which Tunewall sets itself. */
export function withoutContentSecurityPolicy(headers: Record<string, string | string[]> | undefined): Headers {
  const result: Headers = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  return result;
}

export function secureSession(session: SessionLike, deps: { logger: Logger }): void {
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
    // The same string as CONTENT_SECURITY_POLICY (a test holds them equal), written out so a reviewer and the
    // security scanner read the policy where it is applied.
    callback({
      responseHeaders: {
        ...withoutContentSecurityPolicy(details.responseHeaders),
        'Content-Security-Policy': [
          "default-src 'self'; script-src app://tunewall; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ],
      },
    });
  });
}
