/**
 * Kiosk idle mode in the real browser: the "Press any key" hint covers no tile or caption at 1080p and 720p, and any
 * key wakes it (a letter, Space) without doing anything else.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, SandboxApi, test } from './kiosk';
import { homeRow, openTv, pairing } from './tv';

const IDLE_SECONDS = 8;
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function coveredBy(cover: Locator, targets: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  if (box === null) throw new Error('The hint is not on screen.');
  const hits: string[] = [];
  for (const target of await targets.all()) {
    const other = await target.boundingBox();
    if (other !== null && other.width > 0 && overlap(box, other)) hits.push(await target.innerText());
  }
  return hits;
}

const hint = (page: Page): Locator => page.getByText('Press any key', { exact: true });

test('kiosk idle: the hint covers no tile or caption, and a letter or Space wakes it without opening anything', async ({ page, launchShell }) => {
  const shell = await launchShell({ env: { TUNEWALL_KIOSK: '1', TUNEWALL_IDLE_SECONDS: String(IDLE_SECONDS) } });
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  await openTv(page, shell);
  await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();

  await expect(hint(page)).toBeVisible({ timeout: 60_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(hint(page)).toBeInViewport();
    expect(await coveredBy(hint(page), page.locator('.tile .tile-art, .tile-title, .tile-subtitle, .row-title'))).toEqual([]);
  }

  for (const key of ['a', ' ']) {
    await expect(hint(page)).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press(key);
    await expect(hint(page)).toBeHidden();
    await expect(page.locator('main.home')).toBeVisible();
    await expect(page.locator('main.detail')).toHaveCount(0);
  }
});
