// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeBridge } from '../../renderer/dev/fakeBridge';
import { rowTiles } from '../../renderer/dev/fakeData';
import { shellConnection } from '../../renderer/src/transport/connection';
import type { DetailRef } from '../../shared/bridge';
import { expectFocus, press, renderApp, sizeTrackLists, tileKey, tileNamed } from './helpers';

/**
 * The service comes back after a fault: what failed meanwhile loads by itself, with no key press (the screen said it
 * would try again shortly), as Home's offline banner goes by itself.
 */

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

/** The core's network state goes offline, then its probe answers again. */
async function serviceAwayAndBack(fake: FakeBridge): Promise<void> {
  await act(async () => fake.setState({ network: { online: false, retryAt: Date.now() + 2_000 } }));
  await act(async () => fake.setState({ network: { online: true, retryAt: undefined } }));
}

function chart(): { ref: DetailRef; title: string } {
  const tile = rowTiles('charts', 'TW')[0];
  if (tile?.ref === undefined) throw new Error('fake chart');
  return { ref: tile.ref, title: tile.title };
}

const quietly = (): (() => void) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return () => warn.mockRestore();
};

describe('once the service is back', () => {
  it('a detail screen that did not load loads by itself, and focus goes onto its tracks', async () => {
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    fake.fail('getDetail', {
      kind: 'server',
      message: 'The music service is having trouble right now. Tunewall will try again shortly.',
      messageKey: 'server',
      retryable: true,
    });
    expect(await screen.findByText(/will try again shortly/)).toBeTruthy();
    await expectFocus('detail-retry');

    await serviceAwayAndBack(fake);
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:0"] .track-name')).not.toBeNull());
    expect(screen.queryByText(/will try again shortly/)).toBeNull();
    expect(fake.callsOf('getDetail')).toHaveLength(2);
    await expectFocus('track:0');
  });

  it('a detail that cannot load whatever happens (not in this territory) is not asked for again', async () => {
    const { fake } = renderApp({
      scenario: 'home',
      language: 'en',
      territory: 'JP',
      screens: [{ name: 'detail', ref: { kind: 'album', id: 'album-7' }, title: 'album-7' }],
    });
    await expectFocus('detail-back');
    await serviceAwayAndBack(fake);
    await act(async () => Promise.resolve());
    expect(fake.callsOf('getDetail')).toHaveLength(1);
  });

  it('a page of tracks that failed is asked for again and its rows filled', async () => {
    const restore = quietly();
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    fake.fail('getTracks');
    // Within reach of track 51, past the 50 the chart came with: its page is asked for, and fails.
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:22"]')).not.toBeNull());
    await act(async () => setFocus('track:22'));
    await waitFor(() => expect(fake.callsOf('getTracks')).toHaveLength(1));

    await serviceAwayAndBack(fake);
    await waitFor(() => expect(fake.callsOf('getTracks')).toHaveLength(2));
    expect(fake.callsOf('getTracks').map((call) => call.args[1])).toEqual([50, 50]);
    restore();
  });

  it('artwork that failed is drawn again', async () => {
    // jsdom lays nothing out: artwork boxes measure 300 px wide, so they pick a picture.
    const measure = HTMLElement.prototype.getBoundingClientRect;
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('art') ? new DOMRect(0, 0, 300, 300) : measure.call(this);
    });
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await screen.findByRole('heading', { level: 1, name: title });
    const hero = (): HTMLImageElement | null => document.querySelector<HTMLImageElement>('.hero-art img');
    await waitFor(() => expect(hero()).not.toBeNull());
    const src = hero()?.getAttribute('src');
    const failed = hero();
    if (failed === null) throw new Error('hero picture');
    fireEvent.error(failed);
    await waitFor(() => expect(hero()).toBeNull());
    expect(document.querySelector('.hero-art .art-initial')?.getAttribute('data-initial')).toBe(Array.from(title)[0]);

    await serviceAwayAndBack(fake);
    await waitFor(() => expect(hero()).not.toBeNull());
    expect(hero()?.getAttribute('src')).toBe(src);
    expect(hero()).not.toBe(failed);
    spy.mockRestore();
  });

  it("a genre station's art that did not load is asked for again", async () => {
    const restore = quietly();
    const { fake } = renderApp({ scenario: 'guest', language: 'en', territory: 'SG' });
    fake.fail('stationArt');
    await expectFocus(tileKey('charts', rowTiles('charts', 'SG')[0]?.key));
    await press('down');
    const row = await screen.findByRole('region', { name: 'Genre stations · Pop' });
    await waitFor(() => expect(fake.callsOf('stationArt').length).toBeGreaterThan(0));
    const failedId = fake.callsOf('stationArt')[0]?.args[0];
    const station = rowTiles('genre-stations', 'SG').find((s) => s.ref?.id === failedId);
    if (station === undefined) throw new Error('station asked for');
    const art = (): HTMLElement | null => within(row).getByRole('button', { name: tileNamed(station.title) }).querySelector<HTMLElement>('.station-art');
    await waitFor(() => expect(art()?.dataset['art']).toBe('none'));

    await serviceAwayAndBack(fake);
    await waitFor(() => expect(art()?.dataset['art']).toBe('mosaic'));
    expect(fake.callsOf('stationArt').filter((c) => c.args[0] === failedId)).toHaveLength(2);
    restore();
  });

  it("the track panel asks again whether the track is a favourite", async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'en' });
    const favorite = rowTiles('favorites', 'TW')[0];
    await expectFocus(tileKey('favorites', favorite?.key));
    fake.fail('favoriteState');
    await press('select');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(fake.callsOf('favoriteState')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Add to favorites' })).toBeTruthy();

    await serviceAwayAndBack(fake);
    expect(await within(dialog).findByRole('button', { name: 'In favorites' })).toBeTruthy();
    expect(fake.callsOf('favoriteState')).toHaveLength(2);
  });

  it('a Home row that failed loads again', async () => {
    const { fake } = renderApp({ scenario: 'row-error', language: 'en' });
    const charts = await screen.findByRole('region', { name: 'Charts' });
    await within(charts).findByRole('button', { name: 'Try again' });

    await serviceAwayAndBack(fake);
    const first = rowTiles('charts', 'TW')[0];
    expect(await within(charts).findByRole('button', { name: new RegExp(`^${first?.title ?? ''}`) })).toBeTruthy();
  });

  it("the kiosk shell answering again after its process stopped counts as the service being back", async () => {
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    fake.fail('getDetail', { kind: 'network', message: "Tunewall's service stopped.", messageKey: 'shellStopped', retryable: true });
    await expectFocus('detail-retry');
    act(() => shellConnection.setState({ lost: true }));
    act(() => shellConnection.setState({ lost: false }));
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:0"] .track-name')).not.toBeNull());
    expect(fake.callsOf('getDetail')).toHaveLength(2);
  });
});
