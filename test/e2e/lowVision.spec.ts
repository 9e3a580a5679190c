/**
 * Low vision: text at 150 % with the high-contrast theme, set in the configuration, on every screen kind in English,
 * Traditional Chinese and Japanese at 1920×1080 and 1280×720: no text cut off or drawn over other text, nothing outside
 * the safe area that no scrolling box holds, and no axe
 * violation. Then the same settings changed from Settings with the remote, applied at once and kept. Last, the
 * system's forced colours and reduced motion: focus drawn as an outline, nothing animating.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, layoutProblems, safeAreaProblems, SIZES } from './a11y';
import { expect, REPO, SandboxApi, test } from './kiosk';
import { downToRow, focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const OUT = join(REPO, 'test-results/screenshots');

/** At both sizes: no text clipped or overlapping, no axe violation; a screenshot to look at. */
async function check(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready(page);
    const label = `${name} at ${size.width}×${size.height}`;
    await page.screenshot({ path: join(OUT, `low-vision-${name}-${size.width}x${size.height}.png`) });
    expect(await layoutProblems(page), label).toEqual([]);
    expect(await safeAreaProblems(page), label).toEqual([]);
    expect(await axeViolations(page), label).toEqual([]);
  }
}

const detail = (key: RegExp) => async (page: Page) => {
  await expect(page.locator('h1.detail-title')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', key);
};

/** Opens what has focus, checks it, and goes back. */
async function visit(page: Page, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const from = await focusedKey(page);
  await page.keyboard.press('Enter');
  await check(page, name, ready);
  await page.keyboard.press('Escape');
  await expect(focused(page)).toHaveAttribute('data-focus-key', from);
}

for (const language of ['en', 'zh-Hant', 'ja'] as const) {
  test(`150 % text and high contrast: every screen kind reads whole and passes axe in ${language}`, async ({ page, launchShell }) => {
    test.setTimeout(600_000);
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_TEXT_SIZE: '150', TUNEWALL_HIGH_CONTRAST: 'true' } });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const sandbox = new SandboxApi(shell.sandboxOrigin);
    await openTv(page, shell);
    await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
    await expect(page.locator('html')).toHaveCSS('--text-scale', '1.5');
    await check(page, `${language}-pairing`, async (p) => expect(pairing.qr(p)).toBeVisible());

    await sandbox.approve((await pairing.code(page).innerText()).trim());
    const home = async (p: Page): Promise<void> => {
      await expect(homeRow(p, 'charts').locator('.tile').first()).toBeVisible();
    };
    await check(page, `${language}-home`, home);

    await downToRow(page, 'charts');
    await page.keyboard.press('Enter');
    await check(page, `${language}-chart`, detail(/^track:0$/));
    for (let i = 0; i < 20 && (await focused(page).locator('.track-album').innerText()).trim() === ''; i++) {
      await pressUntilFocused(page, 'ArrowDown', `track:${i + 1}`);
    }
    await visit(page, `${language}-panel`, async (p) => expect(p.getByRole('dialog')).toBeVisible());
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', 'panel-album');
    await page.keyboard.press('Enter');
    await check(page, `${language}-album`, detail(/^track:\d+$/));
    await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
    await visit(page, `${language}-artist`, detail(/^tile:artist-albums:/));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);

    await downToRow(page, 'new-releases');
    for (let i = 0; i < 80 && !(await focusedKey(page)).includes(':see-all:'); i++) {
      const before = await focusedKey(page);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => focusedKey(page)).not.toBe(before);
    }
    await visit(page, `${language}-see-all`, detail(/^tile:album-grid:/));
    await downToRow(page, 'kids');
    await visit(page, `${language}-kids`, detail(/^tile:kids-/));

    await pressUntilFocused(page, 'ArrowUp', 'home-settings', 60);
    await page.keyboard.press('Enter');
    await check(page, `${language}-settings`, async (p) => {
      await expect(p.locator('.settings .diagnostics').first()).toBeVisible();
    });
  });
}

test('text size and contrast change from Settings at once, and stay after a restart', async ({ page, launchShell, workDir }) => {
  const dataDir = join(workDir, 'data');
  const shell = await launchShell({ dataDir });
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  await openTv(page, shell);
  await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  // A string: the page's CSP forbids eval.
  const titleSize = async (): Promise<number> => Number(await page.evaluate(`parseFloat(getComputedStyle(document.querySelector('.row-title')).fontSize)`));
  const before = await titleSize();

  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Text size' }).getByRole('button', { name: '100 %' })).toHaveAttribute('aria-pressed', 'true');
  // The remote alone: down the first card to the text sizes, along them to 150 %, OK.
  await pressUntilFocused(page, 'ArrowDown', 'text-size:100');
  await pressUntilFocused(page, 'ArrowRight', 'text-size:150');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '150 %' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveCSS('--text-scale', '1.5');
  // The text grew under the focus: it stays on the choice just made, in view, and Down leads on to the contrast.
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'text-size:150');
  // Whole (a ratio short of 1 allows for fractional pixels at 150 %).
  await expect(focused(page)).toBeInViewport({ ratio: 0.99 });
  await pressUntilFocused(page, 'ArrowDown', 'contrast:standard');
  // At 150 % the two choices no longer share a line: High contrast is below Standard.
  await pressUntilFocused(page, 'ArrowDown', 'contrast:high');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'contrast:high');
  await page.keyboard.press('Escape');
  await expect(page.locator('main.home')).toBeVisible();
  expect(await titleSize()).toBeCloseTo(before * 1.5, 1);

  // The settings are the main side's: a new page of the same shell comes up with them.
  await page.reload();
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  expect(await titleSize()).toBeCloseTo(before * 1.5, 1);
});

/** Every animation running on the page now. A string: the page's CSP forbids eval. */
const RUNNING = `document.getAnimations().filter((a) => a.playState === 'running').length`;
const style = (page: Page, selector: string, property: string): Promise<string> =>
  page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`) as Promise<string>;

test('under forced colours focus is an outline, and with reduced motion nothing moves', async ({ page, launchShell }) => {
  const shell = await launchShell();
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  await openTv(page, shell);
  // Without the preference, Pairing's status dot pulses while it waits: the check below has something to stop.
  await expect(pairing.status(page)).toBeVisible();
  await expect.poll(() => page.evaluate(RUNNING)).toBeGreaterThan(0);

  await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  await expect.poll(() => page.evaluate(RUNNING)).toBe(0);
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'pairing-code');
  expect(await style(page, '.is-focused', 'outlineStyle')).toBe('solid');

  await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  // A tile's ring is around its picture; a button's is its own, and it does not grow.
  expect(await style(page, '.tile.is-focused .art', 'outlineStyle')).toBe('solid');
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  expect(await style(page, '.is-focused', 'outlineStyle')).toBe('solid');
  expect(await style(page, '.is-focused', 'transform')).toBe('none');
  expect(await page.evaluate(RUNNING)).toBe(0);
});
