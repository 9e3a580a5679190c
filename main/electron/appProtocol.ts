/**
 * Serves the built renderer (out/renderer) on app://tunewall/. Only files inside that folder are ever read: a path
 * that escapes it, another host, or an odd character is refused before the file system is touched.
 */
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from './appUrl';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';
import { parseUrl } from '../../shared/parseUrl';

/** The registration Electron needs before `ready`: standard (relative URLs, origin) and secure (like https). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    // Module scripts are fetched in CORS mode, which a custom scheme supports only with this privilege.
    supportFetchAPI: true,
    corsEnabled: false,
    bypassCSP: false,
    allowServiceWorkers: false,
    stream: false,
    // V8 keeps the compiled renderer between starts, as it does for http(s): with standard, a custom scheme may.
    codeCache: true,
  },
} as const;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request URL to a file inside `rootDir`, or undefined when the request must be refused. Pure, so the
 * traversal rules are tested without Electron.
 */
export function resolveAppPath(rootDir: string, requestUrl: string): string | undefined {
  const url = parseUrl(requestUrl);
  if (url === undefined) return undefined;
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username !== '' || url.password !== '') {
    return undefined;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
  // Backslashes and NULs mean something else to some file systems; no built file has them.
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  if (pathname.split('/').some((segment) => segment === '..')) return undefined;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, `.${pathname}`);
  if (resolved === root || !resolved.startsWith(root + path.sep)) return undefined;
  return resolved;
}

export interface AppProtocolDeps {
  rootDir: string;
  readFile(filePath: string): Promise<Buffer>;
}

function refusal(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** The protocol handler: answers a request from the renderer folder, with Tunewall's security headers. */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'Method not allowed');
    const filePath = resolveAppPath(deps.rootDir, request.url);
    if (filePath === undefined) return refusal(403, 'Forbidden');
    let body: Buffer;
    try {
      body = await deps.readFile(filePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return refusal(404, 'Not found');
      throw error;
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: {
        'content-type': contentTypeFor(filePath),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-cache',
      },
    });
  };
}
