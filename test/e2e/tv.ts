/**
 * What a person does in front of the TV (arrow keys, OK, Back) and on the phone (scan, sign in, approve or deny),
 * in Playwright terms. Spatial navigation marks the focused element with `.is-focused` and `data-focus-key`.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect } from './kiosk';
import type { Shell } from './kiosk';

export type RemoteKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Enter' | 'Escape';

export async function openTv(page: Page, shell: Shell): Promise<void> {
  await page.goto(shell.launchUrl);
  await expect(page).toHaveURL(`${shell.origin}/`);
}

export function focused(page: Page): Locator {
  return page.locator('.is-focused');
}

export async function focusedKey(page: Page): Promise<string> {
  const key = await focused(page).getAttribute('data-focus-key');
  if (key === null) throw new Error('The focused element has no data-focus-key.');
  return key;
}

/** Presses `key` until the element with `targetKey` has focus, failing after `max` presses. */
export async function pressUntilFocused(page: Page, key: RemoteKey, targetKey: string, max = 40): Promise<void> {
  for (let i = 0; i <= max; i++) {
    await expect(focused(page)).toHaveCount(1);
    if ((await focusedKey(page)) === targetKey) return;
    if (i === max) break;
    const before = await focusedKey(page);
    await page.keyboard.press(key);
    // One press, one move: wait for the focus to leave before deciding on the next press.
    await expect.poll(() => focusedKey(page).catch(() => before)).not.toBe(before);
  }
  throw new Error(`${key} ×${max} never focused ${targetKey} (focus is on ${await focusedKey(page)}).`);
}

export const pairing = {
  qr: (page: Page) => page.locator('svg.qr'),
  code: (page: Page) => page.getByTestId('user-code'),
  status: (page: Page) => page.locator('.pairing-status'),
};

/** Every home row with at least one visible tile, by its data-row key. */
export function homeRow(page: Page, rowKey: string): Locator {
  return page.locator(`section.row[data-row="${rowKey}"]`);
}

/** Reads a QR code off the screen (the pairing one unless told), as a phone camera would: a screenshot, decoded. */
export async function scanQr(page: Page, qr: Locator = pairing.qr(page)): Promise<string> {
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (decoded === null) throw new Error('The QR code on screen did not decode.');
  return decoded.data;
}

/**
 * The phone: opens the URL from the QR code in a separate browser context (its own cookies), signs in as demo/demo
 * and approves or denies. Returns the code the phone asked to confirm and the sentence it shows at the end.
 */
export async function phoneDecides(
  browser: Browser,
  url: string,
  decision: 'Approve' | 'Deny',
): Promise<{ codeOnPhone: string; outcome: string }> {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await phone.newPage();
    await page.goto(url);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const codeOnPhone = (await page.locator('#user-code').innerText()).trim();
    await page.getByRole('button', { name: decision, exact: true }).click();
    return { codeOnPhone, outcome: (await page.locator('.card').first().innerText()).trim() };
  } finally {
    await phone.close();
  }
}

/** True when every picture inside the viewport has arrived or failed. A string: the page's CSP forbids eval. */
const ARTWORK_SETTLED = `(() => {
  const h = window.innerHeight, w = window.innerWidth;
  return Array.from(document.images).every((img) => {
    const r = img.getBoundingClientRect();
    const inView = r.bottom > 0 && r.right > 0 && r.top < h && r.left < w;
    return !inView || img.complete;
  });
})()`;

/** Waits until the artwork on screen has arrived, so a screenshot shows it. */
export async function artworkSettled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(ARTWORK_SETTLED)).toBe(true);
}

/** The Home row holding focus (its data-row key). */
export async function focusedRow(page: Page): Promise<string> {
  await expect(page.locator('section.row.has-focus')).toHaveCount(1);
  return (await page.locator('section.row.has-focus').getAttribute('data-row')) ?? '';
}

/**
 * Presses down until the row holding focus is `row` (or one of its categories), and something in it has focus (a row
 * still loading holds focus itself until its tiles arrive).
 */
export async function downToRow(page: Page, row: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    const at = await focusedRow(page);
    if (at === row || at.startsWith(`${row}:`)) {
      await expect(page.locator('section.row.has-focus .is-focused')).toHaveCount(1);
      return;
    }
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedRow(page)).not.toBe(at);
  }
  throw new Error(`ArrowDown ×${max} never reached the row ${row}.`);
}

/** Presses `key` once; true when focus moved, false when it stayed where it was (for 3 s: an edge of the screen). */
export async function pressMoves(page: Page, key: RemoteKey): Promise<boolean> {
  const before = await focusedKey(page);
  await page.keyboard.press(key);
  return expect
    .poll(() => focusedKey(page).catch(() => before), { timeout: 3_000 })
    .not.toBe(before)
    .then(
      () => true,
      () => false,
    );
}

/** Presses down until focus stops moving: Home's last row, the rows on the way loaded as focus neared them. */
export async function downToLastRow(page: Page, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (!(await pressMoves(page, 'ArrowDown'))) return;
  }
  throw new Error(`ArrowDown ×${max} never reached the last row.`);
}

/** From Home: up to the header, onto the avatar, OK: "Who's listening?". */
export async function openChooser(page: Page): Promise<void> {
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await pressUntilFocused(page, 'ArrowLeft', 'home-profile');
  await page.keyboard.press('Enter');
  await expect(page.locator('main.chooser')).toBeVisible();
}

/** From Settings' first column: Right along it until focus is in the Account and Members card. */
export async function toAccountCard(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const at = await focusedKey(page);
    if (at === 'settings-sign-out' || at === 'settings-add-member') return;
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page).catch(() => at)).not.toBe(at);
  }
  throw new Error('Right never reached the Account card.');
}

/** The PIN dialog is up with focus on its first digit: a digit pressed before focus gets there is lost. */
export async function pinReady(page: Page): Promise<void> {
  await expect(page.locator('.pin-dialog')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'pin-digit:0');
}

/** Types a PIN with the remote's digit keys, and OK (on the digits OK confirms; Up and Down change a digit there). */
export async function enterPin(page: Page, pin: string): Promise<void> {
  await pinReady(page);
  for (const digit of pin) await page.keyboard.press(digit);
  await page.keyboard.press('Enter');
}
