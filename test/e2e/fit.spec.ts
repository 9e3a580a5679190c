/**
 * What a viewer sees at 1920×1080 and 1280×720, measured on the screen: the offline notice beside the track list, never
 * over its header or the focused track; the last track's focus ring whole; Home's row titles never half under the
 * header as it scrolls; chart names on two lines rather than cut, with something other than the name again under them;
 * no caption left uncut that does not fit.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, SandboxApi, test, type Shell } from './kiosk';
import { downToLastRow, focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

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

/** Signed in as the demo member (Taiwan), or another one (`member-hanako`: Japan). */
async function signedInHome(page: Page, shell: Shell, memberId?: string): Promise<SandboxApi> {
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);
  await sandbox.approve((await pairing.code(page).innerText()).trim(), memberId);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  return sandbox;
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

/**
 * The titles of Home's rows that can be seen (in the rows' box, not hidden) but start above the end of the header and
 * the fade under it. A string: the page's CSP forbids eval.
 */
const TITLES_UNDER_HEADER = `(() => {
  const header = document.querySelector('.home-header');
  const home = document.querySelector('.home');
  const rows = document.querySelector('.home .rows');
  if (header === null || home === null || rows === null) return ['(no Home)'];
  const line = header.getBoundingClientRect().bottom + parseFloat(getComputedStyle(home, '::after').height);
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

test("as Home scrolls down and back up, no row's title is left half under the header", async ({ page, launchShell }) => {
  const shell = await launchShell();
  await signedInHome(page, shell);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const label = `${size.width}×${size.height}`;
    await pressUntilFocused(page, 'ArrowUp', 'home-settings');
    for (let step = 0; step < 40; step++) {
      const before = await focusedKey(page);
      await page.keyboard.press('ArrowDown');
      const moved = await expect
        .poll(() => focusedKey(page).catch(() => before), { timeout: 3_000 })
        .not.toBe(before)
        .then(
          () => true,
          () => false,
        );
      await expect.poll(() => titlesUnderHeader(page), { message: `${label}, ${await focusedKey(page)}` }).toEqual([]);
      if (!moved) break;
    }
    await downToLastRow(page);
    for (let step = 0; step < 40 && (await focusedKey(page)) !== 'home-settings'; step++) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => titlesUnderHeader(page), { message: `${label}, ${await focusedKey(page)}` }).toEqual([]);
    }
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
