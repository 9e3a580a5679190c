// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge } from '../../renderer/dev/fakeBridge';
import { App } from '../../renderer/src/App';
import { renderFirstScreen } from '../../renderer/src/firstPaint';
import type { BootView, RowView } from '../../shared/bridge';

/** The page's clock; the shell drew the markup a while before (a slow machine, a page that took long to load). */
const NOW = new Date('2025-11-22T09:00:00Z').getTime();
const DRAWN_AT = NOW - 3 * 60_000 - 7_000;

let root: Root | undefined;
let container: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Draws the view as the shell does, puts it in the page and lets the page take it over; returns the recoverable errors. */
async function drawAndTakeOver(view: BootView, fake: ReturnType<typeof createFakeBridge>): Promise<unknown[]> {
  const drawn = renderFirstScreen(view);
  container.innerHTML = drawn.markup;
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <App bridge={fake.bridge} boot={view} />, { onRecoverableError: (error) => errors.push(error) });
    await Promise.resolve();
  });
  return errors;
}

/** Lets the page run a turn of the event loop: the clocks move from the drawing's time to the real one. */
async function nextTurn(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function cachedRows(fake: ReturnType<typeof createFakeBridge>): Promise<RowView[]> {
  const rows: RowView[] = [];
  for (const id of ['favorites', 'charts', 'new-hits'] as const) {
    const result = await fake.bridge.loadRow(id);
    if (result.ok) rows.push(result.value);
  }
  return rows;
}

describe("the first screen the kiosk shell draws", () => {
  it('is Pairing in the viewer\'s language, and the page takes its markup over as it is, then shows the real time left', async () => {
    // expiresAt is 9 min 41 s after the page's clock: 12 min 48 s after the drawing's.
    const fake = createFakeBridge({ scenario: 'pairing', language: 'ja', now: () => NOW });
    const view: BootView = { state: fake.state(), rows: [], renderedAt: DRAWN_AT };
    const drawn = renderFirstScreen(view);
    expect(drawn.language).toBe('ja');
    expect(drawn.markup).toContain('スマートフォンでサインイン');
    expect(drawn.markup).toContain('12\u00a0分 48\u00a0秒');
    expect(drawn.markup).toMatch(/<svg class="qr pairing-qr"/);

    const errors = await drawAndTakeOver(view, fake);
    // Taken over, not drawn again: no mismatch, and the very element the shell drew is still the one shown.
    expect(errors).toEqual([]);
    const qr = container.querySelector('svg.qr');
    expect(qr).not.toBeNull();
    await nextTurn();
    expect(container.querySelector('svg.qr')).toBe(qr);
    expect(screen.getByTestId('countdown').textContent).toContain('9\u00a0分 41\u00a0秒');
  });

  it('is Home with the cached rows, the clock at the drawing time, taken over as it is, then the clock at the real time', async () => {
    const fake = createFakeBridge({ scenario: 'home', language: 'en', now: () => NOW });
    const view: BootView = { state: fake.state(), rows: await cachedRows(fake), renderedAt: DRAWN_AT };
    const drawn = renderFirstScreen(view);
    expect(drawn.language).toBe('en');
    // Tiles with their focus keys (what the viewer sees and navigates), and no inline style the page's policy would drop.
    expect(drawn.markup).toMatch(/<section class="row"[^>]*data-row="charts"/);
    expect(drawn.markup).toMatch(/class="tile[^"]*"[^>]*data-focus-key="tile:charts:/);
    expect(drawn.markup).not.toMatch(/ style="/);
    expect(drawn.markup).toContain(`dateTime="${new Date(DRAWN_AT).toISOString()}"`);

    const errors = await drawAndTakeOver(view, fake);
    expect(errors).toEqual([]);
    const tile = container.querySelector('section.row .tile[data-focus-key]');
    expect(tile).not.toBeNull();
    await nextTurn();
    expect(container.querySelector('section.row .tile[data-focus-key]')).toBe(tile);
    expect(container.querySelector('time.clock')?.getAttribute('datetime')).toBe(new Date(NOW).toISOString());
  });
});
