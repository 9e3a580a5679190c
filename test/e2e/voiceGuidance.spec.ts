/**
 * Voice guidance through the kiosk shell, heard by a recording stand-in for the Web Speech API installed before the
 * page loads: pairing, Home, a chart, a favourite added in the track panel, the repeat key, the service going away and
 * coming back, and signing out, in English and in Japanese. What is said for the focused item is checked against
 * Playwright's own accessible-name computation of that element, not against the app's. Each phrase is said as runs,
 * one utterance each in its own language: the Taiwan catalog's Chinese titles in Mandarin in both UIs.
 */
import type { Page } from '@playwright/test';
import { en } from '../../renderer/src/i18n/en';
import { ja } from '../../renderer/src/i18n/ja';
import { inOrder, parseSpoken, phraseRuns, READ_SPOKEN, speechStandInScript, spokenStream, squash, timesSaid, type Spoken } from '../support/speechStandIn';
import { expect, SandboxApi, test } from './kiosk';
import { downToRow, focused, focusedKey, openTv, pairing, pressUntilFocused } from './tv';

async function spoken(page: Page): Promise<Spoken[]> {
  return parseSpoken(await page.evaluate(READ_SPOKEN));
}

const stream = async (page: Page, from = 0): Promise<string> => spokenStream((await spoken(page)).slice(from));
/** Whether the last thing said (since `from`) ends with `phrase`. */
const endsWith = async (page: Page, phrase: string, from = 0): Promise<boolean> => (await stream(page, from)).endsWith(squash(phrase));

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
  await expect.poll(async () => inOrder(await stream(page, from), phrases)).toBe('in order');
}

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const LATIN = /\p{Script=Latin}/u;

/** The languages a run's text may be said in, by its letters: kana Japanese, hanzi Mandarin (or Japanese in Japanese). */
function languagesFor(text: string, uiTag: string): string[] {
  if (KANA.test(text)) return ['ja-JP'];
  if (/\p{Script=Hangul}/u.test(text)) return ['ko-KR'];
  if (HAN.test(text)) return uiTag === 'ja-JP' ? ['zh-TW', 'ja-JP'] : ['zh-TW'];
  if (LATIN.test(text)) return ['en-US'];
  return [uiTag, 'en-US', 'zh-TW', 'ja-JP'];
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
    await page.addInitScript({ content: speechStandInScript(['en-US', 'zh-TW', 'ja-JP', 'ko-KR']) });
    await openTv(page, shell);

    // Pairing: the title, the instruction with the short URL, then the code one character at a time, slowly.
    const code = (await pairing.code(page).innerText()).trim();
    const spelled = code.split('-').map((half) => [...half].join(' ')).join(', ');
    await saidInOrder(page, [t.pairing.title, spelled]);
    expect((await spoken(page)).some((s) => s.text.includes('/d') || s.text.includes('/device'))).toBe(true);
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
    // Nothing of Pairing after it: not the code card, not the code, not its address.
    const afterSignIn = await stream(page, mark);
    expect(afterSignIn).not.toContain(squash(code));
    expect(afterSignIn).not.toContain(squash(spelled));
    expect(afterSignIn).not.toContain('127.0.0.1');
    // The first tile's Chinese title is a run of its own, in Mandarin, in the English UI too.
    const title = (await focused(page).locator('.tile-title').innerText()).trim();
    await expect.poll(async () => (await spoken(page)).slice(mark).find((s) => squash(s.text).startsWith(squash(title)))?.lang).toBe('zh-TW');

    // A burst of ten held presses along the charts row (a key-down, then nine repeats): the first move is said once
    // drawn and cut off by the first repeat; of the tiles passed over while the key repeats nothing; then, once, where
    // focus stopped.
    await downToRow(page, 'charts');
    const rowFocus = await focusedName(page);
    await expect.poll(() => endsWith(page, rowFocus)).toBe(true);
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
    await expect.poll(() => endsWith(page, stoppedAt, mark)).toBe(true);
    const burst = (await spoken(page)).slice(mark);
    // Where focus stopped, said once and not cut off; before it at most the first move, and none of the eight between.
    const burstSaid = spokenStream(burst);
    expect(timesSaid(burstSaid, stoppedAt)).toBe(1);
    expect(burst.at(-1)?.cancelledAt).toBeNull();
    expect([squash(stoppedAt), squash(firstMove + stoppedAt)]).toContain(burstSaid);

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
    expect(timesSaid(await stream(page, mark), t.panel.added)).toBe(1);
    // Said with the track it is about, first, in its own language.
    await saidInOrder(page, [trackName, t.panel.added], mark);

    // The service goes away: "offline" is said in full, not cut off by the screen that opens or its error.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.locator('.home')).toBeVisible();
    await downToRow(page, 'mood-stations');
    // Home's own background work (the stations' album pictures) ends first: a failure of it would say "offline" before
    // the press, and the press would rightly cut it off.
    await sandbox.untilQuiet();
    await sandbox.faults({ dropRate: 1 });
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(page.locator('.banner-offline')).toBeVisible();
    await saidInOrder(page, [t.a11y.offline], mark);
    // Heard to its end: nobody pressed a key after it, so nothing may cut it off.
    await expect.poll(async () => phraseRuns((await spoken(page)).slice(mark), t.a11y.offline)?.at(-1)?.startedAt ?? null).not.toBeNull();
    await page.waitForTimeout(t.a11y.offline.length * 45 + 500);
    expect(phraseRuns((await spoken(page)).slice(mark), t.a11y.offline)?.map((s) => s.cancelledAt)).toEqual(
      phraseRuns((await spoken(page)).slice(mark), t.a11y.offline)?.map(() => null),
    );
    // What the screen could not load is said too, once it shows.
    const failure = page.locator('.detail-message p');
    await expect(failure).toBeVisible({ timeout: 60_000 });
    await saidInOrder(page, [(await failure.innerText()).trim()], mark);
    mark = (await spoken(page)).length;
    await sandbox.faults({ dropRate: 0 });
    await expect(page.locator('.banner-offline')).toHaveCount(0, { timeout: 60_000 });
    await saidInOrder(page, [t.a11y.online], mark);
    await page.waitForTimeout(t.a11y.online.length * 45 + 1500);
    const online = phraseRuns((await spoken(page)).slice(mark), t.a11y.online);
    expect(online?.map((s) => s.cancelledAt)).toEqual(online?.map(() => null));

    // Back to Home, Settings, and signing out: the dialog's title and action, then "Signed out" and Pairing again.
    await page.keyboard.press('Escape');
    await expect(page.locator('.home')).toBeVisible();
    await pressUntilFocused(page, 'ArrowUp', 'home-settings');
    mark = (await spoken(page)).length;
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.settings.title, exact: true })).toBeVisible();
    // A choice is said with its state, its group and its place.
    await saidInOrder(page, [t.settings.title, await focusedName(page), t.a11y.selected, t.settings.territory], mark);
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

    // Every run in the language of its letters, with a voice of that language; the UI's words in the UI language.
    const all = await spoken(page);
    expect(all.length).toBeGreaterThan(10);
    const wrong = all.filter((s) => !languagesFor(s.text, tag).includes(s.lang) || s.voice !== s.lang);
    expect(wrong).toEqual([]);
    expect(all.find((s) => s.text === t.pairing.title)?.lang).toBe(tag);
    expect(all.find((s) => s.text === t.settings.title)?.lang).toBe(tag);
    expect(all.some((s) => s.lang === 'zh-TW')).toBe(true);
  });
}
