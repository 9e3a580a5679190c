/**
 * Every screen in every look, for comparing a change to the renderer's styles pixel by pixel: 1920×1080 and 1280×720,
 * en, zh-Hant and ja, text at 100 % and 150 %, standard and high contrast. Runs only with TUNEWALL_SHOTS_DIR set (the
 * folder the pictures go to), never in `npm test`; `node scripts/screens-compare.mjs BEFORE AFTER` compares two runs.
 * What changes on its own from run to run (the pairing code and its QR, the time left) is masked.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, SandboxApi, test } from './kiosk';
import { artworkSettled, downToRow, focused, focusedKey, homeRow, openChooser, openTv, pairing, pressUntilFocused } from './tv';
import { LANGUAGES, SIZES } from './viewer';

const OUT = process.env['TUNEWALL_SHOTS_DIR'];

const LOOKS = LANGUAGES.flatMap((language) =>
  (['100', '150'] as const).flatMap((text) =>
    ([false, true] as const).map((contrast) => ({ language, text, contrast, name: `${language}-text${text}-${contrast ? 'high' : 'standard'}` })),
  ),
);

async function shoot(page: Page, look: string, screen: string, ready: (page: Page) => Promise<void>): Promise<void> {
  if (OUT === undefined) return;
  const dir = join(OUT, look);
  mkdirSync(dir, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready(page);
    await artworkSettled(page);
    await page.screenshot({
      path: join(dir, `${screen}-${size.width}x${size.height}.png`),
      animations: 'disabled',
      caret: 'hide',
      mask: [page.locator('svg.qr'), pairing.code(page), page.locator('.verify-url'), page.locator('.pairing-status')],
    });
  }
}

const detailOpened = (focus: RegExp) => async (p: Page): Promise<void> => {
  await expect(p.locator('.detail-kind')).toBeVisible();
  await expect(focused(p)).toHaveAttribute('data-focus-key', focus);
};

/** Presses right along a new-release row until its last tile, "See all", has focus. */
async function rightToSeeAll(page: Page, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focused(page).getAttribute('aria-label'))?.match(/^(See all|查看全部|すべて表示)/) !== null) return;
    const before = await focusedKey(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page).catch(() => before)).not.toBe(before);
  }
  throw new Error(`ArrowRight ×${max} never reached "See all".`);
}

for (const look of LOOKS) {
  test(`every screen: ${look.name}`, async ({ page, launchShell }) => {
    test.skip(OUT === undefined, 'TUNEWALL_SHOTS_DIR is not set');
    test.setTimeout(600_000);
    const shell = await launchShell({
      env: { TUNEWALL_LANGUAGE: look.language, TUNEWALL_TEXT_SIZE: look.text, TUNEWALL_HIGH_CONTRAST: String(look.contrast) },
    });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const sandbox = new SandboxApi(shell.sandboxOrigin);
    const at = (screen: string, ready: (p: Page) => Promise<void>): Promise<void> => shoot(page, look.name, screen, ready);
    await openTv(page, shell);

    await at('pairing', async (p) => {
      await expect(pairing.qr(p)).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'pairing-code');
    });
    await sandbox.approve((await pairing.code(page).innerText()).trim());
    const homeReady = async (p: Page): Promise<void> => {
      await expect(homeRow(p, 'favorites').locator('.tile').first()).toBeVisible();
      await expect(homeRow(p, 'charts').locator('.tile').first()).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
    };
    await at('home', homeReady);

    await page.keyboard.press('Escape');
    await at('leave-dialog', async (p) => expect(focused(p)).toHaveAttribute('data-focus-key', 'leave-stay'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await downToRow(page, 'charts');
    await page.keyboard.press('Enter');
    await at('chart', detailOpened(/^track:0$/));
    for (let i = 0; i < 20 && (await focused(page).locator('.track-album').innerText()).trim() === ''; i++) {
      await pressUntilFocused(page, 'ArrowDown', `track:${i + 1}`);
    }
    await page.keyboard.press('Enter');
    await at('track-panel', async (p) => expect(focused(p)).toHaveAttribute('data-focus-key', 'panel-phone'));
    await pressUntilFocused(page, 'ArrowDown', 'panel-album');
    await page.keyboard.press('Enter');
    await at('album', detailOpened(/^track:\d+$/));
    await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
    await page.keyboard.press('Enter');
    await at('artist', detailOpened(/^tile:artist-albums:/));
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);

    await downToRow(page, 'new-hits');
    await page.keyboard.press('Enter');
    await at('playlist-new-hits', detailOpened(/^track:0$/));
    await page.keyboard.press('Escape');
    await downToRow(page, 'genre-stations');
    await page.keyboard.press('Enter');
    await at('genre-station', detailOpened(/^track:0$/));
    await page.keyboard.press('Escape');
    await downToRow(page, 'new-releases');
    await rightToSeeAll(page);
    await page.keyboard.press('Enter');
    await at('new-releases', detailOpened(/^tile:album-grid:/));
    await page.keyboard.press('Escape');
    await downToRow(page, 'kids');
    await page.keyboard.press('Enter');
    await at('kids', detailOpened(/^tile:kids-/));
    await page.keyboard.press('Enter');
    await at('kids-playlist', detailOpened(/^track:0$/));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await downToRow(page, 'collected-playlists');
    await page.keyboard.press('Enter');
    await at('playlist', detailOpened(/^track:0$/));
    await page.keyboard.press('Escape');

    await pressUntilFocused(page, 'ArrowUp', 'home-settings', 60);
    await page.keyboard.press('Enter');
    const settingsReady = async (p: Page): Promise<void> => {
      await expect(p.locator('.settings .diagnostics').first()).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'territory:TW');
    };
    await at('settings', settingsReady);
    await pressUntilFocused(page, 'ArrowDown', 'voice-guidance:on');
    await at('settings-accessibility', async (p) => {
      await focused(p).scrollIntoViewIfNeeded();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'voice-guidance:on');
    });
    await pressUntilFocused(page, 'ArrowUp', 'territory:TW');
    await pressUntilFocused(page, 'ArrowRight', 'settings-sign-out');
    await page.keyboard.press('Enter');
    await at('sign-out-dialog', async (p) => expect(focused(p)).toHaveAttribute('data-focus-key', 'sign-out-cancel'));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(homeRow(page, 'charts')).toBeVisible();

    await openChooser(page);
    await at('chooser', async (p) => expect(p.locator('main.chooser')).toBeVisible());
    await pressUntilFocused(page, 'ArrowRight', 'profile-add');
    await page.keyboard.press('Enter');
    await at('add-member', async (p) => {
      await expect(p.locator('svg.qr')).toBeVisible();
    });
  });
}
