/**
 * Every screen kind, walked with the remote in English, Traditional Chinese and Japanese at 1920×1080 and 1280×720,
 * checked by axe-core (WCAG 2.0, 2.1 and 2.2 A and AA: zero violations) and by Chromium's own accessibility tree
 * (ariaSnapshot); DOM focus always on the item the remote focused, with a name that says where it is; `lang` following
 * the UI language. A configuration problem is set, so its notice strip is checked on Pairing and Home too.
 */
import type { Page } from '@playwright/test';
import { expectAxeClean, expectDomFocusOnFocused } from './a11y';
import { expect, SandboxApi, test } from './kiosk';
import { downToRow, focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';

type Language = 'en' | 'zh-Hant' | 'ja';

/** "3 of 24", as each language says a place in a collection. */
const POSITION: Record<Language, (index: number) => RegExp> = {
  en: (index) => new RegExp(`, ${index} of \\d+$`),
  'zh-Hant': (index) => new RegExp(`, 第 ${index} 項，共 \\d+ 項$`),
  // Japanese joins a number to its unit with a no-break space, so the place never breaks between them.
  ja: (index) => new RegExp(`, \\d+\\u00a0件中 ${index}\\u00a0件目$`),
};

/** Opens what has focus, checks the screen that opens, and comes back with Back to where focus was. */
async function visit(page: Page, screen: string, opened: (page: Page) => Promise<void>): Promise<void> {
  const from = await focusedKey(page);
  await page.keyboard.press('Enter');
  await opened(page);
  await expectDomFocusOnFocused(page);
  await expectAxeClean(page, screen, opened);
  await page.keyboard.press('Escape');
  await expect(focused(page)).toHaveAttribute('data-focus-key', from);
  await expectDomFocusOnFocused(page);
}

const detailOpened = (kind: RegExp) => async (page: Page) => {
  await expect(page.locator('h1.detail-title')).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', kind);
};

/** Presses right along the focused row until its "See all" tile has focus. */
async function rightToSeeAll(page: Page, max = 80): Promise<void> {
  for (let i = 0; i < max && !(await focusedKey(page)).includes(':see-all:'); i++) {
    const before = await focusedKey(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedKey(page)).not.toBe(before);
  }
  expect(await focusedKey(page)).toContain(':see-all:');
}

for (const language of ['en', 'zh-Hant', 'ja'] as const) {
  test(`every screen kind has no axe violation in ${language} at 1920×1080 and 1280×720, DOM focus on the focused item`, async ({ page, launchShell }) => {
    test.setTimeout(900_000);
    // An invalid setting: the configuration notice is on Pairing and Home, and listed in Settings.
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_IDLE_SECONDS: 'soon' } });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const sandbox = new SandboxApi(shell.sandboxOrigin);
    await openTv(page, shell);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    // Pairing: focus rests on the code, never on <body>.
    await expect(pairing.qr(page)).toBeVisible();
    await expect(page.locator('.config-notice')).toBeVisible();
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'pairing-code');
    await expectDomFocusOnFocused(page);
    await expect(focused(page)).toHaveAccessibleName(new RegExp(`${(await pairing.code(page).innerText()).trim()}`));
    await expectAxeClean(page, 'pairing');

    await sandbox.approve((await pairing.code(page).innerText()).trim());
    const homeReady = async (p: Page): Promise<void> => {
      await expect(homeRow(p, 'charts').locator('.tile').first()).toBeVisible();
    };
    await homeReady(page);
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
    await expectDomFocusOnFocused(page);
    // Title, artist, row and place: "…, Your favorites, 1 of 12".
    await expect(focused(page)).toHaveAccessibleName(POSITION[language](1));
    await page.keyboard.press('ArrowRight');
    await expect(focused(page)).toHaveAccessibleName(POSITION[language](2));
    await expectDomFocusOnFocused(page);
    await expectAxeClean(page, 'home', homeReady);
    if (language === 'en') {
      // Chromium's own tree: a region per row, named by its heading, holding buttons that say their place.
      await expect(homeRow(page, 'charts')).toMatchAriaSnapshot(`
        - region "Charts":
          - heading "Charts" [level=2]
          - button /^.+, Charts, 1 of \\d+$/
          - button /^.+, Charts, 2 of \\d+$/
      `);
    }

    // Back on Home: the leave dialog; focus comes back to the tile when it closes.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'leave-stay');
    await expectDomFocusOnFocused(page);
    await expectAxeClean(page, 'leave dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectDomFocusOnFocused(page);

    // A chart, its track panel, "More like this", and the track's album and artist.
    await downToRow(page, 'charts');
    await page.keyboard.press('Enter');
    await detailOpened(/^track:0$/)(page);
    await expectDomFocusOnFocused(page);
    await expect(focused(page)).toHaveAccessibleName(POSITION[language](1));
    await expectAxeClean(page, 'chart', detailOpened(/^track:/));
    if (language === 'en') {
      // A listbox of options, each its title, artist, album and time, then its place in the whole chart.
      await expect(page.locator('.track-list')).toMatchAriaSnapshot(`
        - listbox /^\\d+ tracks$/:
          - option /^.+, \\d+:\\d\\d, (Explicit, )?1 of \\d+$/
          - option /^.+, \\d+:\\d\\d, (Explicit, )?2 of \\d+$/
      `);
    }
    for (let i = 0; i < 20 && (await focused(page).locator('.track-album').innerText()).trim() === ''; i++) {
      await pressUntilFocused(page, 'ArrowDown', `track:${i + 1}`);
    }
    await expect(focused(page)).toHaveAccessibleName(POSITION[language](Number((await focusedKey(page)).slice('track:'.length)) + 1));
    await visit(page, 'track panel', async (p) => {
      await expect(p.getByRole('dialog')).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'panel-phone');
    });
    // "More like this" leaves the panel for a screen of its own; Back returns to the track.
    const trackKey = await focusedKey(page);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', 'panel-more');
    await page.keyboard.press('Enter');
    await detailOpened(/^track:0$/)(page);
    await expectDomFocusOnFocused(page);
    await expectAxeClean(page, 'more like this', detailOpened(/^track:/));
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', trackKey);
    await expectDomFocusOnFocused(page);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', 'panel-album');
    await page.keyboard.press('Enter');
    await detailOpened(/^track:\d+$/)(page); // Go to album lands on the track the panel was opened on
    await expectAxeClean(page, 'album', detailOpened(/^track:/));
    await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
    await visit(page, 'artist', detailOpened(/^tile:artist-albums:/));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
    await expectDomFocusOnFocused(page);

    // Every other kind Home leads to.
    await downToRow(page, 'new-hits');
    await visit(page, 'playlist (new hits)', detailOpened(/^track:0$/));
    await downToRow(page, 'mood-stations');
    await visit(page, 'mood station', detailOpened(/^track:0$/));
    await downToRow(page, 'genre-stations');
    await visit(page, 'genre station', detailOpened(/^track:0$/));
    await downToRow(page, 'new-releases');
    await rightToSeeAll(page);
    await visit(page, 'new releases: see all', detailOpened(/^tile:album-grid:/));
    // A children category, and one of its playlists (a detail kind of its own: explicit tracks left out).
    await downToRow(page, 'kids');
    const kidsTile = await focusedKey(page);
    await page.keyboard.press('Enter');
    await detailOpened(/^tile:kids-/)(page);
    await expectDomFocusOnFocused(page);
    await expectAxeClean(page, 'kids', detailOpened(/^tile:kids-/));
    await visit(page, 'kids playlist', detailOpened(/^track:0$/));
    await page.keyboard.press('Escape');
    await expect(focused(page)).toHaveAttribute('data-focus-key', kidsTile);
    await downToRow(page, 'collected-playlists');
    await visit(page, 'playlist', detailOpened(/^track:0$/));

    // Settings, with its sign-out dialog.
    await pressUntilFocused(page, 'ArrowUp', 'home-settings', 60);
    await page.keyboard.press('Enter');
    const settingsReady = async (p: Page): Promise<void> => {
      await expect(p.locator('.settings .diagnostics').first()).toBeVisible();
      await expect(p.locator('.config-problems')).toBeVisible();
    };
    await settingsReady(page);
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'territory:TW');
    await expectDomFocusOnFocused(page);
    await expectAxeClean(page, 'settings', settingsReady);
    await pressUntilFocused(page, 'ArrowRight', 'settings-sign-out');
    await visit(page, 'sign-out dialog', async (p) => {
      await expect(p.getByRole('dialog')).toBeVisible();
      await expect(focused(p)).toHaveAttribute('data-focus-key', 'sign-out-cancel');
    });
  });
}

for (const language of ['en', 'zh-Hant', 'ja'] as const) {
  test(`the banners and the idle hint have no axe violation in ${language} at 1920×1080 and 1280×720`, async ({ page, launchShell }) => {
    test.setTimeout(300_000);
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_KIOSK: '1', TUNEWALL_IDLE_SECONDS: '5' } });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const sandbox = new SandboxApi(shell.sandboxOrigin);
    await openTv(page, shell);
    await sandbox.approve((await pairing.code(page).innerText()).trim());
    await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();

    // Kiosk idle: the hint, then any key wakes it.
    const hint = page.locator('.idle-hint');
    await expect(hint).toBeVisible({ timeout: 60_000 });
    await expectAxeClean(page, 'idle hint', async (p) => expect(p.locator('.idle-hint')).toBeVisible());
    await page.keyboard.press('a');
    await expect(hint).toBeHidden();

    // The service away: the offline banner in Home's header, and in a strip below a detail.
    await sandbox.faults({ dropRate: 1 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.locator('.banner-offline')).toBeVisible();
    await expectAxeClean(page, 'offline', async (p) => expect(p.locator('.banner-offline')).toBeVisible());
    await sandbox.faults({ dropRate: 0 });

    // The shell's process gone: its notice below every screen.
    await shell.stop();
    await expect(page.locator('.shell-notice')).toBeVisible();
    await expectAxeClean(page, 'shell stopped', async (p) => expect(p.locator('.shell-notice')).toBeVisible());
  });
}
