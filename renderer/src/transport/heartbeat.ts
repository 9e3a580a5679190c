/**
 * The page's heartbeat to the kiosk shell (operations: systemd's watchdog, recovery, metrics). Each beat is sent from
 * an animation frame, so it proves the page still paints, and says what the viewer sees, read from the page itself
 * rather than from the app's state: a screen that failed to draw is caught too. It carries no view data, only a
 * screen's kind, whether it shows an error or nothing at all, and how long remote presses took to paint.
 */

export type HeartbeatScreen = 'pairing' | 'home' | 'detail' | 'settings' | 'idle' | 'other';
export type HeartbeatProblem = 'none' | 'error' | 'blank';

const PRESS_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Escape', 'Backspace', 'BrowserBack']);
const MAX_PRESSES = 200;
const INTERVAL_MS = { initial: 5_000, min: 200, max: 60_000 };

/** What the page shows, from the screen element the app draws (`main.screen.<kind>`). */
export function readScreen(doc: Document): { screen: HeartbeatScreen; problem: HeartbeatProblem } {
  const main = doc.querySelector('#root main.screen');
  if (main === null) return { screen: 'other', problem: 'blank' };
  const has = (name: string) => main.classList.contains(name);
  if (has('crash') || main.querySelector('[data-focus-key="splash-retry"]') !== null) return { screen: 'other', problem: 'error' };
  const problem: HeartbeatProblem = (main.textContent ?? '').trim() === '' && main.querySelector('img, canvas, svg') === null ? 'blank' : 'none';
  if (has('pairing')) return { screen: 'pairing', problem };
  if (has('home')) return { screen: doc.querySelector('.idle-hint') !== null ? 'idle' : 'home', problem };
  if (has('settings')) return { screen: 'settings', problem };
  if (has('detail') || has('detail-page')) return { screen: 'detail', problem };
  return { screen: 'other', problem };
}

/** Starts beating; returns a function that stops it. */
export function startHeartbeat(win: Window = window): () => void {
  let stopped = false;
  let timer: number | undefined;
  let interval = INTERVAL_MS.initial;
  let presses: number[] = [];

  const onKey = (event: KeyboardEvent) => {
    if (!PRESS_KEYS.has(event.key)) return;
    const start = event.timeStamp;
    // The frame after the press has run its handlers and painted: a task queued from its callback runs after it.
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        if (presses.length < MAX_PRESSES) presses.push(Math.max(0, win.performance.now() - start));
      }, 0),
    );
  };
  win.addEventListener('keydown', onKey, true);

  const send = async (): Promise<void> => {
    const body = { ...readScreen(win.document), presses };
    presses = [];
    try {
      const response = await win.fetch('/api/heartbeat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(Math.max(interval * 2, 2_000)),
      });
      if (response.ok) {
        const answer = (await response.json()) as { intervalMs?: unknown; reload?: unknown };
        if (typeof answer.intervalMs === 'number' && Number.isFinite(answer.intervalMs)) {
          interval = Math.min(INTERVAL_MS.max, Math.max(INTERVAL_MS.min, answer.intervalMs));
        }
        if (answer.reload === true) win.location.reload();
      }
    } catch {
      // The shell is away (the page says so already) or slow: the next beat tries again.
    }
    if (!stopped) timer = win.setTimeout(beat, interval);
  };
  const beat = () => {
    // A hidden page gets no frames; it still says it is alive.
    if (win.document.visibilityState === 'hidden') void send();
    // Read and sent in the task after the frame: a frame that also shows a remote press does not wait for the page to be read.
    else win.requestAnimationFrame(() => win.setTimeout(() => void send(), 0));
  };
  beat();
  return () => {
    stopped = true;
    win.clearTimeout(timer);
    win.removeEventListener('keydown', onKey, true);
  };
}
