/**
 * Signing in with the phone against the embedded sandbox: the QR code, approval, denial and expiry, as seen on the TV.
 */
import type { Page } from '@playwright/test';
import { expect, SandboxApi, test } from './kiosk';
import { focused, homeRow, openTv, pairing, phoneDecides, scanQr } from './tv';

function sandboxOf(origin: string | undefined): SandboxApi {
  if (origin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  return new SandboxApi(origin);
}

/** The code as the sandbox lists it (BCDF-GHJK); the TV shows the same letters. */
async function codeOnTv(page: Page): Promise<string> {
  const text = (await pairing.code(page).innerText()).trim();
  expect(text).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  return text;
}

test('first start shows a QR code; the phone that scans it signs the TV in, and Home shows stations and charts', async ({
  page,
  browser,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = sandboxOf(shell.sandboxOrigin);
  await openTv(page, shell);

  await expect(page.getByRole('heading', { name: 'Sign in with your phone' })).toBeVisible();
  await expect(pairing.qr(page)).toBeVisible();
  const code = await codeOnTv(page);
  expect(await sandbox.pending()).toContain(code);

  const url = await scanQr(page);
  expect(url).toBe(`${sandbox.origin}/oauth2/authorize?response_type=device&user_code=${code}`);

  const phone = await phoneDecides(browser, url, 'Approve');
  expect(phone.codeOnPhone).toBe(code);

  await expect(page.locator('.home')).toBeVisible();
  await expect(page.locator('.member-name')).toHaveText('林語彤');
  // The member's favourites first, then the catalog's rows; rows further down load as focus comes near them.
  for (const row of ['favorites', 'charts', 'new-hits']) {
    await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
  }
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
});

test('a denied sign-in says so and offers a new code; an expired code is replaced by itself', async ({
  page,
  browser,
  launchShell,
}) => {
  const shell = await launchShell();
  const sandbox = sandboxOf(shell.sandboxOrigin);
  await openTv(page, shell);
  const first = await codeOnTv(page);

  const phone = await phoneDecides(browser, await scanQr(page), 'Deny');
  expect(phone.codeOnPhone).toBe(first);
  await expect(pairing.status(page)).toContainText(/declined|denied/i);
  const newCode = page.getByRole('button', { name: 'Get a new code' });
  await expect(newCode).toBeVisible();
  await expect(newCode).toHaveClass(/is-focused/);

  await page.keyboard.press('Enter');
  await expect(pairing.code(page)).not.toHaveText(first);
  const second = await codeOnTv(page);
  await expect(pairing.status(page)).toHaveText('Waiting for approval…');

  // Ten minutes and a bit pass on the service's clock: the code is no longer valid, and nobody presses anything.
  await sandbox.advanceTime(11 * 60 * 1000);
  await expect(pairing.code(page)).not.toHaveText(second);
  const third = await codeOnTv(page);
  expect(third).not.toBe(first);
  await expect(page.getByText('The last code expired, so here is a new one.')).toBeVisible();
  expect(await sandbox.pending()).toContain(third);

  // The renewed code works.
  await sandbox.approve(third);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
});
