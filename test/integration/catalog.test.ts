/**
 * The catalog client against the sandbox over real HTTP: every method, paging over a long chart, the documented error
 * bodies, and injected faults. Tokens come from the sandbox: a member's through control, a guest's by client credentials.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../main/core/catalog/client';
import type { CatalogClient } from '../../main/core/catalog/client';
import { CatalogError } from '../../main/core/catalog/errors';
import { collectAll } from '../../main/core/catalog/paging';
import {
  chartDetailView,
  chartTile,
  genreStationDetailView,
  genreStationTile,
  moodStationDetailView,
  moodStationTile,
  playlistDetailView,
  playlistTile,
  trackView,
} from '../../main/core/views';
import type { Playlist, Track } from '../../shared/service/catalog';
import type { Territory } from '../../shared/territory';
import { clientToken, withSandbox } from '../sandbox/helpers';
import { failure } from '../main/core/catalog/failure';

const ctx = withSandbox();

function bearerFetch(token: string) {
  return (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
}

function clientFor(token: string, territory: () => Territory) {
  return createCatalogClient({ fetch: bearerFetch(token), apiBase: ctx.sb.urls.api, territory, timeoutMs: 10_000 });
}

function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`the sandbox has no ${what}`);
  return item;
}

let member: CatalogClient;
let guest: CatalogClient;
let memberId: string;
let territory: Territory = 'TW';
let charts: Playlist[];
let aTrack: Track;

beforeAll(async () => {
  const token = ctx.sb.control.issueMemberToken().access_token;
  member = clientFor(token, () => territory);
  const me = await member.me();
  memberId = me.id;
  territory = me.territory;
  guest = clientFor(await clientToken(ctx.sb), () => territory);
  charts = (await member.charts()).data;
  aTrack = first((await member.chartTracks(first(charts, 'chart').id, { limit: 5 })).data, 'chart track');
});

afterEach(() => {
  ctx.sb.control.setFaults({ errorRate: 0, dropRate: 0, malformedRate: 0, unavailableRate: 0, latencyMs: 0 });
});

describe('member profile', () => {
  it('reads /me with the member territory, and the same person under /users', async () => {
    const me = await member.me();
    expect(me.territory).toBe('TW');
    const user = await member.user(me.id);
    expect(user.name).toBe(me.name);
  });
});

describe('charts', () => {
  it('lists charts with their tracks, mapped to tiles and details', async () => {
    expect(charts.length).toBeGreaterThan(0);
    const chart = first(charts, 'chart');
    expect(chartTile(chart).ref).toEqual({ kind: 'chart', id: chart.id });
    const detail = await member.chart(chart.id);
    const view = chartDetailView(chart.id, detail, chart.title);
    expect(view.tracks.length).toBeGreaterThan(0);
    expect(view.totalTracks).toBeGreaterThanOrEqual(view.tracks.length);
    expect(view.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const page = await member.chartTracks(chart.id, { limit: 3, offset: 1 });
    expect(page.paging.offset).toBe(1);
    expect(page.data.length).toBeLessThanOrEqual(3);
  });

  it('collects every track of a chart longer than one page, as many as summary.total', async () => {
    let longest: { id: string; total: number } | undefined;
    for (const chart of charts) {
      const total = (await member.chartTracks(chart.id, { limit: 1 })).summary.total ?? 0;
      if (longest === undefined || total > longest.total) longest = { id: chart.id, total };
    }
    if (!longest) throw new Error('no chart');
    expect(longest.total).toBeGreaterThan(500);
    const before = ctx.sb.control.requestLog().length;
    const tracks = await collectAll(member.chartTracks(longest.id, { limit: 500 }));
    expect(tracks).toHaveLength(longest.total);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(longest.total);
    const pagesRead = ctx.sb.control.requestLog().slice(before).filter((r) => r.path.endsWith(`/charts/${longest.id}/tracks`));
    expect(pagesRead).toHaveLength(Math.ceil(longest.total / 500));
  });

  it('continues a chart detail’s first page of tracks to the end', async () => {
    let id: string | undefined;
    for (const chart of charts) {
      const detail = await member.chart(chart.id);
      if (detail.tracks.paging.next !== null) {
        id = chart.id;
        const all = await collectAll(detail.tracks);
        expect(all).toHaveLength(detail.tracks.summary.total ?? -1);
        break;
      }
    }
    expect(id).toBeDefined();
  });
});

describe('playlists', () => {
  it('reads new-hits playlists, their detail and tracks', async () => {
    const list = await member.newHitsPlaylists();
    const playlist = first(list.data, 'new-hits playlist');
    const detail = await member.newHitsPlaylist(playlist.id);
    expect(playlistDetailView(detail).title).toBe(playlist.title);
    const tracks = await member.newHitsPlaylistTracks(playlist.id, { limit: 2 });
    expect(tracks.data.length).toBeGreaterThan(0);
  });

  it('reads the member’s collections and shared playlists, and a shared playlist with its tracks', async () => {
    const albums = await member.albumCollection(memberId);
    const collected = await member.playlistCollection(memberId, { limit: 100 });
    const shared = await member.userSharedPlaylists(memberId);
    expect(albums.data.length + collected.data.length + shared.data.length).toBeGreaterThan(0);
    collected.data.forEach((p) => expect(playlistTile(p).ref?.kind).toBe('playlist'));
    const owners = [memberId, ...collected.data.map((p) => p.owner.id)];
    let sharedId: string | undefined;
    for (const owner of owners) {
      sharedId = (await member.userSharedPlaylists(owner)).data[0]?.id;
      if (sharedId) break;
    }
    if (sharedId === undefined) throw new Error('no shared playlist in the sandbox');
    const detail = await member.sharedPlaylist(sharedId);
    expect(detail.id).toBe(sharedId);
    expect((await member.sharedPlaylistTracks(sharedId)).data.length).toBeGreaterThan(0);
  });

});

describe('new releases and children categories', () => {
  it('reads categories, a category and its albums; an unknown one is not-found', async () => {
    const category = first((await member.newReleaseCategories()).data, 'new-release category');
    const detail = await member.newReleaseCategory(category.id);
    expect(detail.albums.data.length).toBeGreaterThan(0);
    expect((await member.newReleaseCategoryAlbums(category.id, { limit: 2 })).data.length).toBeGreaterThan(0);
    const missing = await failure(member.newReleaseCategory('no-such-category'));
    expect(missing.kind).toBe('not-found');
  });

  it('reads children categories and their playlists, whose updated_at is seconds', async () => {
    const category = first((await member.childrenCategories()).data, 'children category');
    const detail = await member.childrenCategory(category.id);
    const withPlaylists = [detail, ...detail.subcategories];
    let playlists: Playlist[] = [];
    for (const c of withPlaylists) {
      playlists = (await member.childrenCategoryPlaylists(c.id, { limit: 100 })).data;
      if (playlists.length > 0) break;
    }
    const playlist = first(playlists, 'children playlist');
    expect(playlistTile(playlist).title).toBe(playlist.title);
  });
});

describe('stations', () => {
  it('reads genre stations grouped by category, and one station shuffled', async () => {
    const stations = (await member.genreStations()).data;
    const station = first(stations, 'genre station');
    expect(genreStationTile(station).group).toBe(station.category);
    const detail = genreStationDetailView(await member.genreStation(station.id));
    expect(detail).toMatchObject({ shuffled: true, images: [] });
    expect(detail.tracks.length).toBeGreaterThan(0);
  });

  it('reads mood stations with images, and one station shuffled', async () => {
    const station = first((await member.moodStations()).data, 'mood station');
    expect(moodStationTile(station).images.length).toBeGreaterThan(0);
    const detail = moodStationDetailView(await member.moodStation(station.id));
    expect(detail.shuffled).toBe(true);
    expect(detail.tracks.length).toBeGreaterThan(0);
  });
});

describe('artists, albums, tracks', () => {
  it('follows a track to its album and artist', async () => {
    const album = aTrack.album;
    if (!album) throw new Error('chart tracks carry their album');
    expect((await member.track(aTrack.id)).id).toBe(aTrack.id);
    expect((await member.album(album.id)).name).toBe(album.name);
    const albumTracks = await member.albumTracks(album.id);
    expect(albumTracks.data.every((t) => t.album === undefined)).toBe(true);
    expect(trackView(first(albumTracks.data, 'album track'), { album }).artist).toBe(album.artist.name);
    expect((await member.artist(album.artist.id)).name).toBe(album.artist.name);
    expect((await member.artistAlbums(album.artist.id)).data.length).toBeGreaterThan(0);
    expect((await member.artistTopTracks(album.artist.id, { limit: 10 })).data.length).toBeGreaterThan(0);
  });

  it('recommends tracks (each with an isrc) from a seed, or says it cannot', async () => {
    const candidates = (await member.chartTracks(first(charts, 'chart').id, { limit: 20 })).data;
    const kinds = new Set<string>();
    for (const seed of candidates) {
      try {
        const result = await member.recommendedTracks(seed.id, { limit: 10 });
        expect(result.seed_track.id).toBe(seed.id);
        expect(result.tracks.data.every((t) => typeof t.isrc === 'string')).toBe(true);
        kinds.add('ok');
      } catch (error) {
        expect(error).toBeInstanceOf(CatalogError);
        expect(error).toMatchObject({ kind: 'not-found', serviceMessage: 'No available seed id' });
        kinds.add('no-seed');
      }
    }
    expect(kinds.has('ok')).toBe(true);
  });
});

describe('favorites', () => {
  it('adds a track to the favorites and lists it', async () => {
    await member.addFavorite(aTrack.id);
    const favorites = await collectAll(member.favorites({ limit: 500 }));
    expect(favorites.map((t) => t.id)).toContain(aTrack.id);
  });
});

describe('guest and refused tokens', () => {
  it('browses the public catalog with a client-credentials token', async () => {
    expect((await guest.charts()).data.map((c) => c.id)).toEqual(charts.map((c) => c.id));
    expect((await guest.moodStations()).data.length).toBeGreaterThan(0);
  });

  it('cannot read member data with a guest token', async () => {
    const error = await failure(guest.me());
    expect(error).toMatchObject({ kind: 'auth', retryable: false });
    expect(error.message).toMatch(/guest/);
  });

  it('reports a token the service does not know as an auth error', async () => {
    const stranger = clientFor('not-a-token', () => territory);
    expect((await failure(stranger.charts())).kind).toBe('auth');
    expect((await failure(stranger.me())).kind).toBe('auth');
  });
});

describe('faults', () => {
  it('turns an injected server error into a retryable server error', async () => {
    ctx.sb.control.setFaults({ errorRate: 1 });
    const error = await failure(member.charts());
    expect(error).toMatchObject({ kind: 'server', retryable: true });
  });

  it('turns a 503 with Retry-After into a retryable server error that says when', async () => {
    ctx.sb.control.setFaults({ unavailableRate: 1 });
    const error = await failure(member.moodStations());
    expect(error).toMatchObject({ kind: 'server', retryable: true });
    expect(error.retryAfterMs).toBe(ctx.sb.options.faults.retryAfterSeconds * 1000);
  });

  it('turns a cut-off body into an invalid response, and a dropped connection into a network error', async () => {
    ctx.sb.control.setFaults({ malformedRate: 1 });
    expect((await failure(member.charts())).kind).toBe('invalid-response');
    ctx.sb.control.setFaults({ malformedRate: 0, dropRate: 1 });
    expect(await failure(member.charts())).toMatchObject({ kind: 'network', retryable: true });
  });
});
