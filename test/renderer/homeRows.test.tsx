// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowTiles } from '../../renderer/dev/fakeData';
import { expectFocus, press, renderApp, sizeTrackLists, tileKey } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

const asked = (fake: ReturnType<typeof renderApp>['fake']): unknown[] => fake.callsOf('loadRow').map((c) => c.args[0]);

describe('Home rows load as focus comes near them', () => {
  it('asks only for the rows of the first screen, then for the next ones as focus moves down', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'TW')[0]?.key));
    // The first screen, and three rows below the focused one.
    await waitFor(() => expect(asked(fake)).toEqual(['favorites', 'charts', 'new-hits', 'mood-stations']));
    // Rows further down are on the page, waiting, without having been asked for.
    const kids = screen.getByRole('region', { name: 'Kids' });
    expect(kids.querySelector('.row-track')?.getAttribute('aria-busy')).toBe('false');
    expect(kids.querySelectorAll('.tile-skeleton').length).toBeGreaterThan(0);

    await press('down');
    await expectFocus(tileKey('charts', rowTiles('charts', 'TW')[0]?.key));
    await waitFor(() => expect(asked(fake)).toContain('genre-stations'));
    expect(asked(fake)).not.toContain('new-releases');
    expect(asked(fake)).not.toContain('shared-playlists');

    // Each press down keeps two rows ready below focus; the last row is asked for only when focus gets near it.
    for (let i = 0; i < 12 && !asked(fake).includes('shared-playlists'); i++) await press('down');
    expect(asked(fake)).toContain('shared-playlists');
    // Every row was asked for once.
    expect(new Set(asked(fake)).size).toBe(asked(fake).length);
  });

  it('hides a row that came back empty, and the next row takes its place', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', emptyRows: ['favorites'] });
    await expectFocus(tileKey('charts', rowTiles('charts', 'TW')[0]?.key));
    expect(screen.queryByRole('region', { name: 'Your favorites' })).toBeNull();
    // The empty row did not count: three rows are kept below the focused one all the same.
    await waitFor(() => expect(asked(fake)).toEqual(['favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations']));
    await press('up');
    await expectFocus('home-settings');
  });

  it('shows a failed row in place with Try again, and the rows around it as usual', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    fake.failRow('new-hits', { kind: 'server', message: 'The music service is having trouble.', retryable: true });
    const row = await screen.findByRole('region', { name: 'New hits' });
    expect(await within(row).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('having trouble'));
    expect(within(row).getByRole('button', { name: 'Try again' })).toBeTruthy();
    await press('down');
    await press('down');
    await expectFocus('retry:new-hits');
    await press('select');
    expect(await within(row).findByRole('button', { name: new RegExp(`^${rowTiles('new-hits', 'TW')[0]?.title}`) })).toBeTruthy();
  });

  it('a territory change reloads the rows on screen, in the new territory', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'TW')[0]?.key));
    const before = fake.callsOf('loadRow').length;
    await act(async () => void (await fake.bridge.setTerritory('JP')));
    const charts = await screen.findByRole('region', { name: 'Charts' });
    expect(await within(charts).findByRole('button', { name: new RegExp(`^${rowTiles('charts', 'JP')[0]?.title ?? ''}, Updated `) })).toBeTruthy();
    expect(fake.callsOf('loadRow').slice(before).map((c) => c.args[0])).toEqual(expect.arrayContaining(['favorites', 'charts', 'new-hits']));
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'JP')[0]?.key));
  });
});

describe('Home favourites', () => {
  it('OK on a favourite opens its track panel, not a page', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const first = rowTiles('favorites', 'TW')[0];
    await expectFocus(tileKey('favorites', first?.key));
    await press('select');
    expect(await screen.findByRole('dialog', { name: first?.title })).toBeTruthy();
    await expectFocus('panel-phone');
    expect(fake.callsOf('getDetail')).toHaveLength(0);
    await waitFor(() => expect(fake.callsOf('favoriteState').map((c) => c.args[0])).toEqual([first?.track?.id]));
    expect(await screen.findByRole('button', { name: 'In favorites' })).toBeTruthy();
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus(tileKey('favorites', first?.key));
  });

  it('a track added from a chart shows first in the favourites row, without a restart', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const chart = rowTiles('charts', 'TW')[1];
    await expectFocus(tileKey('favorites', rowTiles('favorites', 'TW')[0]?.key));
    await act(async () => setFocus(tileKey('charts', chart?.key)));
    await press('select');
    await expectFocus('track:0');
    const name = document.querySelector('[data-focus-key="track:0"] .track-name')?.firstChild?.textContent ?? '';
    await press('select');
    await screen.findByRole('dialog', { name });
    for (let i = 0; i < 5; i++) await press('down');
    await expectFocus('panel-favorite');
    await press('select');
    expect(await screen.findByText('Added to your favorites.')).toBeTruthy();
    expect(fake.callsOf('addFavorite')).toHaveLength(1);

    await press('back');
    await press('back');
    const favorites = await screen.findByRole('region', { name: 'Your favorites' });
    await waitFor(() => expect(favorites.querySelector('.tile .tile-title')?.textContent).toBe(name));
  });
});

describe('after approval', () => {
  it('asks only for rows near the top (an empty favourites row does not count), and shows Home on the first row shown', async () => {
    const { fake } = renderApp({ scenario: 'pairing', language: 'en', emptyRows: ['favorites'] });
    expect(await screen.findByTestId('user-code')).toBeTruthy();
    const member = { name: 'Lin Yutong', images: [], territory: 'TW' as const };
    act(() => fake.setState({ auth: { status: 'signed-in', mode: 'member', member } }));
    expect(await screen.findByText(/Approved/)).toBeTruthy();
    await expectFocus(tileKey('charts', rowTiles('charts', 'TW')[0]?.key));
    await waitFor(() => expect(asked(fake)).toEqual(['favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations']));
    expect(screen.queryByRole('region', { name: 'Your favorites' })).toBeNull();
    expect(asked(fake)).not.toContain('new-releases');
  });
});

describe('switching language', () => {
  it('says the rows in the new language at once, the grouped ones too', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await screen.findByRole('region', { name: 'Your favorites' });
    await act(async () => fake.bridge.setLanguage('ja'));
    expect(await screen.findByRole('region', { name: 'お気に入り' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'チャート' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'キッズ' })).toBeTruthy();
    // Focus down to the genre stations: their category rows are titled in Japanese too.
    for (let i = 0; i < 3; i++) await press('down');
    expect(await screen.findByRole('region', { name: 'ジャンルステーション · 流行' })).toBeTruthy();
  });
});
