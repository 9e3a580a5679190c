/**
 * Several members on one TV, by the remote alone, through the kiosk shell against a sandbox that outlives it (as a real
 * service outlives the app): two demo members pair one after the other, "Who's listening?" switches between them, each
 * sees their own favourites, a restart keeps both, one signs out alone, a child's profile hides explicit tracks behind
 * a PIN, and a grant the service revokes meanwhile asks that member alone to pair again.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { inOrder, parseSpoken, READ_SPOKEN, speechStandInScript, spokenStream, squash, type Spoken } from '../support/speechStandIn';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';
import { downToRow, enterPin, focused, focusedKey, homeRow, openTv, openChooser, pairing, pressUntilFocused, toAccountCard } from './tv';

const A = { id: 'member-demo', name: '林語彤' };
const B = { id: 'member-hanako', name: '佐藤花音' };

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

const spoken = async (page: Page): Promise<Spoken[]> => parseSpoken(await page.evaluate(READ_SPOKEN));
/** Whether what was said (since `from`) ends with `phrase`, whatever runs it was said in. */
const lastSaid = async (page: Page, phrase: string, from = 0): Promise<boolean> =>
  spokenStream((await spoken(page)).slice(from)).endsWith(squash(phrase));
const memberName = (page: Page) => page.locator('.member-name');
const chooser = (page: Page) => page.getByRole('heading', { name: "Who's listening?" });

/** The titles of the favourites row's tiles, as shown. */
async function favouriteTitles(page: Page): Promise<string[]> {
  const row = homeRow(page, 'favorites');
  await expect(row.locator('.tile').first()).toBeVisible();
  return (await row.locator('.tile .tile-title').allInnerTexts()).map((t) => t.trim());
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
  await toAccountCard(page);
  await pressUntilFocused(page, 'ArrowUp', 'settings-sign-out');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(B.name);
  await pressUntilFocused(page, 'ArrowRight', 'sign-out-confirm');
  await page.keyboard.press('Enter');
  await expect(memberName(page)).toHaveText(A.name);
  expect(await favouriteTitles(page)).toContain(added);
  await expect(pairing.code(page)).toHaveCount(0);
});

const TracksSchema = z.object({
  data: z.array(z.object({ name: z.string(), explicitness: z.boolean() })),
  summary: z.object({ total: z.number() }),
});
const ChartsSchema = z.object({ data: z.array(z.object({ id: z.string(), title: z.string() })) });

/** The names of a TW chart's explicit tracks, and its total, as the service has them (asked with the test's own token). */
async function explicitTracksOf(chartTitle: string): Promise<{ explicit: string[]; total: number }> {
  const token = service.control.issueMemberToken(A.id).access_token;
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${service.urls.api}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  const chart = ChartsSchema.parse(await get('charts?territory=TW')).data.find((c) => c.title === chartTitle);
  if (chart === undefined) throw new Error(`No TW chart titled ${chartTitle}.`);
  const tracks = TracksSchema.parse(await get(`charts/${chart.id}/tracks?territory=TW&limit=500`));
  return { explicit: tracks.data.filter((t) => t.explicitness).map((t) => t.name), total: tracks.summary.total };
}

test("a child's profile: a PIN set first, Kids rows lead Home, no explicit track in a chart, and leaving it asks for the PIN", async ({
  page,
  launchShell,
  workDir,
}) => {
  const shell = await launchShell({ dataDir: join(workDir, 'data'), env: serviceEnv(service, writeVaultKey(workDir)) });
  await openTv(page, shell);
  await approveAs(page, A);
  await openChooser(page);
  await pressUntilFocused(page, 'ArrowRight', 'profile-add');
  await page.keyboard.press('Enter');
  await approveAs(page, B);
  await openChooser(page);
  await choose(page, A.name);
  await expect(memberName(page)).toHaveText(A.name);

  // Settings, as A: set a PIN, then mark A as a child (the mark asks for the PIN).
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await toAccountCard(page);
  await pressUntilFocused(page, 'ArrowDown', 'settings-pin');
  await page.keyboard.press('Enter');
  await enterPin(page, '2580');
  // A new PIN is taken only when entered twice alike.
  await expect(page.getByRole('dialog', { name: 'Enter the new PIN again' })).toBeVisible();
  await enterPin(page, '2580');
  await expect(page.getByRole('status').getByText('PIN set.')).toBeVisible();
  await expect(page.getByText("The PIN guards children's profiles.")).toBeVisible();
  await pressUntilFocused(page, 'ArrowUp', 'child:on');
  await page.keyboard.press('Enter');
  await enterPin(page, '2580');
  await expect(page.getByRole('button', { name: 'On', pressed: true }).last()).toBeVisible();
  await page.keyboard.press('Escape');

  // A child's Home leads with the Kids rows.
  await expect(page.locator('section.row').first()).toHaveAttribute('data-row', /^kids/);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'home-settings');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('section.row.has-focus')).toHaveCount(1);

  // The first chart: none of the service's explicit tracks, and the list says how many were left out.
  await downToRow(page, 'charts');
  const chartTitle = (await focused(page).locator('.tile-title').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  const { explicit, total } = await explicitTracksOf(chartTitle);
  expect(explicit.length).toBeGreaterThan(0);
  await expect(page.getByText(`${explicit.length} explicit track${explicit.length === 1 ? '' : 's'} left out`)).toBeVisible();
  const shown = (await page.locator('.track[data-focus-key] .track-name').allInnerTexts()).map((t) => t.trim());
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThanOrEqual(total - explicit.length);
  expect(shown.filter((name) => explicit.includes(name))).toEqual([]);
  await expect(page.locator('.track abbr.explicit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();

  // Leaving the child's profile asks for the PIN: a wrong one keeps A on screen, the right one opens B.
  await openChooser(page);
  await choose(page, B.name);
  await enterPin(page, '1111');
  await expect(page.locator('.pin-dialog')).toContainText('That PIN is not right. Try again.');
  await page.keyboard.press('Escape');
  await expect(page.locator('.pin-dialog')).toHaveCount(0);
  await choose(page, B.name);
  await enterPin(page, '2580');
  await expect(memberName(page)).toHaveText(B.name);
  await expect(page.locator('section.row').first()).toHaveAttribute('data-row', 'favorites');
});

test("the service revokes A's grant while B is on screen: B is unaffected, and choosing A asks A alone to pair again; the chooser speaks each name", async ({
  page,
  launchShell,
  workDir,
}) => {
  const env = { ...serviceEnv(service, writeVaultKey(workDir)), TUNEWALL_VOICE_GUIDANCE: 'on' };
  const shell = await launchShell({ dataDir: join(workDir, 'data'), env });
  await page.addInitScript({ content: speechStandInScript() });
  await openTv(page, shell);
  await approveAs(page, A);
  await openChooser(page);
  await pressUntilFocused(page, 'ArrowRight', 'profile-add');
  await page.keyboard.press('Enter');
  await approveAs(page, B);
  const favouritesOfB = await favouriteTitles(page);

  expect(service.control.revokeMember(A.id)).toBeGreaterThan(0);
  // B browses on: a chart opens, and Home is still B's.
  await downToRow(page, 'charts');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await page.keyboard.press('Escape');
  await expect(memberName(page)).toHaveText(B.name);
  expect(await favouriteTitles(page)).toEqual(favouritesOfB);

  // Choosing A: A's sign-in was revoked, so A alone pairs again; B stays signed in underneath. Voice guidance says
  // each name with its place as focus comes to it.
  await openChooser(page);
  await expect.poll(() => lastSaid(page, `${B.name}, 2 of 3`)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => lastSaid(page, `${A.name}, 1 of 3`)).toBe(true);
  await choose(page, A.name);
  await expect(page.getByRole('heading', { name: `Sign in again, ${A.name}` })).toBeVisible();
  await approveAs(page, A);
  await openChooser(page);
  await expect(page.getByRole('group', { name: "Who's listening?" }).getByRole('button')).toHaveText([A.name, B.name, 'Add a member']);
  const mark = (await spoken(page)).length;
  await choose(page, B.name);
  await expect(memberName(page)).toHaveText(B.name);
  expect(await favouriteTitles(page)).toEqual(favouritesOfB);
  // A switch says whose Home it is, then where focus rests, and nothing the chooser or the header left behind.
  const tile = (await page.locator('.is-focused').getAttribute('aria-label')) ?? '';
  await expect.poll(async () => inOrder(spokenStream((await spoken(page)).slice(mark)), [`Home, ${B.name}`, tile])).toBe('in order');
  const afterSwitch = spokenStream((await spoken(page)).slice(mark));
  expect(afterSwitch).not.toContain('Settings');
  expect(afterSwitch.slice(afterSwitch.indexOf(squash(`Home, ${B.name}`)))).not.toContain(squash("Who's listening?"));
});
