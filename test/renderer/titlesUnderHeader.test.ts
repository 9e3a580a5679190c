// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { UNDER_HEADER_CLASS, markTitlesUnderHeader } from '../../renderer/src/screens/home/titlesUnderHeader';

/** Home's header ending at 100 px, and its rows (each a section with its title first) at the given tops. */
function home(tops: number[]) {
  document.body.innerHTML = '';
  const header = document.createElement('header');
  header.getBoundingClientRect = () => new DOMRect(0, 0, 1000, 100);
  const rows = document.createElement('div');
  const sections = tops.map((top) => {
    const section = document.createElement('section');
    const title = document.createElement('h2');
    title.className = 'row-title';
    section.append(title);
    section.getBoundingClientRect = vi.fn(() => new DOMRect(0, top, 1000, 400));
    rows.append(section);
    return section;
  });
  document.body.append(header, rows);
  const hidden = () => sections.map((section) => section.firstElementChild?.classList.contains(UNDER_HEADER_CLASS) ?? false);
  return { header, rows, sections, hidden };
}

describe('markTitlesUnderHeader', () => {
  it('hides the titles of rows starting above the end of the fade, and only those', () => {
    // Fade 40 px: the line is at 139 px (a title starting on the fade's last pixel still counts as clear of it).
    const { header, rows, hidden } = home([-300, 120, 139, 539]);
    markTitlesUnderHeader(rows, header, 40);
    expect(hidden()).toEqual([true, true, false, false]);
  });

  it('reads no box below the first row clear of the line, and shows a title again once its row scrolls back down', () => {
    const tops = [-300, 120, 520, 920];
    const { header, rows, sections, hidden } = home(tops);
    markTitlesUnderHeader(rows, header, 40);
    expect(sections[3]?.getBoundingClientRect).not.toHaveBeenCalled();
    expect(hidden()).toEqual([true, true, false, false]);
    // Scrolled back up by 400 px: the second row is clear again.
    for (const [i, section] of sections.entries()) section.getBoundingClientRect = () => new DOMRect(0, (tops[i] ?? 0) + 400, 1000, 400);
    markTitlesUnderHeader(rows, header, 40);
    expect(hidden()).toEqual([true, false, false, false]);
  });

  it('leaves a title whose answer did not change untouched (no style work for it)', () => {
    const { header, rows, sections } = home([-300, 520]);
    markTitlesUnderHeader(rows, header, 40);
    const titles = sections.map((section) => section.firstElementChild as HTMLElement);
    const toggles = titles.map((title) => vi.spyOn(title.classList, 'toggle'));
    markTitlesUnderHeader(rows, header, 40);
    for (const toggle of toggles) expect(toggle).not.toHaveBeenCalled();
  });
});
