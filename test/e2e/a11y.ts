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

/**
 * Text that a viewer cannot read whole, on screen now: a text element cut off by its own box without an ellipsis or a
 * line clamp saying so, or two text elements drawn over each other. One line per problem. A string: the page's CSP
 * forbids eval.
 */
const LAYOUT_PROBLEMS = `(() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const leaves = [];
  // Under a modal dialog the screen behind is dimmed and out of reach: only the dialog's text is read.
  const dialog = document.querySelector('[role="dialog"]');
  for (const el of (dialog ?? document.body).querySelectorAll('*')) {
    if (el.closest('[aria-hidden="true"]')) continue;
    const hasText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!hasText) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.right <= 0 || r.top >= vh || r.left >= vw) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
    // Line by line: an inline element that wraps has a box over both lines that covers text it does not draw over.
    leaves.push({ el, r, s, rects: Array.from(el.getClientRects()) });
  }
  const name = (el) => (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : el.tagName.toLowerCase()) + ' "' + el.textContent.trim().slice(0, 30) + '"';
  const problems = [];
  for (const { el, s } of leaves) {
    const clipsX = s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && s.textOverflow !== 'ellipsis';
    const clipsY = s.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 2 && s.webkitLineClamp === 'none' && !/(auto|scroll)/.test(s.overflowY);
    if (clipsX || clipsY) problems.push('clipped: ' + name(el));
  }
  for (let i = 0; i < leaves.length; i++) {
    for (let j = i + 1; j < leaves.length; j++) {
      const a = leaves[i], b = leaves[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const drawnOver = a.rects.some((ra) => b.rects.some((rb) => {
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        return w > 2 && h > 2;
      }));
      if (drawnOver) problems.push('overlap: ' + name(a.el) + ' / ' + name(b.el));
    }
  }
  return problems;
})()`;

export async function layoutProblems(page: Page): Promise<string[]> {
  return (await page.evaluate(LAYOUT_PROBLEMS)) as string[];
}

/**
 * Text and focusable things a viewer may not see whole: any part outside the screen's safe area (the 5 % each side a
 * TV's overscan may cut, --safe-x and --safe-y in the stylesheet), unless a box that scrolls that way holds it (a row
 * of tiles, a scrolling page: the remote brings it into view). The focused element is always inside. One line per
 * problem, with where it is. A string: the page's CSP forbids eval.
 */
const SAFE_AREA_PROBLEMS = `(() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const sx = vw * 0.05, sy = vh * 0.05;
  const dialog = document.querySelector('[role="dialog"]');
  const scrolls = (el, axis) => {
    for (let p = el.parentElement; p !== null; p = p.parentElement) {
      const s = getComputedStyle(p);
      const overflow = axis === 'x' ? s.overflowX : s.overflowY;
      const room = axis === 'x' ? p.scrollWidth > p.clientWidth + 1 : p.scrollHeight > p.clientHeight + 1;
      if (/(auto|scroll)/.test(overflow) && room) return true;
    }
    return false;
  };
  const name = (el) => (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : el.tagName.toLowerCase()) + ' "' + el.textContent.trim().slice(0, 30) + '"';
  const problems = [];
  for (const el of (dialog ?? document.body).querySelectorAll('*')) {
    if (el.closest('[aria-hidden="true"]')) continue;
    const hasText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    const focusable = el.hasAttribute('data-focus-key') || el.matches('button, a[href], input, [tabindex]');
    if (!hasText && !focusable) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
    const where = ' [' + Math.round(r.left) + '–' + Math.round(r.right) + ' × ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ']';
    const outX = r.left < sx - 1 || r.right > vw - sx + 1;
    const outY = r.top < sy - 1 || r.bottom > vh - sy + 1;
    if (el.classList.contains('is-focused') && (outX || outY)) problems.push('focus outside the safe area: ' + name(el) + where);
    else if ((outX && !scrolls(el, 'x')) || (outY && !scrolls(el, 'y'))) problems.push('outside the safe area: ' + name(el) + where);
  }
  return problems;
})()`;

export async function safeAreaProblems(page: Page): Promise<string[]> {
  return (await page.evaluate(SAFE_AREA_PROBLEMS)) as string[];
}
