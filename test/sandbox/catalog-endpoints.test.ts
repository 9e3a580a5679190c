/**
 * Every catalog endpoint over real HTTP, each answer parsed with the shared schema the app uses, and each documented
 * shape difference asserted on the raw JSON.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AlbumPageSchema,
  AlbumSchema,
  ArtistSchema,
  ChartDetailSchema,
  ChildrenCategoryDetailSchema,
  ChildrenCategoryPageSchema,
  GenreStationDetailSchema,
  GenreStationPageSchema,
  MoodStationDetailSchema,
  MoodStationPageSchema,
  NewReleaseCategoryDetailSchema,
  NewReleaseCategoryPageSchema,
  PlaylistDetailSchema,
  PlaylistPageSchema,
  RecommendedTracksSchema,
  TrackPageSchema,
  TrackSchema,
  UserSchema,
} from '../../shared/service/catalog';
import { TERRITORIES } from '../../shared/territory';
import { createCatalog } from '../../sandbox/data/catalog';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { catalogFixture, type ApiAnswer } from './catalog-fixture';

const fx = catalogFixture();
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
/** ISO 3901 as the service sends it: `JPP302000123`, 12 characters, no hyphens. */
const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

function ok<T extends z.ZodType>(schema: T, res: ApiAnswer): z.infer<T> {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return schema.parse(res.body);
}

/** The raw JSON as a plain record, to look at keys the schemas would strip or tolerate. */
function raw(res: ApiAnswer): Record<string, unknown> {
  return z.record(z.string(), z.unknown()).parse(res.body);
}

const RawPage = z.object({ data: z.array(z.record(z.string(), z.unknown())) });

describe('catalog lists per territory', () => {
  it.each(TERRITORIES)('%s: at least 20 charts, one longer than 500 tracks, short owners, ISO updated_at', async (t) => {
    const res = await fx.get(`/charts?territory=${t}`);
    const charts = ok(PlaylistPageSchema, res);
    expect(charts.data.length).toBeGreaterThanOrEqual(20);
    expect(charts.summary.total).toBe(charts.data.length);
    for (const item of RawPage.parse(res.body).data) expect(Object.keys(z.record(z.string(), z.unknown()).parse(item.owner)).sort()).toEqual(['id', 'name']);
    for (const chart of charts.data) expect(chart.updated_at).toMatch(ISO_WITH_OFFSET);
    const sizes = await Promise.all(
      charts.data.map(async (c) => ok(TrackPageSchema, await fx.get(`/charts/${c.id}/tracks?territory=${t}&limit=1`)).summary.total ?? 0),
    );
    expect(Math.max(...sizes)).toBeGreaterThan(500);
  });

  it.each(TERRITORIES)('%s: 15 mood stations with 300 px images, 30 genre stations in 6 to 8 categories', async (t) => {
    const moods = ok(MoodStationPageSchema, await fx.get(`/mood-stations?territory=${t}`));
    expect(moods.data).toHaveLength(15);
    for (const m of moods.data) expect(m.images).toEqual([expect.objectContaining({ width: 300, height: 300 })]);
    const genres = ok(GenreStationPageSchema, await fx.get(`/genre-stations?territory=${t}`));
    expect(genres.data).toHaveLength(30);
    const categories = new Set(genres.data.map((g) => g.category));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    expect(categories.size).toBeLessThanOrEqual(8);
  });

  it.each(TERRITORIES)('%s: new-hits playlists, new-release categories and children categories', async (t) => {
    expect(ok(PlaylistPageSchema, await fx.get(`/new-hits-playlists?territory=${t}`)).data.length).toBeGreaterThanOrEqual(5);
    expect(ok(NewReleaseCategoryPageSchema, await fx.get(`/new-release-categories?territory=${t}`)).data.length).toBeGreaterThanOrEqual(5);
    const children = ok(ChildrenCategoryPageSchema, await fx.get(`/children-categories?territory=${t}`));
    expect(children.data.length).toBeGreaterThanOrEqual(5);
    const widths = new Set<number>();
    for (const c of children.data) {
      for (const image of c.images) {
        expect(image.height).toBe(300);
        widths.add(image.width);
      }
    }
    expect(widths.size).toBeGreaterThan(1);
  });
});

describe('details and nested lists (TW)', () => {
  it('chart detail: tracks, updated_at and owner, without description and url; the nested next points at /tracks', async () => {
    const charts = ok(PlaylistPageSchema, await fx.get('/charts?territory=TW'));
    const chart = charts.data.find((c) => c.title === '年度單曲總榜') ?? charts.data[0];
    if (!chart) throw new Error('no chart');
    const res = await fx.get(`/charts/${chart.id}?territory=TW`);
    const detail = ok(ChartDetailSchema, res);
    const body = raw(res);
    expect(body).not.toHaveProperty('description');
    expect(body).not.toHaveProperty('url');
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(body.owner)).sort()).toEqual(['id', 'name']);
    expect(detail.updated_at).toMatch(ISO_WITH_OFFSET);
    expect(detail.tracks.data.length).toBe(500);
    expect(detail.tracks.paging.next).toBe(`${fx.sb.origin}/v1.1/charts/${chart.id}/tracks?territory=TW&offset=500&limit=500`);
    for (const track of detail.tracks.data) {
      expect(track.album).toBeDefined();
      expect(track.isrc).toBeUndefined();
      expect(track.duration).toBeGreaterThanOrEqual(120_000);
      expect(track.duration).toBeLessThan(361_000);
    }
  });

  it('new-hits playlist detail: the Playlist fields with the full User as owner, plus tracks', async () => {
    const list = ok(PlaylistPageSchema, await fx.get('/new-hits-playlists?territory=TW'));
    const first = list.data[0];
    if (!first) throw new Error('no playlist');
    const detail = ok(PlaylistDetailSchema, await fx.get(`/new-hits-playlists/${first.id}?territory=TW`));
    expect(UserSchema.parse(detail.owner).images.map((i) => i.width)).toEqual([75, 180, 300]);
    expect(detail.title).toBe(first.title);
    expect(detail.updated_at).toMatch(ISO_WITH_OFFSET);
    const tracks = ok(TrackPageSchema, await fx.get(`/new-hits-playlists/${first.id}/tracks?territory=TW&limit=5`));
    expect(tracks.data.map((t) => t.id)).toEqual(detail.tracks.data.slice(0, 5).map((t) => t.id));
  });

  it('new-release category detail and its albums', async () => {
    const list = ok(NewReleaseCategoryPageSchema, await fx.get('/new-release-categories?territory=TW'));
    const first = list.data[0];
    if (!first) throw new Error('no category');
    const detail = ok(NewReleaseCategoryDetailSchema, await fx.get(`/new-release-categories/${first.id}?territory=TW`));
    expect(detail.albums.data.length).toBeGreaterThan(0);
    expect(detail.albums.paging.next).toBeNull();
    const albums = ok(AlbumPageSchema, await fx.get(`/new-release-categories/${first.id}/albums?territory=TW&limit=3`));
    expect(albums.data.map((a) => a.id)).toEqual(detail.albums.data.slice(0, 3).map((a) => a.id));
    expect(albums.paging.next).toBe(`${fx.sb.origin}/v1.1/new-release-categories/${first.id}/albums?territory=TW&offset=3&limit=3`);
  });

  it('shared playlist detail and tracks (found through a member’s shared playlists)', async () => {
    const shared = ok(PlaylistPageSchema, await fx.get('/users/member-demo/shared-playlists'));
    const first = shared.data[0];
    if (!first) throw new Error('no shared playlist');
    const detail = ok(PlaylistDetailSchema, await fx.get(`/shared-playlists/${first.id}?territory=TW`));
    expect(detail.owner).toMatchObject({ id: 'member-demo', name: '林語彤' });
    expect(detail.owner.images?.length).toBe(3);
    const tracks = ok(TrackPageSchema, await fx.get(`/shared-playlists/${first.id}/tracks?territory=TW`));
    expect(tracks.summary.total).toBe(detail.tracks.summary.total);
  });

  it('children category: detail with subcategories and top-level paging; playlists with integer updated_at', async () => {
    const list = ok(ChildrenCategoryPageSchema, await fx.get('/children-categories?territory=TW'));
    const first = list.data[0];
    if (!first) throw new Error('no category');
    const res = await fx.get(`/children-categories/${first.id}?territory=TW`);
    const detail = ok(ChildrenCategoryDetailSchema, res);
    expect(detail.subcategories.length).toBeGreaterThan(0);
    expect(detail.summary.total).toBe(detail.subcategories.length);
    expect(raw(res)).toHaveProperty('paging');
    const playlistsRes = await fx.get(`/children-categories/${first.id}/playlists?territory=TW`);
    const playlists = ok(PlaylistPageSchema, playlistsRes);
    for (const p of playlists.data) expect(Number.isInteger(p.updated_at)).toBe(true);
    for (const item of RawPage.parse(playlistsRes.body).data) expect(Object.keys(z.record(z.string(), z.unknown()).parse(item.owner)).sort()).toEqual(['id', 'name']);
    const sub = detail.subcategories[0];
    if (!sub) throw new Error('no subcategory');
    ok(ChildrenCategoryDetailSchema, await fx.get(`/children-categories/${sub.id}?territory=TW`));
    expect(ok(PlaylistPageSchema, await fx.get(`/children-categories/${sub.id}/playlists?territory=TW`)).data.length).toBeGreaterThan(0);
  });

  it('genre and mood stations: tracks in a new order on every call', async () => {
    const genre = ok(GenreStationPageSchema, await fx.get('/genre-stations?territory=TW')).data[0];
    const mood = ok(MoodStationPageSchema, await fx.get('/mood-stations?territory=TW')).data[0];
    if (!genre || !mood) throw new Error('no stations');
    const g1 = ok(GenreStationDetailSchema, await fx.get(`/genre-stations/${genre.id}?territory=TW`));
    const g2 = ok(GenreStationDetailSchema, await fx.get(`/genre-stations/${genre.id}?territory=TW`));
    expect(g1).toMatchObject({ id: genre.id, category: genre.category, name: genre.name });
    expect(g1.tracks.data.map((t) => t.id).sort()).toEqual(g2.tracks.data.map((t) => t.id).sort());
    expect(g1.tracks.data.map((t) => t.id)).not.toEqual(g2.tracks.data.map((t) => t.id));
    const m1 = ok(MoodStationDetailSchema, await fx.get(`/mood-stations/${mood.id}?territory=TW`));
    const m2 = ok(MoodStationDetailSchema, await fx.get(`/mood-stations/${mood.id}?territory=TW`));
    expect(m1.images?.[0]?.width).toBe(300);
    expect(m1.tracks.data.map((t) => t.id).sort()).toEqual(m2.tracks.data.map((t) => t.id).sort());
    expect(m1.tracks.data.map((t) => t.id)).not.toEqual(m2.tracks.data.map((t) => t.id));
  });

  it('artist, its albums and top tracks; album and its tracks without album; track lookup', async () => {
    const chart = ok(PlaylistPageSchema, await fx.get('/charts?territory=TW')).data[0];
    if (!chart) throw new Error('no chart');
    const track = ok(TrackPageSchema, await fx.get(`/charts/${chart.id}/tracks?territory=TW&limit=1`)).data[0];
    if (!track?.album) throw new Error('no track');
    const artist = ok(ArtistSchema, await fx.get(`/artists/${track.album.artist.id}?territory=TW`));
    expect(artist.images.map((i) => i.width)).toEqual([160, 300]);
    const albums = ok(AlbumPageSchema, await fx.get(`/artists/${artist.id}/albums?territory=TW`));
    expect(albums.data.map((a) => a.id)).toContain(track.album.id);
    const top = ok(TrackPageSchema, await fx.get(`/artists/${artist.id}/top-tracks?territory=TW`));
    expect(top.data.every((t) => t.album?.artist.id === artist.id)).toBe(true);
    const album = ok(AlbumSchema, await fx.get(`/albums/${track.album.id}?territory=TW`));
    expect(album.images.map((i) => i.width)).toEqual([160, 500, 1000]);
    const albumTracksRes = await fx.get(`/albums/${album.id}/tracks?territory=TW`);
    const albumTracks = ok(TrackPageSchema, albumTracksRes);
    expect(albumTracks.data.map((t) => t.id)).toContain(track.id);
    for (const item of RawPage.parse(albumTracksRes.body).data) expect(item).not.toHaveProperty('album');
    expect(albumTracks.data.map((t) => t.track_number)).toEqual(albumTracks.data.map((_, i) => i + 1));
    const single = ok(TrackSchema, await fx.get(`/tracks/${track.id}?territory=TW`));
    expect(single).toEqual(track);
  });

  it('recommended tracks: seed_track without album, tracks each with an ISRC (and only there)', async () => {
    const catalog = createCatalog(DEFAULT_OPTIONS.seed);
    const seedable = catalog.territory('TW').playable.find((t) => t.seedable);
    if (!seedable) throw new Error('no seedable track');
    const res = await fx.get(`/tracks/${seedable.id}/recommended-tracks?territory=TW`);
    const rec = ok(RecommendedTracksSchema, res);
    const body = z.object({ seed_track: z.record(z.string(), z.unknown()) }).parse(res.body);
    expect(body.seed_track).not.toHaveProperty('album');
    expect(body.seed_track).not.toHaveProperty('isrc');
    expect(rec.seed_track.id).toBe(seedable.id);
    expect(rec.tracks.data).toHaveLength(50);
    for (const t of rec.tracks.data) expect(t.isrc).toMatch(ISRC);
    expect(rec.tracks.paging.next).toBe(`${fx.sb.origin}/v1.1/tracks/${seedable.id}/recommended-tracks?territory=TW&offset=50&limit=50`);
    const plain = ok(TrackSchema, await fx.get(`/tracks/${seedable.id}?territory=TW`));
    expect(plain.isrc).toBeUndefined();
  });

  it('artists, albums and tracks are reachable from any territory; territory-bound lists are not', async () => {
    const catalog = createCatalog(DEFAULT_OPTIONS.seed);
    const tw = catalog.territory('TW');
    const track = tw.playable[0];
    const chart = tw.charts[0];
    if (!track || !chart) throw new Error('no data');
    ok(TrackSchema, await fx.get(`/tracks/${track.id}?territory=JP`));
    const other = await fx.get(`/charts/${chart.id}?territory=JP`);
    expect(other.status).toBe(404);
  });
});

describe('album quirks the contract documents', () => {
  const catalog = createCatalog(DEFAULT_OPTIONS.seed);
  const albums = catalog.territory('TW').artists.flatMap((a) => a.albums);

  it('some albums have no release_date', async () => {
    const album = albums.find((a) => a.releaseDate === undefined);
    if (!album) throw new Error('no album without a date in the data');
    const res = await fx.get(`/albums/${album.id}?territory=TW`);
    ok(AlbumSchema, res);
    expect(raw(res)).not.toHaveProperty('release_date');
  });

  it('some release dates have a 00 day, some a 00 month and day', async () => {
    const dayOnly = albums.find((a) => /^\d{4}-(0[1-9]|1[0-2])-00$/.test(a.releaseDate ?? ''));
    const yearOnly = albums.find((a) => a.releaseDate?.endsWith('-00-00'));
    if (!dayOnly || !yearOnly) throw new Error('no 00 dates in the data');
    expect(ok(AlbumSchema, await fx.get(`/albums/${dayOnly.id}?territory=TW`)).release_date).toMatch(/-00$/);
    expect(ok(AlbumSchema, await fx.get(`/albums/${yearOnly.id}?territory=TW`)).release_date).toMatch(/-00-00$/);
  });

  it('some albums are available nowhere (empty available_territories)', async () => {
    const nowhere = albums.find((a) => a.territories.length === 0);
    if (!nowhere) throw new Error('no album without territories in the data');
    expect(ok(AlbumSchema, await fx.get(`/albums/${nowhere.id}?territory=TW`)).available_territories).toEqual([]);
  });

  it('some tracks and albums are explicit', () => {
    expect(albums.some((a) => a.explicit)).toBe(true);
    expect(albums.some((a) => !a.explicit)).toBe(true);
  });
});
