/**
 * The bench's press probe (bench/probe.ts) in Chromium: where a press's measured time ends. It ends at the first task
 * after the frame that holds the moved focus, ahead of whatever the page queued for after that frame (a picture's
 * load, its own post-frame work), and not before the frame that holds it.
 */
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { pressAndMeasure, PROBE_SCRIPT } from '../../bench/probe';

/** The page's address: answered by the test itself (page.route), never asked of the network. */
const PAGE_URL = 'http://127.0.0.1/bench-probe';

/**
 * Two items; `script` is the page's own, run after the probe's. A page loaded, not written into about:blank: writing
 * a document (setContent) takes away the window's listeners, the probe's among them.
 */
async function openPage(page: Page, script: string): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
  await page.route(PAGE_URL, (route) => route.fulfill({ contentType: 'text/html', body: html(script) }));
  await page.goto(PAGE_URL);
}

function html(script: string): string {
  return `<!doctype html><html><body>
    <div class="item is-focused" data-focus-key="a">A</div><div class="item" data-focus-key="b">B</div>
    <script>
      window.ranAt = [];
      const move = () => {
        document.querySelector('[data-focus-key="a"]').classList.remove('is-focused');
        document.querySelector('[data-focus-key="b"]').classList.add('is-focused');
      };
      /** Work of the page's own, 'ms' long, noting when it started (epoch ms). */
      const busy = (ms) => () => {
        window.ranAt.push(performance.timeOrigin + performance.now());
        const end = performance.now() + ms;
        while (performance.now() < end);
      };
      ${script}
    </script>
  </body></html>`;
}

test.describe('bench probe: remote press → focus painted', () => {
  test('ends at the first task after the frame, ahead of the tasks the page queued in that frame', async ({ page }) => {
    await openPage(
      page,
      `addEventListener('keydown', () => {
        move();
        requestAnimationFrame(() => {
          // After the frame: the page's own work at the highest priority it can ask for, and messages behind it.
          scheduler.postTask(busy(30), { priority: 'user-blocking' });
          for (let i = 0; i < 10; i++) {
            const channel = new MessageChannel();
            channel.port1.onmessage = busy(5);
            channel.port2.postMessage(null);
          }
        });
      });`,
    );
    const press = await pressAndMeasure(page, 'ArrowRight');
    expect(press).toMatchObject({ moved: true, from: 'a', to: 'b', frames: 1 });
    const ranAt = z.array(z.number()).parse(await page.evaluate('window.ranAt'));
    expect(ranAt).toHaveLength(11);
    // The press ended before any of the page's post-frame work began.
    expect(press.at + press.ms).toBeLessThanOrEqual(Math.min(...ranAt));
  });

  test('a focus the page moves after the first frame is measured to the frame that holds it', async ({ page }) => {
    await openPage(page, `addEventListener('keydown', () => setTimeout(move, 80));`);
    const press = await pressAndMeasure(page, 'ArrowRight');
    expect(press).toMatchObject({ moved: true, from: 'a', to: 'b' });
    expect(press.ms).toBeGreaterThanOrEqual(80);
    expect(press.frames).toBeGreaterThanOrEqual(2);
  });

  test('a press that moves nothing is recorded as not moved', async ({ page }) => {
    await openPage(page, '');
    const press = await pressAndMeasure(page, 'ArrowRight');
    expect(press).toMatchObject({ moved: false, from: 'a', to: 'a' });
  });
});
