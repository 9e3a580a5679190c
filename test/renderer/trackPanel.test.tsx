// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { albumOf } from '../../renderer/dev/fakeData';
import { expectFocus, fakeChart, press, renderApp, sizeTrackLists } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

const trackName = (index: number): string =>
  document.querySelector(`[data-focus-key="track:${index}"] .track-name`)?.firstChild?.textContent ?? '';
const trackArtist = (index: number): string => document.querySelector(`[data-focus-key="track:${index}"] .track-artist`)?.textContent ?? '';
const trackAlbum = (index: number): string => document.querySelector(`[data-focus-key="track:${index}"] .track-album`)?.textContent ?? '';

/** Opens the panel of the chart's third track; returns the track's name, artist and album as the list shows them. */
async function panelOfThirdTrack(options: Parameters<typeof renderApp>[0] = {}) {
  const { ref, title } = fakeChart();
  const rendered = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }], ...options });
  await expectFocus('track:0');
  await press('down');
  await press('down');
  await expectFocus('track:2');
  const track = { name: trackName(2), artist: trackArtist(2), album: trackAlbum(2) };
  await press('select');
  const dialog = await screen.findByRole('dialog', { name: track.name });
  await expectFocus('panel-phone');
  return { ...rendered, dialog, track, title };
}

describe('the track panel', () => {
  it('holds the six actions, moved through by order, and Back closes it with focus back on the track', async () => {
    const { dialog, track } = await panelOfThirdTrack();
    expect(within(dialog).getByText(`${track.artist} · ${track.album}`)).toBeTruthy();
    const names = within(dialog).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Open on your phone', 'Send to my phone', 'Go to album', 'Go to artist', 'More like this', expect.stringMatching(/Add to favorites|In favorites/)]);
    for (const key of ['panel-send', 'panel-album', 'panel-artist', 'panel-more', 'panel-favorite']) {
      await press('down');
      await expectFocus(key);
    }
    // The panel holds the remote: off its end nothing moves, sideways nothing leaves it.
    await press('down');
    await expectFocus('panel-favorite');
    await press('left');
    await expectFocus('panel-favorite');
    await press('back');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectFocus('track:2');
  });

  it('"Go to album" opens the album, and Back returns to the track', async () => {
    const { fake, track, title } = await panelOfThirdTrack();
    for (let i = 0; i < 2; i++) await press('down');
    await expectFocus('panel-album');
    await press('select');
    expect(await screen.findByRole('heading', { level: 1, name: track.album })).toBeTruthy();
    expect(fake.callsOf('getDetail').at(-1)?.args[0]).toMatchObject({ kind: 'album' });
    await press('back');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    await expectFocus('track:2');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Go to artist" opens the artist', async () => {
    const { fake, track } = await panelOfThirdTrack();
    for (let i = 0; i < 3; i++) await press('down');
    await expectFocus('panel-artist');
    await press('select');
    expect(await screen.findByRole('heading', { level: 1, name: track.artist })).toBeTruthy();
    expect(fake.callsOf('getDetail').at(-1)?.args[0]).toMatchObject({ kind: 'artist' });
  });

  it('"More like this" opens the recommendations made from the track', async () => {
    const { fake, track } = await panelOfThirdTrack();
    for (let i = 0; i < 4; i++) await press('down');
    await expectFocus('panel-more');
    await press('select');
    expect(await screen.findByText('More like this')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: track.name })).toBeTruthy();
    expect(fake.callsOf('getDetail').at(-1)?.args[0]).toMatchObject({ kind: 'recommended' });
    await expectFocus('track:0');
  });

  it('"Add to favorites" adds the track and says so; pressed again, says it is already there', async () => {
    const { fake, dialog } = await panelOfThirdTrack();
    for (let i = 0; i < 5; i++) await press('down');
    await expectFocus('panel-favorite');
    await press('select');
    expect(await within(dialog).findByText('Added to your favorites.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'In favorites' })).toBeTruthy();
    expect(fake.callsOf('addFavorite')).toHaveLength(1);
    await press('select');
    expect(await within(dialog).findByText('Already in your favorites.')).toBeTruthy();
    expect(fake.callsOf('addFavorite')).toHaveLength(1);
  });

  it('a failed "Add to favorites" says why and changes nothing', async () => {
    const { fake, dialog } = await panelOfThirdTrack();
    fake.fail('addFavorite', {
      kind: 'network',
      message: 'Not added to favorites: Tunewall cannot reach the music service. Try again when the connection is back.',
      retryable: true,
      messageKey: 'favoriteFailedOffline',
    });
    const rowsBefore = fake.callsOf('loadRow').length;
    for (let i = 0; i < 5; i++) await press('down');
    await expectFocus('panel-favorite');
    await press('select');
    expect(await within(dialog).findByText(/^Not added to favorites: Tunewall cannot reach the music service/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add to favorites' })).toBeTruthy();
    expect(fake.callsOf('loadRow')).toHaveLength(rowsBefore);
    // Trying again works once the service answers.
    await press('select');
    expect(await within(dialog).findByText('Added to your favorites.')).toBeTruthy();
  });

  it('for a guest has no favourites, and asks nothing about them', async () => {
    const { fake, dialog } = await panelOfThirdTrack({ scenario: 'guest' });
    expect(within(dialog).queryByRole('button', { name: /favorites/ })).toBeNull();
    expect(fake.callsOf('favoriteState')).toHaveLength(0);
  });

  it('on an album leaves out "Go to album"; on an artist, "Go to artist"', async () => {
    const album = albumOf(4, 'TW');
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: { kind: 'album', id: album.id }, title: album.name }] });
    await expectFocus('track:0');
    await press('select');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Go to album' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Go to artist' })).toBeTruthy();
    cleanup();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref: { kind: 'artist', id: album.artistId }, title: album.artist }] });
    await screen.findByRole('region', { name: 'Top tracks' });
    await press('down');
    await expectFocus('track:0');
    await press('select');
    const onArtist = await screen.findByRole('dialog');
    expect(within(onArtist).getByRole('button', { name: 'Go to album' })).toBeTruthy();
    expect(within(onArtist).queryByRole('button', { name: 'Go to artist' })).toBeNull();
  });

  it('for a track without its album or artist leaves those out', async () => {
    const { ref, title } = fakeChart();
    renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    // Every 17th track of the fake catalog comes without its album (and so without its artist).
    for (let i = 0; i < 16; i++) await press('down');
    await expectFocus('track:16');
    expect(trackAlbum(16)).toBe('');
    await press('select');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Open on your phone', 'Send to my phone', 'More like this', expect.any(String)]);
  });

  it('the play/pause key on a track opens its QR code directly', async () => {
    const { ref, title } = fakeChart();
    const { fake } = renderApp({ scenario: 'home', language: 'en', screens: [{ name: 'detail', ref, title }] });
    await expectFocus('track:0');
    await press('play-pause');
    expect(await screen.findByRole('dialog', { name: 'Scan to open on your phone' })).toBeTruthy();
    await waitFor(() => expect(String(fake.callsOf('qrCode')[0]?.args[0])).toMatch(/\/track\//));
  });
});
