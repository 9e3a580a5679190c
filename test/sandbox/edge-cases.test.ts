/**
 * The sandbox's edge-case records (sandbox/data/edgeCases.ts) over real HTTP, in every territory, and the choice that
 * children-category playlists open under /shared-playlists/{id}.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AlbumPageSchema,
  AlbumSchema,
  ArtistSchema,
  ChildrenCategoryDetailSchema,
  ChildrenCategoryPageSchema,
  PlaylistDetailSchema,
  PlaylistPageSchema,
  RecommendedTracksSchema,
  TrackPageSchema,
  TrackSchema,
} from '../../shared/service/catalog';
import { TERRITORIES, type Territory } from '../../shared/territory';
import { EDGE_IDS, edgeId } from '../../sandbox/data/edgeCases';
import { catalogFixture, type ApiAnswer } from './catalog-fixture';

const fx = catalogFixture();
const MARK: Record<Territory, string> = { TW: 'T', HK: 'H', SG: 'S', MY: 'M', JP: 'J' };

function ok<T extends z.ZodType>(schema: T, res: ApiAnswer): z.infer<T> {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return schema.parse(res.body);
}

describe.each(TERRITORIES)('edge cases in %s', (t) => {
  const id = (name: string) => edgeId(MARK[t], name);

  it('ids look like every other id: 18 characters, the territory’s mark first', () => {
    for (const name of Object.values(EDGE_IDS)) expect(id(name)).toMatch(new RegExp(`^${MARK[t]}[A-Za-z0-9_-]{17}$`));
  });

  it('an artist with no albums and no top tracks, whose one picture is of an unexpected size and not served', async () => {
    const artist = ok(ArtistSchema, await fx.get(`/artists/${id(EDGE_IDS.artistWithoutAlbums)}?territory=${t}`));
    expect(ok(AlbumPageSchema, await fx.get(`/artists/${artist.id}/albums?territory=${t}`)).data).toEqual([]);
    expect(ok(TrackPageSchema, await fx.get(`/artists/${artist.id}/top-tracks?territory=${t}`)).data).toEqual([]);
    expect(artist.images).toEqual([expect.objectContaining({ width: 240, height: 100 })]);
    const picture = await fetch(artist.images[0]?.url ?? '');
    expect(picture.status).toBe(404);
  });

  it('an album with no tracks, no pictures and no release date, by an artist whose only album it is', async () => {
    const album = ok(AlbumSchema, await fx.get(`/albums/${id(EDGE_IDS.albumWithoutTracks)}?territory=${t}`));
    expect(album).toMatchObject({ images: [], available_territories: TERRITORIES.slice() });
    expect(album.release_date).toBeUndefined();
    expect(ok(TrackPageSchema, await fx.get(`/albums/${album.id}/tracks?territory=${t}`))).toMatchObject({ data: [], summary: { total: 0 } });
    const albums = ok(AlbumPageSchema, await fx.get(`/artists/${album.artist.id}/albums?territory=${t}`));
    expect(albums.data.map((a) => a.id)).toEqual([album.id]);
  });

  it('a track served without its album, which still seeds recommendations', async () => {
    const res = await fx.get(`/tracks/${id(EDGE_IDS.trackWithoutAlbum)}?territory=${t}`);
    const track = ok(TrackSchema, res);
    expect(track.album).toBeUndefined();
    expect(z.record(z.string(), z.unknown()).parse(res.body)).not.toHaveProperty('album');
    const recommended = ok(RecommendedTracksSchema, await fx.get(`/tracks/${track.id}/recommended-tracks?territory=${t}`));
    expect(recommended.tracks.data.length).toBeGreaterThan(0);
  });

  it('two children categories without subcategories come last: one with a playlist of its own, one with nothing', async () => {
    const list = ok(ChildrenCategoryPageSchema, await fx.get(`/children-categories?territory=${t}`));
    expect(list.data.slice(-2).map((c) => c.id)).toEqual([id(EDGE_IDS.kidsWithOwnPlaylists), id(EDGE_IDS.kidsWithNothing)]);
    const own = ok(ChildrenCategoryDetailSchema, await fx.get(`/children-categories/${id(EDGE_IDS.kidsWithOwnPlaylists)}?territory=${t}`));
    expect(own.subcategories).toEqual([]);
    const playlists = ok(PlaylistPageSchema, await fx.get(`/children-categories/${own.id}/playlists?territory=${t}`));
    expect(playlists.data.map((p) => p.id)).toEqual([id(EDGE_IDS.playlistWithOddTracks)]);
    const nothing = ok(ChildrenCategoryDetailSchema, await fx.get(`/children-categories/${id(EDGE_IDS.kidsWithNothing)}?territory=${t}`));
    expect(nothing.subcategories).toEqual([]);
    expect(ok(PlaylistPageSchema, await fx.get(`/children-categories/${nothing.id}/playlists?territory=${t}`)).data).toEqual([]);
  });

  it('that playlist opens as a shared playlist and holds the track without an album first', async () => {
    const playlist = ok(PlaylistDetailSchema, await fx.get(`/shared-playlists/${id(EDGE_IDS.playlistWithOddTracks)}?territory=${t}`));
    expect(playlist.tracks.data[0]?.id).toBe(id(EDGE_IDS.trackWithoutAlbum));
    expect(playlist.tracks.data[0]?.album).toBeUndefined();
    expect(playlist.tracks.data.slice(1).every((track) => track.album !== undefined)).toBe(true);
  });
});

describe('children-category playlists', () => {
  it('open under /shared-playlists/{id}, with tracks', async () => {
    const categories = ok(ChildrenCategoryPageSchema, await fx.get('/children-categories?territory=TW'));
    const first = categories.data[0];
    if (!first) throw new Error('no children category');
    const detail = ok(ChildrenCategoryDetailSchema, await fx.get(`/children-categories/${first.id}?territory=TW`));
    for (const category of [first, ...detail.subcategories]) {
      const playlist = ok(PlaylistPageSchema, await fx.get(`/children-categories/${category.id}/playlists?territory=TW&limit=1`)).data[0];
      if (!playlist) throw new Error(`no playlist in ${category.id}`);
      const opened = ok(PlaylistDetailSchema, await fx.get(`/shared-playlists/${playlist.id}?territory=TW`));
      expect(opened).toMatchObject({ id: playlist.id, title: playlist.title });
      expect(opened.tracks.data.length).toBeGreaterThan(0);
    }
  });
});
