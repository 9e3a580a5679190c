/**
 * The service away, then back: what failed meanwhile (a detail screen, Home's rows, artwork) comes back by itself, with
 * no key pressed once the service answers again, as the offline banner goes by itself.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, SandboxApi, test } from './kiosk';
import { focused, homeRow, openTv, pairing } from './tv';

const ARTWORK = '**/artwork/**';

/**
 * The favourites row's tiles on screen (pictures further along load lazily, as they come near): how many there are,
 * and how many show their picture (arrived, decoded, with pixels). A string: the page's CSP forbids eval.
 */
const FAVORITES_ART = `(() => {
  const tiles = Array.from(document.querySelectorAll('section.row[data-row="favorites"] .tile')).filter((tile) => {
    const r = tile.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth;
  });
  const shown = tiles.filter((tile) => {
    const img = tile.querySelector('.art img');
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  return { tiles: tiles.length, pictures: shown.length };
})()`;

const ArtSchema = z.object({ tiles: z.number(), pictures: z.number() });

async function favoritesArt(page: Page): Promise<{ tiles: number; pictures: number }> {
  return ArtSchema.parse(await page.evaluate(FAVORITES_ART));
}

test('after a fault, Home draws again the artwork that failed, with no key pressed', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);

  // Pictures do not arrive from the start: Home is painted with the letter placeholders.
  await page.route(ARTWORK, (route) => route.abort('connectionfailed'));
  await sandbox.approve((await pairing.code(page).innerText()).trim());
  const favorites = homeRow(page, 'favorites');
  await expect(favorites.locator('.tile').first()).toBeVisible();
  await expect(favorites.locator('.tile .art-initial').first()).toBeVisible();
  const tiles = (await favoritesArt(page)).tiles;
  expect(tiles).toBeGreaterThan(3);
  await expect.poll(() => favoritesArt(page)).toEqual({ tiles, pictures: 0 });

  // The service goes away too, and the rows Home asks for as focus moves down do not come.
  await sandbox.faults({ dropRate: 1 });
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.banner-offline')).toBeVisible();

  // Back, by itself: no key from here on until the pictures are there.
  await page.unroute(ARTWORK);
  await sandbox.faults({ dropRate: 0 });
  await expect(page.locator('.banner-offline')).toHaveCount(0, { timeout: 45_000 });
  await expect.poll(() => favoritesArt(page)).toEqual({ tiles, pictures: tiles });
});

test('a detail screen that failed while the service was away loads by itself once it is back', async ({ page, launchShell }) => {
  const shell = await launchShell();
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);
  await sandbox.approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);

  await sandbox.faults({ dropRate: 1 });
  const chartTitle = await focused(page).locator('.tile-title').innerText();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.locator('.banner-offline')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'detail-retry');

  await sandbox.faults({ dropRate: 0 });
  // No key pressed: the screen loads once the service answers, as the banner goes.
  await expect(page.locator('.banner-offline')).toHaveCount(0, { timeout: 45_000 });
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await expect(page.locator('h1.detail-title')).toHaveText(chartTitle);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
