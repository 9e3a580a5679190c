// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTiles, rowTiles } from '../../renderer/dev/fakeData';
import { expectFocus, press, renderApp, sizeTrackLists, tileKey } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const cell = (index: number, column: string): string =>
  document.querySelector(`[data-focus-key="track:${index}"] .${column}`)?.firstChild?.textContent ?? '';

describe('Back, however deep', () => {
  it('Home → chart → album → artist → album, then Back four times, lands each time on what was chosen', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const chart = rowTiles('charts', 'TW')[1];
    const chartKey = tileKey('charts', chart?.key);
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'TW')[0]?.key));
    await act(async () => setFocus(chartKey));
    await press('select');
    expect(await heading(chart?.title ?? '')).toBeTruthy();

    // The sixth track, through its panel, to its album.
    await expectFocus('track:0');
    for (let i = 0; i < 5; i++) await press('down');
    await expectFocus('track:5');
    const album = cell(5, 'track-album');
    const artist = cell(5, 'track-artist');
    await press('select');
    await expectFocus('panel-phone');
    await press('down');
    await press('down');
    await expectFocus('panel-album');
    await press('select');
    expect(await heading(album)).toBeTruthy();

    // The album's artist.
    await expectFocus('track:0');
    await act(async () => setFocus('album-artist'));
    await press('select');
    expect(await heading(artist)).toBeTruthy();

    // The artist's third album.
    const artistRef = fake.callsOf('getDetail').at(-1)?.args[0];
    if (typeof artistRef !== 'object' || artistRef === null || !('id' in artistRef) || typeof artistRef.id !== 'string') throw new Error('artist ref');
    const third = makeTiles({ kind: 'artist', id: artistRef.id }, 'TW', 0, 6).tiles[2];
    const thirdKey = tileKey('artist-albums', third?.key);
    await expectFocus(tileKey('artist-albums', makeTiles({ kind: 'artist', id: artistRef.id }, 'TW', 0, 6).tiles[0]?.key));
    await act(async () => setFocus(thirdKey));
    await press('select');
    expect(await heading(third?.title ?? '')).toBeTruthy();
    const fetched = fake.callsOf('getDetail').length;

    await press('back');
    expect(await heading(artist)).toBeTruthy();
    await expectFocus(thirdKey);
    await press('back');
    expect(await heading(album)).toBeTruthy();
    await expectFocus('album-artist');
    await press('back');
    expect(await heading(chart?.title ?? '')).toBeTruthy();
    await expectFocus('track:5');
    expect(screen.queryByRole('dialog')).toBeNull();
    await press('back');
    expect(await screen.findByRole('region', { name: 'Charts' })).toBeTruthy();
    await expectFocus(chartKey);
    // Coming back showed what was there: nothing was fetched again.
    expect(fake.callsOf('getDetail')).toHaveLength(fetched);
  });

  it('a station comes back in the order it was left, with focus on the same track far down', async () => {
    const station = rowTiles('mood-stations', 'TW')[0];
    if (station?.ref === undefined) throw new Error('fake station');
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: station.ref, title: station.title }] });
    await expectFocus('track:0');
    for (let i = 0; i < 12; i++) await press('down');
    await expectFocus('track:12');
    const name = cell(12, 'track-name');
    await press('select');
    await press('down');
    await press('down');
    await expectFocus('panel-album');
    await press('select');
    await screen.findByText('Album');
    await press('back');
    await expectFocus('track:12');
    expect(cell(12, 'track-name')).toBe(name);
    expect(fake.callsOf('getDetail').filter((c) => JSON.stringify(c.args[0]) === JSON.stringify(station.ref))).toHaveLength(1);
  });
});
