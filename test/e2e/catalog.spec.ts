/**
 * The whole catalog with the remote, through the kiosk shell against the sandbox: Home's rows in order and loaded as
 * focus comes near them; every kind of detail screen; the track panel's actions (the favourite checked in the
 * sandbox's own state); and Back along a deep path.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, SandboxApi, test, type Shell } from './kiosk';
import { downToRow, focused, focusedKey, focusedRow, homeRow, openTv, pairing, pressUntilFocused, scanQr } from './tv';

/** The member's rows in the order Home shows them (a category row is `<row>:<category>`). */
const MEMBER_ROWS = [
  'favorites', 'charts', 'new-hits', 'mood-stations', 'genre-stations', 'new-releases', 'kids',
  'collected-playlists', 'album-collection', 'shared-playlists',
];

async function signedInHome(page: Page, shell: Shell): Promise<SandboxApi> {
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);
  await sandbox.approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'favorites').locator('.tile').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  return sandbox;
}

/** Presses right along a new-release row until its last tile, "See all", has focus. */
async function rightToSeeAll(page: Page, category: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focused(page).getAttribute('aria-label'))?.startsWith(`See all, ${category}, `) === true) return;
    const before = await focusedKey(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page).catch(() => before)).not.toBe(before);
  }
  throw new Error(`ArrowRight ×${max} never reached "See all".`);
}

async function openFocused(page: Page): Promise<void> {
  await page.keyboard.press('Enter');
}

async function back(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

const heading = (page: Page) => page.locator('h1.detail-title');
const kind = (page: Page) => page.locator('.detail-kind');

const RowRequests = /^\/v1\.1\/(genre-stations|new-release-categories|children-categories|users\/[^/]+\/(playlist-collection|album-collection|shared-playlists))/;

test("Home shows the member's rows in order, asking for each only as focus comes near it", async ({ page, launchShell }) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();

  // Nothing below the first screen was asked of the service for the first paint.
  const early = (await sandbox.requests()).filter((r) => RowRequests.test(r.path)).map((r) => r.path);
  expect(early).toEqual([]);

  // Down to the bottom, one row per press: every row comes in order (a row still loading when focus reaches it holds
  // focus until its first tile arrives), until a press moves nothing.
  const seen: string[] = [await focusedRow(page)];
  for (let i = 0; i < 40; i++) {
    const before = await focusedKey(page);
    await page.keyboard.press('ArrowDown');
    const moved = await expect
      .poll(() => focusedKey(page).catch(() => before), { timeout: 5_000 })
      .not.toBe(before)
      .then(() => true, () => false);
    if (!moved) break;
    seen.push(await focusedRow(page));
  }
  const sources = seen.map((row) => row.split(':')[0] ?? row).filter((row, i, all) => all.indexOf(row) === i);
  expect(sources).toEqual(MEMBER_ROWS);
  // Grouped rows become one row per category.
  expect(seen.filter((row) => row.startsWith('genre-stations:')).length).toBeGreaterThan(1);
  expect(seen.filter((row) => row.startsWith('new-releases:')).length).toBeGreaterThan(1);
  const late = (await sandbox.requests()).filter((r) => RowRequests.test(r.path));
  expect(late.length).toBeGreaterThanOrEqual(5);
});

test('every kind of detail: new hits, album and its artist, a new-release grid, a children category and its playlist, a genre station', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  await signedInHome(page, shell);

  // New hits: a playlist of tracks.
  await downToRow(page, 'new-hits');
  const hits = (await focused(page).locator('.tile-title').innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(hits);
  await expect(kind(page)).toHaveText('New hits');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await back(page);
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:new-hits:/);

  // A genre station: its picture is a mosaic of its album art.
  await downToRow(page, 'genre-stations');
  await expect(focused(page).locator('.art-mosaic')).toBeVisible();
  const station = (await focused(page).locator('.tile-title').innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(station);
  await expect(kind(page)).toHaveText('Genre station');
  await expect(page.locator('.detail-hero .art-mosaic')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shuffle again' })).toBeVisible();
  await back(page);

  // A new release: the album, its facts, and its artist.
  await downToRow(page, 'new-releases');
  const row = await focusedRow(page);
  const album = (await focused(page).locator('.tile-title').innerText()).trim();
  const artist = (await focused(page).locator('.tile-subtitle').innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(album);
  await expect(kind(page)).toHaveText('Album');
  await expect(page.locator('.detail-hero .detail-meta')).toContainText(/\d+ tracks?/);
  await expect(page.locator('.track-head .track-album')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Go to ${artist}` })).toBeVisible();
  await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
  await openFocused(page);
  await expect(heading(page)).toHaveText(artist);
  await expect(kind(page)).toHaveText('Artist');
  await expect(page.getByRole('region', { name: 'Top tracks' })).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:artist-albums:/);
  await back(page);
  await expect(heading(page)).toHaveText(album);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'album-artist');
  await back(page);
  await expect(focused(page)).toHaveAttribute('data-focus-key', new RegExp(`^tile:${row}:`));

  // The row ends with "See all": the category's grid, moved through line by line.
  const category = row.slice('new-releases:'.length);
  await rightToSeeAll(page, category);
  await openFocused(page);
  await expect(heading(page)).toHaveText(category);
  await expect(kind(page)).toHaveText('New releases');
  const grid = page.locator('.tile-grid .tile');
  await expect(grid.first()).toHaveClass(/is-focused/);
  const columns = Number(await page.evaluate(`getComputedStyle(document.querySelector('.tile-grid')).gridTemplateColumns.split(' ').length`));
  await page.keyboard.press('ArrowDown');
  await expect(grid.nth(columns)).toHaveClass(/is-focused/);
  await back(page);
  expect((await focused(page).getAttribute('aria-label'))?.startsWith(`See all, ${category}, `)).toBe(true);

  // A children category: its subcategories, each a row of playlists; a playlist opens as a list of tracks.
  await downToRow(page, 'kids');
  const kids = (await focused(page).locator('.tile-title').innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(kids);
  await expect(kind(page)).toHaveText('Kids');
  await expect(page.locator('.kids section.row').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:kids-/);
  const playlist = (await focused(page).locator('.tile-title').innerText()).trim();
  const playlistKey = await focusedKey(page);
  await openFocused(page);
  await expect(heading(page)).toHaveText(playlist);
  await expect(kind(page)).toHaveText('Playlist');
  await back(page);
  await expect(focused(page)).toHaveAttribute('data-focus-key', playlistKey);
});

const FavoritesSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

test("the track panel's actions, the favourite kept in the sandbox, and Back along Home → chart → album → artist → album", async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  await downToRow(page, 'charts');
  const chartKey = await focusedKey(page);
  const chart = (await focused(page).locator('.tile-title').innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(chart);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  // A track that has its album (the sandbox sends some without).
  let track = 0;
  for (; track < 20; track++) {
    if ((await focused(page).locator('.track-album').innerText()).trim() !== '') break;
    await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAttribute('data-focus-key', `track:${track + 1}`);
  }
  const trackKey = `track:${track}`;
  const album = (await focused(page).locator('.track-album').innerText()).trim();
  const panel = page.getByRole('dialog');
  const openPanel = async (): Promise<string> => {
    await expect(focused(page)).toHaveAttribute('data-focus-key', trackKey);
    await openFocused(page);
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');
    return (await panel.getAttribute('aria-label')) ?? '';
  };
  const name = await openPanel();
  // Send to my phone is checked with a paired phone in companionTv.spec.ts.
  await expect(panel.getByRole('button')).toHaveText(['Open on your phone', 'Send to my phone', 'Go to album', 'Go to artist', 'More like this', /Add to favorites|In favorites/]);

  // 1. Open on your phone: the QR code of the track's page.
  await openFocused(page);
  const qr = page.getByRole('dialog', { name: 'Scan to open on your phone' });
  await expect(qr.locator('svg.qr')).toBeVisible();
  await expect(qr).toContainText(name);
  expect(await scanQr(page)).toMatch(/^https?:\/\//);
  await back(page);
  await expect(qr).toHaveCount(0);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');

  // 2. More like this: the recommendations from the track.
  await pressUntilFocused(page, 'ArrowDown', 'panel-more');
  await openFocused(page);
  await expect(kind(page)).toHaveText('More like this');
  await expect(heading(page)).toHaveText(name);
  await back(page);
  await expect(heading(page)).toHaveText(chart);

  // 3. Add to favorites: the sandbox has it, and so does the favourites row.
  await openPanel();
  await pressUntilFocused(page, 'ArrowDown', 'panel-favorite');
  await openFocused(page);
  await expect(panel.getByRole('status')).toHaveText(/Added to your favorites\.|Already in your favorites\./);
  await expect(focused(page)).toHaveText('In favorites');
  const token = await sandbox.memberAccessToken();
  const response = await fetch(`${sandbox.origin}/v1.1/me/favorite?limit=5`, { headers: { authorization: `Bearer ${token}` } });
  expect(FavoritesSchema.parse(await response.json()).data[0]?.name).toBe(name);
  await back(page);
  await expect(panel).toHaveCount(0);

  // 4 and 5. Go to album, then its artist, then one of the artist's albums; Back four times, each to what was chosen.
  await openPanel();
  await pressUntilFocused(page, 'ArrowDown', 'panel-album');
  await openFocused(page);
  await expect(heading(page)).toHaveText(album);
  await expect(kind(page)).toHaveText('Album');
  await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
  const artist = (await focused(page).innerText()).trim();
  await openFocused(page);
  await expect(heading(page)).toHaveText(artist);
  await expect(kind(page)).toHaveText('Artist');
  const albums = page.locator('section.row[data-row="artist-albums"] .tile');
  await expect(albums.first()).toBeVisible();
  const pick = Math.min(2, (await albums.count()) - 1);
  const pickKey = (await albums.nth(pick).getAttribute('data-focus-key')) ?? '';
  const pickTitle = (await albums.nth(pick).locator('.tile-title').innerText()).trim();
  await pressUntilFocused(page, 'ArrowRight', pickKey);
  await openFocused(page);
  await expect(heading(page)).toHaveText(pickTitle);

  await back(page);
  await expect(heading(page)).toHaveText(artist);
  await expect(focused(page)).toHaveAttribute('data-focus-key', pickKey);
  await back(page);
  await expect(heading(page)).toHaveText(album);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'album-artist');
  await back(page);
  await expect(heading(page)).toHaveText(chart);
  await expect(focused(page)).toHaveAttribute('data-focus-key', trackKey);
  await expect(panel).toHaveCount(0);
  await back(page);
  await expect(page.locator('.home')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', chartKey);

  // The favourite shows first in the favourites row, without a restart.
  await expect(homeRow(page, 'favorites').locator('.tile').first().locator('.tile-title')).toHaveText(name);
});

const DrawnSchema = z.array(z.object({ row: z.string(), drawn: z.number(), natural: z.number(), focused: z.boolean() }));

/** Every picture on screen in a Home row: its row, the width it is drawn at (device pixels) and the width fetched. */
async function homePictures(page: Page): Promise<z.infer<typeof DrawnSchema>> {
  return DrawnSchema.parse(
    await page.evaluate(`Array.from(document.querySelectorAll('section.row[data-row] .tile img')).filter((img) => {
      const r = img.getBoundingClientRect();
      return img.complete && img.naturalWidth > 0 && r.bottom > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
    }).map((img) => ({
      row: img.closest('section.row').dataset.row,
      drawn: img.getBoundingClientRect().width * window.devicePixelRatio,
      natural: img.naturalWidth,
      focused: img.closest('.tile').classList.contains('is-focused'),
    }))`),
  );
}

for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
  test(`Home at ${viewport.width}×${viewport.height} fetches each picture at the smallest of the service's sizes that stays sharp`, async ({ page, launchShell }) => {
    await page.setViewportSize(viewport);
    const shell = await launchShell();
    await signedInHome(page, shell);
    await expect(homeRow(page, 'charts').locator('.tile img').first()).toBeVisible();
    await expect.poll(async () => new Set((await homePictures(page)).map((p) => p.row))).toEqual(new Set(['favorites', 'charts', 'new-hits']));
    const pictures = await homePictures(page);
    // Favourites are tracks, drawn as cards whose picture fits the contract's smallest album picture (160 px), where a
    // square tile needed the 500 px one; charts and new hits take the 300 px playlist picture.
    for (const picture of pictures) {
      expect(picture.natural, `${picture.row}: drawn ${picture.drawn} px`).toBe(picture.row === 'favorites' ? 160 : 300);
      // Sharp where it is drawn, the focused one (grown) included; and never more than 1.25 times the pixels at 1080p.
      expect(picture.drawn).toBeLessThanOrEqual(picture.natural + 0.5);
      if (viewport.width === 1920 && !picture.focused) expect((picture.natural / picture.drawn) ** 2).toBeLessThanOrEqual(1.25);
    }
  });
}
