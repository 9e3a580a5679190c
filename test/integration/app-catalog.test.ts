/**
 * The whole catalog through createAppCore over real HTTP against the sandbox: every home row, every detail kind and
 * its paging, favourites (checked in the sandbox's own state), station art, a territory switch, and the catalog's
 * odd records (sandbox/data/edgeCases.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalog } from '../../sandbox/data/catalog';
import { EDGE_IDS, edgeId } from '../../sandbox/data/edgeCases';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import type { DetailKind, DetailRef, DetailView, Result, RowId, RowView, TileView, TracksDetailView } from '../../shared/bridge';
import { TrackPageSchema } from '../../shared/service/catalog';
import { NO_FAULTS, pairMember, startCore, type Harness } from '../main/core/app/harness';

let sandbox: RunningSandbox;
let h: Harness;
let guest: Harness;

beforeAll(async () => {
  sandbox = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  h = await startCore({ sandbox, ownDispose: true });
  await pairMember(h, sandbox);
  guest = await startCore({ sandbox, ownDispose: true, env: { TUNEWALL_GUEST_MODE: '1' } });
  await guest.until((s) => s.auth.status === 'pairing');
  value(await guest.core.handlers.browseAsGuest());
});
afterAll(async () => {
  await h.core.dispose();
  await guest.core.dispose();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.control.setFaults(NO_FAULTS);
});

/** The sandbox's own data, generated from the same seed, to pick records with a known property. */
const data = () => createCatalog(sandbox.options.seed).territory('TW');
const TW = (name: string) => edgeId('T', name);

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function failure<T>(result: Result<T>) {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

function tracksOf(detail: DetailView): TracksDetailView {
  if (detail.layout !== 'tracks') throw new Error(`expected a track list, got the ${detail.layout} layout`);
  return detail;
}

function refIn(row: RowView, kind: DetailKind): { ref: DetailRef; tile: TileView } {
  const tile = row.tiles.find((t) => t.ref?.kind === kind);
  if (!tile?.ref) throw new Error(`no ${kind} tile in ${row.id}`);
  return { ref: tile.ref, tile };
}

const detail = async (ref: DetailRef) => value(await h.core.handlers.getDetail(ref));
const row = async (id: RowId) => value(await h.core.handlers.loadRow(id));

describe('home rows', () => {
  it.each<[RowId, DetailKind | undefined]>([
    ['favorites', undefined],
    ['charts', 'chart'],
    ['new-hits', 'new-hits'],
    ['mood-stations', 'mood-station'],
    ['genre-stations', 'genre-station'],
    ['new-releases', 'album'],
    ['kids', 'kids-category'],
    ['collected-playlists', 'playlist'],
    ['album-collection', 'album'],
    ['shared-playlists', 'playlist'],
  ])('%s: tiles that open a %s', async (id, kind) => {
    const loaded = await row(id);
    expect(loaded.tiles.length).toBeGreaterThan(0);
    expect(new Set(loaded.tiles.map((t) => t.key)).size).toBe(loaded.tiles.length);
    for (const tile of loaded.tiles) expect(tile.ref?.kind).toBe(kind);
  });

  it('new releases: one group per category, in the service’s order, a row’s worth of albums each', async () => {
    const loaded = await row('new-releases');
    const groups = [...new Set(loaded.tiles.map((t) => t.group))];
    expect(groups).toEqual(data().newReleaseCategories.map((c) => c.title));
    // Each group opens whole as its category's grid.
    const seeAll = [...new Set(loaded.tiles.map((t) => t.groupRef?.id))];
    expect(seeAll).toEqual(data().newReleaseCategories.map((c) => c.id));
    const first = loaded.tiles[0]?.groupRef;
    if (!first) throw new Error('no group ref');
    expect(await detail(first)).toMatchObject({ layout: 'albums', title: loaded.tiles[0]?.group });
    for (const group of groups) {
      const count = loaded.tiles.filter((t) => t.group === group).length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(20);
    }
  });

  it('favourite tiles carry their track, with album and artist to go to', async () => {
    const tile = (await row('favorites')).tiles[0];
    expect(tile?.track).toMatchObject({ id: tile?.key, albumId: expect.any(String), artistId: expect.any(String) });
  });

  it('the playlists you shared are your own', async () => {
    const mine = data().sharedPlaylists.filter((p) => p.owner.id === 'member-demo').map((p) => p.id);
    expect((await row('shared-playlists')).tiles.map((t) => t.ref?.id)).toEqual(mine);
  });

  it('a guest sees the catalog rows; member rows say to sign in', async () => {
    for (const id of ['charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids'] as const) {
      expect(value(await guest.core.handlers.loadRow(id)).tiles.length).toBeGreaterThan(0);
    }
    for (const id of ['favorites', 'collected-playlists', 'album-collection', 'shared-playlists'] as const) {
      expect(failure(await guest.core.handlers.loadRow(id))).toMatchObject({ kind: 'auth', messageKey: 'signInForOwnMusic' });
    }
  });

  it('the first paint (bootView) has every loaded row from the cache, without a request', async () => {
    const ids: RowId[] = ['charts', 'new-hits', 'new-releases', 'kids', 'album-collection', 'shared-playlists'];
    for (const id of ids) await row(id);
    sandbox.control.clearRequestLog();
    const boot = h.core.bootView?.();
    expect(boot?.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(boot?.rows.every((r) => r.fromCache)).toBe(true);
    expect(sandbox.control.requestLog()).toEqual([]);
  });
});

describe('details', () => {
  it('a new-hits playlist, paged', async () => {
    const { ref, tile } = refIn(await row('new-hits'), 'new-hits');
    const view = tracksOf(await detail(ref));
    expect(view).toMatchObject({ ref, title: tile.title, shuffled: false });
    const page = value(await h.core.handlers.getTracks(ref, 1, 2));
    expect(page.tracks.map((t) => t.id)).toEqual(view.tracks.slice(1, 3).map((t) => t.id));
  });

  it('an album from new releases: tracks filled in from the album, explicit marks and an honest release date', async () => {
    const { ref, tile } = refIn(await row('new-releases'), 'album');
    const view = tracksOf(await detail(ref));
    const record = data().byId.albums.get(ref.id);
    expect(view.title).toBe(tile.title);
    expect(view.tracks.length).toBe(record?.tracks.length);
    for (const track of view.tracks) expect(track).toMatchObject({ album: tile.title, albumId: ref.id, artistId: record?.artist.id });
    expect(view.album?.explicit).toBe(record?.explicit);
    expect(view.album?.artist.id).toBe(record?.artist.id);
  });

  it.each([
    ['a day of 00', (d: string | undefined) => /-\d\d-00$/.test(d ?? '') && !d?.includes('-00-'), { day: undefined }],
    ['a month of 00', (d: string | undefined) => d?.includes('-00-') === true, { month: undefined, day: undefined }],
  ] as const)('an album whose release date has %s shows only what is known', async (_, pick, unknown) => {
    const album = data().artists.flatMap((a) => a.albums).find((a) => pick(a.releaseDate) && a.territories.includes('TW'));
    if (!album) throw new Error('no such album in the sandbox');
    const view = tracksOf(await detail({ kind: 'album', id: album.id }));
    expect(view.album?.releaseDate).toMatchObject({ year: Number(album.releaseDate?.slice(0, 4)), ...unknown });
  });

  it('an album without a release date shows none', async () => {
    const album = data().artists.flatMap((a) => a.albums).find((a) => a.releaseDate === undefined && a.territories.includes('TW'));
    if (!album) throw new Error('no such album in the sandbox');
    expect(tracksOf(await detail({ kind: 'album', id: album.id })).album?.releaseDate).toBeUndefined();
  });

  it('an artist: picture, top tracks paged, albums paged', async () => {
    const artist = data().artists.find((a) => a.albums.length >= 3);
    if (!artist) throw new Error('no artist with three albums');
    const ref: DetailRef = { kind: 'artist', id: artist.id };
    const view = await detail(ref);
    if (view.layout !== 'artist') throw new Error('expected the artist layout');
    expect(view).toMatchObject({ title: artist.name, totalAlbums: artist.albums.length });
    expect(view.images.length).toBeGreaterThan(0);
    expect(view.tracks.length).toBeGreaterThan(0);
    const albums = value(await h.core.handlers.getTiles(ref, 1, 2));
    expect(albums.tiles.map((t) => t.ref?.id)).toEqual(view.albums.slice(1, 3).map((t) => t.ref?.id));
    const tracks = value(await h.core.handlers.getTracks(ref, 2, 3));
    expect(tracks.tracks.map((t) => t.id)).toEqual(view.tracks.slice(2, 5).map((t) => t.id));
  });

  it('a new-release category: its albums as a grid, paged', async () => {
    const category = data().newReleaseCategories[0];
    if (!category) throw new Error('no category');
    const ref: DetailRef = { kind: 'new-release-category', id: category.id };
    const view = await detail(ref);
    expect(view).toMatchObject({ layout: 'albums', title: category.title, totalAlbums: category.albums.length });
    const page = value(await h.core.handlers.getTiles(ref, 10, 5));
    expect(page.tiles.map((t) => t.ref?.id)).toEqual(category.albums.slice(10, 15).map((a) => a.id));
  });

  it('a children category: its subcategories as sections; a section pages past the service’s 100', async () => {
    const { ref, tile } = refIn(await row('kids'), 'kids-category');
    const view = await detail(ref);
    if (view.layout !== 'kids') throw new Error('expected the kids layout');
    const record = data().byId.childrenCategories.get(ref.id);
    expect(view.title).toBe(tile.title);
    expect(view.sections.map((s) => s.ref.id)).toEqual(record?.subcategories.map((s) => s.id));
    for (const section of view.sections) expect(section.playlists.length).toBe(section.totalPlaylists);
    // The category itself holds 130 playlists: getTiles pages them, 100 at most at once.
    const rest = value(await h.core.handlers.getTiles(ref, 100, 500));
    expect(rest).toMatchObject({ offset: 100, total: 130 });
    expect(rest.tiles).toHaveLength(30);
  });

  it('a children category’s playlist opens as a playlist, with tracks', async () => {
    const { ref } = refIn(await row('kids'), 'kids-category');
    const view = await detail(ref);
    if (view.layout !== 'kids') throw new Error('expected the kids layout');
    const playlist = view.sections[0]?.playlists[0];
    if (!playlist?.ref) throw new Error('no playlist');
    const opened = tracksOf(await detail(playlist.ref));
    expect(opened).toMatchObject({ ref: playlist.ref, title: playlist.title });
    expect(opened.tracks.length).toBeGreaterThan(0);
  });

  it('more like this: the seed with its album, and its recommendations, paged 50 at most', async () => {
    const seed = data().playable.find((t) => t.seedable);
    if (!seed) throw new Error('no seed');
    const ref: DetailRef = { kind: 'recommended', id: seed.id };
    const view = tracksOf(await detail(ref));
    expect(view.seed).toMatchObject({ id: seed.id, albumId: seed.album.id });
    expect(view.tracks.length).toBe(50);
    expect(view.totalTracks).toBe(80);
    const tail = value(await h.core.handlers.getTracks(ref, 50, 100));
    expect(tail).toMatchObject({ offset: 50, total: 80 });
    expect(tail.tracks).toHaveLength(30);
  });

  it('more like this for a track that cannot seed: the seed and no tracks, not an error', async () => {
    const seed = data().playable.find((t) => !t.seedable);
    if (!seed) throw new Error('every track seeds');
    const view = tracksOf(await detail({ kind: 'recommended', id: seed.id }));
    expect(view).toMatchObject({ totalTracks: 0, tracks: [], seed: { id: seed.id } });
  });
});

describe('favourites', () => {
  it('adds a track: the panel says so, the sandbox has it, and Home gets the row with it first', async () => {
    const favorites = new Set((await row('favorites')).tiles.map((t) => t.key));
    const track = data().playable.find((t) => !favorites.has(t.id));
    if (!track) throw new Error('no track to add');
    expect(value(await h.core.handlers.favoriteState(track.id))).toBe('not-favorite');
    const pushed = h.events.length;
    expect(value(await h.core.handlers.addFavorite(track.id))).toBe('favorite');
    expect(value(await h.core.handlers.favoriteState(track.id))).toBe('favorite');

    // The sandbox's own state, asked directly.
    const token = sandbox.control.issueMemberToken('member-demo').access_token;
    const answer = await fetch(`${sandbox.urls.api}/me/favorite?limit=500`, { headers: { authorization: `Bearer ${token}` } });
    expect(TrackPageSchema.parse(await answer.json()).data[0]?.id).toBe(track.id);

    await vi.waitFor(() => {
      const event = h.events.slice(pushed).find((e) => e.type === 'row' && e.row.id === 'favorites');
      expect(event?.type === 'row' && event.row.tiles[0]?.key).toBe(track.id);
    });
    expect((await row('favorites')).tiles[0]?.key).toBe(track.id);
  });

  it('a failure says why and changes nothing, in the sandbox either', async () => {
    const favorites = new Set((await row('favorites')).tiles.map((t) => t.key));
    const track = data().playable.slice(200).find((t) => !favorites.has(t.id));
    if (!track) throw new Error('no track');
    sandbox.control.setFaults({ errorRate: 1 });
    expect(failure(await h.core.handlers.addFavorite(track.id))).toMatchObject({ kind: 'server', messageKey: 'favoriteFailedService', retryable: true });
    sandbox.control.setFaults(NO_FAULTS);
    expect(value(await h.core.handlers.favoriteState(track.id))).toBe('not-favorite');
    expect(failure(await h.core.handlers.addFavorite('Tnosuchtrack000000'))).toMatchObject({ messageKey: 'favoriteFailedUnknownTrack' });
  });

  it('a guest has none', async () => {
    expect(value(await guest.core.handlers.favoriteState(data().playable[0]?.id ?? 'x'))).toBe('members-only');
    expect(failure(await guest.core.handlers.addFavorite(data().playable[0]?.id ?? 'x'))).toMatchObject({ messageKey: 'favoriteNeedsMember' });
  });
});

describe('station art', () => {
  it('pictures the sandbox serves, a quarter-tile size, asked for once, through the page origin', async () => {
    const { ref } = refIn(await row('genre-stations'), 'genre-station');
    sandbox.control.clearRequestLog();
    const images = value(await h.core.handlers.stationArt(ref.id));
    expect(images.length).toBeGreaterThan(0);
    expect(images.length).toBeLessThanOrEqual(4);
    for (const image of images) {
      expect(image.width).toBe(160);
      expect(image.url).toMatch(/^\/artwork\//);
      const picture = await (h.core.artwork?.(new Request(`app://tunewall${image.url}`)) ?? Promise.reject(new Error('no artwork')));
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
    }
    expect(value(await h.core.handlers.stationArt(ref.id))).toEqual(images);
    expect(sandbox.control.requestLog().filter((r) => r.path.startsWith('/v1.1/genre-stations/'))).toHaveLength(1);
  });
});

describe('odd records and bad input', () => {
  it('an id the service does not know reads "Not available in Taiwan", for every kind', async () => {
    for (const kind of ['chart', 'new-hits', 'playlist', 'mood-station', 'genre-station', 'album', 'artist', 'new-release-category', 'kids-category', 'recommended'] as const) {
      expect(failure(await h.core.handlers.getDetail({ kind, id: 'Tnosuchthing000000' }))).toMatchObject({
        kind: 'territory',
        message: 'Not available in Taiwan',
        messageKey: 'notAvailableIn',
        params: { territory: 'TW' },
      });
    }
  });

  it('an album with no tracks and no pictures: an empty list', async () => {
    const view = tracksOf(await detail({ kind: 'album', id: TW(EDGE_IDS.albumWithoutTracks) }));
    expect(view).toMatchObject({ tracks: [], totalTracks: 0, images: [], album: { releaseDate: undefined } });
  });

  it('an artist with no albums, whose one picture is of an unexpected size', async () => {
    const view = await detail({ kind: 'artist', id: TW(EDGE_IDS.artistWithoutAlbums) });
    expect(view).toMatchObject({ layout: 'artist', albums: [], totalAlbums: 0, tracks: [], totalTracks: 0, images: [{ width: 240, height: 100 }] });
  });

  it('children categories without subcategories: a section of their own playlists (opened as kids playlists), or none', async () => {
    const own = await detail({ kind: 'kids-category', id: TW(EDGE_IDS.kidsWithOwnPlaylists) });
    expect(own).toMatchObject({ layout: 'kids', sections: [{ ref: { id: TW(EDGE_IDS.kidsWithOwnPlaylists) }, playlists: [{ ref: { kind: 'kids-playlist', id: TW(EDGE_IDS.playlistWithOddTracks) } }] }] });
    expect(await detail({ kind: 'kids-category', id: TW(EDGE_IDS.kidsWithNothing) })).toMatchObject({ layout: 'kids', sections: [] });
  });

  it('a track without an album: nothing to go to, and still a seed for more like this', async () => {
    const playlist = tracksOf(await detail({ kind: 'playlist', id: TW(EDGE_IDS.playlistWithOddTracks) }));
    expect(playlist.tracks[0]).toMatchObject({ id: TW(EDGE_IDS.trackWithoutAlbum), album: '', artist: '', albumId: undefined, artistId: undefined });
    const more = tracksOf(await detail({ kind: 'recommended', id: TW(EDGE_IDS.trackWithoutAlbum) }));
    expect(more).toMatchObject({ images: [], seed: { albumId: undefined } });
    expect(more.tracks.length).toBeGreaterThan(0);
  });

  it('refuses what the contract does not allow before asking the service', async () => {
    sandbox.control.clearRequestLog();
    const b = h.core.handlers;
    const results: Result<unknown>[] = [
      await b.getTiles({ kind: 'album', id: 'x' }, 0, 10),
      await b.getTracks({ kind: 'new-release-category', id: 'x' }, 0, 10),
      await b.stationArt(''),
      await b.favoriteState(''),
      await b.addFavorite(7 as never),
    ];
    for (const result of results) {
      expect(failure(result)).toMatchObject({ messageKey: 'badRequest', retryable: false });
    }
    expect(sandbox.control.requestLog()).toEqual([]);
  });
});

// Last: it changes the territory of the shared core.
describe('territory switch', () => {
  it('a Taiwan chart and an album not offered in Japan read "Not available in Japan" once switched', async () => {
    const chart = refIn(await row('charts'), 'chart').ref;
    const album = data().artists.flatMap((a) => a.albums).find((a) => a.territories.includes('TW') && !a.territories.includes('JP'));
    if (!album) throw new Error('no TW-only album');
    tracksOf(await detail({ kind: 'album', id: album.id }));
    value(await h.core.handlers.setTerritory('JP'));
    for (const ref of [chart, { kind: 'album' as const, id: album.id }]) {
      expect(failure(await h.core.handlers.getDetail(ref))).toEqual({
        kind: 'territory',
        message: 'Not available in Japan',
        retryable: false,
        messageKey: 'notAvailableIn',
        params: { territory: 'JP' },
      });
    }
    const jpChart = refIn(await row('charts'), 'chart');
    expect(tracksOf(await detail(jpChart.ref)).title).toBe(jpChart.tile.title);
  });
});
