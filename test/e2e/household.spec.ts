/**
 * Several members on one TV, by the remote alone, through the kiosk shell against a sandbox that outlives it (as a real
 * service outlives the app): two demo members pair one after the other, "Who's listening?" switches between them, each
 * sees their own favourites, a restart keeps both, one signs out alone, a child's profile hides explicit tracks behind
 * a PIN, and a grant the service revokes meanwhile asks that member alone to pair again.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';
import { downToRow, focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const A = { id: 'member-demo', name: '林語彤' };
const B = { id: 'member-hanako', name: '佐藤花音' };

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

const memberName = (page: Page) => page.locator('.member-name');
const chooser = (page: Page) => page.getByRole('heading', { name: "Who's listening?" });

/** The titles of the favourites row's tiles, as shown. */
async function favouriteTitles(page: Page): Promise<string[]> {
  const row = homeRow(page, 'favorites');
  await expect(row.locator('.tile').first()).toBeVisible();
  return (await row.locator('.tile .tile-title').allInnerTexts()).map((t) => t.trim());
}

/** From Home: up to the header, onto the avatar, OK: "Who's listening?". */
async function openChooser(page: Page): Promise<void> {
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await pressUntilFocused(page, 'ArrowLeft', 'home-profile');
  await page.keyboard.press('Enter');
  await expect(chooser(page)).toBeVisible();
}

/** On the chooser: along the row to the profile named `name`, then OK. */
async function choose(page: Page, name: string): Promise<void> {
  await expect(chooser(page)).toBeVisible();
  for (const key of ['ArrowLeft', 'ArrowRight'] as const) {
    for (let i = 0; i < 10; i++) {
      const label = (await focused(page).getAttribute('aria-label')) ?? (await focused(page).innerText());
      if (label.startsWith(name)) {
        await page.keyboard.press('Enter');
        return;
      }
      const before = await focusedKey(page);
      await page.keyboard.press(key);
      const moved = await expect
        .poll(() => focusedKey(page).catch(() => before), { timeout: 2_000 })
        .not.toBe(before)
        .then(() => true, () => false);
      if (!moved) break;
    }
  }
  throw new Error(`No profile named ${name} on the chooser.`);
}

/** From Home: the first chart's first track, its panel, Add to favorites; back on Home. Returns the track's name. */
async function addFirstChartTrackToFavourites(page: Page): Promise<string> {
  await downToRow(page, 'charts');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');
  const name = (await panel.getAttribute('aria-label')) ?? '';
  await pressUntilFocused(page, 'ArrowDown', 'panel-favorite');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Added to your favorites.');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();
  return name;
}

/** Approves the code on screen as `memberId` and waits for that member's Home. */
async function approveAs(page: Page, member: { id: string; name: string }): Promise<void> {
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
  expect(service.control.approve((await pairing.code(page).innerText()).trim(), member.id)).toBe(true);
  await expect(memberName(page)).toHaveText(member.name);
  await expect(homeRow(page, 'favorites').locator('.tile').first()).toBeVisible();
}

test('two members pair one after the other, each with their own favourites; a restart keeps both; one signs out alone', async ({
  page,
  launchShell,
  workDir,
}) => {
  const dataDir = join(workDir, 'data');
  const env = serviceEnv(service, writeVaultKey(workDir));
  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  await approveAs(page, A);
  const favouritesOfA = await favouriteTitles(page);

  // Add a member from the chooser: a new code while A stays signed in; B approves it on their phone.
  await openChooser(page);
  await pressUntilFocused(page, 'ArrowRight', 'profile-add');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Add a member' })).toBeVisible();
  await approveAs(page, B);
  const favouritesOfB = await favouriteTitles(page);
  expect(favouritesOfB).not.toEqual(favouritesOfA);

  // Back to A, one press on their name: A's own favourites, never a frame of B's; a favourite added as A stays A's.
  await openChooser(page);
  const profiles = page.getByRole('group', { name: "Who's listening?" }).getByRole('button');
  await expect(profiles).toHaveText([A.name, B.name, 'Add a member']);
  await expect(profiles.nth(1)).toHaveAccessibleName(`${B.name}, 2 of 3`);
  await choose(page, A.name);
  await expect(memberName(page)).toHaveText(A.name);
  expect(await favouriteTitles(page)).toEqual(favouritesOfA);
  const added = await addFirstChartTrackToFavourites(page);
  await expect(homeRow(page, 'favorites').locator('.tile .tile-title').first()).toHaveText(added);
  await openChooser(page);
  await choose(page, B.name);
  await expect(memberName(page)).toHaveText(B.name);
  expect(await favouriteTitles(page)).toEqual(favouritesOfB);
  expect(await favouriteTitles(page)).not.toContain(added);
  await first.stop();

  // A restart: both still signed in, so "Who's listening?" asks, focus on the last chosen (B).
  const second = await launchShell({ dataDir, env });
  await openTv(page, second);
  await expect(chooser(page)).toBeVisible();
  await expect(focused(page)).toHaveAttribute('aria-label', new RegExp(`^${B.name}`));
  await choose(page, A.name);
  await expect(memberName(page)).toHaveText(A.name);
  await expect(homeRow(page, 'favorites').locator('.tile .tile-title').first()).toHaveText(added);
  await second.stop();

  // Told to skip the chooser: the last chosen (A) opens directly.
  const third = await launchShell({ dataDir, env: { ...env, TUNEWALL_SKIP_CHOOSER: 'on' } });
  await openTv(page, third);
  await expect(memberName(page)).toHaveText(A.name);
  await expect(chooser(page)).toHaveCount(0);

  // B signs out (Settings, as B): only B goes; A, the one left, comes on screen signed in.
  await openChooser(page);
  await choose(page, B.name);
  await expect(memberName(page)).toHaveText(B.name);
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // Right, into the Account and Members card, and up it to Sign out (this member only).
  await pressUntilFocused(page, 'ArrowRight', 'settings-add-member');
  await pressUntilFocused(page, 'ArrowUp', 'settings-sign-out');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(B.name);
  await pressUntilFocused(page, 'ArrowRight', 'sign-out-confirm');
  await page.keyboard.press('Enter');
  await expect(memberName(page)).toHaveText(A.name);
  expect(await favouriteTitles(page)).toContain(added);
  await expect(pairing.code(page)).toHaveCount(0);
});
