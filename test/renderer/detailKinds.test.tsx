// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { albumOf, makeTiles, rowTiles } from '../../renderer/dev/fakeData';
import { FALLBACK_COLUMNS } from '../../renderer/src/components/TileGrid';
import type { DetailRef } from '../../shared/bridge';
import { expectFocus, press, renderApp, sizeTrackLists, tileKey } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

const open = (ref: DetailRef, title = ref.id) => [{ name: 'detail' as const, ref, title }];

/** A press in a track list, then (once the list has scrolled to focus, in the next frame) the scroll event jsdom does not fire. */
async function scrolledPress(intent: 'up' | 'down'): Promise<void> {
  await press(intent);
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  const list = document.querySelector('.track-list');
  if (list !== null) fireEvent.scroll(list);
}

describe('album', () => {
  it('shows its artwork, artist, explicit mark, release date and tracks without an album column', async () => {
    const album = albumOf(0, 'SG');
    renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open({ kind: 'album', id: album.id }) });
    expect(await screen.findByRole('heading', { level: 1, name: album.name })).toBeTruthy();
    expect(screen.getByText('Album')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Go to ${album.artist}` })).toBeTruthy();
    // album-0 came out on a known day, and is explicit.
    const meta = document.querySelector('.detail-hero .detail-meta');
    expect(meta?.textContent).toMatch(/^E2025 · \w+ \d+, 2025|^E\w+ \d+, 2025 · \d+ tracks$/);
    expect(meta?.querySelector('abbr.explicit')?.getAttribute('title')).toBe('Explicit');
    await expectFocus('track:0');
    expect(document.querySelector('.track-head .track-album')).toBeNull();
    expect(document.querySelectorAll('.track-list .track-album')).toHaveLength(0);
  });

  it('says only the month and year, or the year, when that is all the service knows', async () => {
    renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open({ kind: 'album', id: 'album-1' }) });
    expect(await screen.findByText(/^[A-Z][a-z]+ 2024 · \d+ tracks$/)).toBeTruthy();
    cleanup();
    renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open({ kind: 'album', id: 'album-2' }) });
    expect(await screen.findByText(/^2023 · \d+ tracks$/)).toBeTruthy();
    cleanup();
    renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open({ kind: 'album', id: 'album-3' }) });
    expect(await screen.findByText(/^\d+ tracks$/)).toBeTruthy();
  });

  it('with no tracks says so, with focus on its artist', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'album', id: 'album-29' }) });
    expect(await screen.findByText('This album has no tracks here.')).toBeTruthy();
    await expectFocus('album-artist');
  });

  it('its artist button opens the artist', async () => {
    const album = albumOf(4, 'TW');
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'album', id: album.id }) });
    await expectFocus('track:0');
    await act(async () => setFocus('album-artist'));
    await press('select');
    expect(await screen.findByRole('heading', { level: 1, name: album.artist })).toBeTruthy();
    expect(fake.callsOf('getDetail').map((c) => c.args[0])).toContainEqual({ kind: 'artist', id: album.artistId });
  });
});

describe('artist', () => {
  it('shows a row of albums, paged as focus moves along it, over the top tracks', async () => {
    const ref: DetailRef = { kind: 'artist', id: 'artist-1' };
    const { fake } = renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open(ref) });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Night Owls' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top tracks' })).toBeTruthy();
    const albums = screen.getByRole('region', { name: 'Albums' });
    const all = makeTiles(ref, 'SG', 0, 500).tiles;
    // Focus starts on the first album; the artist came with 6, so the rest are asked for at once.
    await expectFocus(tileKey('artist-albums', all[0]?.key));
    await waitFor(() => expect(fake.callsOf('getTiles').map((c) => c.args.slice(1))).toEqual([[6, 50]]));
    await waitFor(() => expect(within(albums).getAllByRole('button').length).toBeGreaterThan(6));
    for (let i = 0; i < 8; i++) await press('right');
    await expectFocus(tileKey('artist-albums', all[8]?.key));
    // Down to the top tracks and through them; up from the first comes back to the album left.
    await press('down');
    await expectFocus('track:0');
    for (let i = 0; i < 39; i++) await scrolledPress('down');
    await expectFocus('track:39');
    for (let i = 0; i < 39; i++) await scrolledPress('up');
    await expectFocus('track:0');
    await press('up');
    await expectFocus(tileKey('artist-albums', all[8]?.key));
    // Left goes to the picture's button, right comes back.
    for (let i = 0; i < 8; i++) await press('left');
    await expectFocus(tileKey('artist-albums', all[0]?.key));
    await press('left');
    await expectFocus('detail-phone');
    await press('right');
    await expectFocus(tileKey('artist-albums', all[0]?.key));
  });
});

describe('new-release category', () => {
  it('is a grid the remote moves through by line and column, paging as focus goes down', async () => {
    const ref: DetailRef = { kind: 'new-release-category', id: 'nr-0' };
    const { fake } = renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open(ref) });
    const all = makeTiles(ref, 'SG', 0, 500).tiles;
    expect(await screen.findByRole('heading', { level: 1, name: 'New Mandarin albums' })).toBeTruthy();
    expect(screen.getByText(`${all.length} albums`)).toBeTruthy();
    const at = (i: number) => tileKey('album-grid', all[i]?.key);
    await expectFocus(at(0));
    await press('right');
    await expectFocus(at(1));
    expect(fake.callsOf('getTiles')).toHaveLength(0);
    // The grid came with 24 albums: three lines before their end, the next page is asked for.
    await press('down');
    await waitFor(() => expect(fake.callsOf('getTiles').map((c) => c.args.slice(1))).toEqual([[24, 50]]));
    await expectFocus(at(1 + FALLBACK_COLUMNS));
    await press('left');
    await press('left');
    // Off the start of a line focus leaves the grid; it does not wrap to the line above.
    await expectFocus(at(FALLBACK_COLUMNS));
    await press('up');
    await expectFocus(at(0));
    // Down the first column to the last line, drawn as the later page arrived; the last tile is right of it.
    const lastLine = Math.floor((all.length - 1) / FALLBACK_COLUMNS) * FALLBACK_COLUMNS;
    for (let i = 0; i < lastLine / FALLBACK_COLUMNS + 1; i++) await press('down');
    await expectFocus(at(lastLine));
    for (let i = lastLine; i < all.length; i++) await press('right');
    await expectFocus(at(all.length - 1));
    expect(fake.callsOf('getTiles')).toHaveLength(1);
  });
});

describe('children category', () => {
  it('shows a row of playlists per subcategory, and Back comes back to the playlist opened', async () => {
    const ref: DetailRef = { kind: 'kids-category', id: 'kids-1' };
    const { fake } = renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open(ref, 'Nursery rhymes') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nursery rhymes' })).toBeTruthy();
    for (const name of ['Sing and dance', 'Lullabies', 'Learning songs']) expect(screen.getByRole('region', { name })).toBeTruthy();
    const second = makeTiles({ kind: 'kids-category', id: 'kids-1-1' }, 'SG', 0, 20).tiles;
    await press('down');
    await press('right');
    const key = tileKey('kids-kids-1-1', second[1]?.key);
    await expectFocus(key);
    await press('select');
    await waitFor(() => expect(fake.callsOf('getDetail').at(-1)?.args[0]).toEqual(second[1]?.ref));
    await press('back');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nursery rhymes' })).toBeTruthy();
    await expectFocus(key);
  });

  it('without subcategories says there is nothing in it, with a way back', async () => {
    renderApp({ scenario: 'home', language: 'en', territory: 'SG', screens: open({ kind: 'kids-category', id: 'kids-3' }, 'Learning time') });
    expect(await screen.findByText('No playlists in this category yet.')).toBeTruthy();
    await expectFocus('detail-empty-back');
    await press('select');
    expect(await screen.findByRole('region', { name: 'Charts' })).toBeTruthy();
  });
});

describe('more like this', () => {
  it('shows the recommendations under their seed; with no buttons beside the list, left keeps focus in it', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'recommended', id: 'chart-0-t1-1' }, 'Seed') });
    expect(await screen.findByText('30 similar tracks')).toBeTruthy();
    await expectFocus('track:0');
    await press('left');
    await expectFocus('track:0');
    await press('down');
    await expectFocus('track:1');
  });

  it('for a track that cannot seed recommendations says so plainly, not as an error', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'recommended', id: 'chart-0-t4-1' }, 'Seed') });
    expect(await screen.findAllByText('No recommendations for this track')).not.toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('More like this')).toBeTruthy();
  });
});

describe('a detail that cannot be shown', () => {
  it('in another territory reads "Not available in Japan", with Back and no Try again', async () => {
    renderApp({ scenario: 'home', language: 'en', territory: 'JP', screens: open({ kind: 'album', id: 'album-7' }, 'Tokyo') });
    expect(await screen.findByText('Not available in Japan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expectFocus('detail-back');
  });

  it('in Japanese, names the territory in Japanese', async () => {
    renderApp({ scenario: 'home', language: 'ja', territory: 'JP', screens: open({ kind: 'album', id: 'album-7' }, 'Tokyo') });
    expect(await screen.findByText('日本では利用できません')).toBeTruthy();
  });

  it('that the service does not know says so, with Back', async () => {
    renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'album', id: 'missing-1' }, 'Gone') });
    expect(await screen.findByText('The music service does not know this item.')).toBeTruthy();
    await expectFocus('detail-back');
  });

  it('that failed to load offers Try again, which loads it', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'album', id: 'album-4' }) });
    fake.fail('getDetail');
    await screen.findByText(/cannot reach the music service/);
    await expectFocus('detail-retry');
    await press('select');
    expect(await screen.findByRole('heading', { level: 1, name: albumOf(4, 'TW').name })).toBeTruthy();
  });
});

describe('switching territory', () => {
  it('reloads the detail on screen, which then reads "Not available in Japan" when it is not there', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: open({ kind: 'album', id: 'album-7' }) });
    expect(await screen.findByRole('heading', { level: 1, name: albumOf(7, 'TW').name })).toBeTruthy();
    await act(async () => void (await fake.bridge.setTerritory('JP')));
    expect(await screen.findByText('Not available in Japan')).toBeTruthy();
    expect(fake.callsOf('getDetail')).toHaveLength(2);
    await act(async () => void (await fake.bridge.setTerritory('TW')));
    expect(await screen.findByRole('heading', { level: 1, name: albumOf(7, 'TW').name })).toBeTruthy();
  });

  it('reloads a chart in the new territory', async () => {
    const chart = rowTiles('charts', 'TW')[2];
    if (chart?.ref === undefined) throw new Error('fake chart');
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: open(chart.ref, chart.title) });
    await expectFocus('track:0');
    const before = document.querySelector('[data-focus-key="track:0"] .track-name')?.textContent;
    await act(async () => void (await fake.bridge.setTerritory('JP')));
    await waitFor(() => expect(fake.callsOf('getDetail')).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:0"] .track-name')?.textContent).not.toBe(before));
    expect(document.querySelector('[data-focus-key="track:0"] .track-name')?.textContent).toMatch(/と/);
    await expectFocus('track:0');
  });
});
