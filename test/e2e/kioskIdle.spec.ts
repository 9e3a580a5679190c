/**
 * Kiosk idle mode in the real browser: the "Press any key" hint covers no tile or caption at 1080p and 720p, and any
 * key wakes it (a letter, Space) without doing anything else; with several members, idle never leaves "Who's
 * listening?" (or its sign-out confirmation) on screen for passers-by.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/index';
import { expect, SandboxApi, serviceEnv, test, writeVaultKey } from './kiosk';
import { focused, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const IDLE_SECONDS = 8;
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function coveredBy(cover: Locator, targets: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  if (box === null) throw new Error('The hint is not on screen.');
  const hits: string[] = [];
  for (const target of await targets.all()) {
    const other = await target.boundingBox();
    if (other !== null && other.width > 0 && overlap(box, other)) hits.push(await target.innerText());
  }
  return hits;
}

const hint = (page: Page): Locator => page.getByText('Press any key', { exact: true });

test('kiosk idle: the hint covers no tile or caption, and a letter or Space wakes it without opening anything', async ({ page, launchShell }) => {
  const shell = await launchShell({ env: { TUNEWALL_KIOSK: '1', TUNEWALL_IDLE_SECONDS: String(IDLE_SECONDS) } });
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  await openTv(page, shell);
  await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();

  await expect(hint(page)).toBeVisible({ timeout: 60_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(hint(page)).toBeInViewport();
    expect(await coveredBy(hint(page), page.locator('.tile .tile-art, .tile-title, .tile-subtitle, .row-title'))).toEqual([]);
  }

  for (const key of ['a', ' ']) {
    await expect(hint(page)).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press(key);
    await expect(hint(page)).toBeHidden();
    await expect(page.locator('main.home')).toBeVisible();
    await expect(page.locator('main.detail')).toHaveCount(0);
  }
});

test("kiosk idle with two members: the chooser opened from the avatar, even at its sign-out confirmation, gives way to the kiosk member's Home", async ({
  page,
  launchShell,
  workDir,
}) => {
  const service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
  try {
    const dataDir = join(workDir, 'data');
    const env = serviceEnv(service, writeVaultKey(workDir));
    const memberName = page.locator('.member-name');
    const chooser = page.getByRole('heading', { name: "Who's listening?" });
    const approveAs = async (member: { id: string; name: string }): Promise<void> => {
      await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
      expect(service.control.approve((await pairing.code(page).innerText()).trim(), member.id)).toBe(true);
      await expect(memberName).toHaveText(member.name);
    };
    // Two members paired outside kiosk mode (nothing goes idle while a phone is in hand).
    const setup = await launchShell({ dataDir, env });
    await openTv(page, setup);
    await approveAs({ id: 'member-demo', name: '林語彤' });
    await page.getByRole('button', { name: /switch member$/ }).click();
    await page.getByRole('button', { name: /^Add a member/ }).click();
    await approveAs({ id: 'member-hanako', name: '佐藤花音' });
    await setup.stop();

    const kiosk = await launchShell({ dataDir, env: { ...env, TUNEWALL_KIOSK: '1', TUNEWALL_IDLE_SECONDS: String(IDLE_SECONDS), TUNEWALL_KIOSK_MEMBER: '林語彤' } });
    await openTv(page, kiosk);
    await expect(memberName).toHaveText('林語彤');
    await expect(homeRow(page, 'favorites').locator('.tile').first()).toBeVisible();
    const openChooser = async (): Promise<void> => {
      await pressUntilFocused(page, 'ArrowUp', 'home-settings');
      await pressUntilFocused(page, 'ArrowLeft', 'home-profile');
      await page.keyboard.press('Enter');
      await expect(chooser).toBeVisible();
    };

    await openChooser();
    await expect(hint(page)).toBeVisible({ timeout: 60_000 });
    await expect(chooser).toHaveCount(0);
    await expect(page.locator('main.home')).toBeVisible();
    await expect(memberName).toHaveText('林語彤');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:/);
    await page.keyboard.press('a');
    await expect(hint(page)).toBeHidden();

    // "Sign out a member", a name, OK: the confirmation, left there.
    await openChooser();
    await pressUntilFocused(page, 'ArrowDown', 'chooser-manage');
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^profile:/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(hint(page)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(chooser).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Sign out who?' })).toHaveCount(0);
    await expect(memberName).toHaveText('林語彤');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:/);
  } finally {
    await service.close();
  }
});
