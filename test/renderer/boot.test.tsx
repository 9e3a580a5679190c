// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge } from '../../renderer/dev/fakeBridge';
import { App } from '../../renderer/src/App';
import { takeBootView } from '../../renderer/src/transport/boot';
import type { BootView, RowView } from '../../shared/bridge';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const ROW: RowView = {
  id: 'charts',
  tiles: [{ key: 'b1', title: 'Booted <chart>', subtitle: undefined, ref: { kind: 'chart', id: 'b1' }, images: [], group: undefined }],
  fetchedAt: 1,
  fromCache: true,
};

function addBlock(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'tunewall-boot';
  block.textContent = text;
  document.body.append(block);
}

describe('takeBootView', () => {
  it('reads the data block the shell wrote, escapes, drawing time and all, and takes it out of the page', () => {
    const fake = createFakeBridge({ scenario: 'home', language: 'en' });
    const view: BootView = { state: fake.state(), rows: [ROW], renderedAt: 1_795_667_589_464 };
    addBlock(JSON.stringify(view).replace(/</g, '\\u003c'));
    expect(takeBootView()).toEqual(view);
    expect(document.getElementById('tunewall-boot')).toBeNull();
  });

  it('gives nothing without a block, or with one that is not a boot view, and says why in a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(takeBootView()).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    addBlock('{"state": 1, "rows": []}');
    expect(takeBootView()).toBeUndefined();
    addBlock('not json');
    expect(takeBootView()).toBeUndefined();
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'Ignored a boot view of the wrong shape from the Tunewall shell',
      'Ignored an unreadable boot view from the Tunewall shell',
    ]);
    expect(warn.mock.calls[1]?.[1]).toBeInstanceOf(SyntaxError);
  });
});

describe('the app started with a boot view', () => {
  it('paints Home with the cached rows in its first render, then refreshes them through the bridge', () => {
    const fake = createFakeBridge({ scenario: 'home', language: 'en' });
    fake.holdRows();
    render(<App bridge={fake.bridge} boot={{ state: fake.state(), rows: [ROW] }} />);
    // No answer has arrived yet (getState is pending, loadRow held): what shows is the boot view.
    expect(screen.queryByText('Starting Tunewall…')).toBeNull();
    const charts = screen.getByRole('region', { name: 'Charts' });
    expect(within(charts).getByRole('button', { name: /^Booted <chart>, Charts, 1 of 1$/ })).toBeTruthy();
    expect(fake.callsOf('loadRow').map((c) => c.args[0])).toContain('charts');
    expect(fake.callsOf('getState')).toHaveLength(1);
  });
});
