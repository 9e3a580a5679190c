/**
 * The service's pictures on app://tunewall/artwork/: the page's own origin, so the page needs no permission to reach
 * loopback or the LAN (an app:// page counts as public to Chromium), no mixed content, and a policy of img-src 'self'.
 * The core fetches and keeps them (main/core/features/artwork/); everything else on app:// is the built renderer.
 */
import { ARTWORK_PREFIX } from '../core/features/artwork/artworkPath';
import { APP_HOST, APP_SCHEME } from './appUrl';
import { parseUrl } from '../../shared/parseUrl';

export type ProtocolHandler = (request: Request) => Promise<Response>;

/** `files` answers the renderer's own files; `artwork` (the core's, when there is a core) answers pictures. */
export function withArtwork(files: ProtocolHandler, artwork: ProtocolHandler | undefined): ProtocolHandler {
  return async (request) => {
    if (artwork !== undefined && isArtworkRequest(request.url)) return artwork(request);
    return files(request);
  };
}

function isArtworkRequest(requestUrl: string): boolean {
  const url = parseUrl(requestUrl);
  if (url === undefined) return false;
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname.startsWith(ARTWORK_PREFIX);
}
