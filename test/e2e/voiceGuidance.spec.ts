/**
 * Voice guidance through the kiosk shell, heard by a recording stand-in for the Web Speech API installed before the
 * page loads: pairing, Home, a chart, a favourite added in the track panel, the repeat key and signing out, in English
 * and in Japanese. What is said for the focused item is checked against Playwright's own accessible-name computation
 * of that element, not against the app's.
 */
import type { Page } from '@playwright/test';
import { en } from '../../renderer/src/i18n/en';
import { ja } from '../../renderer/src/i18n/ja';
import { parseSpoken, READ_SPOKEN, speechStandInScript, type Spoken } from '../support/speechStandIn';
import { expect, SandboxApi, test } from './kiosk';
import { downToRow, focused, focusedKey, openTv, pairing, pressUntilFocused } from './tv';

async function spoken(page: Page): Promise<Spoken[]> {
  return parseSpoken(await page.evaluate(READ_SPOKEN));
}

const texts = async (page: Page, from = 0): Promise<string[]> => (await spoken(page)).slice(from).map((s) => s.text);
const lastText = async (page: Page): Promise<string | undefined> => (await spoken(page)).at(-1)?.text;

/** The focused element's accessible name, as Playwright computes it for its ARIA snapshot (`- role "name"`). */
async function focusedName(page: Page): Promise<string> {
  await expect(focused(page)).toHaveCount(1);
  const first = (await focused(page).ariaSnapshot()).split('\n')[0] ?? '';
  const match = /^- [\w-]+ "((?:[^"\\]|\\.)*)"/.exec(first);
  if (match?.[1] === undefined) throw new Error(`The focused element has no accessible name: ${first}`);
  return JSON.parse(`"${match[1]}"`) as string;
}

/** Waits until `phrases` have all been asked for, in this order, after `from`. */
async function saidInOrder(page: Page, phrases: string[], from = 0): Promise<void> {
  await expect
    .poll(async () => {
      const said = await texts(page, from);
      let at = -1;
      for (const phrase of phrases) {
        at = said.indexOf(phrase, at + 1);
        if (at === -1) return `missing "${phrase}" in ${JSON.stringify(said)}`;
      }
      return 'in order';
    })
    .toBe('in order');
}

const CASES = [
  { language: 'en', tag: 'en-US', t: en },
  { language: 'ja', tag: 'ja-JP', t: ja },
] as const;

for (const { language, tag, t } of CASES) {
  test(`voice guidance (${language}): pairing, Home, a chart, a favourite, the repeat key and signing out are said in the UI language`, async ({
    page,
    launchShell,
  }) => {
    const shell = await launchShell({ env: { TUNEWALL_LANGUAGE: language, TUNEWALL_VOICE_GUIDANCE: 'on' } });
    if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
    const sandbox = new SandboxApi(shell.sandboxOrigin);
    await page.addInitScript({ content: speechStandInScript() });
    await openTv(page, shell);

    // Pairing: the title, the instruction with the short URL, then the code one character at a time, slowly.
    const code = (await pairing.code(page).innerText()).trim();
    const spelled = code.split('-').map((half) => [...half].join(' ')).join(', ');
    await saidInOrder(page, [t.pairing.title, spelled]);
    expect((await texts(page)).some((text) => text.includes('/d') || text.includes('/device'))).toBe(true);
    const codeSaid = (await spoken(page)).filter((s) => s.text === spelled);
    expect(codeSaid[0]?.rate).toBeLessThan(1);
    // OK on the code card (where focus rests on Pairing) says the code again.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await spoken(page)).filter((s) => s.text === spelled).length).toBe(codeSaid.length + 1);

    // Approved: "Signed in", Home's name, then the focused tile by its accessible name.
    let mark = (await spoken(page)).length;
    await sandbox.approve(code);
    await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
    const firstTile = await focusedName(page);
    await saidInOrder(page, [t.a11y.signedIn, t.a11y.home, firstTile], mark);

    // A burst of ten held presses along the charts row (a key-down, then nine repeats): the first move is said once
    // drawn and cut off by the first repeat; of the tiles passed over while the key repeats nothing; then, once, where
    // focus stopped.
    await downToRow(page, 'charts');
    await expect.poll(() => lastText(page)).toBe(await focusedName(page));
    mark = (await spoken(page)).length;
    const start = await focusedKey(page);
    let moves = 0;
    let at = start;
    let firstMove = '';
    for (let i = 0; i < 200 && moves < 10; i++) {
      await page.keyboard.down('ArrowRight');
      const now = await focusedKey(page);
      if (now !== at) {
        moves += 1;
        at = now;
        if (moves === 1) firstMove = await focusedName(page);
      }
    }
    await page.keyboard.up('ArrowRight');
    expect(moves).toBe(10);
    const stoppedAt = await focusedName(page);
    await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe(stoppedAt);
    const burst = (await spoken(page)).slice(mark);
    // Where focus stopped, said once and not cut off; before it at most the first move, and none of the eight between.
    expect(burst.filter((s) => s.text === stoppedAt)).toHaveLength(1);
    expect(burst.at(-1)?.cancelledAt).toBeNull();
    expect(burst.map((s) => s.text)).toEqual(burst.length === 2 ? [firstMove, stoppedAt] : [stoppedAt]);

    // The repeat key (the remote's Info, F1 on a keyboard): where you are, again.
    mark = (await spoken(page)).length;
    await page.keyboard.press('F1');
    await saidInOrder(page, [t.a11y.home, stoppedAt], mark);

    // A chart: its title as the screen's name, then the focused track.
    const chart = (await focused(page).locator('.tile-title').innerText()).trim();
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
    await saidInOrder(page, [chart, await focusedName(page)], mark);

    // The track panel: its title and the focused action; adding the favourite is said without moving focus.
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');
    const trackName = (await panel.getAttribute('aria-label')) ?? '';
    await saidInOrder(page, [trackName, t.detail.openOnPhone], mark);
    await pressUntilFocused(page, 'ArrowDown', 'panel-favorite');
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText(t.panel.added);
    await saidInOrder(page, [t.panel.added], mark);
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-favorite');
    expect((await texts(page, mark)).filter((text) => text === t.panel.added)).toHaveLength(1);

    // Back to Home, Settings, and signing out: the dialog's title and action, then "Signed out" and Pairing again.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.locator('.home')).toBeVisible();
    await pressUntilFocused(page, 'ArrowUp', 'home-settings');
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.settings.title, exact: true })).toBeVisible();
    await saidInOrder(page, [t.settings.title, await focusedName(page)], mark);
    await pressUntilFocused(page, 'ArrowRight', 'settings-sign-out');
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(focused(page)).toHaveAttribute('data-focus-key', 'sign-out-cancel');
    await saidInOrder(page, [t.settings.signOutConfirm, t.common.cancel], mark);
    await pressUntilFocused(page, 'ArrowRight', 'sign-out-confirm');
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
    await saidInOrder(page, [t.a11y.signedOut, t.pairing.title], mark);

    // Every utterance in the UI language, with a voice of it.
    const all = await spoken(page);
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((s) => s.lang))).toEqual(new Set([tag]));
    expect(new Set(all.map((s) => s.voice))).toEqual(new Set([tag]));
  });
}
