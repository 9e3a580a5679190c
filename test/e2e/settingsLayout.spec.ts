/**
 * Settings on the screen, measured as a viewer three metres away sees it: in en, zh-Hant and ja, at 100, 125 and 150 %
 * text, in standard and high contrast, at 1920×1080 and 1280×720, no text and nothing focusable lies outside the
 * screen's safe area (5 % each side, where a TV's overscan may cut) unless a scrolling box holds it, and no text is cut
 * or drawn over other text. Then down the page and back up to the first territory: the title is back on the screen and
 * the first heading inside the safe area.
 */
import type { Page } from '@playwright/test';
import { bridgeCallFromPage } from '../support/kioskProcess';
import { layoutProblems, safeAreaProblems } from './a11y';
import { expect, test, writeVaultKey, type Shell } from './kiosk';
import { focused, focusedKey, pressMoves, pressUntilFocused } from './tv';
import { LANGUAGES, shootAt, signedInHome, SIZES } from './viewer';

const TEXT_SIZES = [100, 125, 150] as const;

/** A bridge call from the page's own session (its cookie), as the page itself makes it. */
async function call(page: Page, shell: Shell, method: string, ...args: unknown[]): Promise<void> {
  expect(await bridgeCallFromPage(page, shell.origin, method, ...args), method).toBe(200);
}

async function openSettings(page: Page): Promise<void> {
  await pressUntilFocused(page, 'ArrowUp', 'home-settings', 40);
  await page.keyboard.press('Enter');
  await expect(page.locator('.settings .diagnostics').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^territory:/);
}

for (const storage of ['key-file', 'memory'] as const) {
test(`Settings keeps every text and button inside the safe area in each language, text size and contrast (${storage})`, async ({ page, launchShell, workDir }) => {
  test.setTimeout(480_000);
  // With a vault key Diagnostics names its file, a path with no place to break; without one, it says why and whom to ask.
  const shell = await launchShell({ env: storage === 'key-file' ? { TUNEWALL_VAULT_KEY_FILE: writeVaultKey(workDir) } : {} });
  await signedInHome(page, shell);
  await openSettings(page);
  const found: string[] = [];
  for (const language of LANGUAGES) {
    await call(page, shell, 'setLanguage', language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const textSize of TEXT_SIZES) {
      for (const highContrast of [false, true]) {
        await call(page, shell, 'setDisplay', { textSize, highContrast });
        if (highContrast) await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
        else await expect(page.locator('html')).not.toHaveAttribute('data-contrast', 'high');
        await expect(page.locator('html')).toHaveCSS('--text-scale', String(textSize / 100));
        for (const size of SIZES) {
          const label = `${language} ${textSize} %${highContrast ? ' high contrast' : ''} ${size.width}×${size.height}`;
          if (textSize === 150) await shootAt(page, size, `settings-150-${storage}-${language}${highContrast ? '-high-contrast' : ''}`);
          else await page.setViewportSize(size);
          await expect(page.locator('.settings .diagnostics').first()).toBeVisible();
          for (const problem of [...(await safeAreaProblems(page)), ...(await layoutProblems(page))]) found.push(`${label}: ${problem}`);
        }
      }
    }
  }
  expect(found).toEqual([]);
});
}

/** Where the title and the first heading are, and the safe area's top. A string: the page's CSP forbids eval. */
const TOP_OF_SETTINGS = `(() => {
  const title = document.querySelector('.settings-title').getBoundingClientRect();
  const heading = document.querySelector('.settings h2').getBoundingClientRect();
  return { title: [title.top, title.bottom], heading: [heading.top, heading.bottom], safeTop: window.innerHeight * 0.05 };
})()`;

for (const language of LANGUAGES) {
  test(`${language}: at 150 % Settings scrolls back to its top, title and first heading in view`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_TEXT_SIZE: '150' } });
    await signedInHome(page, shell);
    await openSettings(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const label = `${size.width}×${size.height}`;
      await pressUntilFocused(page, 'ArrowUp', 'territory:TW', 20);
      // Down the first card to its end, across to the last card and down it, then back up to Taiwan.
      for (let i = 0; i < 30 && (await pressMoves(page, 'ArrowDown')); i++);
      for (let i = 0; i < 4 && (await pressMoves(page, 'ArrowRight')); i++);
      for (let i = 0; i < 30 && (await pressMoves(page, 'ArrowDown')); i++);
      const far = await focusedKey(page);
      expect(far, label).not.toMatch(/^territory:/);
      for (let i = 0; i < 4 && (await pressMoves(page, 'ArrowLeft')); i++);
      await pressUntilFocused(page, 'ArrowUp', 'territory:TW', 40);
      await expect
        .poll(async () => {
          const top = (await page.evaluate(TOP_OF_SETTINGS)) as { title: number[]; heading: number[]; safeTop: number };
          return (top.title[0] ?? -1) >= 0 && (top.heading[0] ?? -1) >= top.safeTop - 1;
        }, { message: `${label}: the title and the first heading are back on the screen` })
        .toBe(true);
    }
  });
}
