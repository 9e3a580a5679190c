import { describe, expect, it } from 'vitest';
import {
  chartDetailView,
  chartTile,
  favoriteTrackTile,
  genreStationDetailView,
  genreStationTile,
  isoTime,
  moodStationDetailView,
  moodStationTile,
  playlistDetailView,
  playlistTile,
  rowView,
  trackPageView,
  trackView,
} from '../../../../main/core/views';
import { ChartDetailSchema, PlaylistPageSchema } from '../../../../shared/service/catalog';
import { album, image, paged, playlist, track } from '../catalog/fixtures';

describe('isoTime', () => {
  it('normalises an ISO string with offset to ISO 8601 in UTC', () => {
    expect(isoTime('2024-06-01T08:00:00+08:00')).toBe('2024-06-01T00:00:00.000Z');
  });
  it('reads an integer as seconds since the epoch', () => {
    expect(isoTime(1717200000)).toBe('2024-06-01T00:00:00.000Z');
    expect(isoTime('1717200000')).toBe('2024-06-01T00:00:00.000Z');
  });
  it('reads an integer too large for seconds as milliseconds', () => {
    expect(isoTime(1717200000000)).toBe('2024-06-01T00:00:00.000Z');
  });
  it('gives undefined for text that is not a time', () => {
    expect(isoTime('yesterday')).toBeUndefined();
    expect(isoTime(undefined)).toBeUndefined();
  });
});

describe('tracks', () => {
  it('takes the artist from the album and keeps the duration in milliseconds', () => {
    expect(trackView(track('t1', { explicitness: true }))).toEqual({
      id: 't1',
      name: 'Song t1',
      artist: 'Lin Mei',
      album: 'Night Drive',
      durationMs: 215_000,
      explicit: true,
      url: 'https://www.example.test/track/t1',
      albumId: 'al1',
      artistId: 'ar1',
      albumTerritories: ['TW', 'HK'],
    });
  });
  it('leaves artist and album empty for a track without an album, unless the list’s album is given', () => {
    const bare = track('t2', { album: undefined });
    expect(trackView(bare)).toMatchObject({ artist: '', album: '', albumId: undefined, artistId: undefined });
    expect(trackView(bare, { album: album({ name: 'Blue' }) })).toMatchObject({
      artist: 'Lin Mei',
      album: 'Blue',
      albumId: 'al1',
      artistId: 'ar1',
    });
  });
  it('pages carry the offset and the total from the summary, or what the page proves', () => {
    expect(trackPageView(paged([track('a')], { offset: 20, total: 99 }))).toMatchObject({ offset: 20, total: 99 });
    expect(trackPageView(paged([track('a'), track('b')], { offset: 20 })).total).toBe(22);
  });
});

describe('tiles and rows', () => {
  it('maps a chart to a tile that opens the chart, images smallest first', () => {
    const tile = chartTile(playlist('c1', { images: [image(1000), image(300)] }));
    expect(tile.ref).toEqual({ kind: 'chart', id: 'c1' });
    expect(tile.images.map((i) => i.width)).toEqual([300, 1000]);
  });
  it('says when a chart was updated, not its description, which starts by repeating its title', () => {
    const tile = chartTile(playlist('c1', { title: 'Mandopop Daily', description: 'Mandopop Daily: the most-played songs, updated daily.' }));
    expect(tile.subtitle).toBeUndefined();
    expect(tile.updatedAt).toBe('2024-06-01T00:00:00.000Z');
    expect(chartTile(playlist('c2', { updated_at: 1717200000 })).updatedAt).toBe('2024-06-01T00:00:00.000Z');
    expect(chartTile(playlist('c3', { updated_at: 'soon' })).updatedAt).toBeUndefined();
  });
  it('accepts a playlist whose owner is only id and name', () => {
    const list = PlaylistPageSchema.parse(paged([{ ...playlist('p1'), owner: { id: 'o', name: 'Mei' } }]));
    const first = list.data[0];
    if (!first) throw new Error('fixture has a playlist');
    expect(playlistTile(first)).toMatchObject({ ref: { kind: 'playlist', id: 'p1' }, subtitle: 'Mei' });
  });
  it('maps mood stations with their images', () => {
    const tile = moodStationTile({ id: 'm1', name: 'Calm', images: [image(300)] });
    expect(tile).toMatchObject({ ref: { kind: 'mood-station', id: 'm1' }, title: 'Calm', group: undefined });
    expect(tile.images).toHaveLength(1);
  });
  it('groups genre stations by category, with no images', () => {
    const tile = genreStationTile({ id: 'g1', category: 'Jazz', name: 'Smooth' });
    expect(tile).toEqual({
      ref: { kind: 'genre-station', id: 'g1' },
      key: 'g1',
      title: 'Smooth',
      subtitle: 'Jazz',
      images: [],
      group: 'Jazz',
    });
  });
  it('maps a favorite track to a tile with its artist and album art, opening nothing', () => {
    const tile = favoriteTrackTile(track('t1'));
    expect(tile).toMatchObject({ ref: undefined, title: 'Song t1', subtitle: 'Lin Mei' });
    // OK on it opens the track's panel: the tile carries the track, with its album and artist to go to.
    expect(tile.track).toEqual(trackView(track('t1')));
    expect(tile.images).toHaveLength(3);
    expect(favoriteTrackTile(track('t2', { album: undefined })).images).toEqual([]);
  });
  it('keeps tile keys unique within a row', () => {
    const row = rowView('charts', [chartTile(playlist('a')), chartTile(playlist('a')), chartTile(playlist('b'))], 1000);
    expect(row.tiles.map((t) => t.key)).toEqual(['a', 'a#2', 'b']);
    expect(row).toMatchObject({ id: 'charts', fetchedAt: 1000, fromCache: false });
  });
});

describe('details', () => {
  it('maps a chart detail that omits the playlist fields', () => {
    const chart = ChartDetailSchema.parse({
      updated_at: 1717200000,
      owner: { id: 'o', name: 'Editors' },
      tracks: paged([track('a')], { total: 600, next: 'https://api.example.test/v1.1/charts/c9/tracks?offset=1' }),
    });
    expect(chartDetailView('c9', chart, 'Top 100')).toEqual({
      layout: 'tracks',
      ref: { kind: 'chart', id: 'c9' },
      title: 'Top 100',
      description: '',
      owner: 'Editors',
      updatedAt: '2024-06-01T00:00:00.000Z',
      images: [],
      url: undefined,
      totalTracks: 600,
      shuffled: false,
      tracks: [trackView(track('a'))],
    });
  });
  it('maps a full playlist detail', () => {
    const view = playlistDetailView({ ...playlist('p1'), tracks: paged([track('a')], { total: 1 }) });
    expect(view).toMatchObject({
      ref: { kind: 'playlist', id: 'p1' },
      title: 'Playlist p1',
      owner: 'Tunewall Editors',
      updatedAt: '2024-06-01T00:00:00.000Z',
      url: 'https://www.example.test/playlist/p1',
      totalTracks: 1,
      shuffled: false,
    });
  });
  it('marks stations as shuffled and counts their tracks from the summary', () => {
    const mood = moodStationDetailView({ id: 'm1', name: 'Calm', tracks: paged([track('a')], { total: 50 }) });
    expect(mood).toMatchObject({ shuffled: true, totalTracks: 50, images: [], owner: undefined, updatedAt: undefined });
    const genre = genreStationDetailView({ id: 'g1', name: 'Smooth', category: 'Jazz', tracks: paged([track('a')], { total: 30 }) });
    expect(genre).toMatchObject({ ref: { kind: 'genre-station', id: 'g1' }, description: 'Jazz', shuffled: true, totalTracks: 30 });
  });
});
