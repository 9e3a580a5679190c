/**
 * What the bench injects into the page before any of Tunewall's scripts run (as a string: the bench is Node code).
 * It records, in epoch ms, when chosen elements were first painted, and for every key press how long until a frame
 * showing the moved focus was painted. "Painted" is the end of the frame that first holds the change: a message
 * posted from that frame's requestAnimationFrame callback is delivered after the frame's style, layout and paint. A
 * press's end is posted at a higher priority than a message, from the frame's first callback, so nothing the page or
 * the browser queued meanwhile (pictures arriving) is counted in it (docs/development.md, "Benchmarks").
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';

/**
 * Selectors whose first paint the probe records: the empty baseline, the pairing QR (drawn or fetched), a Home tile, a
 * loaded track, and the first focus drawn (the page's script running: the shell's first screen is painted before it).
 */
export const MARKS = {
  baseline: '#baseline',
  qr: 'svg.qr, img.qr-image',
  home: 'section.row .tile[data-focus-key]',
  tracks: '.track[data-focus-key]:not(.is-pending)',
  focus: '.is-focused',
} as const;
export type MarkName = keyof typeof MARKS;
/** The header's name of the one on screen (several members share a TV): kept with each mark, as the frame showed it. */
const MEMBER_NAME = '.member-name';

export const PROBE_SCRIPT = `(() => {
  if (window.__tunewallBench) return;
  const WATCH = ${JSON.stringify(MARKS)};
  const marks = {};
  // What the frame of each mark showed: the marked element's focus key and the member named in the header.
  const views = {};
  const pending = {};
  const presses = [];
  const waiters = [];
  // A task behind those already queued: a message to the page.
  const viaMessage = (cb) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => cb();
    channel.port2.postMessage(null);
  };
  const afterPaint = (cb, inFrame) => requestAnimationFrame(() => {
    inFrame?.();
    viaMessage(() => cb(performance.now()));
  });
  // Marks still looked for: all of them from the start, then only those reset since the first measured press.
  const wanted = new Set(Object.keys(WATCH));
  const armed = new Set();
  const check = () => {
    for (const [name, selector] of Object.entries(WATCH)) {
      if (!wanted.has(name) || marks[name] !== undefined || pending[name]) continue;
      const el = document.querySelector(selector);
      if (!el) continue;
      // A picture counts once it has arrived: its element alone paints nothing.
      if (el instanceof HTMLImageElement && !(el.complete && el.naturalWidth > 0)) continue;
      pending[name] = true;
      wanted.delete(name);
      armed.delete(name);
      afterPaint((t) => { marks[name] = performance.timeOrigin + t; }, () => {
        views[name] = {
          key: document.querySelector(selector)?.getAttribute('data-focus-key') ?? null,
          member: document.querySelector(${JSON.stringify(MEMBER_NAME)})?.textContent ?? null,
        };
      });
    }
    if (wanted.size === 0) unwatch();
  };
  // From the first measured press on (quiet), only marks reset since are looked for, and the watch stops once none is:
  // a check on every mutation of a press would be the probe's own work inside the measured time, and more of it on a
  // page that changes more nodes per press.
  const observer = new MutationObserver(check);
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    document.addEventListener('load', check, true);
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  };
  const unwatch = () => {
    if (!watching) return;
    watching = false;
    document.removeEventListener('load', check, true);
    observer.disconnect();
  };
  watch();
  // Focus before a press: read when the bench asks for quiet before measuring it, outside the measured time. During a
  // press the probe reads nothing on its own: it is told by a MutationObserver when an element gains the focus class
  // (a class change, or an element added already focused), so the probe's cost does not grow with the page's size.
  let current = null;
  const focusNow = () => document.querySelector('.is-focused')?.getAttribute('data-focus-key') ?? null;
  const focusedIn = (node) => {
    if (!(node instanceof Element)) return null;
    if (node.classList.contains('is-focused')) return node;
    return node.querySelector('.is-focused');
  };
  const record = (entry) => {
    presses.push(entry);
    for (const w of waiters.splice(0)) w();
  };
  // The end of a frame, for a press: the first task after it. Asked for from the first requestAnimationFrame callback
  // of the frame (this listener runs before the page's own, so its frame callback comes first), and posted at the
  // highest priority a page can post at (user-blocking), it runs ahead of whatever the page and the browser queued
  // before or during the frame: a picture's bytes arriving, its load event, the page's own post-frame work. A message
  // posted there, as the marks above use, was delivered only after those, 40 ms after the frame while Home's pictures
  // arrived. Without the scheduler (no such browser here), a message.
  const firstAfterFrame = (cb) => {
    if (typeof scheduler === 'object' && typeof scheduler.postTask === 'function') void scheduler.postTask(cb, { priority: 'user-blocking' });
    else viaMessage(cb);
  };
  window.addEventListener('keydown', (event) => {
    const t0 = event.timeStamp;
    const at = performance.timeOrigin + t0;
    const before = current;
    let done = false;
    let frames = 0;
    // Where focus moved to, once the page has moved it: the first frame to end after that holds it.
    let moved = null;
    const finish = (entry) => {
      if (done) return;
      done = true;
      seen.disconnect();
      clearTimeout(timer);
      current = entry.to;
      record(entry);
    };
    // Each frame from the key-down on: the first task after it finds whether focus had moved by then (a change made in
    // one of the frame's callbacks, or in a task before it, is in the frame; the observer has told of it by then).
    const inFrame = () => {
      if (done) return;
      frames += 1;
      firstAfterFrame(() => {
        if (done) return;
        if (moved === null) {
          requestAnimationFrame(inFrame);
          return;
        }
        finish({ key: event.key, moved: true, ms: performance.now() - t0, at, frames, from: before, to: moved });
      });
    };
    requestAnimationFrame(inFrame);
    const seen = new MutationObserver((changes) => {
      for (const change of changes) {
        const candidates = change.type === 'attributes' ? [change.target] : Array.from(change.addedNodes);
        for (const node of candidates) {
          const el = focusedIn(node);
          const to = el?.getAttribute('data-focus-key') ?? null;
          if (to === null || to === before) continue;
          seen.disconnect();
          moved = to;
          return;
        }
      }
    });
    seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    const timer = setTimeout(() => finish({ key: event.key, moved: false, ms: performance.now() - t0, at, frames, from: before, to: focusNow() }), 1000);
  }, true);
  window.__tunewallBench = {
    marks,
    views,
    presses,
    quiet() {
      current = focusNow();
      for (const name of wanted) if (!armed.has(name)) wanted.delete(name);
      if (wanted.size === 0) unwatch();
    },
    reset(name) { delete marks[name]; delete views[name]; delete pending[name]; wanted.add(name); armed.add(name); watch(); check(); },
    async mark(name, timeoutMs) {
      const until = performance.now() + timeoutMs;
      while (marks[name] === undefined) {
        if (performance.now() > until) throw new Error('no ' + name + ' painted within ' + timeoutMs + ' ms');
        await new Promise((r) => setTimeout(r, 10));
      }
      return marks[name];
    },
    press(n) {
      if (presses.length >= n) return Promise.resolve(presses[n - 1]);
      return new Promise((resolve) => { const w = () => (presses.length >= n ? resolve(presses[n - 1]) : waiters.push(w)); waiters.push(w); });
    },
  };
})();`;

const PressSchema = z.object({
  key: z.string(),
  moved: z.boolean(),
  ms: z.number(),
  /** Epoch ms of the key-down. */
  at: z.number(),
  frames: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type PressRecord = z.infer<typeof PressSchema>;

/** Epoch ms when `name` was first painted on this page load (waits for it). */
export async function paintedAt(page: Page, name: MarkName, timeoutMs = 30_000): Promise<number> {
  return z.number().parse(await page.evaluate(`window.__tunewallBench.mark(${JSON.stringify(name)}, ${timeoutMs})`));
}

const ViewSchema = z.object({ key: z.string().nullable(), member: z.string().nullable() });
export type MarkView = z.infer<typeof ViewSchema>;

/** What the frame that painted `name` showed (after paintedAt): the marked element's focus key, the member's name. */
export async function viewAt(page: Page, name: MarkName): Promise<MarkView> {
  return ViewSchema.parse(await page.evaluate(`window.__tunewallBench.views[${JSON.stringify(name)}]`));
}

export async function resetMark(page: Page, name: MarkName): Promise<void> {
  await page.evaluate(`window.__tunewallBench.reset(${JSON.stringify(name)})`);
}

/**
 * Presses a key as a remote does (CDP key events) and waits for the probe's record of that press. The key goes up
 * once focus has been painted: a remote's button is held for a tenth of a second or so, and a release sent at once
 * ran its handlers inside the measured frame.
 */
export async function pressAndMeasure(page: Page, key: string): Promise<PressRecord> {
  const count = z.number().parse(await page.evaluate('(window.__tunewallBench.quiet(), window.__tunewallBench.presses.length)'));
  await page.keyboard.down(key);
  try {
    return PressSchema.parse(await page.evaluate(`window.__tunewallBench.press(${count + 1})`));
  } finally {
    await page.keyboard.up(key);
  }
}

export async function focusedKey(page: Page): Promise<string | null> {
  return z.string().nullable().parse(await page.evaluate(`document.querySelector('.is-focused')?.getAttribute('data-focus-key') ?? null`));
}

/**
 * Waits until `expression` is true in the page. Not page.waitForFunction: it evaluates a string predicate with eval
 * in the page on every poll after the first, which Tunewall's CSP refuses (no 'unsafe-eval'), so a wait that was not
 * already over failed. page.evaluate goes through the DevTools protocol, which the CSP does not apply to.
 */
export async function waitUntil(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!z.boolean().parse(await page.evaluate(`Boolean(${expression})`))) {
    if (Date.now() > until) throw new Error(`Not true within ${timeoutMs} ms: ${expression}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until an element matching `selector` is shown. Not page.waitForSelector: it answers with an element handle,
 * which keeps that element, and through it the whole detached screen it belonged to, alive in the page until
 * disposed; the heap figures counted every Home left behind that way.
 */
export async function shown(page: Page, selector: string, timeoutMs = 30_000): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Every picture inside the viewport has arrived (or failed). */
export async function artworkSettled(page: Page): Promise<void> {
  await waitUntil(page, `(() => {
    const h = window.innerHeight, w = window.innerWidth;
    return Array.from(document.images).every((img) => {
      const r = img.getBoundingClientRect();
      const inView = r.bottom > 0 && r.right > 0 && r.top < h && r.left < w;
      return !inView || img.complete;
    });
  })()`);
}

const DrawnImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number(), naturalWidth: z.number(), naturalHeight: z.number() });
export type DrawnImage = z.infer<typeof DrawnImageSchema>;

/** Every loaded picture on the page with the device pixels it covers (CSS box × devicePixelRatio) and its own size. */
export async function drawnImages(page: Page): Promise<DrawnImage[]> {
  const raw = await page.evaluate(`Array.from(document.images).filter((img) => img.complete && img.naturalWidth > 0).map((img) => {
    const r = img.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    return { url: img.currentSrc || img.src, width: r.width * dpr, height: r.height * dpr, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight };
  })`);
  return z.array(DrawnImageSchema).parse(raw);
}

const HomePositionSchema = z.object({ tile: z.number(), tiles: z.number(), row: z.number(), rows: z.number() });
export type HomePosition = z.infer<typeof HomePositionSchema>;

/** Where focus is on Home: the focused tile's place in its row, and its row's place among the rows with tiles. */
export async function homePosition(page: Page): Promise<HomePosition> {
  return HomePositionSchema.parse(
    await page.evaluate(`(() => {
      const rows = Array.from(document.querySelectorAll('section.row')).filter((row) => row.querySelector('.tile[data-focus-key]'));
      const focused = document.querySelector('section.row .tile.is-focused');
      const row = focused?.closest('section.row');
      const tiles = row ? Array.from(row.querySelectorAll('.tile[data-focus-key]')) : [];
      return { tile: tiles.indexOf(focused), tiles: tiles.length, row: rows.indexOf(row), rows: rows.length };
    })()`),
  );
}

/**
 * The remote's path through Home for the key-press figure: along a row (at most `span` tiles), down to the next row,
 * back along it, and so on; at the last row it turns upwards. Every press moves focus, so none waits for a move that
 * cannot happen.
 */
export class HomeWalk {
  private across: 'ArrowRight' | 'ArrowLeft' = 'ArrowRight';
  private vertical: 'ArrowDown' | 'ArrowUp' = 'ArrowDown';
  private steps = 0;
  private lastRow = -1;

  constructor(private readonly span = 8) {}

  next(at: HomePosition): string {
    if (at.row !== this.lastRow) {
      this.lastRow = at.row;
      this.steps = 0;
      this.across = at.tile < at.tiles / 2 ? 'ArrowRight' : 'ArrowLeft';
    }
    const room = this.across === 'ArrowRight' ? at.tile < at.tiles - 1 : at.tile > 0;
    if (room && this.steps < this.span) {
      this.steps += 1;
      return this.across;
    }
    if (this.vertical === 'ArrowDown' && at.row >= at.rows - 1) this.vertical = 'ArrowUp';
    else if (this.vertical === 'ArrowUp' && at.row <= 0) this.vertical = 'ArrowDown';
    return this.vertical;
  }
}

/**
 * Epoch ms of the end of the first frame in which every picture of every tile in view has arrived (waits for it).
 * Pictures are only asked for once their box is measured, a frame or two after the tiles appear, so the check starts
 * two frames after the call; a tile with no picture (none in the catalog, or one that failed) has no img and counts
 * as done.
 */
export async function visibleArtworkPaintedAt(page: Page, timeoutMs = 60_000): Promise<number> {
  return z.number().parse(
    await page.evaluate(`new Promise((resolve, reject) => {
      const until = performance.now() + ${timeoutMs};
      let frames = 0;
      const inView = (el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      };
      const tick = () => {
        frames += 1;
        const arts = Array.from(document.querySelectorAll('section.row .tile .art')).filter(inView);
        const images = arts.flatMap((art) => Array.from(art.querySelectorAll('img')));
        if (frames > 2 && arts.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0)) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.timeOrigin + performance.now());
          channel.port2.postMessage(null);
        } else if (performance.now() > until) {
          reject(new Error('the pictures in view were not all painted within ${timeoutMs} ms'));
        } else {
          requestAnimationFrame(tick);
        }
      };
      requestAnimationFrame(tick);
    })`),
  );
}
