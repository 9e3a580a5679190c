// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcer } from '../../renderer/src/a11y/announcer';
import { spokenRuns } from '../../renderer/src/a11y/focusedName';
import type { IdleTime } from '../../renderer/src/a11y/runsAhead';
import type { Speech, SpeechRequest } from '../../renderer/src/a11y/speech';
import * as speechRuns from '../../shared/speechRuns';

// The splitter watched: which names were split, and when (made ahead, or at the press).
vi.mock('../../shared/speechRuns', async (original) => {
  const real = await original<typeof speechRuns>();
  return { ...real, splitRuns: vi.fn(real.splitRuns) };
});
const split = vi.mocked(speechRuns.splitRuns);
/** The names split since the last look. */
const splitNames = (): string[] => {
  const names = split.mock.calls.map(([text]) => text);
  split.mockClear();
  return names;
};

const TILE_W = 300;
const ROW_H = 400;

/** Home in three rows of five tiles, laid out as drawn (jsdom lays out nothing): row `r`'s tiles in its catalog. */
function home(catalogs: string[] = ['TW', 'TW', 'TW']): HTMLElement[][] {
  document.body.innerHTML = '';
  return catalogs.map((catalog, r) => {
    const row = document.createElement('section');
    row.setAttribute('data-catalog', catalog);
    document.body.append(row);
    return Array.from({ length: 5 }, (_, c) => {
      const tile = document.createElement('button');
      const title = `歌 ${r + 1}-${c + 1}`;
      tile.setAttribute('data-focus-key', `tile:${r}:${c}`);
      tile.setAttribute('aria-label', `${title}, Artist`);
      tile.innerHTML = `<span>${title}</span>`;
      tile.getBoundingClientRect = () => new DOMRect(c * TILE_W, r * ROW_H, TILE_W - 20, ROW_H - 40);
      row.append(tile);
      return tile;
    });
  });
}

function recordingSpeech(): Speech & { requests: SpeechRequest[] } {
  const requests: SpeechRequest[] = [];
  return { requests, speak: (request) => void requests.push(request), cancel: () => undefined, hasVoice: () => true };
}

const moves = new Set<() => void>();
function focus(grid: HTMLElement[][], r: number, c: number): void {
  grid.flat().forEach((tile) => tile.classList.remove('is-focused'));
  grid[r]?.[c]?.classList.add('is-focused');
  moves.forEach((listener) => listener());
}
type Arrow = 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp';
const key = (type: 'keydown' | 'keyup', k: Arrow = 'ArrowRight') => window.dispatchEvent(new KeyboardEvent(type, { key: k, code: k }));

describe('names made ready while the page is idle', () => {
  let speech: ReturnType<typeof recordingSpeech>;
  let announcer: Announcer;
  /** Idle periods asked for, run by the test with the time each has. */
  let idle: ((time: IdleTime) => void)[];
  const runIdle = (ms: number | (() => number)): void => {
    const waiting = idle;
    idle = [];
    waiting.forEach((work) => work({ timeRemaining: typeof ms === 'number' ? () => ms : ms }));
  };
  /** Until `text` is the last thing said. */
  const said = (text: string) => vi.waitFor(() => expect(speechRuns.runsText(speech.requests.at(-1)?.runs ?? [])).toBe(text));

  beforeEach(() => {
    idle = [];
    speech = recordingSpeech();
    announcer = new Announcer({
      win: window,
      speech,
      uiText: () => speechRuns.uiText('en', 'TW'),
      words: () => ({ selected: 'selected', position: (index, count) => `${index} of ${count}` }),
      screenFocusWaitMs: 10,
      idle: (work) => void idle.push(work),
      onFocusMoved: (listener) => {
        moves.add(listener);
        return () => void moves.delete(listener);
      },
    });
    announcer.start();
  });
  afterEach(() => announcer.dispose());

  /** A press of `k` that moves focus to row `r`, tile `c`. */
  const pressTo = (grid: HTMLElement[][], k: Arrow, r: number, c: number): void => {
    key('keydown', k);
    focus(grid, r, c);
    key('keyup', k);
  };

  it('makes the runs of the item the last move leads to, and the press onto it splits nothing', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    // Focus that settled without a press says nothing of where the viewer is going: nothing is made ahead.
    expect(idle).toEqual([]);
    pressTo(grid, 'ArrowRight', 1, 3);
    await said('歌 2-4, Artist');
    splitNames();
    runIdle(50);
    expect(splitNames()).toEqual(['歌 2-5, Artist']);
    pressTo(grid, 'ArrowRight', 1, 4);
    await said('歌 2-5, Artist');
    expect(splitNames()).toEqual([]);
    // Said as it would have been made at the press: the Taiwan catalog's title in Mandarin, the UI's word in English.
    const tile = grid[1]?.[4];
    if (tile === undefined) throw new Error('no tile');
    expect(speech.requests.at(-1)?.runs).toEqual(spokenRuns(tile, speechRuns.uiText('en', 'TW')));
    expect(speech.requests.at(-1)?.runs.map((run) => run.lang)).toEqual(['zh-TW', 'en-US']);
    splitNames();
    // Up from the row's end: the tile straight above, not the one nearer its centre.
    pressTo(grid, 'ArrowUp', 0, 4);
    await said('歌 1-5, Artist');
    expect(splitNames()).toEqual(['歌 1-5, Artist']);
    pressTo(grid, 'ArrowDown', 1, 4);
    await said('歌 2-5, Artist');
    runIdle(50);
    expect(splitNames()).toEqual(['歌 3-5, Artist']);
  });

  it('uses what was made ahead only while it holds: a new name, or a row now in another catalog, is split again', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    pressTo(grid, 'ArrowRight', 1, 3);
    await said('歌 2-4, Artist');
    runIdle(50);
    splitNames();
    const right = grid[1]?.[4];
    if (right === undefined) throw new Error('no tile');
    right.setAttribute('aria-label', '桜, Artist');
    right.innerHTML = '<span>桜</span>';
    pressTo(grid, 'ArrowRight', 1, 4);
    await said('桜, Artist');
    expect(splitNames()).toEqual(['桜, Artist']);
    // The row is now Japan's: a title made ahead in the Taiwan catalog is read in Japanese.
    right.parentElement?.setAttribute('data-catalog', 'JP');
    pressTo(grid, 'ArrowLeft', 1, 3);
    await vi.waitFor(() => expect(speech.requests).toHaveLength(4));
    expect(speechRuns.runsText(speech.requests.at(-1)?.runs ?? [])).toBe('歌 2-4, Artist');
    expect(speech.requests.at(-1)?.runs.map((run) => run.lang)).toEqual(['ja-JP', 'en-US']);
  });

  it('waits for an idle period with room for it; a press before then makes nothing for the focus it leaves', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    pressTo(grid, 'ArrowLeft', 1, 1);
    await said('歌 2-2, Artist');
    splitNames();
    // An idle period too short for an item: nothing made, and another asked for.
    runIdle(1);
    expect(splitNames()).toEqual([]);
    expect(idle).toHaveLength(1);
    // A key goes down before it comes: the old focus's next is not made in the idle period that follows.
    key('keydown', 'ArrowDown');
    runIdle(50);
    expect(splitNames()).toEqual([]);
    focus(grid, 2, 1);
    key('keyup', 'ArrowDown');
    await said('歌 3-2, Artist');
    expect(splitNames()).toEqual(['歌 3-2, Artist']);
  });
});
