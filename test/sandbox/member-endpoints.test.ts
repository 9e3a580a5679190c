/** Member endpoints: who may call them, their shapes, territory defaults, and favorites written with POST. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AlbumPageSchema,
  FavoriteResultSchema,
  PlaylistPageSchema,
  TrackPageSchema,
  TrackSchema,
  UserSchema,
} from '../../shared/service/catalog';
import { createCatalog } from '../../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { catalogError, catalogFixture } from './catalog-fixture';

const fx = catalogFixture();
const tw = createCatalog(DEFAULT_OPTIONS.seed).territory('TW');

const MEMBER_PATHS = [
  '/me',
  '/me/favorite',
  '/users/member-demo',
  '/users/member-demo/album-collection',
  '/users/member-demo/playlist-collection',
  '/users/member-demo/shared-playlists',
];

describe('who may call member endpoints', () => {
  it.each(MEMBER_PATHS)('%s: 401 Invalid Authentication without a token', async (path) => {
    const res = await fx.get(path, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(catalogError('Invalid Authentication'));
  });

  it.each(MEMBER_PATHS)('%s: 403 Member authorization required with a client-credentials token', async (path) => {
    const res = await fx.get(path, fx.client);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(catalogError('Member authorization required'));
  });

  it.each(MEMBER_PATHS)('%s: 200 with a member token', async (path) => {
    expect((await fx.get(path)).status).toBe(200);
  });

  it('POST /me/favorite refuses a client-credentials token too', async () => {
    const track = tw.playable[0];
    if (!track) throw new Error('no track');
    const res = await fx.post('/me/favorite', JSON.stringify({ track_id: track.id }), 'application/json', fx.client);
    expect(res.status).toBe(403);
  });
});

describe('profiles', () => {
  it('/me is the full User with territory; /users/{id} is the same without it', async () => {
    const me = UserSchema.parse((await fx.get('/me')).body);
    expect(me).toMatchObject({ id: 'member-demo', name: '林語彤', territory: 'TW' });
    expect(me.images.map((i) => [i.width, i.height])).toEqual([
      [75, 75],
      [180, 180],
      [300, 300],
    ]);
    const res = await fx.get('/users/member-demo');
    const user = UserSchema.parse(res.body);
    expect(res.body).not.toHaveProperty('territory');
    expect({ ...user, territory: 'TW' }).toEqual(me);
  });

  it('each demo member has their own territory on /me', async () => {
    const token = fx.sb.control.issueMemberToken('member-hanako').access_token;
    const me = UserSchema.parse((await fx.get('/me', token)).body);
    expect(me).toMatchObject({ id: 'member-hanako', territory: 'JP' });
  });

  it('curators who own playlists are users too; unknown users are not found', async () => {
    const curator = tw.sharedPlaylists.find((p) => p.owner.id !== 'member-demo')?.owner;
    if (!curator) throw new Error('no curator');
    expect(UserSchema.parse((await fx.get(`/users/${curator.id}`)).body).name).toBe(curator.name);
    const res = await fx.get('/users/Tnope0000000000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(catalogError('Resource does not exist'));
    expect((await fx.get('/users/Tnope0000000000000/album-collection')).status).toBe(404);
  });
});

describe('collections', () => {
  it('album collection: empty summary, the member’s territory by default, filtered by an explicit one', async () => {
    const res = await fx.get('/users/member-demo/album-collection');
    const page = AlbumPageSchema.parse(res.body);
    expect(z.object({ summary: z.object({}).strict() }).safeParse(res.body).success).toBe(true);
    expect(page.summary).toEqual({});
    expect(page.data.length).toBeGreaterThan(0);
    for (const album of page.data) expect(album.available_territories).toContain('TW');
    const jp = AlbumPageSchema.parse((await fx.get('/users/member-demo/album-collection?territory=JP')).body);
    for (const album of jp.data) expect(album.available_territories).toContain('JP');
    expect(jp.data.length).toBeLessThan(page.data.length);
  });

  it('album collection: the next link carries the territory; a bad territory is refused', async () => {
    const page = AlbumPageSchema.parse((await fx.get('/users/member-demo/album-collection?limit=2')).body);
    expect(page.paging.next).toBe(`${fx.sb.origin}/v1.1/users/member-demo/album-collection?territory=TW&offset=2&limit=2`);
    const bad = await fx.get('/users/member-demo/album-collection?territory=XX');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(catalogError('Invalid Territory'));
  });

  it('playlist collection: short owners, empty summary, limit capped at 100', async () => {
    const res = await fx.get('/users/member-demo/playlist-collection?limit=1000');
    const page = PlaylistPageSchema.parse(res.body);
    expect(page.summary).toEqual({});
    expect(page.paging.limit).toBe(100);
    expect(page.data.length).toBeGreaterThan(0);
    for (const p of page.data) expect(Object.keys(p.owner).sort()).toEqual(['id', 'name']);
  });

  it('shared playlists: the member’s own, empty summary, limit capped at 100, no territory in links', async () => {
    const page = PlaylistPageSchema.parse((await fx.get('/users/member-demo/shared-playlists?limit=1000')).body);
    expect(page.summary).toEqual({});
    expect(page.paging.limit).toBe(100);
    expect(page.data.length).toBeGreaterThan(0);
    for (const p of page.data) expect(p.owner.id).toBe('member-demo');
    const two = PlaylistPageSchema.parse((await fx.get('/users/member-demo/shared-playlists?limit=2')).body);
    expect(two.paging.next).toBe(`${fx.sb.origin}/v1.1/users/member-demo/shared-playlists?offset=2&limit=2`);
  });

  it('album collection: limit capped at 500', async () => {
    expect(AlbumPageSchema.parse((await fx.get('/users/member-demo/album-collection?limit=900')).body).paging.limit).toBe(500);
  });
});

describe('favorites', () => {
  it('POST a JSON track_id: 201, then GET /me/favorite lists it first', async () => {
    const before = TrackPageSchema.parse((await fx.get('/me/favorite')).body);
    expect(before.summary).toEqual({});
    const favoriteIds = new Set(before.data.map((t) => t.id));
    const track = tw.playable.find((t) => !favoriteIds.has(t.id));
    if (!track) throw new Error('no track to add');
    const res = await fx.post('/me/favorite', JSON.stringify({ track_id: track.id }), 'application/json');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ track_id: track.id, favorite: true, created: true });
    expect(FavoriteResultSchema.parse(res.body).track_id).toBe(track.id);
    const after = TrackPageSchema.parse((await fx.get('/me/favorite')).body);
    expect(after.data[0]?.id).toBe(track.id);
    expect(TrackSchema.parse(after.data[0]).album?.id).toBe(track.album.id);
    expect(after.data).toHaveLength(before.data.length + 1);
  });

  it('POST a form track_id works too; adding it again answers 200 and does not duplicate it', async () => {
    const before = TrackPageSchema.parse((await fx.get('/me/favorite')).body);
    const ids = new Set(before.data.map((t) => t.id));
    const track = tw.playable.find((t) => !ids.has(t.id));
    if (!track) throw new Error('no track to add');
    const first = await fx.post('/me/favorite', new URLSearchParams({ track_id: track.id }).toString(), 'application/x-www-form-urlencoded');
    expect(first.status).toBe(201);
    const again = await fx.post('/me/favorite', JSON.stringify({ track_id: track.id }), 'application/json');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ track_id: track.id, favorite: true, created: false });
    const after = TrackPageSchema.parse((await fx.get('/me/favorite')).body);
    expect(after.data.filter((t) => t.id === track.id)).toHaveLength(1);
  });

  it('favorites are per member', async () => {
    const other = fx.sb.control.issueMemberToken('member-weiling').access_token;
    const mine = TrackPageSchema.parse((await fx.get('/me/favorite')).body).data.map((t) => t.id);
    const theirs = TrackPageSchema.parse((await fx.get('/me/favorite', other)).body).data.map((t) => t.id);
    expect(theirs.filter((id) => mine.includes(id))).toEqual([]);
  });

  it('an unknown track answers 404; a body without track_id answers 400', async () => {
    const unknown = await fx.post('/me/favorite', JSON.stringify({ track_id: 'Tnope0000000000000' }), 'application/json');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(catalogError('Resource does not exist'));
    for (const [body, type] of [
      ['{}', 'application/json'],
      ['{not json', 'application/json'],
      ['', 'application/x-www-form-urlencoded'],
      ['track_id=abc', 'text/plain'],
    ] as const) {
      const res = await fx.post('/me/favorite', body, type);
      expect(res.status, `${type} ${body}`).toBe(400);
      expect(res.body).toEqual(catalogError('Invalid Request Body'));
    }
  });
});
