/**
 * Settings as a viewer meets it, in en, zh-Hant and ja at 1920×1080 and 1280×720: a guest is offered "Sign in" (which
 * pairs), no sign-out and nothing about how a sign-in is protected; a member reads how their sign-in lasts in plain
 * words, the technical detail under Diagnostics without the installer's variable names; at 720p Right from English
 * reaches the Account card and Down from "Check again" stays in its card.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './kiosk';
import { focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';
import { LANGUAGES, shootAt, signedInHome, SIZES } from './viewer';

const account = (page: Page) => page.locator('.settings .card').nth(1);
const diagnostics = (page: Page) => page.locator('.settings .card').nth(2);

async function openSettings(page: Page): Promise<void> {
  await pressUntilFocused(page, 'ArrowUp', 'home-settings', 40);
  await page.keyboard.press('Enter');
  await expect(page.locator('.settings .diagnostics').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^territory:/);
}

/**
 * At 1280×720: Right from English (along its line of languages, then out of the card) lands in the Account card; Down
 * from "Check again" stays in its card, so Left from there reaches the Account card again; Up in it reaches `accountKey`
 * (the card also holds the Members part, so Right lands on whichever of its buttons is nearest in height).
 */
async function columnsHold(page: Page, accountKey: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  // The pointer puts focus on English; the rest is the remote.
  await page.locator('[data-focus-key="language:en"]').hover();
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'language:en');
  for (let i = 0; i < 4 && (await focusedKey(page)).startsWith('language:'); i++) {
    const before = await focusedKey(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page)).not.toBe(before);
  }
  await expect(account(page).locator('.is-focused')).toHaveCount(1);
  // Along the line of choices it landed on, then out of the card to the next one.
  await pressUntilFocused(page, 'ArrowRight', 'settings-diagnostics', 3);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(account(page).locator('.is-focused')).toHaveCount(1);
  await pressUntilFocused(page, 'ArrowUp', accountKey, 10);
}

for (const language of LANGUAGES) {
  test(`${language}: a guest sees Sign in, which pairs, and no sign-out or token protection`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_GUEST_MODE: 'true' } });
    await openTv(page, shell);
    await expect(pairing.qr(page)).toBeVisible();
    await pressUntilFocused(page, 'ArrowDown', 'pairing-guest', 10);
    await page.keyboard.press('Enter');
    await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
    // Focus waits on Settings until the first tile is there, then moves to it: the viewer starts from there.
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
    await openSettings(page);
    for (const size of SIZES) await shootAt(page, size, `settings-guest-${language}`);

    await expect(page.locator('[data-focus-key="settings-sign-in"]')).toBeVisible();
    await expect(page.locator('[data-focus-key="settings-sign-out"]')).toHaveCount(0);
    await expect(page.locator('.protection, .diagnostics-storage')).toHaveCount(0);
    await expect(page.locator('.settings')).not.toContainText(/renews automatically|自動續期|自動で更新/);
    if (language === 'en') {
      await expect(page.locator('[data-focus-key="settings-sign-in"]')).toHaveText('Sign in');
      await expect(diagnostics(page)).toContainText('Browsing as a guest');
      // The account and the guest's own Members part, and the phones; nothing on how a sign-in is protected.
      await expect(account(page).locator('h2')).toHaveText(['Account', 'Members', 'Explicit tracks', "Child's profile", 'PIN', 'When Tunewall starts', 'Connected phones']);
    }

    await columnsHold(page, 'settings-sign-in');
    await page.keyboard.press('Enter');
    await expect(pairing.qr(page)).toBeVisible();
    await expect(pairing.code(page)).not.toBeEmpty();
  });

  test(`${language}: a member reads how the sign-in lasts in plain words, the technical detail under Diagnostics`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language } });
    await signedInHome(page, shell);
    await openSettings(page);
    for (const size of SIZES) await shootAt(page, size, `settings-member-${language}`);

    // No key file here: the sign-in lives in memory, and why is the installer's business.
    await expect(account(page)).not.toContainText(/TUNEWALL_|systemd|AES|vault|\//);
    // Nor under Diagnostics the variable an installer sets: the viewer is told whom to ask (the operator's guide names it).
    await expect(diagnostics(page)).not.toContainText(/TUNEWALL_|--[a-z]/);
    await expect(diagnostics(page)).toContainText({ en: 'Ask whoever set up this TV', 'zh-Hant': '請安裝這台電視的人', ja: 'このテレビを設置した人に' }[language]);
    if (language === 'en') await expect(account(page)).toContainText("You'll need to sign in again after a restart.");
    // Headings are capitals in English only: the brand keeps its own case in Chinese and Japanese, as read on screen.
    const atStart = { en: 'WHEN TUNEWALL STARTS', 'zh-Hant': '啟動 Tunewall 時', ja: 'Tunewall の起動時' }[language];
    expect(await account(page).locator('h2').allInnerTexts()).toContain(atStart);

    await columnsHold(page, 'settings-sign-out');
  });
}
