// @vitest-environment jsdom
/** What the page's heartbeat says it shows, read from the page itself. */
import { describe, expect, it } from 'vitest';
import { readScreen } from '../../renderer/src/transport/heartbeat';

function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.body.innerHTML = `<div id="root">${html}</div>`;
  return doc;
}

describe('the heartbeat', () => {
  it('names the screen on show', () => {
    expect(readScreen(page('<main class="screen pairing"><h1>Sign in</h1></main>'))).toEqual({ screen: 'pairing', problem: 'none' });
    expect(readScreen(page('<main class="screen home"><p>Charts</p></main>'))).toEqual({ screen: 'home', problem: 'none' });
    expect(readScreen(page('<main class="screen home"><p>Charts</p></main><div class="idle-hint">Idle</div>'))).toEqual({ screen: 'idle', problem: 'none' });
    expect(readScreen(page('<main class="screen detail artist"><h1>A</h1></main>'))).toEqual({ screen: 'detail', problem: 'none' });
    expect(readScreen(page('<main class="screen settings"><h1>S</h1></main>'))).toEqual({ screen: 'settings', problem: 'none' });
  });

  it('says when the page shows an error or nothing at all', () => {
    expect(readScreen(page('<main class="screen crash"><p>Something went wrong</p></main>'))).toEqual({ screen: 'other', problem: 'error' });
    expect(readScreen(page('<main class="screen splash"><p>x</p><button data-focus-key="splash-retry">Retry</button></main>'))).toEqual({
      screen: 'other',
      problem: 'error',
    });
    expect(readScreen(page(''))).toEqual({ screen: 'other', problem: 'blank' });
    expect(readScreen(page('<main class="screen home">  </main>'))).toEqual({ screen: 'home', problem: 'blank' });
  });
});
