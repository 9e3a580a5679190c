/**
 * The phone companion as people use it, through the kiosk shell against its embedded sandbox: the TV's "Use your
 * phone" QR code is read off the TV's screenshot and opened by a phone (390×844, touch), which then browses, shows a
 * chart on the TV (Back on the TV returns where it was), receives a song the TV sends it, and is refused once it is
 * removed in Settings, which it says at once and again after a reload. The companion listens on 127.0.0.1 only, on a
 * port of the test's choosing.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './kiosk';
import { focused, focusedKey, homeRow, pressUntilFocused, scanQr } from './tv';
import { freePort } from '../support/freePort';
import { signedInHome } from './viewer';

async function phoneAt(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  const phone = await context.newPage();
  await phone.goto(url);
  return phone;
}

test('a phone paired from the TV’s QR code browses, shows a chart on the TV, gets a song sent to it, and is refused once removed', async ({
  page,
  browser,
  launchShell,
}) => {
  const port = await freePort();
  const shell = await launchShell({ env: { TUNEWALL_COMPANION_HOST: '127.0.0.1', TUNEWALL_COMPANION_PORT: String(port) } });
  await signedInHome(page, shell);
  const homeFocus = await focusedKey(page);

  // On the TV: Home's header, "Use your phone".
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await pressUntilFocused(page, 'ArrowLeft', 'home-phone');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Use your phone' });
  await expect(dialog.locator('svg.qr')).toBeVisible();
  const url = await scanQr(page, dialog.locator('svg.qr'));
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#s=[A-Za-z0-9_-]{43}$`));
  // What a person types instead: the address without the secret, and six digits.
  await expect(dialog).toContainText(`127.0.0.1:${port}`);
  await expect(dialog).not.toContainText(url.split('#s=')[1] ?? 'no secret');

  // The phone: paired from the QR code, the secret gone from its address bar, Home's rows from the TV's views.
  const phone = await phoneAt(browser, url);
  await expect(phone.getByText('Connected to the TV')).toBeVisible();
  expect(phone.url()).toBe(`http://127.0.0.1:${port}/`);
  await expect(phone.getByRole('heading', { name: 'Charts', level: 2 })).toBeVisible();
  // Their pictures, from the shell's own copies of the service's (asked with the phone's credential, drawn as blob:).
  const art = phone.locator('.tile .art img').first();
  await expect(art).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => art.evaluate((img) => ('naturalWidth' in img ? Number(img.naturalWidth) : 0))).toBeGreaterThan(0);
  // The dialog on the TV closes itself once the phone is paired, or by Back.
  if ((await dialog.count()) > 0) await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'home-phone');

  // Browse on the phone: the first chart of the TV's own charts row, then "Show on TV".
  const chartTitle = (await homeRow(page, 'charts').locator('.tile-title').first().innerText()).trim();
  await phone.getByRole('button', { name: new RegExp(chartTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().tap();
  await expect(phone.getByRole('heading', { name: chartTitle, level: 2 })).toBeVisible();
  await phone.getByRole('button', { name: 'Show on TV' }).first().tap();
  await expect(page.getByRole('heading', { name: chartTitle, level: 1 })).toBeVisible();
  await expect(phone.locator('.now-on-tv')).toContainText(chartTitle);
  // Back on the TV returns where the remote was.
  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'home-phone');

  // On the TV: a chart's first song, its panel, "Send to my phone"; the phone shows it with the service's link.
  await pressUntilFocused(page, 'ArrowDown', homeFocus);
  await page.locator(`[data-focus-key="${homeFocus}"]`).waitFor();
  await pressUntilFocused(page, 'ArrowDown', (await homeRow(page, 'charts').locator('[data-focus-key]').first().getAttribute('data-focus-key')) ?? '');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog');
  const songTitle = (await panel.getAttribute('aria-label')) ?? '';
  await pressUntilFocused(page, 'ArrowDown', 'panel-send');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Sent to your phone.');
  await phone.getByRole('button', { name: /^Sent/ }).tap();
  const link = phone.getByRole('link', { name: new RegExp(songTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', /^https?:\/\//);

  // Settings lists the phone; Remove ends its access at once.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  const phones = page.getByTestId('phone-item');
  await expect(phones).toHaveCount(1);
  const remove = (await phones.locator('[data-focus-key]').first().getAttribute('data-focus-key')) ?? '';
  // The connected phones are in the Account card, under Sign out.
  await pressUntilFocused(page, 'ArrowRight', 'settings-sign-out');
  await pressUntilFocused(page, 'ArrowDown', remove);
  await expect(focused(page)).toHaveAttribute('data-focus-key', remove);
  await page.keyboard.press('Enter');
  await expect(phones).toHaveCount(0);
  // The phone learns it by itself: its live stream ends, and the TV refuses the stream it opens again.
  const disconnected = phone.getByText('This phone is no longer connected to the TV', { exact: false });
  await expect(disconnected).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Browse' })).toHaveCount(0);
  // A reload still says why, with the form to pair again.
  await phone.reload();
  await expect(disconnected).toBeVisible();
  // Refused and logged, without the credential.
  const refusals = shell.log().split('\n').filter((line) => line.includes('companion: request refused'));
  expect(refusals.some((line) => line.includes('unknown credential'))).toBe(true);
});
