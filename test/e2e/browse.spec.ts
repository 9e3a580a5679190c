/**
 * Browsing with the remote once signed in: a long chart paged on demand, Back to the tile it came from, and the
 * offline banner that comes and goes with the service.
 */
import type { Page } from '@playwright/test';
import { expect, findLongChart, SandboxApi, test, type Shell } from './kiosk';
import { focused, homeRow, openTv, pairing, pressUntilFocused } from './tv';

async function signedInHome(page: Page, shell: Shell): Promise<SandboxApi> {
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);
  await sandbox.approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  // Down from the member's favourites to the charts.
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
  return sandbox;
}

test('down 200 tracks of a long chart and on past its first page, fetched on demand; Back lands on the chart it opened', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  const chart = await findLongChart(sandbox, 201);
  const tileKey = `tile:charts:${chart.id}`;

  // Offsets of the track pages the screen asks for beyond what the chart itself brought.
  const pageOffsets: number[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/call/getTracks')) return;
    const args: unknown = request.postDataJSON();
    if (Array.isArray(args) && typeof args[1] === 'number') pageOffsets.push(args[1]);
  });

  await pressUntilFocused(page, 'ArrowRight', tileKey);
  await expect(focused(page)).toHaveAttribute('aria-label', new RegExp(`^${chart.title}`));
  await page.keyboard.press('Enter');

  await expect(page.locator('h1.detail-title')).toHaveText(chart.title);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await expect(focused(page).locator('.track-name')).toBeVisible();
  for (let i = 1; i <= 200; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAttribute('data-focus-key', `track:${i}`);
  }
  await expect(focused(page)).toHaveAttribute('aria-posinset', '201');
  await expect(focused(page).locator('.track-name')).not.toBeEmpty();
  // The chart arrives with its first 500 tracks (the catalog's page size): nothing more was asked for so far.
  expect(pageOffsets).toEqual([]);

  // On towards the end of that page, ten presses at a time: the next page is asked for before focus gets there.
  for (let i = 210; i <= 500; i += 10) {
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAttribute('data-focus-key', `track:${i}`);
  }
  await expect(focused(page)).toHaveAttribute('aria-posinset', '501');
  await expect(focused(page).locator('.track-name')).not.toBeEmpty();
  expect(pageOffsets).toEqual([500]);

  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', tileKey);
  await expect(focused(page)).toHaveAttribute('aria-label', new RegExp(`^${chart.title}`));
});

/** As a busy TV box: each frame is drawn a quarter of a second late, so presses come faster than the list scrolls. */
const SLOW_FRAMES = `(() => {
  const draw = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    setTimeout(() => draw(callback), 250);
    return 0;
  };
})()`;

test('with frames drawn late, every press of a fast burst moves one track: none is lost past the rows drawn so far', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  const chart = await findLongChart(sandbox, 201);
  await pressUntilFocused(page, 'ArrowRight', `tile:charts:${chart.id}`);
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');

  await page.evaluate(SLOW_FRAMES);
  for (let i = 25; i <= 200; i += 25) {
    for (let k = 0; k < 25; k++) await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAttribute('data-focus-key', `track:${i}`);
  }
  for (let k = 0; k < 25; k++) await page.keyboard.press('ArrowUp');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:175');
  await expect(focused(page)).toHaveAttribute('aria-posinset', '176');
});

test('the offline banner appears when the service stops answering and leaves by itself when it is back', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = await signedInHome(page, shell);
  const banner = page.locator('.banner-offline');
  await expect(banner).toHaveCount(0);

  await sandbox.faults({ dropRate: 1 });
  // Browsing on: open the second chart, which has never been fetched.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Offline');

  await sandbox.faults({ dropRate: 0 });
  // No key press from here: the core probes the service with backoff (up to about 30 s apart).
  await expect(banner).toHaveCount(0, { timeout: 45_000 });
  const dropped = (await sandbox.requests()).filter((r) => r.status === 0);
  expect(dropped.length).toBeGreaterThan(0);
});

/** Records whether the loading splash is ever put on screen from now on. A string: CSP. */
const WATCH_SPLASH = `(() => {
  window.splashSeen = false;
  new MutationObserver(() => {
    if (document.querySelector('main.splash') !== null) window.splashSeen = true;
  }).observe(document.body, { childList: true, subtree: true });
})()`;

test('the first screen opened after a start is drawn at once, with no loading splash, and a Back pressed right away lands on Home', async ({
  page,
  launchShell,
}) => {
  const shell = await launchShell();
  await signedInHome(page, shell);
  await page.evaluate(WATCH_SPLASH);
  const tile = await focused(page).getAttribute('data-focus-key');

  // Open the first detail page of this start and press Back in the same moment, as an impatient thumb does.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('main.home')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', tile ?? '');
  // Nothing opens later over Home: the detail's answer and its screen's code both came and went.
  await page.waitForTimeout(500);
  await expect(page.locator('main.home')).toBeVisible();
  await expect(page.locator('main.detail')).toHaveCount(0);

  // Opened again and left open: the detail, never the splash (before, the first detail of a start showed "Starting
  // Tunewall…" for some 300 ms, and a Back pressed then was lost).
  await page.keyboard.press('Enter');
  await expect(page.locator('h1.detail-title')).toBeVisible();
  expect(await page.evaluate('window.splashSeen')).toBe(false);
});
