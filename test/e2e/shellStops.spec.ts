/**
 * The kiosk shell's process stops while its page stays open: the page says Tunewall's service stopped and is
 * reconnecting (never a raw "Failed to fetch"), and carries on by itself once the shell is back on the same data
 * folder. The service is a sandbox in the test process, as a real service outlives the shell.
 */
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, serviceEnv, test, writeVaultKey } from './kiosk';
import { downToRow, focused, homeRow, openTv, pairing } from './tv';

let service: RunningSandbox;

test.beforeAll(async () => {
  service = await startSandbox({ lifetimes: { deviceIntervalSeconds: 1 } });
});
test.afterAll(async () => {
  await service.close();
});

test('when the shell stops the page says so and reconnects once it is back', async ({ page, launchShell, workDir }) => {
  const dataDir = join(workDir, 'data');
  const env = serviceEnv(service, writeVaultKey(workDir));
  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  // Down from the member's favourites to the charts (a chart opens a page; a favourite, its track's panel).
  await downToRow(page, 'charts');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);

  await first.stop();
  await expect(page.getByRole('status').filter({ hasText: "Tunewall's service stopped — reconnecting…" })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText("Tunewall's service stopped. It is reconnecting: try again in a moment.");
  await expect(page.getByText(/Failed to fetch|TypeError/)).toHaveCount(0);

  // The same data folder: the same port and session, so this very page is let in again.
  const second = await launchShell({ dataDir, env });
  expect(second.origin).toBe(first.origin);
  await expect(page.getByText("Tunewall's service stopped — reconnecting…")).toHaveCount(0, { timeout: 60_000 });
  // No key pressed: the chart that failed while the shell was away loads by itself, with focus on its first track.
  await expect(page.locator('.track:not(.track-head)').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
