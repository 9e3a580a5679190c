/**
 * The sandbox's pages a phone opens from the TV's QR code (code entry, sign-in, approve, the outcome of approving and of
 * denying), checked by axe-core (WCAG 2.0, 2.1 and 2.2 A and AA) on a phone and at the two TV sizes.
 */
import type { Browser, Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { requestDeviceCode } from '../sandbox/helpers';
import { axeViolations, SIZES } from './a11y';
import { expect, test } from './kiosk';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox();
});
test.afterAll(async () => {
  await service.close();
});

const VIEWPORTS = [{ width: 390, height: 844 }, ...SIZES];

async function expectClean(page: Page, name: string): Promise<void> {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
  }
}

/** Code entry → sign-in → approve (or deny) → the outcome, each page checked. */
async function walk(browser: Browser, decision: 'Approve' | 'Deny'): Promise<void> {
  const code = await requestDeviceCode(service);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await phone.newPage();
    await page.goto(`${service.urls.auth}/d`);
    await expect(page.getByLabel('Code')).toBeVisible();
    await expectClean(page, 'code entry');
    await page.getByLabel('Code').fill(code.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expectClean(page, 'sign-in');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: decision, exact: true })).toBeVisible();
    await expectClean(page, 'approve or deny');
    await page.getByRole('button', { name: decision, exact: true }).click();
    await expect(page.getByRole('button', { name: decision, exact: true })).toHaveCount(0);
    await expectClean(page, decision === 'Approve' ? 'approved' : 'denied');
  } finally {
    await phone.close();
  }
}

test('the phone pages have no axe violation: code entry, sign-in, approve, and what approving says', async ({ browser }) => {
  await walk(browser, 'Approve');
});

test('the phone pages have no axe violation: what denying says', async ({ browser }) => {
  await walk(browser, 'Deny');
});
