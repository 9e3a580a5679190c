/**
 * The companion's HTTP application: the guards every request passes, pairing, and the routes of a paired phone
 * (views, their pictures, intents, the event stream), each behind its bearer credential. Bodies are at most 8 KB and
 * parsed by a strict schema; every refusal is answered as `{ error }` and logged without secrets.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { PhoneView } from '../../../../shared/companion';
import type { CompanionDeps } from './deps';
import type { CompanionEvents } from './events';
import { COMPANION_CONTENT_SECURITY_POLICY, companionSecurityHeaders, hostOriginGuard, refusals, type Refusals } from './guards';
import type { Pairing } from './pairing';
import type { Phones } from './phones';
import { phoneName } from './phones';
import type { ShownPictures } from './pictures';
import { jsonBody } from './body';
import { PairRequestSchema } from './schemas';
import { eventRoute, type PhoneStreams } from './stream';
import { intentRoutes, pictureRoute, viewRoutes } from './routes';
import { pageEncoding, pageFiles, type PageFile, type PhonePage } from './page';

/** The largest body a phone sends: a pairing, an intent or a track id is a few dozen bytes. */
export const MAX_BODY_BYTES = 8 * 1024;

export type CompanionEnv = { Variables: { phone: PhoneView } };
export type CompanionContext = Context<CompanionEnv>;

export interface CompanionApp {
  deps: CompanionDeps;
  /** The pictures each member's phones were handed: the only ones drawn for them. */
  pictures: ShownPictures;
  pairing: Pairing;
  phones: Phones;
  events: CompanionEvents;
  streams: PhoneStreams;
  allowedHosts: () => ReadonlySet<string>;
  remote: (c: Context) => string | undefined;
  keepAliveMs: number;
  /** The built phone page; undefined: `/` answers the placeholder. */
  page: PhonePage | undefined;
}

/** The page a phone opens when the phone page is not built: it says where it is, and loads nothing. */
const PLACEHOLDER_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tunewall</title></head><body><main><h1>Tunewall</h1><p>This is your TV’s Tunewall. Keep this page open to use your phone with it.</p></main></body></html>';

function guarded(app: Hono<CompanionEnv>, ctx: CompanionApp, said: Refusals): void {
  app.use('*', companionSecurityHeaders());
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', COMPANION_CONTENT_SECURITY_POLICY);
    // Nothing is kept by the phone's browser but the page's own files, which say how they may be.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // A route answers failures as values; a throw is a bug, logged here and told to the phone in no detail.
  app.onError((error, c) => {
    ctx.deps.logger.error('companion: request failed', { path: c.req.path.slice(0, 200), error: error.message });
    return c.json({ error: 'internal error' }, 500);
  });
  app.use('*', hostOriginGuard(ctx.allowedHosts, said));
  // Counted as the bytes come: a chunked body has no Content-Length to check up front.
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => said.refuse(c, 413, 'request too large') }));
}

function pairRoute(app: Hono<CompanionEnv>, ctx: CompanionApp, said: Refusals): void {
  app.post('/api/pair', async (c) => {
    const body = await jsonBody(c, PairRequestSchema, said);
    if (!body.ok) return body.response;
    const redeemed = ctx.pairing.redeem(body.value);
    const by = 'secret' in body.value ? 'secret' : 'code';
    if (!redeemed.ok) {
      if (redeemed.reason === 'rate-limited') {
        c.header('Retry-After', String(Math.ceil((redeemed.retryAfterMs ?? 60_000) / 1000)));
        return said.refuse(c, 429, 'too many pairing attempts', { by });
      }
      if (redeemed.reason === 'burnt') ctx.deps.changed?.();
      return said.refuse(c, redeemed.reason === 'wrong' || redeemed.reason === 'burnt' ? 401 : 410, `pairing refused: ${redeemed.reason}`, { by });
    }
    const paired = ctx.phones.add(redeemed.memberKey, phoneName(c.req.header('user-agent')));
    ctx.deps.logger.info('companion: a phone paired', { phone: paired.phone.id, by });
    ctx.deps.changed?.();
    return c.json(paired);
  });
}

/** Every route after this one needs a paired phone's credential. */
function authenticated(app: Hono<CompanionEnv>, ctx: CompanionApp, said: Refusals): void {
  app.use('/api/*', async (c, next) => {
    const match = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(c.req.header('authorization') ?? '');
    const phone = match?.[1] === undefined ? undefined : ctx.phones.authenticate(match[1]);
    if (phone === undefined) return said.refuse(c, 401, match === null ? 'no credential' : 'unknown credential');
    c.set('phone', phone);
    await next();
  });
}

/** A page file's answer: compressed as the phone accepts, and Vary says so to any cache on the way. */
function pageAnswer(c: CompanionContext, file: PageFile, cache: string): Response {
  const headers: Record<string, string> = { 'Content-Type': file.type, Vary: 'Accept-Encoding', 'Cache-Control': cache };
  if (file.encoding !== undefined) headers['Content-Encoding'] = file.encoding;
  return c.body(file.body, 200, headers);
}

/**
 * The phone page at `/` and its files under /assets/ (no credential: the page pairs the phone). The assets' names
 * change with their content (the build hashes them), so a phone keeps them for good and a later visit loads none;
 * `/` is asked again each visit, so a page built again is picked up.
 */
function pageRoutes(app: Hono<CompanionEnv>, ctx: CompanionApp, said: Refusals): void {
  const files = ctx.page === undefined ? undefined : pageFiles(ctx.page);
  app.get('/', async (c) => {
    const file = await files?.read('', 'index.html', pageEncoding(c.req.header('accept-encoding')));
    if (file === undefined) return c.html(PLACEHOLDER_PAGE);
    return pageAnswer(c, file, 'no-cache');
  });
  app.get('/assets/:name', async (c) => {
    const file = await files?.read('assets', c.req.param('name'), pageEncoding(c.req.header('accept-encoding')));
    if (file === undefined) return said.refuse(c, 404, 'not found');
    return pageAnswer(c, file, 'public, max-age=31536000, immutable');
  });
}

export function createCompanionApp(ctx: CompanionApp): Hono<CompanionEnv> {
  const app = new Hono<CompanionEnv>();
  const said = refusals((message, fields) => ctx.deps.logger.warn(message, fields), ctx.remote);
  guarded(app, ctx, said);
  pageRoutes(app, ctx, said);
  pairRoute(app, ctx, said);
  authenticated(app, ctx, said);
  app.get('/api/me', (c) => c.json(c.get('phone')));
  viewRoutes(app, ctx, said);
  pictureRoute(app, ctx, said);
  intentRoutes(app, ctx, said);
  eventRoute(app, ctx);
  app.all('*', (c) => said.refuse(c, 404, 'not found'));
  return app;
}
