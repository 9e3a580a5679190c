/**
 * What the viewer-facing end-to-end tests share: a signed-in Home in a given language and territory, screenshots at
 * 1920×1080 and 1280×720 under test-results/screenshots/viewer/, and the lines text is laid out in on screen.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, REPO, SandboxApi, type Shell } from './kiosk';
import { artworkSettled, focused, homeRow, openTv, pairing } from './tv';

export const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;
export type Size = (typeof SIZES)[number];
export const LANGUAGES = ['en', 'zh-Hant', 'ja'] as const;
export type UiLanguage = (typeof LANGUAGES)[number];

const OUT = join(REPO, 'test-results/screenshots/viewer');

/** Home after the demo member (Taiwan) or another one (`member-hanako`: Japan) approved the pairing code. */
export async function signedInHome(page: Page, shell: Shell, memberId?: string): Promise<SandboxApi> {
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  const sandbox = new SandboxApi(shell.sandboxOrigin);
  await openTv(page, shell);
  await sandbox.approve((await pairing.code(page).innerText()).trim(), memberId);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:favorites:/);
  return sandbox;
}

/** Sets the viewport, waits for `ready` and the artwork, and saves `name-WxH.png`. */
export async function shootAt(page: Page, size: Size, name: string, ready: () => Promise<void> = async () => undefined): Promise<void> {
  await page.setViewportSize(size);
  await ready();
  await artworkSettled(page);
  await page.screenshot({ path: join(OUT, `${name}-${size.width}x${size.height}.png`) });
}

/**
 * The lines each element matching `selector` is laid out in, as the viewer reads them: characters whose boxes start
 * lower than the line so far begin a new one. A string: the page's CSP forbids eval.
 */
const linesOf = (selector: string): string => `(() => {
  const out = [];
  for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
    if (el.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const lines = [];
    let line = '';
    let top;
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect === undefined || rect.height === 0) continue;
        if (top !== undefined && rect.top > top + rect.height / 2) {
          lines.push(line);
          line = '';
          top = rect.top;
        }
        if (top === undefined) top = rect.top;
        line += text[i];
      }
    }
    if (line !== '') lines.push(line);
    out.push(lines);
  }
  return out;
})()`;

export async function textLines(page: Page, selector: string): Promise<string[][]> {
  return z.array(z.array(z.string())).parse(await page.evaluate(linesOf(selector)));
}

/** Kinsoku: what a Japanese or Chinese line never starts with (prolonged sound mark, small kana, closing punctuation). */
const NO_LINE_START = /^[ーッァィゥェォャュョヮヵヶっぁぃぅぇぉゃゅょゎ。、，．・：；！？）」』】〕〉》〙〗]/u;

/** Where text breaks badly: a line starting with a kinsoku character, or a line break inside one of `words`. */
export function lineBreakProblems(elements: string[][], words: readonly string[]): string[] {
  const problems: string[] = [];
  for (const lines of elements) {
    const shown = lines.join(' / ');
    lines.slice(1).forEach((line) => {
      if (NO_LINE_START.test(line.trimStart())) problems.push(`a line starts with "${line.trimStart()[0]}": ${shown}`);
    });
    const joined = lines.join('');
    for (const word of words) {
      if (joined.includes(word) && !lines.some((line) => line.includes(word))) problems.push(`"${word}" is broken: ${shown}`);
    }
  }
  return problems;
}
