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
const key = (type: 'keydown' | 'keyup') => window.dispatchEvent(new KeyboardEvent(type, { key: 'ArrowRight', code: 'ArrowRight' }));

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
  const said = (text: string) => vi.waitFor(() => expect(speech.requests.map((r) => speechRuns.runsText(r.runs))).toContain(text));

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

  it('makes the runs of the items around focus, nearest first, and a press onto one splits nothing more', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    splitNames();
    runIdle(50);
    // Either side in the row, above and below, then the corners: the eight nearest, nearest first.
    expect(splitNames()).toEqual(
      ['2-2', '2-4', '1-3', '3-3', '1-2', '1-4', '3-2', '3-4'].map((at) => `歌 ${at}, Artist`),
    );
    key('keydown');
    focus(grid, 1, 3);
    key('keyup');
    await said('歌 2-4, Artist');
    expect(splitNames()).toEqual([]);
    // Said as it would have been made at the press: the Taiwan catalog's title in Mandarin, the UI's word in English.
    const tile = grid[1]?.[3];
    if (tile === undefined) throw new Error('no tile');
    expect(speech.requests.at(-1)?.runs).toEqual(spokenRuns(tile, speechRuns.uiText('en', 'TW')));
    expect(speech.requests.at(-1)?.runs.map((run) => run.lang)).toEqual(['zh-TW', 'en-US']);
  });

  it('uses what was made ahead only while it holds: a new name, or a row now in another catalog, is split again', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    runIdle(50);
    splitNames();
    const right = grid[1]?.[3];
    const below = grid[2]?.[2];
    if (right === undefined || below === undefined) throw new Error('no tile');
    right.setAttribute('aria-label', '桜, Artist');
    right.innerHTML = '<span>桜</span>';
    key('keydown');
    focus(grid, 1, 3);
    key('keyup');
    await said('桜, Artist');
    expect(splitNames()).toEqual(['桜, Artist']);
    // The row below is now Japan's: its title is read in Japanese, not as the Taiwan catalog's runs made ahead.
    below.parentElement?.setAttribute('data-catalog', 'JP');
    key('keydown');
    focus(grid, 2, 2);
    key('keyup');
    await said('歌 3-3, Artist');
    expect(speech.requests.at(-1)?.runs.map((run) => run.lang)).toEqual(['ja-JP', 'en-US']);
  });

  it('stops when the idle period runs out and goes on in the next; a press stops it for the focus it leaves', async () => {
    const grid = home();
    focus(grid, 1, 2);
    await said('歌 2-3, Artist');
    splitNames();
    // An idle period too short for one item: nothing made, and another asked for.
    runIdle(1);
    expect(splitNames()).toEqual([]);
    expect(idle).toHaveLength(1);
    // Room for two: the two nearest, then another period.
    let left = 2;
    runIdle(() => (left-- > 0 ? 50 : 0));
    expect(splitNames()).toEqual(['歌 2-2, Artist', '歌 2-4, Artist']);
    expect(idle).toHaveLength(1);
    // A key goes down: the old focus's surroundings are not made in the idle period that follows.
    key('keydown');
    runIdle(50);
    expect(splitNames()).toEqual([]);
    focus(grid, 0, 0);
    key('keyup');
    await said('歌 1-1, Artist');
    splitNames();
    runIdle(50);
    // The eight nearest the new focus, less those already made (2-2 ahead, 2-3 when it was said).
    expect(splitNames()).toEqual(['1-2', '2-1', '1-3', '3-1', '3-2', '1-4'].map((at) => `歌 ${at}, Artist`));
  });
});
