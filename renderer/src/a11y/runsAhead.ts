/**
 * Items' names as runs, kept per element and made ahead of the press that needs them. Splitting a name into its
 * language runs (and finding which of its text is catalog text) is most of what voice guidance does after a press's
 * frame: about 1 ms of the 2 it takes on a slow CPU. While the page is idle after focus has been said, the item the
 * viewer's last move leads to next (the next tile along the row they are walking) has its runs made, so the press that
 * lands on it finds them ready. One item, not all around: on a box whose CPU is busy, work made for presses that do not
 * come is taken from those that do (bench:ab --busy: the eight nearest made every press's tail longer).
 * What is kept is used only while it still holds: the same name, read in the same UI language, in the same catalog.
 */
import type { SpeechRun } from '../../../shared/bridge';
import type { TextLanguage } from '../../../shared/speechRuns';
import { DIALOG, FOCUS_ITEM, spokenName, spokenRuns } from './focusedName';

/** What an idle period tells its work (requestIdleCallback's deadline). */
export interface IdleTime {
  timeRemaining(): number;
}

/** Runs `work` when the page is next idle (requestIdleCallback). */
export type IdleScheduler = (work: (idle: IdleTime) => void) => void;

/** An idle period with less left than this makes nothing: one item's runs take about 1 ms at a quarter of the speed. */
const ITEM_MS = 3;

/** Where a press moves focus. */
export type Move = 'up' | 'down' | 'left' | 'right';

interface Made {
  name: string;
  reading: string;
  runs: SpeechRun[];
}

interface InputScheduling {
  scheduling?: { isInputPending?: () => boolean };
}

/** A key press waiting for the page (Chromium's isInputPending): idle work stops for it. */
function inputPending(): boolean {
  return (globalThis.navigator as (Navigator & InputScheduling) | undefined)?.scheduling?.isInputPending?.() === true;
}

/** How `element`'s name is read: the UI text's languages and the catalog it stands in. */
function readingOf(element: Element, ui: TextLanguage): string {
  const catalog = element.closest('[data-catalog]')?.getAttribute('data-catalog') ?? '';
  return `${ui.base} ${ui.han} ${catalog}`;
}

/**
 * The drawn item a press `move` from `focus` most likely lands on: past focus's centre that way, the nearest, an item
 * off to the side counting twice its offset (as the navigation prefers the item straight ahead). Inside a dialog, only
 * the dialog's items.
 */
export function itemToward(focus: Element, move: Move): Element | undefined {
  const scope = focus.closest(DIALOG) ?? focus.ownerDocument;
  const at = focus.getBoundingClientRect();
  const x = at.left + at.width / 2;
  const y = at.top + at.height / 2;
  const across = move === 'left' || move === 'right';
  const sign = move === 'left' || move === 'up' ? -1 : 1;
  let best: { item: Element; score: number } | undefined;
  for (const item of scope.querySelectorAll(FOCUS_ITEM)) {
    if (item === focus) continue;
    const box = item.getBoundingClientRect();
    // Not drawn (display: none, or a screen's hidden layer): no press lands there.
    if (box.width === 0 && box.height === 0) continue;
    const dx = box.left + box.width / 2 - x;
    const dy = box.top + box.height / 2 - y;
    const ahead = sign * (across ? dx : dy);
    if (ahead <= 0) continue;
    const score = ahead + 2 * Math.abs(across ? dy : dx);
    if (best === undefined || score < best.score) best = { item, score };
  }
  return best?.item;
}

export class RunsAhead {
  private readonly made = new WeakMap<Element, Made>();
  /** The focus, and the move, whose next item is still to be made ready. */
  private next: { focus: Element; move: Move } | undefined;
  private queued = false;

  /** `idle`: undefined where the page has no idle callbacks, and then nothing is made ahead. */
  constructor(
    private readonly idle: IdleScheduler | undefined,
    private readonly uiText: () => TextLanguage,
  ) {}

  /** `element`'s runs for `name`: the ones made ahead when they still hold, else made now (and kept). */
  runs(element: Element, name: string, ui: TextLanguage = this.uiText()): SpeechRun[] {
    const reading = readingOf(element, ui);
    const kept = this.made.get(element);
    if (kept !== undefined && kept.name === name && kept.reading === reading) return kept.runs;
    const runs = spokenRuns(element, ui, name);
    this.made.set(element, { name, reading, runs });
    return runs;
  }

  /** Makes ready, when the page is next idle, the runs of the item the same `move` again would take focus to. */
  prepareToward(focus: Element, move: Move): void {
    this.next = { focus, move };
    if (this.queued || this.idle === undefined) return;
    this.queued = true;
    this.idle((time) => this.prepare(time));
  }

  /** Nothing more is made ahead (a press came, or guidance stops). */
  stop(): void {
    this.next = undefined;
  }

  private prepare(time: IdleTime): void {
    this.queued = false;
    const next = this.next;
    if (next === undefined || !next.focus.isConnected) return;
    // A press waiting, or the frame coming: in the next idle period, unless focus has moved on by then.
    if (time.timeRemaining() < ITEM_MS || inputPending()) {
      this.prepareToward(next.focus, next.move);
      return;
    }
    this.next = undefined;
    const item = itemToward(next.focus, next.move);
    if (item !== undefined) this.runs(item, spokenName(item));
  }
}
