/**
 * The first screen drawn by the kiosk shell into the page: the pairing code (cold start) and Home (warm start) are
 * painted from the HTML alone, before the page's script runs, and the page then takes that very markup over. The
 * page's script is held back here (a slow machine, made certain) to see the page without it. Its stylesheet is in
 * the HTML too: the first paint waits on no request.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';
import { focused, homeRow, openTv, pairing, scanQr } from './tv';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

/** Holds the page's main script until `release` is called; the page meanwhile has only its HTML and CSS. */
async function holdPageScript(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/main-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** What the page logged as a warning or an error (a markup mismatch is one). */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

test('cold start: the pairing code is painted and scannable before the page runs, and the page takes it over', async ({ page, launchShell, workDir }) => {
  const shell = await launchShell({ dataDir: join(workDir, 'data'), env: serviceEnv(service, writeVaultKey(workDir)) });
  const logged = problems(page);
  const script = await holdPageScript(page);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto(shell.launchUrl, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${shell.origin}/`);

  await expect(pairing.qr(page)).toBeVisible();
  // Styled by the stylesheet the shell wrote into the page, which the page's policies allow: no request for it.
  await expect(page.locator('body')).toHaveCSS('font-family', /Noto Sans CJK/);
  expect(stylesheets).toEqual([]);
  expect(logged.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
  await expect(page.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
  // A phone can use it already: it opens the sign-in page for the code on screen.
  const code = (await pairing.code(page).innerText()).trim();
  expect(await scanQr(page)).toContain(`user_code=${code}`);
  const qr = await pairing.qr(page).elementHandle();
  const countdown = page.getByTestId('countdown');
  const drawn = await countdown.innerText();
  await page.waitForTimeout(1500);
  // Nothing runs yet: the countdown stands still.
  await expect(countdown).toHaveText(drawn);

  script.release();
  // The page runs: the countdown moves on, in the element the shell drew (taken over, not drawn again).
  await expect(countdown).not.toHaveText(drawn);
  expect(await qr?.evaluate((node) => node.isConnected)).toBe(true);
  expect(logged.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
  // And it is live: the code approved on the phone, the TV signs in by itself.
  expect(service.control.approve(code)).toBe(true);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
});

test('warm start: Home is painted before the page runs, and presses made meanwhile move the focus once it runs', async ({ page, launchShell, workDir }) => {
  const dataDir = join(workDir, 'data');
  const env = serviceEnv(service, writeVaultKey(workDir));
  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  for (const row of ['favorites', 'charts', 'new-hits']) await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
  await first.stop();

  const second = await launchShell({ dataDir, env });
  const logged = problems(page);
  const script = await holdPageScript(page);
  await page.goto(second.launchUrl, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${second.origin}/`);
  const favorites = homeRow(page, 'favorites').locator('.tile');
  await expect(favorites.first()).toBeVisible();
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(page.locator('.member-name')).toHaveText('林語彤');
  // Nothing runs yet: no focus is drawn.
  await expect(focused(page)).toHaveCount(0);
  const third = await favorites.nth(2).getAttribute('data-focus-key');
  const tile = await favorites.first().elementHandle();

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  script.release();
  await expect(focused(page)).toHaveAttribute('data-focus-key', third ?? 'a third favourite');
  expect(await tile?.evaluate((node) => node.isConnected)).toBe(true);
  expect(logged.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
});
