/**
 * The phone's calls to the TV's companion API: every request after pairing carries `Authorization: Bearer`, every
 * answer is read by its shape (shapes.ts), and every failure is a value the page can say in words (Problem). A 401 to
 * a phone that has a credential means the TV no longer knows it: the credential is dropped and `unpaired` told.
 * Pictures are asked the same way (an <img> could not send the header) and handed back as a Blob, or nothing.
 */
import type { CompanionHome, PairAnswer, PairRequest, PhoneView, RemoteKey, ShowOnTvTarget } from '../../../../shared/companion';
import type { DetailRef, DetailView, RowId, RowView, TilePageView, TrackPageView } from '../../../../shared/catalogViews';
import type { Credentials } from './credentials';
import { TV_PICTURE } from '../pictures';
import { isObject, read } from './shapes';

export type Problem =
  /** No answer at all: the TV is off, the Wi-Fi dropped, the companion stopped. */
  | { kind: 'unreachable' }
  /** The TV does not know this phone (any more). */
  | { kind: 'unpaired' }
  /** The TV answered no: its `error` words, and for 429 the seconds to wait. */
  | { kind: 'refused'; status: number; error: string; retryAfterSeconds?: number | undefined }
  /** A view failed on the TV (the service, the network there): whether trying again can help. */
  | { kind: 'view'; retryable: boolean };

export type Answer<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export interface PhoneApi {
  pair(request: PairRequest): Promise<Answer<PairAnswer>>;
  me(): Promise<Answer<PhoneView>>;
  home(): Promise<Answer<CompanionHome>>;
  row(id: RowId): Promise<Answer<RowView>>;
  detail(ref: DetailRef): Promise<Answer<DetailView>>;
  tracks(ref: DetailRef, offset: number, limit: number): Promise<Answer<TrackPageView>>;
  tiles(ref: DetailRef, offset: number, limit: number): Promise<Answer<TilePageView>>;
  show(target: ShowOnTvTarget): Promise<Answer<true>>;
  remote(key: RemoteKey): Promise<Answer<true>>;
  favorite(trackId: string): Promise<Answer<true>>;
  /** A view's picture (its `/artwork/…` path); undefined when the TV has none to give: the page draws its initial. */
  picture(path: string): Promise<Blob | undefined>;
}

export interface ApiDeps {
  fetch: typeof fetch;
  credentials: Credentials;
  /** The TV answered 401 to this phone's credential (now cleared). */
  unpaired: () => void;
}

async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    void error;
    return undefined;
  }
}

function problemOf(response: Response, body: unknown): Problem {
  const error = isObject(body) && typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  if (isObject(body) && isObject(body.ui)) return { kind: 'view', retryable: body.ui.retryable === true };
  const retryAfter = Number(response.headers.get('retry-after'));
  return { kind: 'refused', status: response.status, error, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined };
}

const ok = (): true => true;

export function createPhoneApi(deps: ApiDeps): PhoneApi {
  const { credentials } = deps;

  async function call<T>(method: 'GET' | 'POST', path: string, readAs: (value: unknown) => T | undefined, body?: unknown): Promise<Answer<T>> {
    const credential = credentials.get();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credential !== undefined && path !== '/api/pair') headers.authorization = `Bearer ${credential}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await deps.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', credentials: 'omit' });
    } catch (error) {
      void error;
      return { ok: false, problem: { kind: 'unreachable' } };
    }
    const json = await jsonOf(response);
    if (response.status === 401 && path !== '/api/pair') {
      credentials.clear();
      deps.unpaired();
      return { ok: false, problem: { kind: 'unpaired' } };
    }
    if (!response.ok) return { ok: false, problem: problemOf(response, json) };
    const value = readAs(json);
    if (value === undefined) return { ok: false, problem: { kind: 'view', retryable: true } };
    return { ok: true, value };
  }

  async function picture(path: string): Promise<Blob | undefined> {
    const credential = credentials.get();
    if (!TV_PICTURE.test(path) || credential === undefined) return undefined;
    try {
      // The browser may keep it as the TV says (private, a week): a picture's address names that one picture.
      const response = await deps.fetch(`/api${path}`, { headers: { accept: 'image/*', authorization: `Bearer ${credential}` }, credentials: 'omit' });
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) return undefined;
      return await response.blob();
    } catch (error) {
      void error;
      return undefined;
    }
  }

  const detailPath = (ref: DetailRef): string => `/api/details/${encodeURIComponent(ref.kind)}/${encodeURIComponent(ref.id)}`;
  const page = (offset: number, limit: number): string => `?offset=${offset}&limit=${limit}`;
  return {
    pair: (request) => call('POST', '/api/pair', read.pair, request),
    me: () => call('GET', '/api/me', read.me),
    home: () => call('GET', '/api/home', read.home),
    row: (id) => call('GET', `/api/rows/${encodeURIComponent(id)}`, read.row),
    detail: (ref) => call('GET', detailPath(ref), read.detail),
    tracks: (ref, offset, limit) => call('GET', `${detailPath(ref)}/tracks${page(offset, limit)}`, read.tracks),
    tiles: (ref, offset, limit) => call('GET', `${detailPath(ref)}/tiles${page(offset, limit)}`, read.tiles),
    show: (target) => call('POST', '/api/show', ok, target),
    remote: (key) => call('POST', '/api/remote', ok, { key }),
    favorite: (trackId) => call('POST', '/api/favorites', ok, { trackId }),
    picture,
  };
}
