/**
 * Several members' screens, walked with the remote in English, Traditional Chinese and Japanese at 1920×1080 and
 * 1280×720 and checked as every other screen is (a11y.spec.ts): axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules
 * finds nothing, and DOM focus is on the item the remote focused, never <body>. "Who's listening?" (from Home's avatar
 * and at start), its "Sign out a member" mode and confirmation, Add a member and "Sign in again", the PIN dialog saying
 * a PIN was wrong, and Settings' Members part; then the chooser at 150 % text in high contrast, read whole.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { axeViolations, expectAxeClean, expectDomFocusOnFocused, layoutProblems, SIZES } from './a11y';
import { expect, REPO, serviceEnv, test, writeVaultKey } from './kiosk';
import { enterPin, focused, homeRow, openTv, openChooser, pairing, pinReady, pressUntilFocused, toAccountCard } from './tv';

const A = { id: 'member-demo', name: '林語彤' };
const B = { id: 'member-hanako', name: '佐藤花音' };
const OUT = join(REPO, 'test-results/screenshots');

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

const memberName = (page: Page) => page.locator('.member-name');
const chooserTitle = (page: Page) => page.locator('h1.chooser-title');
const dialog = (page: Page) => page.getByRole('dialog');

/** Approves the code on screen as `member` and waits for their Home. */
async function approveAs(page: Page, member: { id: string; name: string }): Promise<void> {
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
  expect(service.control.approve((await pairing.code(page).innerText()).trim(), member.id)).toBe(true);
  await expect(memberName(page)).toHaveText(member.name);
  await expect(homeRow(page, 'favorites').locator('.tile').first()).toBeVisible();
}

/** Axe at both sizes once `ready` holds (a screenshot of each to look at), and DOM focus on the focused item. */
async function checkScreen(page: Page, screen: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await ready(page);
  await expectDomFocusOnFocused(page);
  const lang = (await page.locator('html').getAttribute('lang')) ?? '';
  await expectAxeClean(page, screen, async (p) => {
    await ready(p);
    const size = p.viewportSize();
    const name = `household-${lang}-${screen.replace(/[^a-z]+/gi, '-')}-${size?.width ?? 0}x${size?.height ?? 0}.png`;
    await p.screenshot({ path: join(OUT, name) });
  });
  await expectDomFocusOnFocused(page);
}

const chooserReady = (focusKey: RegExp) => async (page: Page) => {
  await expect(chooserTitle(page)).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', focusKey);
};
const pairingReady = async (page: Page): Promise<void> => {
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
  await expect(focused(page)).toHaveCount(1);
};

/** The words the PIN's second step and its end say, by language. */
const PIN_AGAIN = { en: 'Enter the new PIN again', 'zh-Hant': '再次輸入新密碼', ja: 'もう一度新しい暗証番号を入力' } as const;
const PIN_SET = { en: 'PIN set.', 'zh-Hant': '密碼已設定。', ja: '暗証番号を設定しました。' } as const;

for (const language of ['en', 'zh-Hant', 'ja'] as const) {
  test(`several members' screens have no axe violation in ${language} at 1920×1080 and 1280×720, DOM focus on the focused item`, async ({
    page,
    launchShell,
    workDir,
  }) => {
    test.setTimeout(600_000);
    const dataDir = join(workDir, 'data');
    const env = { ...serviceEnv(service, writeVaultKey(workDir)), TUNEWALL_LANGUAGE: language };
    const first = await launchShell({ dataDir, env });
    await openTv(page, first);
    await approveAs(page, A);

    // Add a member, from the chooser opened by the avatar.
    await openChooser(page);
    await checkScreen(page, 'chooser from the avatar, one member', chooserReady(/^profile:/));
    await pressUntilFocused(page, 'ArrowRight', 'profile-add');
    await page.keyboard.press('Enter');
    await checkScreen(page, 'add a member', pairingReady);
    await approveAs(page, B);

    // The chooser from the avatar with two members, its sign-out mode and the confirmation.
    await openChooser(page);
    await checkScreen(page, 'chooser from the avatar', chooserReady(/^profile:/));
    await pressUntilFocused(page, 'ArrowDown', 'chooser-manage');
    await page.keyboard.press('Enter');
    await checkScreen(page, 'sign out a member', chooserReady(/^profile:/));
    await page.keyboard.press('Enter');
    await checkScreen(page, 'sign out a member: confirmation', async (p) => {
      await expect(dialog(p)).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'member-sign-out-cancel');
    });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expectDomFocusOnFocused(page);
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^profile:/);
    await expectDomFocusOnFocused(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('main.home')).toBeVisible();
    await expectDomFocusOnFocused(page);

    // Settings' Members part, and the PIN dialog: set, then changed with a wrong current PIN.
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'home-profile');
    await pressUntilFocused(page, 'ArrowRight', 'home-settings');
    await page.keyboard.press('Enter');
    await expect(page.locator('.settings')).toBeVisible();
    await toAccountCard(page);
    await pressUntilFocused(page, 'ArrowDown', 'settings-add-member');
    await checkScreen(page, "settings' members part", async (p) => {
      await expect(p.locator('#settings-members')).toBeInViewport();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'settings-add-member');
    });
    await pressUntilFocused(page, 'ArrowDown', 'settings-pin');
    await page.keyboard.press('Enter');
    await checkScreen(page, 'PIN dialog', pinReady);
    await enterPin(page, '2580');
    await checkScreen(page, 'PIN dialog, the new PIN again', async (p) => {
      await pinReady(p);
      await expect(p.getByRole('dialog', { name: PIN_AGAIN[language] })).toBeVisible();
    });
    await enterPin(page, '2580');
    await expect(page.locator('.pin-dialog')).toHaveCount(0);
    await expect(page.getByRole('status').getByText(PIN_SET[language])).toBeVisible();
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'settings-pin');
    await expectDomFocusOnFocused(page);
    await page.keyboard.press('Enter');
    await enterPin(page, '1111');
    await enterPin(page, '1234');
    await enterPin(page, '1234');
    await checkScreen(page, 'PIN dialog, wrong PIN', async (p) => {
      await pinReady(p);
      await expect(p.getByTestId('pin-message')).not.toBeEmpty();
    });
    await page.keyboard.press('Escape');
    await expect(page.locator('.pin-dialog')).toHaveCount(0);
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'settings-pin');
    await expectDomFocusOnFocused(page);
    await first.stop();
    // From here on the guest has a tile of its own too, last in the row.
    const withGuest = { ...env, TUNEWALL_GUEST_MODE: 'on' };

    // At start with two members, at 150 % text in high contrast: the chooser and its sign-out mode read whole and pass axe.
    const second = await launchShell({ dataDir, env: { ...withGuest, TUNEWALL_TEXT_SIZE: '150', TUNEWALL_HIGH_CONTRAST: 'true' } });
    await openTv(page, second);
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    const lowVision = async (name: string, ready: (p: Page) => Promise<void>): Promise<void> => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await ready(page);
        const label = `${name} at ${size.width}×${size.height}`;
        await page.screenshot({ path: join(OUT, `low-vision-${language}-${name}-${size.width}x${size.height}.png`) });
        expect(await layoutProblems(page), label).toEqual([]);
        expect(await axeViolations(page), label).toEqual([]);
      }
      await expectDomFocusOnFocused(page);
    };
    await expect(page.locator('.profiles [data-focus-key="profile:guest"]')).toBeVisible();
    await lowVision('chooser', chooserReady(/^profile:/));
    await pressUntilFocused(page, 'ArrowDown', 'chooser-manage');
    await page.keyboard.press('Enter');
    await lowVision('chooser-sign-out', chooserReady(/^profile:/));
    await second.stop();

    // At start in the default look: the chooser asks. A's grant revoked meanwhile: choosing A asks A to sign in again.
    expect(service.control.revokeMember(A.id)).toBeGreaterThan(0);
    const third = await launchShell({ dataDir, env: withGuest });
    await openTv(page, third);
    await checkScreen(page, 'chooser at start', chooserReady(/^profile:/));
    // A is first in the row (added first); focus starts on B, the one on screen last.
    const firstProfile = await page.locator('.profiles [data-focus-key^="profile:"]').first().getAttribute('data-focus-key');
    await pressUntilFocused(page, 'ArrowLeft', firstProfile ?? 'profile:');
    await page.keyboard.press('Enter');
    await checkScreen(page, 'sign in again', async (p) => {
      await pairingReady(p);
      await expect(p.locator('h1.pairing-title')).toContainText(A.name);
    });
    await page.keyboard.press('Escape');
    await expect(chooserTitle(page)).toBeVisible();
    await expectDomFocusOnFocused(page);

    // B signed out from the chooser: their tile goes, and focus stays on a real item of the chooser.
    const secondProfile = await page.locator('.profiles [data-focus-key^="profile:"]').nth(1).getAttribute('data-focus-key');
    await pressUntilFocused(page, 'ArrowDown', 'chooser-manage');
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowRight', secondProfile ?? 'profile:');
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'member-sign-out-cancel');
    await pressUntilFocused(page, 'ArrowRight', 'member-sign-out-confirm');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.locator(`[data-focus-key="${secondProfile ?? ''}"]`)).toHaveCount(0);
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^(profile:|chooser-manage$)/);
    await expectDomFocusOnFocused(page);
  });
}
