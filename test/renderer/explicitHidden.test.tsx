// @vitest-environment jsdom
/** Explicit tracks hidden for the one on screen: the "left out" line, how it is said, and a child's Home. */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { favoriteTracks, makeTracks, rowTiles } from '../../renderer/dev/fakeData';
import { onScreenIsChild } from '../../renderer/src/screens/home/rowPlan';
import { GUEST_KEY, type HouseholdView } from '../../shared/bridge';
import { expectFocus, renderApp, sizeTrackLists } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

function chart() {
  const tile = rowTiles('charts', 'TW')[0];
  if (tile?.ref === undefined) throw new Error('fake data has a chart');
  return { ref: tile.ref, title: tile.title };
}

/** How many of the chart's tracks the fake data makes explicit (its tracks are drawn again on each getDetail). */
function explicitInChart(detailCalls: number): number {
  return makeTracks(chart().ref, 'TW', 0, 520, detailCalls).filter((t) => t.explicit).length;
}

/** The track ids of the tiles a favourites row draws. */
const shownIds = (row: HTMLElement): string[] =>
  [...row.querySelectorAll('[data-focus-key^="tile:favorites:"]')].map((tile) => tile.getAttribute('data-focus-key')?.slice('tile:favorites:'.length) ?? '');

const household = (patch: Partial<HouseholdView>): HouseholdView => ({
  members: [],
  guest: { available: true, child: false },
  active: undefined,
  lastChosen: undefined,
  skipChooser: false,
  pinSet: false,
  explicit: 'show',
  adding: undefined,
  ...patch,
});

describe('explicit tracks left out', () => {
  it('a track list says how many, as its description, and the remote never stops on the line', async () => {
    const { ref, title } = chart();
    const hidden = explicitInChart(1);
    expect(hidden).toBeGreaterThan(1);
    renderApp({ scenario: 'home', language: 'en', explicit: 'hide', screens: [{ name: 'detail', ref, title }] });
    const line = await screen.findByText(`${hidden} explicit tracks left out`);
    const list = await screen.findByRole('listbox');
    expect(list.getAttribute('aria-describedby')).toBe(line.id);
    expect(line.id).not.toBe('');
    // Not a focus stop: no tab stop, no focus key, not inside the focusable list.
    expect(line.getAttribute('tabindex')).toBeNull();
    expect(line.closest('[data-focus-key]')).toBeNull();
    expect(list.contains(line)).toBe(false);
    await expectFocus('track:0');
    expect(list.querySelector('abbr.explicit')).toBeNull();
    expect(screen.getByText(`${520 - hidden} tracks`)).toBeTruthy();
  });

  it.each([
    ['zh-Hant', (n: number) => `已略去 ${n} 首含露骨內容的歌曲`],
    ['ja', (n: number) => `露骨な表現を含む ${n} 曲を除いています`],
  ] as const)('%s says it in its own words', async (language, words) => {
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language, explicit: 'hide', screens: [{ name: 'detail', ref, title }] });
    expect(await screen.findByText(words(explicitInChart(1)))).toBeTruthy();
  });

  it('with explicit tracks shown there is no line, and the explicit marks are there', async () => {
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(list.querySelector('abbr.explicit')).not.toBeNull());
    expect(screen.queryByText(/explicit tracks? left out/)).toBeNull();
    expect(list.getAttribute('aria-describedby')).toBeNull();
  });

  it('hiding them while a list is open fetches it again: the explicit tracks already shown go', async () => {
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(list.querySelector('abbr.explicit')).not.toBeNull());
    act(() => fake.setState({ household: { ...fake.state().household, explicit: 'hide' } }));
    expect(await screen.findByText(`${explicitInChart(2)} explicit tracks left out`)).toBeTruthy();
    expect(screen.getByRole('listbox').querySelector('abbr.explicit')).toBeNull();
    expect(fake.callsOf('getDetail')).toHaveLength(2);
  });

  it('the favourites row says how many beside its title, as the row’s description', async () => {
    const hidden = favoriteTracks('TW').filter((t) => t.explicit).length;
    expect(hidden).toBeGreaterThan(1);
    renderApp({ scenario: 'home', language: 'en', explicit: 'hide' });
    const row = await screen.findByRole('region', { name: /^Your favorites/ });
    const note = await within(row).findByText(`${hidden} explicit tracks left out`);
    expect(row.getAttribute('aria-describedby')).toBe(note.id);
    expect(shownIds(row)).toEqual(favoriteTracks('TW').filter((t) => !t.explicit).slice(0, 12).map((t) => t.id));
  });

  it('rows shown with explicit tracks are asked for again once they are hidden', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const row = await screen.findByRole('region', { name: /^Your favorites/ });
    // A row draws its first twelve tiles.
    await waitFor(() => expect(shownIds(row)).toEqual(favoriteTracks('TW').slice(0, 12).map((t) => t.id)));
    expect(favoriteTracks('TW').slice(0, 12).some((t) => t.explicit)).toBe(true);
    act(() => fake.setState({ household: { ...fake.state().household, explicit: 'hide' } }));
    const hidden = favoriteTracks('TW').filter((t) => t.explicit).length;
    expect(await screen.findByText(`${hidden} explicit tracks left out`)).toBeTruthy();
    const clean = favoriteTracks('TW').filter((t) => !t.explicit).slice(0, 12).map((t) => t.id);
    expect(shownIds(screen.getByRole('region', { name: /^Your favorites/ }))).toEqual(clean);
  });
});

describe("a child's Home", () => {
  it('leads with the Kids rows', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    await screen.findByRole('region', { name: /^Your favorites/ });
    const order = () => [...document.querySelectorAll('.rows > .row')].map((r) => r.getAttribute('data-row'));
    expect(order()[0]).toBe('favorites');
    const kid = { key: 'k1', name: 'Mei', images: [], child: true, needsPairing: false };
    act(() => fake.setState({ household: household({ members: [kid], active: 'k1', explicit: 'hide' }) }));
    await waitFor(() => expect(order()[0]).toBe('kids'));
    expect(order().filter((id) => id === 'kids')).toHaveLength(1);
  });

  it('knows a child on screen, member or guest', () => {
    const kid = { key: 'k1', name: 'Mei', images: [], child: true, needsPairing: false };
    const adult = { ...kid, key: 'a1', child: false };
    expect(onScreenIsChild(household({ members: [kid, adult], active: 'k1' }))).toBe(true);
    expect(onScreenIsChild(household({ members: [kid, adult], active: 'a1' }))).toBe(false);
    expect(onScreenIsChild(household({ guest: { available: true, child: true }, active: GUEST_KEY }))).toBe(true);
    expect(onScreenIsChild(household({ members: [kid], active: undefined }))).toBe(false);
    expect(onScreenIsChild(undefined)).toBe(false);
  });
});
