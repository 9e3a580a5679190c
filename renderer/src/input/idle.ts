/**
 * Runs `work` once the page is idle (within `timeoutMs` at the latest): for what a remote press makes necessary but
 * does not show in the frame that answers it (drawing more of a row, asking for rows and pictures coming near the
 * screen). Without idle callbacks (tests), at once.
 */
export function scheduleIdle(work: () => void, timeoutMs = 200): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else work();
}

interface TaskScheduler {
  postTask(task: () => void, options: { priority: 'user-blocking' | 'user-visible' | 'background' }): Promise<unknown>;
}

/**
 * Runs `work` in a task of its own as soon as the browser can, ahead of the tasks already waiting (a React render
 * chunk, a message): the Prioritized Task Scheduling API's user-blocking priority, in Chromium since 94. Without it,
 * a message to the page, which runs after what was queued before it.
 */
export function soonAhead(work: () => void): void {
  const { scheduler } = globalThis as { scheduler?: TaskScheduler };
  if (scheduler !== undefined) {
    void scheduler.postTask(work, { priority: 'user-blocking' });
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}
