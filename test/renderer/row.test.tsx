// @vitest-environment jsdom
import { FocusContext, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TileView } from '../../shared/bridge';
import { FIRST_TILES, Row, TILES_AHEAD, tileFocusKey } from '../../renderer/src/components/Row';
import { createI18n } from '../../renderer/src/i18n';
import { startNavigation } from '../../renderer/src/input/navigation';
import { expectFocus, press } from './helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tiles: TileView[] = Array.from({ length: 60 }, (_, i) => ({ ref: undefined, key: `t${i}`, title: `Playlist ${i}`, subtitle: undefined, images: [], group: undefined }));

function renderRow(restoreKey?: string, rowTiles: TileView[] = tiles) {
  startNavigation();
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <FocusContext.Provider value="SN:ROOT">
        <Row
          rowKey="long"
          source="favorites"
          title="Long"
          body={{ status: 'ready', tiles: rowTiles }}
          onSelect={() => undefined}
          onRetry={() => undefined}
          restoreKey={restoreKey}
        />
      </FocusContext.Provider>
    </I18nextProvider>,
  );
}

const drawn = (): number => document.querySelectorAll('.tile').length;

describe('a long row', () => {
  it('draws its first tiles, then grows ahead of focus as it moves along, never past the row', async () => {
    renderRow();
    expect(drawn()).toBe(FIRST_TILES);
    await act(async () => setFocus(tileFocusKey('long', 't0')));
    for (let i = 1; i < FIRST_TILES; i++) await press('right');
    await expectFocus(tileFocusKey('long', `t${FIRST_TILES - 1}`));
    expect(drawn()).toBe(FIRST_TILES + TILES_AHEAD);
    // Right at the last tile drawn still moves on: the row has grown ahead of it.
    for (let i = FIRST_TILES; i < 60; i++) await press('right');
    await expectFocus(tileFocusKey('long', 't59'));
    expect(drawn()).toBe(60);
  });

  it('a held key that outruns idle time still lands on the next tile: the row grows in that press', async () => {
    // Idle time never comes, as while a key is held down: the growth scheduled for it waits.
    const waiting: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => waiting.push(work));
    renderRow();
    await act(async () => setFocus(tileFocusKey('long', 't0')));
    for (let i = 1; i < FIRST_TILES; i++) await press('right');
    await expectFocus(tileFocusKey('long', `t${FIRST_TILES - 1}`));
    expect(drawn()).toBe(FIRST_TILES);
    expect(waiting.length).toBeGreaterThan(0);
    // The next tile is not drawn yet; the press is not lost.
    await press('right');
    await expectFocus(tileFocusKey('long', `t${FIRST_TILES}`));
    expect(drawn()).toBe(FIRST_TILES + 1 + TILES_AHEAD);
    // The navigation moves DOM focus once presses have rested (250 ms), through requestIdleCallback: that timer must
    // find the stub, not the global the next test's teardown has taken away (jsdom has none).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  });

  it('draws the tile focus comes back to from another screen, however far along', () => {
    renderRow(tileFocusKey('long', 't40'));
    expect(document.querySelector(`[data-focus-key="${tileFocusKey('long', 't40')}"]`)).not.toBeNull();
    expect(drawn()).toBe(41 + TILES_AHEAD);
  });
});

describe('tile captions', () => {
  it('cuts only a caption that may not fit: a long name at two lines, a long subtitle with an ellipsis', () => {
    const tile = (key: string, title: string, subtitle: string): TileView => ({ ref: undefined, key, title, subtitle, images: [], group: undefined });
    renderRow(undefined, [
      tile('short', '韓語單曲週榜', 'Updated Nov 19'),
      tile('long', 'The Very Best of Late Night Jazz Piano for Rainy Sundays', 'Updated November 19, 2025'),
    ]);
    const caption = (key: string, part: 'title' | 'subtitle'): Element | null =>
      document.querySelector(`[data-focus-key="${tileFocusKey('long', key)}"] .tile-${part}`);
    expect(caption('short', 'title')?.className).toBe('tile-title');
    expect(caption('short', 'subtitle')?.className).toBe('tile-subtitle');
    expect(caption('long', 'title')?.className).toBe('tile-title is-clamped');
    expect(caption('long', 'subtitle')?.className).toBe('tile-subtitle is-clamped');
  });
});
