/**
 * Where the page finds a picture: a path on its own origin (app://tunewall or the kiosk shell's loopback server) that
 * names the service's picture, so the page's policy allows pictures from 'self' only and the page never loads one
 * from the network itself. The contract names no picture hosts; the path carries the service's URL, base64url, whole.
 */
import { parseUrl } from '../../../../shared/parseUrl';

export const ARTWORK_PREFIX = '/artwork/';
/** Longer than any picture URL a service sends; a longer path is refused before anything is decoded. */
const MAX_TOKEN_LENGTH = 4096;

/** The page's path for a picture the service names. A data: URL or a path already local stays as it is. */
export function artworkPath(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  return ARTWORK_PREFIX + Buffer.from(url, 'utf8').toString('base64url');
}

/**
 * The service's picture URL a page path names, or undefined for anything Tunewall never handed out: another
 * encoding of the same bytes, another scheme than http(s), a URL carrying credentials.
 */
export function pictureUrlOf(pathname: string): string | undefined {
  if (!pathname.startsWith(ARTWORK_PREFIX)) return undefined;
  const token = pathname.slice(ARTWORK_PREFIX.length);
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (Buffer.from(text, 'utf8').toString('base64url') !== token) return undefined;
  const url = parseUrl(text);
  if (url === undefined) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return text;
}
