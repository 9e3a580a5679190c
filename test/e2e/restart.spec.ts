/**
 * A restart keeps the member signed in: tokens persist encrypted under the vault key, Home paints from the cache.
 * The service here is a long-lived sandbox in the test process, as a real service outlives the app, so it can also
 * stop answering altogether; the default setup's restart, with the embedded sandbox, is in embedded.spec.ts.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';
import { focused, homeRow, openTv, pairing, pressUntilFocused } from './tv';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

async function homeRowsShown(page: Page): Promise<void> {
  for (const row of ['favorites', 'charts', 'new-hits']) await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
}

/** Settings → Sign out → confirm, from Settings with focus anywhere on it; ends on a fresh pairing code. */
async function signOutFromSettings(page: Page): Promise<void> {
  await pressUntilFocused(page, 'ArrowRight', 'settings-sign-out');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText('Sign out of Tunewall?');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'sign-out-cancel');
  await pressUntilFocused(page, 'ArrowRight', 'sign-out-confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
}

const deviceCodeRequests = (): number => service.control.requestLog().filter((r) => r.path.startsWith('/oauth2/device')).length;

test('after a restart the member is still signed in and Home paints from the cache; signing out from Settings pairs again, back to the first tile', async ({
  page,
  launchShell,
  workDir,
}) => {
  const dataDir = join(workDir, 'data');
  const keyFile = writeVaultKey(workDir);
  const env = serviceEnv(service, keyFile);

  const first = await launchShell({ dataDir, env });
  expect(first.sandboxOrigin).toBeUndefined();
  await openTv(page, first);
  expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  await homeRowsShown(page);
  await expect(page.locator('.member-name')).toHaveText('林語彤');
  await first.stop();

  // The service stops answering altogether: whatever the restarted TV shows comes from its own disk.
  service.control.clearRequestLog();
  service.control.setFaults({ dropRate: 1 });
  const second = await launchShell({ dataDir, env });
  await openTv(page, second);
  await homeRowsShown(page);
  await expect(page.locator('.member-name')).toHaveText('林語彤');
  await expect(pairing.qr(page)).toHaveCount(0);
  expect(deviceCodeRequests()).toBe(0);

  service.control.setFaults({ dropRate: 0 });
  await expect(page.locator('.banner-offline')).toHaveCount(0, { timeout: 45_000 });
  expect(deviceCodeRequests()).toBe(0);
  await expect(page.locator('.member-name')).toHaveText('林語彤');

  // Settings → Sign out → confirm.
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Signed in as 林語彤')).toBeVisible();
  await expect(page.getByText('Your sign-in is kept safely on this TV, so it lasts after a restart.')).toBeVisible();
  await expect(page.getByText(`Sign-in storage: encrypted (AES-256-GCM) with the key in ${keyFile}.`)).toBeVisible();
  await expect(page.getByText('Signed in · renews automatically')).toBeVisible();
  await signOutFromSettings(page);
  expect(deviceCodeRequests()).toBeGreaterThan(0);

  // Pairing again on the same page: Home starts at its first tile, not at the settings gear the sign-out went through.
  expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  await homeRowsShown(page);
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await signOutFromSettings(page);
  await second.stop();

  // Signed out for good: the next start pairs too.
  const third = await launchShell({ dataDir, env });
  await openTv(page, third);
  await expect(pairing.qr(page)).toBeVisible();
  await expect(page.locator('.home')).toHaveCount(0);
});
