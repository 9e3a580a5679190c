/**
 * The companion under test: started on 127.0.0.1 with fake deps that record every call, and clients that speak to it
 * as a phone would (Node's fetch), as an attacker would (node:http with any Host), or as a slow-loris (a raw socket).
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { vi } from 'vitest';
import type { DetailRef, DetailView, FavoriteState, Result, RowId, RowView, TilePageView, TrackPageView } from '../../../../../shared/bridge';
import type { PairAnswer, PhoneView, RemoteKey, ShowOnTvTarget } from '../../../../../shared/companion';
import { createCompanion, type Companion, type CompanionDeps, type PhonePage } from '../../../../../main/core/features/companion/companion';
import { createArtwork } from '../../../../../main/core/features/artwork/artwork';
import { createArtworkCache } from '../../../../../main/core/features/artwork/artworkCache';
import { fakeFetch, MemoryStore, memoryLogger } from '../../support/fakes';
import { memoryArtworkFiles } from '../artwork/memoryArtworkFiles';

export const DETAIL: DetailView = {
  layout: 'tracks',
  ref: { kind: 'chart', id: 'chart-1' },
  title: '綜合新歌即時榜',
  images: [],
  url: 'https://music.example/chart/1',
  description: '',
  owner: undefined,
  updatedAt: undefined,
  totalTracks: 0,
  shuffled: false,
  tracks: [],
};

export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** The service's picture bytes, as its image host answers them. */
export const PICTURE_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** The TV's artwork feature over a fake image host that answers every picture with PICTURE_BYTES as a PNG, unless told otherwise. */
export function fakeArtwork() {
  const host = { reply: (_url: string): Response => new Response(PICTURE_BYTES.slice(), { headers: { 'content-type': 'image/png' } }) };
  const net = fakeFetch((request) => host.reply(request.url));
  const logger = memoryLogger();
  const artwork = createArtwork({ fetch: net.fetch, cache: createArtworkCache({ files: memoryArtworkFiles(), logger }), logger });
  return { artwork, net, host };
}

export function fakeDeps() {
  const screen: { member: string | undefined; child: boolean } = { member: 'member-a', child: false };
  const pictures = fakeArtwork();
  const row = (id: RowId): RowView => ({ id, tiles: [], fetchedAt: 1, fromCache: false });
  const views = {
    loadRow: vi.fn(async (id: RowId): Promise<Result<RowView>> => ({ ok: true, value: row(id) })),
    getDetail: vi.fn(async (_ref: DetailRef): Promise<Result<DetailView>> => ({ ok: true, value: DETAIL })),
    getTracks: vi.fn(async (_ref: DetailRef, offset: number): Promise<Result<TrackPageView>> => ({ ok: true, value: { offset, total: 0, tracks: [] } })),
    getTiles: vi.fn(async (_ref: DetailRef, offset: number): Promise<Result<TilePageView>> => ({ ok: true, value: { offset, total: 0, tiles: [] } })),
  };
  const deps = {
    views,
    artwork: pictures.artwork,
    showOnTv: vi.fn((_target: ShowOnTvTarget, _phone: PhoneView) => undefined),
    remoteKey: vi.fn((_key: RemoteKey, _phone: PhoneView) => undefined),
    addFavorite: vi.fn(async (_member: string, _track: string): Promise<Result<FavoriteState>> => ({ ok: true, value: 'favorite' })),
    memberOnScreen: () => screen.member,
    childOnScreen: () => screen.child,
    pin: { isSet: () => true, refused: vi.fn((pin: string | undefined) => (pin === '2468' ? undefined : { kind: 'denied' as const, message: 'PIN', retryable: false })) },
    store: new MemoryStore(),
    clock: manualClock(),
    logger: memoryLogger(),
    changed: vi.fn(),
    addresses: () => ['127.0.0.1', '192.168.1.20'],
  } satisfies CompanionDeps;
  /** Whether anything was asked of the TV or the service. */
  const touched = (): boolean =>
    [views.loadRow, views.getDetail, views.getTracks, views.getTiles, deps.showOnTv, deps.remoteKey, deps.addFavorite].some((f) => f.mock.calls.length > 0) ||
    pictures.net.requests.length > 0;
  return { deps, screen, touched, net: pictures.net, pictureHost: pictures.host };
}

/** Short limits, so a slow-loris is closed within a second. */
export const TEST_LIMITS = { headersTimeoutMs: 400, requestTimeoutMs: 800, checkEveryMs: 100, keepAliveTimeoutMs: 2000 };

export async function startCompanion(options: { pinRequired?: boolean; page?: PhonePage } = {}) {
  const fake = fakeDeps();
  const companion: Companion = createCompanion(fake.deps, { ...options, limits: TEST_LIMITS, keepAliveSeconds: 1 });
  const { port } = await companion.start({ host: '127.0.0.1', port: 0 });
  return { ...fake, companion, port, origin: `http://127.0.0.1:${port}` };
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
  /** The body as it came, before any decoding (a compressed page file). */
  bytes: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** A request with whatever headers the sender likes (Host included, which fetch does not let one set). */
export function send(port: number, method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const { body } = options;
  const headers = {
    host: `127.0.0.1:${port}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          void error;
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, bytes });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The secret in an offer's URL fragment, as the phone page reads it. */
export function secretOf(url: string): string {
  return new URLSearchParams(new URL(url).hash.slice(1)).get('s') ?? '';
}

/** Pairs a phone for whoever is on screen, with Node's own fetch, as the phone page would. */
export async function pairPhone(companion: Companion, origin: string, userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36'): Promise<PairAnswer> {
  const offer = companion.pairingOffer();
  if (!offer.ok) throw new Error(offer.error.message);
  const response = await fetch(`${origin}/api/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ secret: secretOf(offer.value.url) }),
  });
  if (response.status !== 200) throw new Error(`pairing answered ${response.status}`);
  return (await response.json()) as PairAnswer;
}

export interface SseMessage {
  event: string | undefined;
  id: string | undefined;
  data: unknown;
}

/** A phone's event stream, read with fetch (EventSource cannot send a bearer header). */
export async function openEvents(origin: string, credential: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/events`, {
    headers: { authorization: `Bearer ${credential}`, ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }) },
    signal: controller.signal,
  });
  const body = response.body;
  if (body === null) throw new Error('no stream');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  /** The next event; undefined when the server ended the stream. */
  async function next(): Promise<SseMessage | undefined> {
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        return { event: field('event'), id: field('id'), data: JSON.parse(field('data') ?? 'null') };
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += decoder.decode(value, { stream: true });
    }
  }
  const close = (): void => controller.abort();
  return { response, next, close };
}
