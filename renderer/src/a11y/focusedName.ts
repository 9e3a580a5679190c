/**
 * What is said for the focused item: its accessible name, as a screen reader computes it (aria-labelledby, aria-label,
 * then its content), so what is heard is what assistive technology finds in the page, not a second text beside it.
 */
import { computeAccessibleDescription, computeAccessibleName } from 'dom-accessibility-api';
import type { SpeechRun } from '../../../shared/bridge';
import { catalogText, splitRuns, type TextLanguage } from '../../../shared/speechRuns';
import type { Territory } from '../../../shared/territory';
import { FOCUSED_CLASS, lastMarked } from '../input/useFocusableItem';

/** Items focus can move to: the navigation's focusable elements, less those switched off. */
export const FOCUS_ITEM = '[data-focus-key]:not([disabled])';
/** A dialog, whose items are all a press can reach while it is open. */
export const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * The focused item: the element the spatial navigation marks as focused (it is marked during the press, before DOM
 * focus follows), else the document's active element when it is not the page itself.
 */
export function focusedElement(doc: Document): HTMLElement | undefined {
  // The element the navigation marked last, when it still is: a search of the whole page (all of Home's tiles) is the
  // way when it is not (a screen that marks its own).
  const last = lastMarked();
  const marked = last !== undefined && last.ownerDocument === doc ? last : doc.querySelector<HTMLElement>(`.${FOCUSED_CLASS}`);
  if (marked !== null) return marked;
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active !== doc.body && active !== doc.documentElement) return active;
  return undefined;
}

/** The text of `node` as a person sees it, without what is hidden from assistive technology. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
  let text = '';
  for (const child of node.childNodes) text += ` ${visibleText(child)}`;
  return text;
}

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function spokenName(element: Element): string {
  // A name given whole by aria-label (every tile, most buttons) is the accessible name as accname's step 2C finds it; a
  // focused item is drawn, so its step 2A (hidden) does not apply and nothing need be styled to find it out.
  const label = element.hasAttribute('aria-labelledby') ? null : element.getAttribute('aria-label');
  if (label !== null && label.trim() !== '') return tidy(label);
  const name = tidy(computeAccessibleName(element));
  // An element whose role takes no name from its content (a plain div around a tile) is said by its content.
  return name !== '' ? name : tidy(visibleText(element));
}

/** What a list or row that holds focus says besides its name ("3 explicit tracks left out"), as aria-describedby says. */
export function spokenDescription(element: Element): string {
  return tidy(computeAccessibleDescription(element));
}

// Listed here rather than imported: shared/territory's runtime value brings the schema library into the bundle.
const TERRITORIES: readonly string[] = ['TW', 'HK', 'SG', 'MY', 'JP'] satisfies readonly Territory[];
const isTerritory = (value: string | null | undefined): value is Territory => value != null && TERRITORIES.includes(value);

/**
 * Catalog text that `node` shows, in order, each with the territory whose catalog wrote it (data-catalog): `territory`
 * is the one `node` stands in, handed down rather than looked up again for every text in it.
 */
function catalogPieces(node: Node, territory: string | undefined, out: { text: string; territory: Territory }[]): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = tidy(node.textContent ?? '');
    if (text !== '' && isTerritory(territory)) out.push({ text, territory });
    return;
  }
  if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return;
  const own = node.getAttribute('data-catalog') ?? territory;
  for (let child = node.firstChild; child !== null; child = child.nextSibling) catalogPieces(child, own, out);
}

/** The elements a name is made from: the element, and those its aria-labelledby names. */
function nameSources(element: Element): Element[] {
  const ids = (element.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter((id) => id !== '');
  const labels = ids.map((id) => element.ownerDocument.getElementById(id)).filter((el): el is HTMLElement => el !== null);
  return [element, ...labels];
}

/**
 * `name` (what is said for `element`) as runs in their languages: the parts that are catalog text the element shows are
 * read as their catalog writes them (a Taiwan chart's name in Mandarin, in the English UI too), the rest as UI text.
 */
export function spokenRuns(element: Element, ui: TextLanguage, name: string = spokenName(element)): SpeechRun[] {
  const pieces: { text: string; territory: Territory }[] = [];
  for (const source of nameSources(element)) {
    const around = source.parentElement?.closest('[data-catalog]')?.getAttribute('data-catalog') ?? undefined;
    catalogPieces(source, around, pieces);
  }
  const spans: { start: number; end: number; from: TextLanguage }[] = [];
  let at = 0;
  for (const piece of pieces) {
    const found = name.indexOf(piece.text, at);
    if (found < 0) continue;
    at = found + piece.text.length;
    spans.push({ start: found, end: at, from: catalogText(piece.territory) });
  }
  if (spans.length === 0) return splitRuns(name, ui);
  return splitRuns(name, (offset) => spans.find((span) => offset >= span.start && offset < span.end)?.from ?? ui);
}
