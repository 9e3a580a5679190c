// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeBridge } from '../../renderer/dev/fakeBridge';
import { rowTiles } from '../../renderer/dev/fakeData';
import { App } from '../../renderer/src/App';
import { expectFocus, press, sizeTrackLists } from './helpers';

afterEach(() => cleanup());
let unsize = (): void => undefined;
beforeAll(() => (unsize = sizeTrackLists()));
afterAll(() => unsize());

describe('the track panel of a track whose album another territory offers', () => {
  it('says so before the viewer goes there, and offers no "Go to album" that leads to "Not available"', async () => {
    const fake = createFakeBridge({ scenario: 'home', language: 'en', territory: 'JP' });
    const getDetail = fake.bridge.getDetail.bind(fake.bridge);
    // A favourite kept from Taiwan: its album is offered there only.
    fake.bridge.getDetail = async (ref) => {
      const result = await getDetail(ref);
      if (!result.ok || result.value.layout !== 'tracks') return result;
      return { ok: true, value: { ...result.value, tracks: result.value.tracks.map((t) => ({ ...t, albumTerritories: ['TW' as const] })) } };
    };
    const tile = rowTiles('charts', 'JP')[0];
    if (tile?.ref === undefined) throw new Error('fake chart');
    render(<App bridge={fake.bridge} quit={() => undefined} initialScreens={[{ name: 'detail', ref: tile.ref, title: tile.title }]} />);
    await expectFocus('track:0');
    await press('select');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The album is not available in Japan.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Go to album' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Go to artist' })).toBeTruthy();
  });
});
