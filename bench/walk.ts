/**
 * A walk with the remote through every kind of screen Tunewall has, as a viewer would take it: from Home into each
 * row's first item and back (the track panel from a favourite; a chart, new hits, a mood and a genre station, a
 * playlist, an album, its artist, a new-release category's grid, a children category and one of its playlists), the
 * track panel's "More like this", and Settings. A row Home does not show (an empty one) is passed over. It ends where
 * it began, on Home's first tile, so it can be taken twice the same way.
 */
import type { Page } from 'playwright-core';
import { focusedKey, shown, waitUntil } from './probe';

const MOVE_TIMEOUT_MS = 15_000;

/**
 * Presses `key` and waits for focus to move to an item; false when it does not (an edge, or nothing there). A row
 * still loading holds focus itself (no item is marked) until its first tile arrives and takes it.
 */
async function move(page: Page, key: string): Promise<boolean> {
  const before = await focusedKey(page);
  await page.keyboard.press(key);
  const now = `document.querySelector('.is-focused')?.getAttribute('data-focus-key') ?? null`;
  return waitUntil(page, `(${now}) !== null && (${now}) !== ${JSON.stringify(before)}`, MOVE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
}

/** Presses `key` until the focused key satisfies `wanted`; false when focus stops moving first. */
async function moveUntil(page: Page, key: string, wanted: (focus: string) => boolean, max = 60): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    const focus = await focusedKey(page);
    if (focus !== null && wanted(focus)) return true;
    if (!(await move(page, key))) return false;
  }
  return false;
}

const onRow = (row: string) => (focus: string) => focus.startsWith(`tile:${row}`);

/** What each screen opened on the way was, in order (a detail's kind as it says it, the panel, Settings). */
let visited: string[] = [];

async function note(page: Page, opened: string): Promise<void> {
  if (opened !== DETAIL) {
    visited.push(opened === PANEL ? 'track panel' : 'settings');
    return;
  }
  const kind = page.locator('.detail-kind').first();
  visited.push((await kind.textContent({ timeout: MOVE_TIMEOUT_MS }).catch(() => null))?.trim() ?? 'detail');
}

/** OK on the focused item, waits for what opens (`opened`: a selector), runs `inside`, then Back to the same item. */
async function openAndBack(page: Page, opened: string, inside?: () => Promise<void>): Promise<void> {
  const from = await focusedKey(page);
  await page.keyboard.press('Enter');
  await shown(page, opened);
  await note(page, opened);
  await waitUntil(page, `(document.querySelector('.is-focused')?.getAttribute('data-focus-key') ?? ${JSON.stringify(from)}) !== ${JSON.stringify(from)}`);
  await inside?.();
  await page.keyboard.press('Escape');
  await waitUntil(page, `document.querySelector('.is-focused')?.getAttribute('data-focus-key') === ${JSON.stringify(from)}`);
}

const DETAIL = 'h1.detail-title';
const PANEL = '[role="dialog"]';

/** Down Home to a row (by its key, or the first row of a group such as `genre-stations:`); false when it is not shown. */
async function downTo(page: Page, row: string): Promise<boolean> {
  return moveUntil(page, 'ArrowDown', onRow(row), 40);
}

/** Returns what it opened, in order. */
export async function walkEveryScreen(page: Page): Promise<string[]> {
  visited = [];
  // Home's first tile: from Settings at the top, one press down.
  await moveUntil(page, 'ArrowUp', (f) => f === 'home-settings', 60);
  await move(page, 'ArrowDown');

  if (await downTo(page, 'favorites')) await openAndBack(page, PANEL);

  if (await downTo(page, 'charts')) {
    await openAndBack(page, DETAIL, async () => {
      // The first track's panel; from it "More like this", whose Back comes to the track again, the panel closed.
      const track = await focusedKey(page);
      await openAndBack(page, PANEL);
      await page.keyboard.press('Enter');
      await shown(page, PANEL);
      if (await moveUntil(page, 'ArrowDown', (f) => f === 'panel-more', 6)) {
        await page.keyboard.press('Enter');
        await shown(page, DETAIL);
        await waitUntil(page, `document.querySelector('[role="dialog"]') === null`);
        await note(page, DETAIL);
        await page.keyboard.press('Escape');
      } else {
        await page.keyboard.press('Escape');
      }
      await waitUntil(page, `document.querySelector('.is-focused')?.getAttribute('data-focus-key') === ${JSON.stringify(track)}`);
    });
  }
  for (const row of ['new-hits', 'mood-stations', 'genre-stations:']) if (await downTo(page, row)) await openAndBack(page, DETAIL);

  if (await downTo(page, 'new-releases:')) {
    const first = await focusedKey(page);
    // An album, and its artist.
    await openAndBack(page, DETAIL, async () => {
      if (await moveUntil(page, 'ArrowLeft', (f) => f === 'album-artist', 6)) await openAndBack(page, DETAIL);
    });
    // The category's grid, from the row's last tile; then back to the row's first tile.
    if (await moveUntil(page, 'ArrowRight', (f) => f.includes(':see-all:'), 60)) await openAndBack(page, DETAIL);
    await moveUntil(page, 'ArrowLeft', (f) => f === first, 60);
  }

  if (await downTo(page, 'kids')) {
    await openAndBack(page, DETAIL, async () => {
      if ((await focusedKey(page))?.startsWith('tile:') === true) await openAndBack(page, DETAIL);
    });
  }
  for (const row of ['collected-playlists', 'album-collection', 'shared-playlists']) if (await downTo(page, row)) await openAndBack(page, DETAIL);

  // Settings, then back to the first tile.
  await moveUntil(page, 'ArrowUp', (f) => f === 'home-settings', 60);
  await openAndBack(page, '.screen.settings');
  await move(page, 'ArrowDown');
  return visited;
}
