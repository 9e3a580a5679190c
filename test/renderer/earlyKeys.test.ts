// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyKeys } from '../../renderer/src/earlyKeys';
import { IntentHub, attachKeyboard, type NavKey } from '../../renderer/src/input/intents';

const detachers: (() => void)[] = [];
afterEach(() => {
  for (const detach of detachers.splice(0)) detach();
  window.tunewallEarlyKeys = undefined;
});

function press(key: string): KeyboardEvent {
  const down = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true });
  window.dispatchEvent(down);
  window.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  return down;
}

/** A hub whose navigation records the keys it is given, and the focus they would move to one by one. */
function recordingHub(): { hub: IntentHub; keys: NavKey[] } {
  const hub = new IntentHub();
  const keys: NavKey[] = [];
  hub.setSink({ keyDown: (key) => keys.push(key), keyUp: () => undefined });
  return { hub, keys };
}

const turns = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

describe('presses made before the page runs', () => {
  it('are kept, with the browser default held back, and played in order once the keyboard is attached', async () => {
    window.tunewallEarlyKeys = keepEarlyKeys(window);
    const first = press('ArrowRight');
    press('ArrowRight');
    press('ArrowDown');
    expect(first.defaultPrevented).toBe(true);

    const { hub, keys } = recordingHub();
    detachers.push(attachKeyboard(window, hub));
    // Not in the same turn: the screens' first focus settles first.
    expect(keys).toEqual([]);
    // A press while the kept ones are being played goes after them.
    press('ArrowLeft');
    // Played one per turn of the event loop: waited for, as many turns as a busy machine takes.
    await vi.waitFor(() => expect(keys).toEqual(['right', 'right', 'down', 'left']), { timeout: 10_000 });

    // From then on the keyboard handler has them directly, and the early script keeps nothing more.
    press('Enter');
    expect(keys).toEqual(['right', 'right', 'down', 'left', 'enter']);
    expect(window.tunewallEarlyKeys).toBeUndefined();
  });

  it('changes nothing on a page without the early script: the keyboard is attached at once', () => {
    const { hub, keys } = recordingHub();
    detachers.push(attachKeyboard(window, hub));
    press('ArrowUp');
    expect(keys).toEqual(['up']);
  });

  it('are dropped, not played, when the keyboard is detached before their turn', async () => {
    window.tunewallEarlyKeys = keepEarlyKeys(window);
    press('ArrowRight');
    const { hub, keys } = recordingHub();
    attachKeyboard(window, hub)();
    await turns(20);
    press('ArrowLeft');
    expect(keys).toEqual([]);
  });
});
