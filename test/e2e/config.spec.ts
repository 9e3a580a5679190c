/**
 * A configuration problem is told on screen without covering anything: on Pairing and on Home, at 1080p and 720p,
 * in the UI language, and with the offending key written once.
 */
import type { Locator } from '@playwright/test';
import { expect, SandboxApi, test } from './kiosk';
import { downToLastRow, focused, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The elements of `targets` (visible ones) whose boxes meet `cover`'s, as their text for the failure message. */
async function covered(cover: Locator, targets: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  if (box === null) throw new Error('The notice is not on screen.');
  const hits: string[] = [];
  for (const target of await targets.all()) {
    const other = await target.boundingBox();
    if (other !== null && other.width > 0 && other.height > 0 && overlap(box, other)) hits.push((await target.innerText()).slice(0, 60));
  }
  return hits;
}

test('a configuration problem covers no content and no focus on Pairing and Home, in the UI language', async ({ page, launchShell }) => {
  const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: 'zh-Hant', TUNEWALL_TERRITORY: 'XX', TUNEWALL_API_URL: 'notaurl' } });
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  await openTv(page, shell);
  const notice = page.getByRole('alert', { name: '設定有問題' });

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(pairing.qr(page)).toBeVisible();
    await expect(notice).toContainText('TUNEWALL_API_URL 不是網址；改用預設值。');
    const content = page.locator('.pairing-code-card, .pairing-code-card > *, .pairing-text > *, .pairing-actions .btn');
    expect(await covered(notice, content)).toEqual([]);
    await expect(page.getByTestId('countdown')).toBeInViewport({ ratio: 1 });
    expect((await notice.innerText()).split('TUNEWALL_API_URL')).toHaveLength(2);
    await expect(notice).toContainText('還有 1 個');
  }

  await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(notice).toContainText('列在設定中');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Down to the last row (rows load as focus nears them): its focused tile and every caption on screen stay clear of
    // the notice.
    await downToLastRow(page);
    await expect(page.locator('section.row').last()).toHaveClass(/has-focus/);
    await expect(focused(page)).toBeInViewport({ ratio: 1 });
    const onScreen = page.locator('section.row .tile');
    expect(await covered(notice, onScreen)).toEqual([]);
    expect(await covered(notice, focused(page))).toEqual([]);
    await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  }

  // Settings lists every problem, and the remote reaches the list however long the page is.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '設定', exact: true })).toBeVisible();
  await pressUntilFocused(page, 'ArrowDown', 'settings-config-problems', 10);
  const list = page.locator('[data-focus-key="settings-config-problems"]');
  await expect(list).toBeInViewport({ ratio: 1 });
  await expect(list).toContainText('TUNEWALL_TERRITORY 不是可接受的值；改用預設值。');
});
