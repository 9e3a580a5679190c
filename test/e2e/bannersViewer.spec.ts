/**
 * Notices as a viewer sees them, in en, zh-Hant and ja at 1920×1080 and 1280×720: offline is one strip below the screen
 * on Home and on a detail screen alike; the configuration strip takes its own room under the pairing card and under
 * Home's rows, and no caption of a row is left half cut above it.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, test } from './kiosk';
import { downToRow, focused, openTv, pairing } from './tv';
import { LANGUAGES, shootAt, signedInHome, SIZES } from './viewer';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (found === null) throw new Error(`${selector} is not on screen.`);
  return found;
}

/** Captions of Home's tiles cut by the bottom of the rows' scroller: partly in, partly out. A string: CSP. */
const HALF_CUT_CAPTIONS = `(() => {
  const rows = document.querySelector('.rows');
  if (rows === null) return ['(no rows)'];
  const bottom = rows.getBoundingClientRect().bottom;
  return Array.from(document.querySelectorAll('.rows .tile-title, .rows .tile-subtitle'))
    .filter((el) => { const r = el.getBoundingClientRect(); return r.top < bottom - 1 && r.bottom > bottom + 1; })
    .map((el) => el.textContent);
})()`;

for (const language of LANGUAGES) {
  test(`${language}: offline is the same strip on Home and on a detail screen`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language } });
    const sandbox = await signedInHome(page, shell);
    await sandbox.faults({ dropRate: 1 });
    await downToRow(page, 'charts');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const notice = page.locator('.banner-offline');
    await expect(notice).toBeVisible();
    const looks: Record<string, { className: string; box: Box }> = {};
    for (const size of SIZES) {
      await shootAt(page, size, `offline-${language}-detail`, async () => expect(notice).toBeVisible());
      looks[`detail ${size.width}`] = { className: (await notice.getAttribute('class')) ?? '', box: await box(page, '.banner-offline') };
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('main.home')).toBeVisible();
    for (const size of SIZES) {
      await shootAt(page, size, `offline-${language}-home`, async () => expect(notice).toBeVisible());
      looks[`home ${size.width}`] = { className: (await notice.getAttribute('class')) ?? '', box: await box(page, '.banner-offline') };
    }
    for (const size of SIZES) {
      expect(looks[`home ${size.width}`]).toEqual(looks[`detail ${size.width}`]);
    }
  });

  test(`${language}: the configuration strip overlaps neither the pairing card nor a caption on Home`, async ({ page, launchShell }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_TERRITORY: 'XX' } });
    await openTv(page, shell);
    await expect(pairing.qr(page)).toBeVisible();
    for (const size of SIZES) {
      await shootAt(page, size, `config-${language}-pairing`, async () => expect(page.locator('.config-notice')).toBeVisible());
      const card = await box(page, 'main.pairing');
      const strip = await box(page, '.config-notice');
      const inside = z.number().parse(await page.evaluate(`(() => { const m = document.querySelector('main.pairing'); const s = getComputedStyle(m);
        return Math.max(...Array.from(m.children).map((c) => c.getBoundingClientRect().bottom)) + 0 * parseFloat(s.paddingBottom); })()`));
      expect(inside, `pairing content ends at ${inside}, strip starts at ${strip.y} (card ${card.y + card.height})`).toBeLessThanOrEqual(strip.y);
    }
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const { SandboxApi } = await import('./kiosk');
    await new SandboxApi(shell.sandboxOrigin).approve((await pairing.code(page).innerText()).trim());
    await expect(page.locator('section.row[data-row="charts"] .tile').first()).toBeVisible();
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
    for (const size of SIZES) {
      await shootAt(page, size, `config-${language}-home`, async () => expect(page.locator('.config-notice')).toBeVisible());
      const rows = await box(page, '.rows');
      const strip = await box(page, '.config-notice');
      expect(rows.y + rows.height).toBeLessThanOrEqual(strip.y);
      expect(z.array(z.string().nullable()).parse(await page.evaluate(HALF_CUT_CAPTIONS))).toEqual([]);
    }
  });
}
