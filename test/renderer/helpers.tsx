import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import { createFakeBridge, type FakeBridge, type FakeOptions } from '../../renderer/dev/fakeBridge';
import { App } from '../../renderer/src/App';
import { intents } from '../../renderer/src/input/intents';
import type { UiIntent } from '../../renderer/src/input/keymap';
import type { Screen } from '../../renderer/src/store/navStore';

export interface Rendered extends RenderResult {
  fake: FakeBridge;
  /** How many times "Leave" asked the shell to quit. */
  quits: () => number;
}

export function renderApp(options: FakeOptions & { screens?: Screen[] } = {}): Rendered {
  const fake = createFakeBridge(options);
  const state = { quits: 0 };
  const quit = (): void => {
    state.quits++;
  };
  const result = render(<App bridge={fake.bridge} quit={quit} initialScreens={options.screens} />);
  return Object.assign(result, { fake, quits: () => state.quits });
}

export async function press(intent: UiIntent): Promise<void> {
  await act(async () => {
    intents.dispatch(intent);
    await Promise.resolve();
  });
}

/** Waits until the spatial navigation has settled focus on `key`. */
export async function expectFocus(key: string): Promise<void> {
  await waitFor(() => {
    if (getCurrentFocusKey() !== key) throw new Error(`focus is on ${getCurrentFocusKey()}, expected ${key}`);
  });
}
