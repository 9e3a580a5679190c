/**
 * Japanese and Chinese text breaks where a reader expects: between phrases, never inside a word such as ランキング or
 * スマートフォン, and no line starts with ー, ッ, 。, 、 or a closing bracket, on tiles, titles, dialogs and Settings,
 * at 1920×1080 and 1280×720. English is shot the same way, for the eye.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './kiosk';
import { downToRow, focused, pressUntilFocused } from './tv';
import { LANGUAGES, lineBreakProblems, shootAt, signedInHome, SIZES, textLines } from './viewer';

const TEXT = [
  '.tile-title', '.row-title', '.detail-kind', '.detail-title', '.detail-meta', '.detail-phone-hint', '.detail-shuffled',
  '.dialog-title', '.dialog p', '.btn', '.settings h2', '.settings p', '.settings li', '.phone-hint', '.phone-target',
].join(', ');
/** Words of the catalog and the interface that a line break must not cut. */
const WORDS = ['ランキング', 'リアルタイム', 'デイリー', 'スマートフォン', 'サインイン', '遅延', 'プレイリスト'];

for (const language of LANGUAGES) {
  test(`${language}: no word cut and no kinsoku character starting a line on Home, a chart, the track panel, the phone dialog and Settings`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language } });
    await signedInHome(page, shell, language === 'ja' ? 'member-hanako' : undefined);
    const problems: string[] = [];
    const look = async (screen: string, ready: () => Promise<void>): Promise<void> => {
      for (const size of SIZES) {
        await shootAt(page, size, `linebreaks-${language}-${screen}`, ready);
        for (const problem of lineBreakProblems(await textLines(page, TEXT), WORDS)) {
          problems.push(`${screen} at ${size.width}×${size.height}: ${problem}`);
        }
      }
    };
    const dialogOpen = (p: Page) => async () => expect(p.getByRole('dialog')).toBeVisible();

    await look('home', async () => expect(page.locator('section.row[data-row="charts"] .tile').first()).toBeVisible());
    await downToRow(page, 'charts');
    await page.keyboard.press('Enter');
    await look('chart', async () => expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0'));
    await page.keyboard.press('Enter');
    await look('panel', dialogOpen(page));
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');
    await page.keyboard.press('Enter');
    await look('phone', async () => expect(page.locator('.phone-hint')).toBeVisible());
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await pressUntilFocused(page, 'ArrowUp', 'home-settings', 40);
    await page.keyboard.press('Enter');
    await look('settings', async () => expect(page.locator('.diagnostics').first()).toBeVisible());

    expect(problems).toEqual([]);
  });
}
