// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { soonAhead } from '../../renderer/src/input/idle';

afterEach(() => vi.unstubAllGlobals());

describe('soonAhead', () => {
  it("asks the browser's task scheduler for a user-blocking task, so it runs before the tasks already queued", async () => {
    const posted: { priority: string; task: () => void }[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, options: { priority: string }) => {
        posted.push({ priority: options.priority, task });
        return Promise.resolve();
      },
    });
    const work = vi.fn();
    soonAhead(work);
    expect(posted.map((p) => p.priority)).toEqual(['user-blocking']);
    expect(work).not.toHaveBeenCalled();
    posted[0]?.task();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('without one, runs in a task of its own after the current one', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    soonAhead(() => order.push('work'));
    order.push('this task');
    await vi.waitFor(() => expect(order).toEqual(['this task', 'work']));
  });
});
