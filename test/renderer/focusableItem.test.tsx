// @vitest-environment jsdom
import { getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FocusButton } from '../../renderer/src/components/FocusButton';
import { intents } from '../../renderer/src/input/intents';
import { startNavigation } from '../../renderer/src/input/navigation';
import { lastMarked, useFocusableItem } from '../../renderer/src/input/useFocusableItem';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function Item({ focusKey, className, onEnter, renders }: { focusKey: string; className: string; onEnter?: () => void; renders: string[] }) {
  renders.push(focusKey);
  const { ref } = useFocusableItem<HTMLDivElement>(focusKey, className, { onEnter: onEnter ?? (() => undefined) });
  return <div ref={ref} className={className} data-testid={focusKey} />;
}

describe('focusable item', () => {
  it('shows focus as a class without rendering, and keeps it when React writes the class again', async () => {
    startNavigation();
    const renders: string[] = [];
    const view = render(
      <>
        <Item focusKey="item-a" className="track is-pending" renders={renders} />
        <Item focusKey="item-b" className="track" renders={renders} />
      </>,
    );
    const a = view.getByTestId('item-a');
    const b = view.getByTestId('item-b');
    renders.length = 0;

    await act(async () => setFocus('item-a'));
    expect(a.className).toBe('track is-pending is-focused');
    await act(async () => setFocus('item-b'));
    expect(a.classList.contains('is-focused')).toBe(false);
    expect(b.classList.contains('is-focused')).toBe(true);
    expect(renders).toEqual([]);

    // The focused item's data changes: React sets its class from scratch, and focus stays shown.
    view.rerender(
      <>
        <Item focusKey="item-a" className="track is-pending" renders={renders} />
        <Item focusKey="item-b" className="track is-pending" renders={renders} />
      </>,
    );
    expect(b.className).toBe('track is-pending is-focused');
    expect(a.className).toBe('track is-pending');
  });

  it('Enter calls the latest handler the item was rendered with', async () => {
    startNavigation();
    const first = vi.fn();
    const second = vi.fn();
    const renders: string[] = [];
    const view = render(<Item focusKey="item-c" className="tile" onEnter={first} renders={renders} />);
    view.rerender(<Item focusKey="item-c" className="tile" onEnter={second} renders={renders} />);
    await act(async () => setFocus('item-c'));
    await act(async () => {
      intents.dispatch('select');
      await Promise.resolve();
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('moves DOM focus at once when it is nowhere, then once the remote has rested and the page is idle, to the item focused last', async () => {
    startNavigation();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const renders: string[] = [];
    const view = render(
      <>
        <Item focusKey="item-d" className="tile" renders={renders} />
        <Item focusKey="item-e" className="tile" renders={renders} />
      </>,
    );
    view.getByTestId('item-d').tabIndex = -1;
    view.getByTestId('item-e').tabIndex = -1;
    // DOM focus on the page's body: the first item focused takes it at once.
    expect(document.activeElement).toBe(document.body);
    await act(async () => setFocus('item-d'));
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    expect(document.activeElement).toBe(view.getByTestId('item-d'));
    await act(async () => setFocus('item-e'));
    expect(view.getByTestId('item-e').classList.contains('is-focused')).toBe(true);
    expect(document.activeElement).toBe(view.getByTestId('item-d'));
    // Presses still coming: nothing is asked of the idle time yet.
    vi.advanceTimersByTime(200);
    expect(idle).toHaveLength(0);
    await act(async () => setFocus('item-d'));
    await act(async () => setFocus('item-e'));
    vi.advanceTimersByTime(200);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(100);
    expect(idle).toHaveLength(1);
    expect(document.activeElement).toBe(view.getByTestId('item-d'));
    idle[0]?.();
    expect(document.activeElement).toBe(view.getByTestId('item-e'));
  });

  it('a button and a tile: focus leaves one and reaches the other in the same task, never two focused at once', async () => {
    startNavigation();
    const renders: string[] = [];
    const view = render(
      <>
        <FocusButton focusKey="settings" onSelect={() => undefined}>
          Settings
        </FocusButton>
        <Item focusKey="tile-a" className="tile" renders={renders} />
      </>,
    );
    const focusedKeys = () => Array.from(view.container.querySelectorAll('.is-focused'), (node) => node.getAttribute('data-focus-key') ?? node.getAttribute('data-testid'));
    await act(async () => setFocus('settings'));
    expect(focusedKeys()).toEqual(['settings']);
    // Read right after the navigation has moved, before React has had a chance to render anything.
    await setFocus('tile-a');
    expect(focusedKeys()).toEqual(['tile-a']);
    await setFocus('settings');
    expect(focusedKeys()).toEqual(['settings']);
  });

  it('a disabled button is passed over by Down, and reachable again once enabled', async () => {
    startNavigation();
    // One above the other: the tile, the choice, the button after it (jsdom lays nothing out).
    const tops: Record<string, number> = { 'tile-b': 0, choice: 100, after: 200 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const y = tops[this.getAttribute('data-focus-key') ?? this.getAttribute('data-testid') ?? ''] ?? 0;
      return DOMRect.fromRect({ x: 0, y, width: 100, height: 50 });
    });
    const renders: string[] = [];
    const buttons = (disabled: boolean) => (
      <>
        <Item focusKey="tile-b" className="tile" renders={renders} />
        <FocusButton focusKey="choice" onSelect={() => undefined} disabled={disabled}>
          Choice
        </FocusButton>
        <FocusButton focusKey="after" onSelect={() => undefined}>
          After
        </FocusButton>
      </>
    );
    const down = async () =>
      act(async () => {
        intents.dispatch('down');
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    const view = render(buttons(true));
    await act(async () => setFocus('tile-b'));
    await down();
    expect(getCurrentFocusKey()).toBe('after');
    await act(async () => setFocus('tile-b'));
    view.rerender(buttons(false));
    await down();
    expect(getCurrentFocusKey()).toBe('choice');
    expect(view.getByRole('button', { name: 'Choice' }).classList.contains('is-focused')).toBe(true);
  });

  it('knows the item marked focused without searching the page, and forgets it once it is gone or unmarked', async () => {
    startNavigation();
    const renders: string[] = [];
    const view = render(
      <>
        <Item focusKey="mark-a" className="tile" renders={renders} />
        <Item focusKey="mark-b" className="tile" renders={renders} />
      </>,
    );
    await act(async () => setFocus('mark-a'));
    expect(lastMarked()).toBe(view.getByTestId('mark-a'));
    await act(async () => setFocus('mark-b'));
    expect(lastMarked()).toBe(view.getByTestId('mark-b'));
    // Something else takes the class off (a screen that marks its own): not taken as focused any more.
    view.getByTestId('mark-b').classList.remove('is-focused');
    expect(lastMarked()).toBeUndefined();
    await act(async () => setFocus('mark-a'));
    view.rerender(<Item focusKey="mark-b" className="tile" renders={renders} />);
    expect(lastMarked()).toBeUndefined();
  });
});
