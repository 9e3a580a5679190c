/**
 * Runs `work` once the page is idle (within `timeoutMs` at the latest): for what a remote press makes necessary but
 * does not show in the frame that answers it (drawing more of a row, asking for rows and pictures coming near the
 * screen). Without idle callbacks (tests), at once.
 */
export function scheduleIdle(work: () => void, timeoutMs = 200): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else work();
}
