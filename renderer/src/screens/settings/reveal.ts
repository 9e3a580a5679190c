import { revealFocused } from '../../components/Tile';

/**
 * Brings Settings' focused button into view. On a card's first line the page goes back to its very top, so the title
 * shows again on the way back up (a TV has no scroll bar to drag: 'nearest' alone stopped with the title off screen).
 */
export function reveal(node: HTMLElement): void {
  const card = node.closest('.settings .card');
  const first = card?.querySelector('[data-focus-key]');
  // offsetTop: the focused button's own scale (its focus look) must not move its line.
  if (first instanceof HTMLElement && Math.abs(first.offsetTop - node.offsetTop) < 1) {
    const page = node.closest('.settings');
    if (page instanceof HTMLElement && typeof page.scrollTo === 'function') page.scrollTo({ top: 0, behavior: 'instant' });
  }
  revealFocused(node, 'nearest');
}
