/**
 * What a viewer sees at 1920×1080 and 1280×720, measured on the screen: the offline notice beside the track list, never
 * over its header or the focused track; the last track's focus ring whole; Home's row titles never half under the
 * header as it scrolls; chart names on two lines rather than cut, with something other than the name again under them;
 * no caption left uncut that does not fit; a press along a row recolouring two tiles and moving nothing.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, test, type SandboxApi } from './kiosk';
import { downToLastRow, downToRow, focused, focusedKey, pressMoves, pressUntilFocused } from './tv';
import { SIZES, signedInHome } from './viewer';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).boundingBox();
  if (found === null) throw new Error(`${selector} is not on screen.`);
  return found;
}

/** The TW chart with the fewest tracks (the test's own look-up, with its own token), to walk to its last track. */
async function shortestChart(sandbox: SandboxApi): Promise<{ id: string; total: number }> {
  const token = await sandbox.memberAccessToken();
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${sandbox.origin}/v1.1/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  const charts = z.object({ data: z.array(z.object({ id: z.string() })) }).parse(await get('charts?territory=TW'));
  let shortest: { id: string; total: number } | undefined;
  for (const chart of charts.data) {
    const total = z
      .object({ tracks: z.object({ summary: z.object({ total: z.number() }) }) })
      .parse(await get(`charts/${chart.id}?territory=TW`)).tracks.summary.total;
    if (shortest === undefined || total < shortest.total) shortest = { id: chart.id, total };
  }
  if (shortest === undefined) throw new Error('The sandbox has no TW chart.');
  return shortest;
}

/**
 * How far the focused track's ring (drawn outside the row) reaches past the list's visible box, in pixels: 0 when the
 * whole highlight is seen. A string: the page's CSP forbids eval.
 */
const FOCUSED_TRACK_CLIPPED = `(() => {
  const row = document.querySelector('.track.is-focused');
  const list = document.querySelector('.track-list');
  if (row === null || list === null) return -1;
  const ring = parseFloat(getComputedStyle(row).boxShadow.match(/0px 0px 0px ([\\d.]+)px/)?.[1] ?? '0');
  const r = row.getBoundingClientRect();
  const l = list.getBoundingClientRect();
  return Math.max(0, l.top - (r.top - ring), r.bottom + ring - l.bottom);
})()`;

async function focusedTrackClipped(page: Page): Promise<number> {
  return z.number().parse(await page.evaluate(FOCUSED_TRACK_CLIPPED));
}

test('the offline notice covers neither the track list header nor the focused track, and the last track is seen whole', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  const chart = await shortestChart(sandbox);
  await page.keyboard.press('ArrowDown');
  await pressUntilFocused(page, 'ArrowRight', `tile:charts:${chart.id}`);
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');

  const last = `track:${chart.total - 1}`;
  for (let i = 1; i < chart.total; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAttribute('data-focus-key', `track:${i}`);
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(focused(page)).toHaveAttribute('data-focus-key', last);
    await expect.poll(() => focusedTrackClipped(page), { message: `${size.width}×${size.height}` }).toBe(0);
  }

  // The service goes away as the track panel asks it to add the track to the favourites.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Add to favorites' })).toBeVisible();
  await sandbox.faults({ dropRate: 1 });
  await pressUntilFocused(page, 'ArrowDown', 'panel-favorite');
  await page.keyboard.press('Enter');
  const notice = page.locator('.banner-offline');
  await expect(notice).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(focused(page)).toHaveAttribute('data-focus-key', last);

  for (const size of [...SIZES].reverse()) {
    await page.setViewportSize(size);
    const label = `${size.width}×${size.height}`;
    await expect(notice).toBeVisible();
    await expect.poll(async () => overlaps(await box(page, '.banner-offline'), await box(page, '.track-head')), { message: label }).toBe(false);
    await expect.poll(async () => overlaps(await box(page, '.banner-offline'), await box(page, '.track.is-focused')), { message: label }).toBe(false);
    await expect.poll(() => focusedTrackClipped(page), { message: label }).toBe(0);
  }
});

/** Where the header's fade ends, in the page's coordinates (a script expression, for the strings below). */
const FADE_END = `(document.querySelector('.home-header').getBoundingClientRect().bottom +
  parseFloat(getComputedStyle(document.querySelector('.home'), '::after').height))`;

/**
 * The titles of Home's rows that can be seen (in the rows' box, not hidden) but start above the end of the header and
 * the fade under it. A string: the page's CSP forbids eval.
 */
const TITLES_UNDER_HEADER = `(() => {
  const rows = document.querySelector('.home .rows');
  if (document.querySelector('.home-header') === null || rows === null) return ['(no Home)'];
  const line = ${FADE_END};
  const box = rows.getBoundingClientRect();
  return Array.from(document.querySelectorAll('.home .row-title')).filter((title) => {
    const r = title.getBoundingClientRect();
    const style = getComputedStyle(title);
    const seen = r.bottom > box.top && r.top < box.bottom && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    return seen && r.top < line - 1;
  }).map((title) => title.textContent);
})()`;

async function titlesUnderHeader(page: Page): Promise<string[]> {
  return z.array(z.string()).parse(await page.evaluate(TITLES_UNDER_HEADER));
}

/**
 * Scrolls Home's rows (as a mouse wheel would, not a press) so that the third row's title starts `offset` px below the
 * end of the header's fade (above it when negative); answers whether that title is then hidden, once scrolled.
 */
const titleAcrossLine = (offset: number) => `(async () => {
  const rows = document.querySelector('.home .rows');
  const title = document.querySelectorAll('.home .row-title')[2];
  const line = ${FADE_END};
  rows.scrollTop += title.getBoundingClientRect().top - (line + ${offset});
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return getComputedStyle(title).visibility === 'hidden';
})()`;

test("as Home scrolls down and back up, no row's title is left half under the header", async ({ page, launchShell }) => {
  const shell = await launchShell();
  await signedInHome(page, shell);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const label = `${size.width}×${size.height}`;
    await pressUntilFocused(page, 'ArrowUp', 'home-settings');
    for (let step = 0; step < 40; step++) {
      const moved = await pressMoves(page, 'ArrowDown');
      await expect.poll(() => titlesUnderHeader(page), { message: `${label}, ${await focusedKey(page)}` }).toEqual([]);
      if (!moved) break;
    }
    await downToLastRow(page);
    for (let step = 0; step < 40 && (await focusedKey(page)) !== 'home-settings'; step++) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => titlesUnderHeader(page), { message: `${label}, ${await focusedKey(page)}` }).toEqual([]);
    }
    // Scrolled by other means than a press (a wheel, a touchpad), to where a title crosses the header's edge: hidden
    // whole, then seen again once its row scrolls back down clear of the fade.
    expect(await page.evaluate(titleAcrossLine(-10)), `${label}: a title across the fade's end is hidden`).toBe(true);
    expect(await titlesUnderHeader(page)).toEqual([]);
    expect(await page.evaluate(titleAcrossLine(20)), `${label}: a title clear of the fade is seen`).toBe(false);
  }
});

/**
 * Each chart tile's name, whether it is cut (ellipsed, or lines clamped away: a whole line or more, not the few pixels a
 * CJK font's glyph box reaches past its line), and what is under it.
 */
const CHART_CAPTIONS = `(() => Array.from(document.querySelectorAll('section.row[data-row="charts"] .tile')).map((tile) => {
  const title = tile.querySelector('.tile-title');
  const subtitle = tile.querySelector('.tile-subtitle');
  return {
    title: title === null ? '' : title.textContent,
    cut: title === null || title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 4,
    subtitle: subtitle === null ? null : subtitle.textContent,
  };
}))()`;

const CaptionsSchema = z.array(z.object({ title: z.string(), cut: z.boolean(), subtitle: z.string().nullable() }));

test('Japanese chart names take two lines rather than being cut, with when each chart was updated under them', async ({ page, launchShell }) => {
  const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: 'ja' } });
  await signedInHome(page, shell, 'member-hanako');
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const captions = CaptionsSchema.parse(await page.evaluate(CHART_CAPTIONS));
    expect(captions.length).toBeGreaterThan(3);
    expect(captions.some((c) => c.title === 'J-POP デイリーランキング')).toBe(true);
    expect(captions.filter((c) => c.cut).map((c) => c.title)).toEqual([]);
    for (const caption of captions) {
      expect(caption.subtitle ?? '').not.toContain(caption.title);
      // "11月20日 更新": the day it was updated, in the viewer's language (with its year when that is not this one).
      expect(caption.subtitle).toMatch(/^(\d{1,2}月\d{1,2}日|\d{4}\/\d{1,2}\/\d{1,2}) 更新$/);
    }
  }
});

/**
 * Every caption on the page that is not cut (Tile.tsx clamps only those that may not fit): a title's lines and whether
 * a subtitle's text runs past its box, measured from the text itself.
 */
const UNCUT_CAPTIONS = `(() => {
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  };
  const textWidth = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect().width;
  };
  return {
    titles: Array.from(document.querySelectorAll('.tile-title:not(.is-clamped)')).map((el) => ({ text: el.textContent, lines: lines(el) })),
    subtitles: Array.from(document.querySelectorAll('.tile-subtitle:not(.is-clamped)')).map((el) => ({
      text: el.textContent,
      over: textWidth(el) - el.getBoundingClientRect().width,
    })),
  };
})()`;

const UncutSchema = z.object({
  titles: z.array(z.object({ text: z.string(), lines: z.number() })),
  subtitles: z.array(z.object({ text: z.string(), over: z.number() })),
});

test('every caption on Home that is not cut fits: titles on at most two lines, subtitles inside their tile', async ({ page, launchShell }) => {
  const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: 'ja' } });
  await signedInHome(page, shell, 'member-hanako');
  // Down to the last row, so every row has loaded.
  await downToLastRow(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const uncut = UncutSchema.parse(await page.evaluate(UNCUT_CAPTIONS));
    expect(uncut.titles.length).toBeGreaterThan(50);
    expect(uncut.titles.filter((t) => t.lines > 2).map((t) => t.text)).toEqual([]);
    expect(uncut.subtitles.filter((s) => s.over > 0.5).map((s) => s.text)).toEqual([]);
  }
});

/**
 * The first three tiles of the charts row as drawn: where each picture is, what its focus ring and shadows are shaped
 * like (colours left out), its colours, and how far the row is scrolled. The ring is the second shadow (a spread of
 * 0.75rem under the gap's 0.25rem), and the outline's style is read to see there is none. A string: the page's CSP
 * forbids eval.
 */
const CHART_TILES = `(() => Array.from(document.querySelectorAll('section.row[data-row="charts"] .tile')).slice(0, 3).map((tile) => {
  const art = tile.querySelector('.art');
  const s = getComputedStyle(art);
  const r = art.getBoundingClientRect();
  const colours = /rgba?\\([^)]*\\)/g;
  return {
    box: [r.x, r.y, r.width, r.height],
    transform: s.transform,
    shape: [s.outlineStyle, s.outlineWidth, s.outlineOffset, s.boxShadow.replace(colours, 'c')].join(' / '),
    ring: (s.boxShadow.match(colours) ?? [])[1] ?? 'none',
    outline: s.outlineStyle,
    shadows: s.boxShadow.match(colours) ?? [],
    scrolled: tile.parentElement.scrollLeft,
  };
}))()`;

const ChartTilesSchema = z.array(
  z.object({
    box: z.array(z.number()),
    transform: z.string(),
    shape: z.string(),
    ring: z.string(),
    outline: z.string(),
    shadows: z.array(z.string()),
    scrolled: z.number(),
  }),
);

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test('a press along a row recolours the two tiles and moves nothing: same boxes, same ring and shadow shapes, no scroll', async ({
  page,
  launchShell,
}) => {
  // Remote presses stay cheap because focus changes only colours (components/Tile.css, ".tile .art"): the two tiles paint the
  // same area before and after, and nothing is laid out or layered again. A transform, or a ring or shadow drawn on the
  // focused tile alone, would still look right, and only the bench's press figures would show it.
  const shell = await launchShell();
  await signedInHome(page, shell);
  await downToRow(page, 'charts');
  const first = await focusedKey(page);
  const before = ChartTilesSchema.parse(await page.evaluate(CHART_TILES));
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedKey(page)).not.toBe(first);
  const after = ChartTilesSchema.parse(await page.evaluate(CHART_TILES));

  expect(before).toHaveLength(3);
  // Focus is seen: a ring on the focused picture, none on the others, before and after the press.
  expect(before.map((t) => t.ring !== TRANSPARENT)).toEqual([true, false, false]);
  expect(after.map((t) => t.ring !== TRANSPARENT)).toEqual([false, true, false]);
  // The ring is a shadow: an outline is painted and rastered again whenever its tile is checked for changes, as every
  // tile of a row is when the rows scroll (components/Tile.css).
  expect([...before, ...after].map((t) => t.outline)).toEqual(Array(6).fill('none'));
  expect(after[1]?.shadows).toEqual(before[0]?.shadows);
  expect(after[0]?.shadows).toEqual(before[1]?.shadows);
  // And only seen through colours.
  for (const [i, tile] of after.entries()) {
    expect(tile.box, `tile ${i}'s picture moved or grew`).toEqual(before[i]?.box);
    expect(tile.transform).toBe('none');
    expect(tile.shape, `tile ${i}'s ring or shadows changed shape`).toBe(before[i]?.shape);
    expect(tile.scrolled, 'the row scrolled though the next tile was in view').toBe(before[i]?.scrolled);
  }
});
