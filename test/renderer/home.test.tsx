// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memberFor, rowTiles } from '../../renderer/dev/fakeData';
import { expectFocus, press, renderApp, SCREEN_FOCUS, tileNamed } from './helpers';

afterEach(() => cleanup());

function row(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** A chart tile as a screen reader names it: its title, then when it was updated. */
function chartLabel(title: string | undefined): RegExp {
  return new RegExp(`^${title ?? ''}, Updated `);
}

describe('home rows', () => {
  it('shows skeletons while a row loads, then its tiles, and puts focus on the first tile', async () => {
    const { fake, container } = renderApp({ scenario: 'home', language: 'en' });
    const held = fake.holdRows();
    const favorites = await screen.findByRole('region', { name: 'Your favorites' });
    await waitFor(() => expect(favorites.querySelectorAll('.tile-skeleton').length).toBeGreaterThan(0));
    expect(within(favorites).queryAllByRole('button')).toHaveLength(0);

    await act(async () => held.release());
    const first = rowTiles('favorites', 'TW')[0];
    await expectFocus(`tile:favorites:${first?.key}`);
    expect(within(favorites).getAllByRole('button')).toHaveLength(12);
    expect(container.querySelector('.tile.is-focused')?.textContent).toContain(first?.title);
  });

  it('puts first focus on the top row even when a lower row answers first', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const favorites = fake.holdRow('favorites');
    const charts = await screen.findByRole('region', { name: 'Charts' });
    await within(charts).findByRole('button', { name: chartLabel(rowTiles('charts', 'TW')[0]?.title) });
    await act(async () => favorites.release());
    await expectFocus(`tile:favorites:${rowTiles('favorites', 'TW')[0]?.key}`);
  });

  it('moves along a row and between rows by order, remembering each row\'s tile, with no layout to measure', async () => {
    // jsdom lays nothing out: every box is 0×0, so only navigation by order can get these right.
    renderApp({ scenario: 'home', language: 'en' });
    const favorites = rowTiles('favorites', 'TW');
    const charts = rowTiles('charts', 'TW');
    await expectFocus(`tile:favorites:${favorites[0]?.key}`);
    await press('right');
    await expectFocus(`tile:favorites:${favorites[1]?.key}`);
    await press('down');
    await expectFocus(`tile:charts:${charts[0]?.key}`);
    // The row holding focus is marked (its title lit), and only that row.
    await waitFor(() => expect(document.querySelector('section.row.has-focus')?.getAttribute('data-row')).toBe('charts'));
    expect(document.querySelectorAll('section.row.has-focus')).toHaveLength(1);
    await press('right');
    await press('right');
    await expectFocus(`tile:charts:${charts[2]?.key}`);
    await press('up');
    await expectFocus(`tile:favorites:${favorites[1]?.key}`);
    await press('up');
    await expectFocus('home-settings');
    await press('down');
    await expectFocus(`tile:favorites:${favorites[1]?.key}`);
    await press('left');
    await press('left');
    await expectFocus(`tile:favorites:${favorites[0]?.key}`);
  });

  it('down onto a row still loading focuses the row, then its first tile once it arrives', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const held = fake.holdRow('charts');
    await expectFocus(`tile:favorites:${rowTiles('favorites', 'TW')[0]?.key}`);
    await press('down');
    await expectFocus('row:charts');
    const charts = screen.getByRole('region', { name: 'Charts' });
    expect(charts.querySelector('.row-track')?.getAttribute('data-focused')).toBe('row');
    expect(charts.classList.contains('has-focus')).toBe(true);
    await act(async () => held.release());
    await expectFocus(`tile:charts:${rowTiles('charts', 'TW')[0]?.key}`);
    expect(charts.querySelector('.row-track')?.getAttribute('data-focused')).toBeNull();
    // The row's focus mark, set by the navigation, survived the row being drawn again with its tiles.
    expect(charts.classList.contains('has-focus')).toBe(true);
  });

  it('groups genre stations into one row per category', async () => {
    renderApp({ scenario: 'home', language: 'en' });
    await expectFocus(`tile:favorites:${rowTiles('favorites', 'TW')[0]?.key}`);
    // Genre stations are further down than the first screen: they load as focus comes near.
    for (let i = 0; i < 3; i++) await press('down');
    expect(await screen.findByRole('region', { name: 'Genre stations · 流行' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Genre stations · 搖滾' })).toBeTruthy();
  });

  it('guests get the catalog rows only, in order', async () => {
    renderApp({ scenario: 'guest', language: 'en' });
    await screen.findByRole('region', { name: 'Charts' });
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names.slice(0, 3)).toEqual(['Charts', 'New hits', 'Mood stations']);
    expect(names).not.toContain('Your favorites');
    expect(names).not.toContain('Your playlists');
    expect(names).not.toContain('Your albums');
    expect(names).not.toContain('Playlists you shared');
    await expectFocus(`tile:charts:${rowTiles('charts', 'TW')[0]?.key}`);
  });

  it('shows a row error with a focusable retry that loads the row again', async () => {
    const { fake } = renderApp({ scenario: 'row-error', language: 'en' });
    const charts = await screen.findByRole('region', { name: 'Charts' });
    await within(charts).findByRole('button', { name: 'Try again' });
    expect(within(charts).getByRole('alert').textContent).toContain('cannot reach the music service');
    await act(async () => setFocus('retry:charts'));
    await expectFocus('retry:charts');
    const before = fake.callsOf('loadRow').filter((c) => c.args[0] === 'charts').length;
    await press('select');
    await waitFor(() =>
      expect(fake.callsOf('loadRow').filter((c) => c.args[0] === 'charts').length).toBe(before + 1),
    );
    expect(await within(row('Charts')).findByRole('button', { name: chartLabel(rowTiles('charts', 'TW')[0]?.title) })).toBeTruthy();
    // The retry button went away with the error; focus did not go with it.
    await waitFor(() => expect(document.querySelector('.is-focused')).not.toBeNull());
  });

  it('keeps focus on the same tile when a fresh copy of its row arrives', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const tiles = rowTiles('charts', 'TW');
    const third = `tile:charts:${tiles[2]?.key}`;
    await within(await screen.findByRole('region', { name: 'Charts' })).findByRole('button', { name: chartLabel(tiles[2]?.title) });
    await act(async () => setFocus(third));
    await expectFocus(third);
    await act(async () => {
      fake.emit({ type: 'row', row: { id: 'charts', tiles: tiles.map((t) => ({ ...t, title: `${t.title}!` })), fetchedAt: Date.now() + 1000, fromCache: false } });
    });
    expect(await screen.findByRole('button', { name: chartLabel(`${tiles[2]?.title}!`) })).toBeTruthy();
    await expectFocus(third);
  });
});

describe('signing out and pairing again', () => {
  it('puts focus on the first tile of Home, not on the settings gear that led to signing out', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const first = `tile:favorites:${rowTiles('favorites', 'TW')[0]?.key}`;
    await expectFocus(first);
    await press('up');
    await expectFocus('home-settings');
    await press('select');
    await screen.findByRole('heading', { name: 'Settings' });
    await expectFocus(SCREEN_FOCUS.settings);
    await act(async () => setFocus('settings-sign-out'));
    await press('select');
    await act(async () => setFocus('sign-out-confirm'));
    await press('select');
    expect(await screen.findByTestId('user-code')).toBeTruthy();
    expect(fake.callsOf('signOut')).toHaveLength(1);

    act(() => fake.setState({ auth: { status: 'signed-in', mode: 'member', member: memberFor('TW') } }));
    await waitFor(() => expect(screen.queryByTestId('user-code')).toBeNull(), { timeout: 5000 });
    await expectFocus(first);
  });
});

describe('chart tiles', () => {
  it.each([
    // The day alone within this year; with the year on the first days of a new one, for yesterday's chart.
    ['en', /^Updated [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/],
    ['zh-Hant', /^更新於 (\d{4}年)?\d{1,2}月\d{1,2}日$/],
    ['ja', /^(\d{1,2}月\d{1,2}日|\d{4}\/\d{1,2}\/\d{1,2}) 更新$/],
  ] as const)('say when each chart was updated under its name, not the name again (%s)', async (language, updated) => {
    renderApp({ scenario: 'home', language });
    const titles = rowTiles('charts', 'TW').map((tile) => tile.title);
    const charts = await screen.findByRole('region', { name: { en: 'Charts', 'zh-Hant': '排行榜', ja: 'チャート' }[language] });
    await waitFor(() => expect(charts.querySelectorAll('.tile')).toHaveLength(titles.length));
    const captions = Array.from(charts.querySelectorAll('.tile'), (tile) => ({
      title: tile.querySelector('.tile-title')?.textContent,
      subtitle: tile.querySelector('.tile-subtitle')?.textContent ?? '',
    }));
    expect(captions.map((c) => c.title)).toEqual(titles);
    for (const caption of captions) expect(caption.subtitle).toMatch(updated);
  });
});

describe('back', () => {
  it('from a detail returns to Home with focus on the tile that was opened', async () => {
    const { fake } = renderApp({ scenario: 'guest', language: 'en' });
    const tiles = rowTiles('mood-stations', 'TW');
    const key = `tile:mood-stations:${tiles[3]?.key}`;
    await within(await screen.findByRole('region', { name: 'Mood stations' })).findByRole('button', { name: tileNamed(tiles[3]?.title ?? '') });
    await act(async () => setFocus(key));
    await expectFocus(key);
    await press('select');
    expect(await screen.findByRole('heading', { level: 1, name: tiles[3]?.title })).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('getDetail')).toHaveLength(1));
    expect(await screen.findByText('Listed in a new random order each time you open it')).toBeTruthy();

    await press('back');
    await screen.findByRole('region', { name: 'Mood stations' });
    await expectFocus(key);
  });

  it('on Home asks before leaving, and Leave quits', async () => {
    const rendered = renderApp({ scenario: 'home', language: 'en' });
    await screen.findByRole('region', { name: 'Charts' });
    await press('back');
    const dialog = await screen.findByRole('dialog', { name: 'Leave Tunewall?' });
    await expectFocus('leave-stay');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(rendered.quits()).toBe(1);
  });

  it('on Home closes the leave dialog when pressed again, with focus back where it was', async () => {
    renderApp({ scenario: 'home', language: 'en' });
    const first = `tile:favorites:${rowTiles('favorites', 'TW')[0]?.key}`;
    await expectFocus(first);
    await press('back');
    await screen.findByRole('dialog');
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus(first);
  });

  it('on Home does nothing in kiosk mode', async () => {
    const rendered = renderApp({ scenario: 'home', language: 'en', kiosk: true });
    await screen.findByRole('region', { name: 'Charts' });
    await press('back');
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rendered.quits()).toBe(0);
  });

  it("from the bridge's own Back event (app-command) leaves Settings", async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'settings' }] });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    await act(async () => fake.emit({ type: 'intent', intent: 'back' }));
    expect(await screen.findByRole('region', { name: 'Charts' })).toBeTruthy();
  });
});

describe('a row that takes focus while loading', () => {
  it('hands focus to the first of its categories when it arrives as several rows', async () => {
    const { fake } = renderApp({ scenario: 'guest', language: 'en' });
    const held = fake.holdRow('genre-stations');
    await expectFocus(`tile:charts:${rowTiles('charts', 'TW')[0]?.key}`);
    await press('down');
    await press('down');
    await expectFocus(`tile:mood-stations:${rowTiles('mood-stations', 'TW')[0]?.key}`);
    await press('down');
    await expectFocus('row:genre-stations');
    await act(async () => held.release());
    const first = rowTiles('genre-stations', 'TW')[0];
    await expectFocus(`tile:genre-stations:${first?.group ?? ''}:${first?.key}`);
  });

  it('hands focus to the row below when it comes back empty', async () => {
    const { fake } = renderApp({ scenario: 'guest', language: 'en', emptyRows: ['new-hits'] });
    const held = fake.holdRow('new-hits');
    await expectFocus(`tile:charts:${rowTiles('charts', 'TW')[0]?.key}`);
    await press('down');
    await expectFocus('row:new-hits');
    await act(async () => held.release());
    await expectFocus(`tile:mood-stations:${rowTiles('mood-stations', 'TW')[0]?.key}`);
    expect(screen.queryByRole('region', { name: 'New hits' })).toBeNull();
  });
});
