/**
 * Screenshots of every screen, at 1080p and 720p, from the real shell against the embedded sandbox. Saved under
 * test-results/screenshots/; with TUNEWALL_E2E_DOCS=1 also into docs/screenshots/ (the README's pictures).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, REPO, SandboxApi, test } from './kiosk';
import { artworkSettled, downToRow, focused, focusedKey, homeRow, openTv, pairing, pressUntilFocused } from './tv';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;
const OUT = join(REPO, 'test-results/screenshots');
const DOCS = join(REPO, 'docs/screenshots');

async function shoot(page: Page, screen: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready(page);
    await artworkSettled(page);
    const name = `${screen}-${size.width}x${size.height}.png`;
    await page.screenshot({ path: join(OUT, name) });
    if (process.env['TUNEWALL_E2E_DOCS'] === '1') {
      mkdirSync(DOCS, { recursive: true });
      copyFileSync(join(OUT, name), join(DOCS, name));
    }
  }
}

test('screenshots of pairing, home, a chart, the track panel, an album, an artist, a children category, settings and its accessibility choices at 1920×1080 and 1280×720', async ({ page, launchShell }) => {
  const shell = await launchShell();
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);

  await shoot(page, 'pairing', async (p) => {
    await expect(pairing.qr(p)).toBeVisible();
    await expect(pairing.status(p)).toHaveText('Waiting for approval…');
  });

  await sandbox.approve((await pairing.code(page).innerText()).trim());
  await shoot(page, 'home', async (p) => {
    await expect(homeRow(p, 'favorites').locator('.tile').first()).toBeVisible();
    await expect(homeRow(p, 'charts').locator('.tile').first()).toBeVisible();
    await expect(p.locator('.member-name')).toHaveText('林語彤');
  });

  // Down from the member's favourites to the charts, and the first chart.
  await downToRow(page, 'charts');
  const chartKey = await focusedKey(page);
  await page.keyboard.press('Enter');
  await shoot(page, 'detail', async (p) => {
    await expect(focused(p)).toHaveAttribute('data-focus-key', 'track:0');
    await expect(p.locator('.detail-meta')).toBeVisible();
    await expect(focused(p).locator('.track-name')).not.toBeEmpty();
  });

  // A track that has its album (the service sends some without): its panel, then its album and the album's artist.
  for (let i = 0; i < 20 && (await focused(page).locator('.track-album').innerText()).trim() === ''; i++) {
    await pressUntilFocused(page, 'ArrowDown', `track:${i + 1}`);
  }
  await page.keyboard.press('Enter');
  await shoot(page, 'track-panel', async (p) => {
    await expect(focused(p)).toHaveAttribute('data-focus-key', 'panel-phone');
    await expect(p.getByRole('dialog').getByRole('button', { name: /favorites/ })).toBeVisible();
  });
  await pressUntilFocused(page, 'ArrowDown', 'panel-album');
  await page.keyboard.press('Enter');
  await shoot(page, 'album', async (p) => {
    await expect(p.locator('.detail-kind')).toHaveText('Album');
    // On the track the panel was opened from.
    await expect(focused(p)).toHaveAttribute('data-focus-key', /^track:\d+$/);
  });
  await pressUntilFocused(page, 'ArrowLeft', 'album-artist');
  await page.keyboard.press('Enter');
  await shoot(page, 'artist', async (p) => {
    await expect(p.locator('.detail-kind')).toHaveText('Artist');
    await expect(focused(p)).toHaveAttribute('data-focus-key', /^tile:artist-albums:/);
  });
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  await expect(focused(page)).toHaveAttribute('data-focus-key', chartKey);

  // A children category, further down Home.
  await downToRow(page, 'kids');
  await page.keyboard.press('Enter');
  await shoot(page, 'kids', async (p) => {
    await expect(p.locator('.detail-kind')).toHaveText('Kids');
    await expect(focused(p)).toHaveAttribute('data-focus-key', /^tile:kids-/);
  });

  await page.keyboard.press('Escape');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:kids:/);
  await pressUntilFocused(page, 'ArrowUp', 'home-settings', 40);
  await page.keyboard.press('Enter');
  await shoot(page, 'settings', async (p) => {
    await expect(p.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(p.getByText('Service reachable')).toBeVisible();
  });
  // Down the first card to voice guidance: text size, contrast and voice guidance on screen together.
  await pressUntilFocused(page, 'ArrowDown', 'voice-guidance:on');
  await shoot(page, 'settings-accessibility', async (p) => {
    await expect(focused(p)).toHaveAttribute('data-focus-key', 'voice-guidance:on');
    // The remote revealed it at the size before; a TV's screen never changes size, this test's does.
    await focused(p).scrollIntoViewIfNeeded();
    await expect(focused(p)).toBeInViewport({ ratio: 0.99 });
    await expect(p.getByRole('group', { name: 'Text size' })).toBeInViewport();
    await expect(p.getByRole('group', { name: 'Contrast' })).toBeInViewport();
  });
});

const LOOKS: { screen: string; env: Record<string, string> }[] = [
  { screen: 'home-text-150', env: { TUNEWALL_TEXT_SIZE: '150' } },
  { screen: 'home-high-contrast', env: { TUNEWALL_HIGH_CONTRAST: 'true' } },
];
for (const look of LOOKS) {
  test(`screenshots of Home: ${look.screen}`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: look.env });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    await openTv(page, shell);
    await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
    await shoot(page, look.screen, async (p) => {
      await expect(homeRow(p, 'charts').locator('.tile').first()).toBeVisible();
      await expect(p.locator('.member-name')).toHaveText('林語彤');
    });
  });
}
