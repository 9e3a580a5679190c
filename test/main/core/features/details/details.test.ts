import { describe, expect, it } from 'vitest';
import { createDetails } from '../../../../../main/core/features/details/details';
import type { BridgeHandlers, DetailKind, Result } from '../../../../../shared/bridge';
import { DetailRefSchema } from '../../../../../shared/bridgeArgs';
import { album, paged, playlist, track } from '../../catalog/fixtures';
import { failed, fakeService, recordingNetwork, value, type Route } from '../support';

function setup(routes: Record<string, Route | unknown> = {}) {
  const service = fakeService(routes);
  const network = recordingNetwork();
  const details = createDetails({
    catalog: service.catalog,
    network,
    territory: () => service.territory.value,
    knownTitle: () => undefined,
    hideExplicit: () => false,
  });
  return { details: details.handlers, service, network };
}

describe('details', () => {
  it.each<DetailKind>(DetailRefSchema.shape.kind.options)('a %s the service does not know reads "Not available in" the territory it was asked in', async (kind) => {
    const { details, service } = setup();
    service.territory.value = 'JP';
    const error = failed(await details.getDetail({ kind, id: 'nowhere' }));
    expect(error).toEqual({
      kind: 'territory',
      message: 'Not available in Japan',
      retryable: false,
      messageKey: 'notAvailableIn',
      params: { territory: 'JP' },
    });
  });

  it('an album not offered in the territory reads "Not available in" it', async () => {
    const { details, service } = setup({
      '/albums/al1': album({ available_territories: ['TW', 'HK'] }),
      '/albums/al1/tracks': paged([track('t1', { album: undefined })]),
    });
    service.territory.value = 'HK';
    expect(value(await details.getDetail({ kind: 'album', id: 'al1' })).title).toBe('Night Drive');
    service.territory.value = 'SG';
    expect(failed(await details.getDetail({ kind: 'album', id: 'al1' }))).toMatchObject({
      kind: 'territory',
      message: 'Not available in Singapore',
      params: { territory: 'SG' },
    });
  });

  it.each<[string, (b: Pick<BridgeHandlers, 'getDetail' | 'getTracks' | 'getTiles'>) => Promise<Result<unknown>>]>([
    ['an unknown kind', (b) => b.getDetail({ kind: 'podcast', id: 'x' } as never)],
    ['an empty id', (b) => b.getDetail({ kind: 'album', id: '' })],
    ['a negative offset', (b) => b.getTiles({ kind: 'artist', id: 'x' }, -1, 10)],
    ['a limit over 500', (b) => b.getTiles({ kind: 'artist', id: 'x' }, 0, 501)],
    ['tracks of a children category', (b) => b.getTracks({ kind: 'kids-category', id: 'x' }, 0, 10)],
    ['tracks of a new-release category', (b) => b.getTracks({ kind: 'new-release-category', id: 'x' }, 0, 10)],
    ['tiles of a chart', (b) => b.getTiles({ kind: 'chart', id: 'x' }, 0, 10)],
    ['tiles of an album', (b) => b.getTiles({ kind: 'album', id: 'x' }, 0, 10)],
  ])('refuses %s before asking the service', async (_, call) => {
    const { details, service } = setup();
    expect(failed(await call(details))).toMatchObject({ kind: 'unknown', retryable: false, messageKey: 'badRequest' });
    expect(service.requests).toEqual([]);
  });

  it('pages the tiles of an artist, a new-release category and a children category', async () => {
    const { details, service } = setup({
      '/artists/ar1/albums': paged([album({ id: 'a2' })], { offset: 1, total: 2 }),
      '/new-release-categories/nr1/albums': paged([album({ id: 'a9' })], { offset: 20, total: 21 }),
      '/children-categories/k1/playlists': paged([playlist('p5')], { offset: 100, total: 130 }),
    });
    expect(value(await details.getTiles({ kind: 'artist', id: 'ar1' }, 1, 1))).toMatchObject({ offset: 1, total: 2, tiles: [{ ref: { kind: 'album', id: 'a2' } }] });
    expect(value(await details.getTiles({ kind: 'new-release-category', id: 'nr1' }, 20, 50))).toMatchObject({ offset: 20, total: 21 });
    const kids = value(await details.getTiles({ kind: 'kids-category', id: 'k1' }, 100, 500));
    expect(kids).toMatchObject({ offset: 100, total: 130, tiles: [{ ref: { kind: 'kids-playlist', id: 'p5' } }] });
    expect(service.paths()).toEqual([
      '/artists/ar1/albums?territory=TW&limit=1&offset=1',
      '/new-release-categories/nr1/albums?territory=TW&limit=50&offset=20',
      // The service's own maximum for children-category playlists.
      '/children-categories/k1/playlists?territory=TW&limit=100&offset=100',
    ]);
  });

  it('says there is no service to ask when none is configured', async () => {
    const details = createDetails({ catalog: undefined, network: recordingNetwork(), territory: () => 'TW', knownTitle: () => undefined, hideExplicit: () => false });
    expect(failed(await details.handlers.getDetail({ kind: 'chart', id: 'c1' }))).toMatchObject({ kind: 'config', messageKey: 'noService' });
  });

  it('a failure on the network is told to the network status', async () => {
    const { details, network } = setup({ '/charts/c1': () => Promise.reject(new TypeError('fetch failed')) });
    expect(failed(await details.getDetail({ kind: 'chart', id: 'c1' })).kind).toBe('network');
    expect(network.outcomes).toHaveLength(1);
  });
});
