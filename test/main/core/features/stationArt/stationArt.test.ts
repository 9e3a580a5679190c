import { artworkPath } from '../../../../../main/core/features/artwork/artworkPath';
import { describe, expect, it } from 'vitest';
import { createStationArt } from '../../../../../main/core/features/stationArt/stationArt';
import type { Territory } from '../../../../../shared/territory';
import { album, image, paged, track } from '../../catalog/fixtures';
import { MemoryStore, memoryLogger } from '../../support/fakes';
import { failed, fakeService, manualClock, recordingNetwork, value, type Route } from '../support';

const onAlbum = (trackId: string, albumId: string, images = [image(1000), image(160), image(500)]) =>
  track(trackId, { album: album({ id: albumId, images }) });

function station(id: string, tracks = [onAlbum('t1', 'a1'), onAlbum('t2', 'a2'), onAlbum('t3', 'a3'), onAlbum('t4', 'a4'), onAlbum('t5', 'a5')]) {
  return { id, category: 'Jazz', name: `Station ${id}`, tracks: paged(tracks) };
}

function setup(routes: Record<string, Route | unknown>, options: { store?: MemoryStore; maxEntries?: number; concurrency?: number } = {}) {
  const service = fakeService(routes);
  const store = options.store ?? new MemoryStore();
  const clock = manualClock();
  const territory = { value: 'TW' as Territory };
  const art = createStationArt({
    catalog: service.catalog,
    store,
    clock,
    logger: memoryLogger(),
    territory: () => territory.value,
    network: recordingNetwork(),
    maxEntries: options.maxEntries,
    concurrency: options.concurrency,
  });
  service.territory.value = 'TW';
  return { art, service, store, clock, territory };
}

describe('station art', () => {
  it('the art of the first tracks: four different albums, each at the size for a quarter of a tile', async () => {
    const { art } = setup({
      '/genre-stations/g1': station('g1', [
        onAlbum('t1', 'a1'),
        onAlbum('t2', 'a1'),
        track('t3', { album: undefined }),
        onAlbum('t4', 'a2', []),
        onAlbum('t5', 'a3', [{ url: 'https://img.example.test/odd.jpg', width: 0, height: 0 }]),
        onAlbum('t6', 'a4'),
        onAlbum('t7', 'a5'),
        onAlbum('t8', 'a6'),
      ]),
    });
    const images = value(await art.handlers.stationArt('g1'));
    expect(images.map((i) => i.url)).toEqual(
      [
        'https://img.example.test/160.jpg',
        'https://img.example.test/odd.jpg',
        'https://img.example.test/160.jpg',
        'https://img.example.test/160.jpg',
      ].map(artworkPath),
    );
  });

  it('no art is an empty list, not a failure', async () => {
    const { art } = setup({ '/genre-stations/g1': station('g1', [track('t1', { album: undefined }), onAlbum('t2', 'a2', [])]) });
    expect(value(await art.handlers.stationArt('g1'))).toEqual([]);
    const empty = setup({ '/genre-stations/g2': station('g2', []) });
    expect(value(await empty.art.handlers.stationArt('g2'))).toEqual([]);
  });

  it('asks once per station and territory, in memory and across a restart', async () => {
    const { art, service, store, territory } = setup({ '/genre-stations/g1': station('g1') });
    const [a, b] = await Promise.all([art.handlers.stationArt('g1'), art.handlers.stationArt('g1')]);
    expect(value(a)).toEqual(value(b));
    value(await art.handlers.stationArt('g1'));
    expect(service.requests).toHaveLength(1);
    territory.value = 'JP';
    value(await art.handlers.stationArt('g1'));
    expect(service.paths()).toEqual(['/genre-stations/g1?territory=TW', '/genre-stations/g1?territory=TW']);
    art.flush();

    const warm = setup({ '/genre-stations/g1': station('g1') }, { store });
    expect(value(await warm.art.handlers.stationArt('g1'))).toEqual(value(a));
    warm.territory.value = 'JP';
    value(await warm.art.handlers.stationArt('g1'));
    expect(warm.service.requests).toEqual([]);
  });

  it('asks for at most a few stations at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const routes: Record<string, Route> = {};
    for (let i = 0; i < 12; i += 1) {
      routes[`/genre-stations/g${i}`] = async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return station(`g${i}`);
      };
    }
    const { art, service } = setup(routes, { concurrency: 3 });
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => art.handlers.stationArt(`g${i}`)));
    expect(all.every((r) => r.ok)).toBe(true);
    expect(service.requests).toHaveLength(12);
    expect(most).toBe(3);
  });

  it('keeps a bounded number of stations, the oldest going first', async () => {
    const routes = Object.fromEntries(['g1', 'g2', 'g3'].map((id) => [`/genre-stations/${id}`, station(id)]));
    const { art, service, store } = setup(routes, { maxEntries: 2 });
    for (const id of ['g1', 'g2', 'g3']) value(await art.handlers.stationArt(id));
    art.flush();
    expect(JSON.stringify(store.get('stationArt'))).not.toContain('"g1"');
    value(await art.handlers.stationArt('g1'));
    expect(service.requests).toHaveLength(4);
  });

  it('asks again for art a month old', async () => {
    const { art, service, clock } = setup({ '/genre-stations/g1': station('g1') });
    value(await art.handlers.stationArt('g1'));
    clock.advance(31 * 24 * 3_600_000);
    value(await art.handlers.stationArt('g1'));
    expect(service.requests).toHaveLength(2);
  });

  it('a station the territory does not have reads "Not available in"; a failure is not kept', async () => {
    let up = false;
    const { art, service } = setup({
      '/genre-stations/g1': () => (up ? station('g1') : Promise.reject(new TypeError('fetch failed'))),
    });
    expect(failed(await art.handlers.stationArt('gone'))).toMatchObject({ kind: 'territory', messageKey: 'notAvailableIn' });
    expect(failed(await art.handlers.stationArt('g1')).kind).toBe('network');
    up = true;
    expect(value(await art.handlers.stationArt('g1'))).toHaveLength(4);
    expect(service.requests).toHaveLength(3);
  });

  it('ignores what it cannot read in the store, and refuses a station id that is not one', async () => {
    const store = new MemoryStore();
    store.set('stationArt', { version: 1, entries: [{ territory: 'XX', stationId: 'g1', images: 'none', fetchedAt: 0 }, 'junk'] });
    const { art, service } = setup({ '/genre-stations/g1': station('g1') }, { store });
    expect(value(await art.handlers.stationArt('g1'))).toHaveLength(4);
    expect(failed(await art.handlers.stationArt('')).messageKey).toBe('badRequest');
    expect(service.requests).toHaveLength(1);
  });
});
