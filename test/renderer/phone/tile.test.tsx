// @vitest-environment jsdom
/**
 * A tile's picture on the phone: asked from the TV with the phone's credential, in the smallest size that covers the
 * tile, only once the tile is near the screen; drawn from a blob: URL that is let go with the tile; the initial while it
 * loads and when the TV has none to give.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageView } from '../../../shared/bridge';
import type { TileView } from '../../../shared/catalogViews';
import { createPhoneApi } from '../../../renderer/phone/src/api/client';
import { PhoneContext } from '../../../renderer/phone/src/components/context';
import { TileList } from '../../../renderer/phone/src/components/Tile';
import { createPhoneI18n } from '../../../renderer/phone/src/i18n';
import { pictureFor } from '../../../renderer/phone/src/pictures';
import { CREDENTIAL, fakeTv, json, memoryCredentials, type Route } from './support';

const SIZES: ImageView[] = [
  { url: '/artwork/bGFyZ2U', width: 1000, height: 1000 },
  { url: '/artwork/c21hbGw', width: 160, height: 160 },
  { url: '/artwork/bWVkaXVt', width: 500, height: 500 },
];
const TILE: TileView = { ref: { kind: 'album', id: 'a1' }, key: 'a1', title: '晴天', subtitle: '周杰倫', images: SIZES, group: undefined };
const png = (): Response => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } });

let made = 0;
const createObjectURL = vi.fn((_blob: Blob) => `blob:http://tv.test/${++made}`);
const revokeObjectURL = vi.fn((_url: string) => undefined);

beforeEach(() => {
  made = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  // jsdom has no object URLs.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function tiles(routes: Record<string, Route>) {
  const tv = fakeTv(routes);
  const api = createPhoneApi({ fetch: tv.fetch, credentials: memoryCredentials(CREDENTIAL), unpaired: vi.fn() });
  const rendered = render(
    <I18nextProvider i18n={createPhoneI18n('en')}>
      <PhoneContext.Provider value={{ api, language: 'en', say: () => undefined, canFavorite: false }}>
        <TileList tiles={[TILE]} within={undefined} open={() => undefined} />
      </PhoneContext.Provider>
    </I18nextProvider>,
  );
  const pictureRequests = () => tv.sent.filter((r) => r.path.startsWith('/api/artwork/'));
  return { tv, rendered, pictureRequests };
}

const imgOf = (container: HTMLElement) => container.querySelector('.tile .art img');

describe('a tile’s picture on the phone', () => {
  it('is asked with the bearer header in the smallest size that covers the tile, drawn from a blob: URL, let go with the tile', async () => {
    const { rendered, pictureRequests } = tiles({ 'GET /api/artwork/bWVkaXVt': png });
    await waitFor(() => expect(imgOf(rendered.container)?.getAttribute('src')).toBe('blob:http://tv.test/1'));
    // No IntersectionObserver here: the tile is taken as 136 px at 3×, so 500 px is the smallest that covers it.
    expect(pictureRequests().map((r) => [r.path, r.headers.authorization])).toEqual([['/api/artwork/bWVkaXVt', `Bearer ${CREDENTIAL}`]]);
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('image/png');
    expect(screen.queryByText('晴')).toBeNull();
    rendered.unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://tv.test/1');
  });

  it('shows the initial while the picture loads, and keeps it when the TV refuses the picture', async () => {
    let refuse: (r: Response) => void = () => undefined;
    const { rendered, pictureRequests } = tiles({ 'GET /api/artwork/bWVkaXVt': () => new Promise<Response>((resolve) => (refuse = resolve)) });
    expect(screen.getByText('晴').className).toBe('initial');
    await waitFor(() => expect(pictureRequests()).toHaveLength(1));
    await act(async () => refuse(json(404, { error: 'no such picture' })));
    expect(screen.getByText('晴').className).toBe('initial');
    expect(imgOf(rendered.container)).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('asks nothing until the tile comes near the screen', async () => {
    let seen: (entries: Array<{ isIntersecting: boolean }>) => void = () => undefined;
    class FakeObserver {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        seen = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rendered, pictureRequests } = tiles({ 'GET /api/artwork/c21hbGw': png, 'GET /api/artwork/bWVkaXVt': png });
    await act(async () => seen([{ isIntersecting: false }]));
    expect(pictureRequests()).toEqual([]);
    expect(screen.getByText('晴')).toBeTruthy();
    // jsdom lays nothing out (a width of 0): the smallest size covers it.
    await act(async () => seen([{ isIntersecting: true }]));
    await waitFor(() => expect(imgOf(rendered.container)?.getAttribute('src')).toMatch(/^blob:/));
    expect(pictureRequests().map((r) => r.path)).toEqual(['/api/artwork/c21hbGw']);
  });
});

describe('which picture a tile draws', () => {
  it('a data: picture as it is; else the smallest TV size covering the tile, or the largest; nothing from another origin', () => {
    expect(pictureFor([...SIZES, { url: 'data:image/png;base64,AA', width: 1, height: 1 }], 300)).toEqual({ data: 'data:image/png;base64,AA' });
    expect(pictureFor(SIZES, 160)).toEqual({ path: '/artwork/c21hbGw' });
    expect(pictureFor(SIZES, 161)).toEqual({ path: '/artwork/bWVkaXVt' });
    expect(pictureFor(SIZES, 2000)).toEqual({ path: '/artwork/bGFyZ2U' });
    // A wide picture covers a square only as high as it is.
    expect(pictureFor([{ url: '/artwork/d2lkZQ', width: 600, height: 300 }, { url: '/artwork/d2lkZXI', width: 1200, height: 600 }], 400)).toEqual({ path: '/artwork/d2lkZXI' });
    expect(pictureFor([{ url: 'https://i.example/a.jpg', width: 500, height: 500 }], 100)).toBeUndefined();
  });
});
