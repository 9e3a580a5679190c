// @vitest-environment jsdom
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowTiles } from '../../renderer/dev/fakeData';
import { expectFocus, press, renderApp } from './helpers';

afterEach(() => cleanup());

// jsdom has no layout: give the track list the size it has on a 1080p screen so the virtualiser renders rows.
const listSize = (fallback: number, size: number) =>
  function (this: HTMLElement): number {
    return this.classList.contains('track-list') ? size : fallback;
  };
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: listSize(0, 1400) });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: listSize(0, 1200) });
  if (typeof HTMLElement.prototype.scrollTo !== 'function') {
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: () => undefined });
  }
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

function chart() {
  const tile = rowTiles('charts', 'TW')[0];
  if (tile?.ref === undefined) throw new Error('fake data has a chart');
  return { ref: tile.ref, title: tile.title };
}

describe('detail', () => {
  it('shows the facts and the first tracks, with focus on the first track', async () => {
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(await screen.findByText(/520 tracks/)).toBeTruthy();
    expect(screen.getByText(/Updated November 20, 2025/)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-focus-key="track:0"]')).not.toBeNull());
    const first = document.querySelector<HTMLElement>('[data-focus-key="track:0"]');
    if (first === null) throw new Error('first track row');
    expect(first.getAttribute('aria-posinset')).toBe('1');
    expect(first.getAttribute('aria-label')).toMatch(/, 1 of 520$/);
    expect(within(first).getByText(/^\d+:\d\d$/)).toBeTruthy();
    await expectFocus('track:0');
  });

  it('moves up and down the track list by number and stops at the first track', async () => {
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    await press('down');
    await press('down');
    await expectFocus('track:2');
    await press('up');
    await expectFocus('track:1');
    await press('up');
    await press('up');
    await expectFocus('track:0');
  });

  it('every press moves one track down, however many come before the list has scrolled to follow', async () => {
    // jsdom draws no frames: the list never scrolls, as when presses come faster than a busy TV draws.
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    for (let i = 1; i <= 80; i++) await press('down');
    await expectFocus('track:80');
    for (let i = 1; i <= 80; i++) await press('up');
    await expectFocus('track:0');
  });

  it('fetches the next page of tracks as focus approaches rows not loaded yet', async () => {
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    expect(fake.callsOf('getTracks')).toHaveLength(0);
    // The detail came with 50 tracks; getting within reach of track 51 asks for the rest, from where they stop.
    const key = 'track:22';
    await waitFor(() => expect(document.querySelector(`[data-focus-key="${key}"]`)).not.toBeNull());
    await act(async () => setFocus(key));
    await waitFor(() => expect(fake.callsOf('getTracks').length).toBeGreaterThan(0));
    const [, offset, limit] = fake.callsOf('getTracks')[0]?.args ?? [];
    expect(offset).toBe(50);
    expect(limit).toBe(100);
  });

  it('for a station, says the order is random and "Shuffle again" fetches the station again', async () => {
    const tile = rowTiles('mood-stations', 'TW')[0];
    if (tile?.ref === undefined) throw new Error('fake data has a station');
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: tile.ref, title: tile.title }] });
    expect(await screen.findByText('Listed in a new random order each time you open it')).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('getDetail')).toHaveLength(1));
    await act(async () => setFocus('detail-shuffle'));
    await expectFocus('detail-shuffle');
    await press('select');
    await waitFor(() => expect(fake.callsOf('getDetail')).toHaveLength(2));
  });

  it('"Open on your phone" in a track\'s panel shows a QR code of the track, and Back closes it', async () => {
    const { ref, title } = chart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    const name = document.querySelector('[data-focus-key="track:0"] .track-name')?.firstChild?.textContent ?? '';
    await press('select');
    await screen.findByRole('dialog', { name });
    await expectFocus('panel-phone');
    await press('select');
    const dialog = await screen.findByRole('dialog', { name: 'Scan to open on your phone' });
    await waitFor(() => expect(fake.callsOf('qrCode')).toHaveLength(1));
    expect(String(fake.callsOf('qrCode')[0]?.args[0])).toMatch(/^https:\/\/music\.example\.com\/track\//);
    await waitFor(() => expect(dialog.querySelector('svg.qr')).not.toBeNull());
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan to open on your phone' })).toBeNull());
    // Back closed the QR code only: the panel is there again, then Back closes it and focus is on the track.
    await expectFocus('panel-phone');
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    await expectFocus('track:0');
  });
  it('a chart without its own URL says how to open a song on the phone instead of offering a dead button', async () => {
    const { ref, title } = chart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    expect(await screen.findByText('Press OK on a song for what you can do with it, such as opening it on your phone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open on your phone' })).toBeNull();
  });

  it('a station with a URL offers "Open on your phone" for the whole list', async () => {
    const tile = rowTiles('mood-stations', 'TW')[0];
    if (tile?.ref === undefined) throw new Error('fake data has a mood station');
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: tile.ref, title: tile.title }] });
    const button = await screen.findByRole('button', { name: 'Open on your phone' });
    expect(screen.queryByText('Press OK on a song for what you can do with it, such as opening it on your phone')).toBeNull();
    act(() => button.click());
    await waitFor(() => expect(fake.callsOf('qrCode')).toHaveLength(1));
    expect(String(fake.callsOf('qrCode')[0]?.args[0])).toBe(`https://music.example.com/${tile.ref.kind}/${tile.ref.id}`);
  });
});
