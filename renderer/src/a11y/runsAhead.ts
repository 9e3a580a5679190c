/**
 * Items' names as runs, kept per element and made ahead of the press that needs them. Splitting a name into its
 * language runs (and finding which of its text is catalog text) is most of what voice guidance does after a press's
 * frame: about 1 ms of the 2 it takes on a slow CPU. While the page is idle after focus has been said, the items a press
 * could move focus to next (the nearest around it) have theirs made, so the press that lands on one finds them ready.
 * What is kept is used only while it still holds: the same name, read in the same UI language, in the same catalog.
 */
import type { SpeechRun } from '../../../shared/bridge';
import type { TextLanguage } from '../../../shared/speechRuns';
import { spokenName, spokenRuns } from './focusedName';

/** What an idle period tells its work (requestIdleCallback's deadline). */
export interface IdleTime {
  timeRemaining(): number;
}

/** Runs `work` when the page is next idle (requestIdleCallback). */
export type IdleScheduler = (work: (idle: IdleTime) => void) => void;

/** Items focus can move to (the navigation's focusable elements). */
const ITEM = '[data-focus-key]:not([disabled])';
const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** The items made ready around focus: on Home, a row's neighbours either side and the nearest above and below. */
const AROUND = 8;
/** An idle period with less left than this makes no more: one item's runs take about 1 ms at a quarter of the speed. */
const ITEM_MS = 3;

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

/** The drawn items nearest `focus` (centre to centre), nearest first; inside a dialog, only the dialog's. */
export function itemsAround(focus: Element, count: number = AROUND): Element[] {
  const scope = focus.closest(DIALOG) ?? focus.ownerDocument;
  const at = focus.getBoundingClientRect();
  const x = at.left + at.width / 2;
  const y = at.top + at.height / 2;
  const found: { item: Element; distance: number }[] = [];
  for (const item of scope.querySelectorAll(ITEM)) {
    if (item === focus) continue;
    const box = item.getBoundingClientRect();
    // Not drawn (display: none, or a screen's hidden layer): no press lands there.
    if (box.width === 0 && box.height === 0) continue;
    found.push({ item, distance: Math.hypot(box.left + box.width / 2 - x, box.top + box.height / 2 - y) });
  }
  return found
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map((near) => near.item);
}

export class RunsAhead {
  private readonly made = new WeakMap<Element, Made>();
  /** The focus whose surroundings are still to be made ready. */
  private around: Element | undefined;
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

  /** Makes ready, when the page is next idle, the runs of the items around `focus`, nearest first. */
  prepareAround(focus: Element): void {
    this.around = focus;
    if (this.queued || this.idle === undefined) return;
    this.queued = true;
    this.idle((time) => this.prepare(time));
  }

  /** Nothing more is made ahead (a press came, or guidance stops). */
  stop(): void {
    this.around = undefined;
  }

  private prepare(time: IdleTime): void {
    this.queued = false;
    const focus = this.around;
    if (focus === undefined || !focus.isConnected) return;
    const ui = this.uiText();
    for (const item of itemsAround(focus)) {
      // A press waiting, or the frame coming: the rest in the next idle period, unless focus has moved on by then.
      if (time.timeRemaining() < ITEM_MS || inputPending()) {
        this.prepareAround(focus);
        return;
      }
      this.runs(item, spokenName(item), ui);
    }
    this.around = undefined;
  }
}
