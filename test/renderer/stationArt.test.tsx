// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowTiles } from '../../renderer/dev/fakeData';
import { expectFocus, press, renderApp, tileKey, tileNamed } from './helpers';

afterEach(() => cleanup());

const stations = rowTiles('genre-stations', 'SG');

async function genreRows() {
  const rendered = renderApp({ scenario: 'guest', language: 'en', territory: 'SG' });
  await expectFocus(tileKey('charts', rowTiles('charts', 'SG')[0]?.key));
  // Genre stations are the fourth row: they load once focus comes near them.
  await press('down');
  const pop = await screen.findByRole('region', { name: 'Genre stations · Pop' });
  return { ...rendered, pop };
}

const artOf = (title: string): HTMLElement | null => screen.getByRole('button', { name: tileNamed(title) }).querySelector<HTMLElement>('.station-art');

describe('genre station tiles', () => {
  it('show a 2×2 mosaic of the album art of the station, asked for once the tile is near', async () => {
    const { fake, pop } = await genreRows();
    const first = stations[0];
    if (first?.ref === undefined) throw new Error('fake station');
    await waitFor(() => expect(artOf(first.title)?.dataset['art']).toBe('mosaic'));
    const mosaic = within(pop).getByRole('button', { name: tileNamed(first.title) }).querySelector('.art-mosaic');
    expect(mosaic?.getAttribute('aria-label')).toBe(first.title);
    expect(mosaic?.querySelector('.art-initial')).toBeNull();
    expect(fake.callsOf('stationArt').map((c) => c.args[0])).toContain(first.ref.id);
  });

  it('keep the letter placeholder for a station with no art', async () => {
    await genreRows();
    // The third station of each category has none in the fake catalog.
    const bare = stations.find((s) => s.ref?.id.endsWith('-2'));
    if (bare === undefined) throw new Error('fake station without art');
    await waitFor(() => expect(artOf(bare.title)?.dataset['art']).toBe('none'));
    expect(artOf(bare.title)?.querySelector('.art-initial')?.getAttribute('data-initial')).toBe(Array.from(bare.title)[0]);
    expect(artOf(bare.title)?.querySelector('img')).toBeNull();
  });

  it('keep the letter while the art is loading, and when it failed (saying why in the log)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fake } = renderApp({ scenario: 'guest', language: 'en', territory: 'SG' });
    fake.fail('stationArt');
    await expectFocus(tileKey('charts', rowTiles('charts', 'SG')[0]?.key));
    await press('down');
    await screen.findByRole('region', { name: 'Genre stations · Pop' });
    await waitFor(() => expect(fake.callsOf('stationArt').length).toBeGreaterThan(0));
    const failed = stations.find((s) => s.ref?.id === fake.callsOf('stationArt')[0]?.args[0]);
    if (failed === undefined) throw new Error('station asked for');
    await waitFor(() => expect(artOf(failed.title)?.dataset['art']).toBe('none'));
    expect(artOf(failed.title)?.querySelector('.art-initial')).not.toBeNull();
    expect(warn).toHaveBeenCalledWith('station art did not load', expect.stringContaining('cannot reach the music service'));
    warn.mockRestore();
  });

  it('are asked for once per station: coming back to Home uses what was fetched', async () => {
    const { fake } = await genreRows();
    const first = stations[0];
    await waitFor(() => expect(artOf(first?.title ?? '')?.dataset['art']).toBe('mosaic'));
    const asked = fake.callsOf('stationArt').length;
    const key = tileKey(`genre-stations:Pop`, first?.key);
    await act(async () => setFocus(key));
    await press('select');
    await screen.findByRole('heading', { level: 1, name: first?.title });
    await press('back');
    await screen.findByRole('region', { name: 'Genre stations · Pop' });
    expect(artOf(first?.title ?? '')?.dataset['art']).toBe('mosaic');
    expect(fake.callsOf('stationArt')).toHaveLength(asked);
  });
});
