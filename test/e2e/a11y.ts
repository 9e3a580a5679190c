/**
 * Accessibility checks for the end-to-end tests, by tools Tunewall did not write: axe-core (WCAG 2.0, 2.1 and 2.2 A
 * and AA rules) and Chromium's own accessibility tree (Playwright's ariaSnapshot).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './kiosk';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

/** Every axe violation on the page, one line each: rule, impact, and the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.impact ?? 'n/a'}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 3).join(' ') ?? ''}`),
  );
}

/** Runs axe at 1920×1080 and 1280×720, after `ready` holds at each size; fails listing every violation. */
export async function expectAxeClean(page: Page, screen: string, ready: (page: Page) => Promise<void> = async () => undefined): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await ready(page);
    const found = await axeViolations(page);
    expect(found, `${screen} at ${size.width}×${size.height}`).toEqual([]);
  }
}

/** What document.activeElement is: its focus key, or its tag when it has none. A string: the page's CSP forbids eval. */
const ACTIVE = `(() => {
  const el = document.activeElement;
  if (el === null || el === document.body) return { key: null, tag: el === null ? 'null' : 'body' };
  return { key: el.getAttribute('data-focus-key'), tag: el.tagName.toLowerCase() };
})()`;

/** DOM focus is on the element the remote focused (`.is-focused`), never on <body>. */
export async function expectDomFocusOnFocused(page: Page): Promise<void> {
  const drawn = await page.locator('.is-focused').getAttribute('data-focus-key');
  await expect.poll(async () => ((await page.evaluate(ACTIVE)) as { key: string | null }).key).toBe(drawn);
}
