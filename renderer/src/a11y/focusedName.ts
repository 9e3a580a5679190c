/**
 * What is said for the focused item: its accessible name, as a screen reader computes it (aria-labelledby, aria-label,
 * then its content), so what is heard is what assistive technology finds in the page, not a second text beside it.
 */
import { computeAccessibleDescription, computeAccessibleName } from 'dom-accessibility-api';
import { FOCUSED_CLASS } from '../input/useFocusableItem';

/**
 * The focused item: the element the spatial navigation marks as focused (it is marked during the press, before DOM
 * focus follows), else the document's active element when it is not the page itself.
 */
export function focusedElement(doc: Document): HTMLElement | undefined {
  const marked = doc.querySelector<HTMLElement>(`.${FOCUSED_CLASS}`);
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
  const name = tidy(computeAccessibleName(element));
  // An element whose role takes no name from its content (a plain div around a tile) is said by its content.
  return name !== '' ? name : tidy(visibleText(element));
}

/** What a list or row that holds focus says besides its name ("3 explicit tracks left out"), as aria-describedby says. */
export function spokenDescription(element: Element): string {
  return tidy(computeAccessibleDescription(element));
}
