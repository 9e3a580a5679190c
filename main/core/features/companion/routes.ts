/**
 * A paired phone's routes: Home's rows and every detail, from the same view handlers the renderer calls, and the
 * intents (show on TV, a remote key, a favourite). The views answer for the one on screen, so a member's own rows
 * (favourites, collections) are answered only to a phone of that member, and only while they are on screen; the
 * public catalog is answered whoever is on screen. A view's pictures are drawn for the phones too, but only the ones a
 * view handed to a phone: the companion fetches no address a phone chose.
 */
import type { Hono } from 'hono';
import type { RowId, Result, UiError } from '../../../../shared/bridge';
import { GUEST_KEY } from '../../../../shared/bridge';
import type { CompanionHome, PhoneView } from '../../../../shared/companion';
import { homeRowIds } from '../../../../shared/homeRows';
import { ARTWORK_PREFIX } from '../artwork/artworkPath';
import type { CompanionApp, CompanionContext, CompanionEnv } from './app';
import { jsonBody } from './body';
import type { Refusals } from './guards';
import { DetailParamsSchema, FavoriteRequestSchema, PageQuerySchema, RemoteKeySchema, RowParamSchema, ShowOnTvSchema } from './schemas';

/** Rows that hold the member's own music. */
const MEMBER_ROWS: ReadonlySet<RowId> = new Set(homeRowIds(true).filter((id) => !homeRowIds(false).includes(id)));

/** Whether `phone`'s member is the one on screen (a guest's phone has no rows of its own). */
function ownScreen(ctx: CompanionApp, phone: PhoneView): boolean {
  const onScreen = ctx.deps.memberOnScreen();
  return onScreen !== undefined && onScreen !== GUEST_KEY && onScreen === phone.memberKey;
}

export function homeOf(ctx: CompanionApp, phone: PhoneView): CompanionHome {
  const own = ownScreen(ctx, phone);
  return { rows: homeRowIds(own, ctx.deps.childOnScreen()), memberOnScreen: own };
}

const STATUS_OF_KIND: Record<UiError['kind'], 400 | 403 | 404 | 502 | 503> = {
  network: 503,
  server: 502,
  auth: 403,
  config: 503,
  'not-found': 404,
  territory: 404,
  'invalid-response': 502,
  denied: 403,
  unknown: 400,
};

/** A view's answer: its value, or `{ error, ui }` with the UI's error for the phone page to show. */
function answer<T extends object>(c: CompanionContext, result: Result<T>): Response {
  if (result.ok) return c.json(result.value);
  return c.json({ error: 'view failed', ui: result.error }, STATUS_OF_KIND[result.error.kind]);
}

export function viewRoutes(app: Hono<CompanionEnv>, ctx: CompanionApp, { refuse }: Refusals): void {
  const { views } = ctx.deps;
  app.get('/api/home', (c) => c.json(homeOf(ctx, c.get('phone'))));

  app.get('/api/rows/:id', async (c) => {
    const phone = c.get('phone');
    const id = RowParamSchema.safeParse(c.req.param('id'));
    if (!id.success) return refuse(c, 404, 'no such row');
    const memberRow = MEMBER_ROWS.has(id.data);
    if (memberRow && !ownScreen(ctx, phone)) {
      return refuse(c, 403, 'a member’s own rows are shown only to their phones while they are on screen', { phone: phone.id, row: id.data });
    }
    const onScreen = ctx.deps.memberOnScreen();
    const result = await views.loadRow(id.data);
    // Someone else came on screen while the row loaded: it may be theirs.
    if (memberRow && ctx.deps.memberOnScreen() !== onScreen) return refuse(c, 409, 'the one on screen changed', { phone: phone.id, row: id.data });
    if (result.ok) ctx.pictures.keepTiles(phone.memberKey, result.value.tiles);
    return answer(c, result);
  });

  app.get('/api/details/:kind/:id', async (c) => {
    const ref = DetailParamsSchema.safeParse({ kind: c.req.param('kind'), id: c.req.param('id') });
    if (!ref.success) return refuse(c, 404, 'no such detail');
    const result = await views.getDetail(ref.data);
    if (result.ok) ctx.pictures.keepDetail(c.get('phone').memberKey, result.value);
    return answer(c, result);
  });

  for (const part of ['tracks', 'tiles'] as const) {
    app.get(`/api/details/:kind/:id/${part}`, async (c) => {
      const ref = DetailParamsSchema.safeParse({ kind: c.req.param('kind'), id: c.req.param('id') });
      if (!ref.success) return refuse(c, 404, 'no such detail');
      const page = PageQuerySchema.safeParse(c.req.query());
      if (!page.success) return refuse(c, 400, 'offset and limit are whole numbers (limit 1 to 500)');
      const { offset, limit } = page.data;
      if (part === 'tracks') return answer(c, await views.getTracks(ref.data, offset, limit));
      const tiles = await views.getTiles(ref.data, offset, limit);
      if (tiles.ok) ctx.pictures.keepTiles(c.get('phone').memberKey, tiles.value.tiles);
      return answer(c, tiles);
    });
  }
}

/**
 * A picture of a view, `/api/artwork/<token>` for the view's `/artwork/<token>`: asked with the bearer header (an
 * <img> could not carry it), drawn by the TV's artwork feature (fetched once, kept on disk) and kept by the phone's
 * browser as the TV's page keeps it. A path no view handed to one of the same member's phones is refused before anything
 * is fetched.
 */
export function pictureRoute(app: Hono<CompanionEnv>, ctx: CompanionApp, { refuse }: Refusals): void {
  app.get('/api/artwork/:token', async (c) => {
    const path = `${ARTWORK_PREFIX}${c.req.param('token')}`;
    const phone = c.get('phone');
    if (!ctx.pictures.wasShown(phone.memberKey, path)) return refuse(c, 404, 'no such picture', { phone: phone.id });
    const picture = await ctx.deps.artwork.serve(new Request(new URL(path, 'http://companion.invalid')));
    if (picture.ok) return picture;
    await picture.body?.cancel();
    return c.json({ error: 'the picture could not be fetched' }, picture.status === 404 ? 404 : 502);
  });
}

export function intentRoutes(app: Hono<CompanionEnv>, ctx: CompanionApp, said: Refusals): void {
  app.post('/api/show', async (c) => {
    const body = await jsonBody(c, ShowOnTvSchema, said);
    if (!body.ok) return body.response;
    ctx.deps.showOnTv(body.value, c.get('phone'));
    return c.json({ ok: true });
  });

  app.post('/api/remote', async (c) => {
    const body = await jsonBody(c, RemoteKeySchema, said);
    if (!body.ok) return body.response;
    ctx.deps.remoteKey(body.value.key, c.get('phone'));
    return c.json({ ok: true });
  });

  app.post('/api/favorites', async (c) => {
    const body = await jsonBody(c, FavoriteRequestSchema, said);
    if (!body.ok) return body.response;
    const phone = c.get('phone');
    if (phone.memberKey === GUEST_KEY) return said.refuse(c, 403, 'a guest has no favourites', { phone: phone.id });
    const added = await ctx.deps.addFavorite(phone.memberKey, body.value.trackId);
    return answer(c, added.ok ? { ok: true, value: { favorite: added.value } } : added);
  });
}
