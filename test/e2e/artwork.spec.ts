/**
 * Pictures on the page's own origin (main/core/features/artwork/): every picture Home draws comes from the kiosk
 * shell's loopback server, which the core fills from the service and keeps on disk, so a restart with the service gone
 * still paints Home's pictures. Screenshots of Home with its pictures at both sizes in every language.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, serviceEnv, test, writeVaultKey, type Shell } from './kiosk';
import { artworkSettled, homeRow, openTv, pairing } from './tv';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

/** Pictures in view: how many arrived, and how many failed (complete with no pixels). */
const PICTURES_IN_VIEW = `(() => {
  const h = window.innerHeight, w = window.innerWidth;
  const inView = Array.from(document.querySelectorAll('.art img')).filter((img) => {
    const r = img.getBoundingClientRect();
    return r.bottom > 0 && r.right > 0 && r.top < h && r.left < w;
  });
  return { drawn: inView.filter((img) => img.complete && img.naturalWidth > 0).length, broken: inView.filter((img) => img.complete && img.naturalWidth === 0).length };
})()`;

/**
 * Home's tiles as the remote's frames need them: every picture covering its whole box (stacked over the placeholder by
 * the grid), and nothing inside a row positioned (each positioned box would be one more paint layer for every press's
 * frame to go through). The pictures not covering their box, and the positioned elements, by class.
 */
const TILE_LAYOUT = `(() => {
  const off = (a, b) => Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom));
  const uncovered = Array.from(document.querySelectorAll('.home .tile .art:not(.art-mosaic) > img'))
    .filter((img) => off(img.getBoundingClientRect(), img.parentElement.getBoundingClientRect()) > 0.5)
    .map((img) => img.parentElement.className);
  const positioned = Array.from(document.querySelectorAll('.home .row-track, .home .row-track *'))
    .filter((el) => getComputedStyle(el).position !== 'static')
    .map((el) => el.className);
  return { uncovered, positioned };
})()`;

async function picturesInView(page: Page): Promise<{ drawn: number; broken: number }> {
  await artworkSettled(page);
  return (await page.evaluate(PICTURES_IN_VIEW)) as { drawn: number; broken: number };
}

/** Every picture the page asked for, by URL. */
function pictureRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') urls.push(request.url());
  });
  return urls;
}

async function home(page: Page, shell: Shell, signIn: boolean): Promise<void> {
  await openTv(page, shell);
  if (signIn) expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  for (const row of ['favorites', 'charts', 'new-hits']) await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
}

async function screenshot(page: Page, name: string, outputPath: string): Promise<void> {
  await page.screenshot({ path: outputPath });
  // Kept beside the test results for a person to look at.
  const dir = join(process.cwd(), 'test-results', 'artwork-screens');
  mkdirSync(dir, { recursive: true });
  copyFileSync(outputPath, join(dir, `${name}.png`));
}

test("Home's pictures come from the shell's own origin, and paint from disk after a restart with the service gone", async ({
  page,
  browser,
  launchShell,
  workDir,
}, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // A service of this test's own, so it can go away for good (the sandbox's faults leave its pictures alone).
  const own = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  const dataDir = join(workDir, 'data');
  const env = serviceEnv(own, writeVaultKey(workDir));
  const asked = pictureRequests(page);

  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  expect(own.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  for (const row of ['favorites', 'charts', 'new-hits']) await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
  await expect.poll(async () => (await picturesInView(page)).drawn).toBeGreaterThanOrEqual(10);
  expect((await picturesInView(page)).broken).toBe(0);
  expect(asked.length).toBeGreaterThan(0);
  for (const url of asked) expect(url.startsWith(`${first.origin}/artwork/`) || url.startsWith('data:'), url).toBe(true);
  const drawnOnline = (await picturesInView(page)).drawn;
  await first.stop();

  // The service is gone, and a new browser profile has nothing in its own cache: the pictures can only come from the
  // data folder.
  await own.close();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const fresh = await context.newPage();
    const askedAgain = pictureRequests(fresh);
    const second = await launchShell({ dataDir, env });
    await home(fresh, second, false);
    await expect.poll(async () => (await picturesInView(fresh)).drawn).toBe(drawnOnline);
    expect((await picturesInView(fresh)).broken).toBe(0);
    expect(askedAgain.length).toBeGreaterThan(0);
    for (const url of askedAgain) expect(url.startsWith(`${second.origin}/artwork/`) || url.startsWith('data:'), url).toBe(true);
    await screenshot(fresh, 'home-offline-warm-start-en-1920x1080', testInfo.outputPath('home-offline.png'));
  } finally {
    await context.close();
  }
});

for (const language of ['en', 'zh-Hant', 'ja']) {
  test(`Home with its pictures in ${language}, at 1920×1080 and 1280×720`, async ({ page, launchShell, workDir }, testInfo) => {
    const env = { ...serviceEnv(service, writeVaultKey(workDir)), TUNEWALL_LANGUAGE: language };
    await page.setViewportSize({ width: 1920, height: 1080 });
    const shell = await launchShell({ env });
    await home(page, shell, true);
    for (const size of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
      await page.setViewportSize(size);
      await expect.poll(async () => (await picturesInView(page)).drawn).toBeGreaterThanOrEqual(8);
      expect((await picturesInView(page)).broken).toBe(0);
      expect(await page.evaluate(TILE_LAYOUT)).toEqual({ uncovered: [], positioned: [] });
      await screenshot(page, `home-${language}-${size.width}x${size.height}`, testInfo.outputPath(`home-${size.width}.png`));
    }
  });
}
