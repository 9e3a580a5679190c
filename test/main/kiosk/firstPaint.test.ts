import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../main/core/ports';
import { drawFirstScreen, loadFirstPaint } from '../../../main/kiosk/firstPaint';
import type { BootView } from '../../../shared/bridge';
import type { RenderFirstScreen } from '../../../shared/firstPaint';

const PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Tunewall</title>\n    <script type="module" crossorigin src="./assets/main-1.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const VIEW = {
  state: { auth: { status: 'starting' }, display: { textSize: 100, highContrast: false } },
  rows: [],
} as unknown as BootView;

function logger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) };
}

const dirs: string[] = [];
function moduleDir(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tunewall-first-paint-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'firstPaint.js'), source);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('drawFirstScreen', () => {
  it('draws the first screen in the viewer’s text size and contrast', () => {
    const render = vi.fn<RenderFirstScreen>(() => ({ markup: '<main></main>', language: 'en' }));
    const view = { ...VIEW, state: { ...VIEW.state, display: { textSize: 150, highContrast: true } } } as BootView;
    expect(drawFirstScreen(PAGE, view, render, logger(), () => 1).html).toContain('<html lang="en" data-text-size="150" data-contrast="high">');
  });

  it('draws the screen into the mount point, in its language, stamps the view with the time, and adds the early-keys script', () => {
    const render = vi.fn<RenderFirstScreen>(() => ({ markup: '<main class="screen pairing">コード</main>', language: 'ja' }));
    const drawn = drawFirstScreen(PAGE, VIEW, render, logger(), () => 1234);
    expect(drawn.html).toContain('<div id="root"><main class="screen pairing">コード</main></div>');
    expect(drawn.html).toContain('<html lang="ja" data-text-size="100">');
    expect(drawn.html).toMatch(/<script type="module" async src="\.\/early-keys\.js"><\/script><\/head>/);
    // The rest of the page is as it was.
    expect(drawn.html.replace('<main class="screen pairing">コード</main>', '').replace('<script type="module" async src="./early-keys.js"></script>', '').replace('lang="ja" data-text-size="100"', 'lang="en"')).toBe(PAGE);
    expect(drawn.view).toEqual({ ...VIEW, renderedAt: 1234 });
    // The markup is drawn from the stamped view: the page's first render reads the same time.
    expect(render).toHaveBeenCalledWith({ ...VIEW, renderedAt: 1234 });
  });

  it('serves the page as it was, the view unstamped, when the drawing fails, and says why in the log', () => {
    const log = logger();
    const drawn = drawFirstScreen(PAGE, VIEW, () => { throw new Error('no window'); }, log);
    expect(drawn).toEqual({ html: PAGE, view: VIEW });
    expect(log.warnings).toEqual(['The first screen is drawn by the page: drawing it in the shell failed']);
  });

  it('draws nothing into a page without the mount point (another page served from the folder), or without a drawing', () => {
    const render = vi.fn<RenderFirstScreen>(() => ({ markup: '<p>x</p>', language: 'en' }));
    const other = '<!doctype html><html><body><div id="baseline"></div></body></html>';
    expect(drawFirstScreen(other, VIEW, render, logger())).toEqual({ html: other, view: VIEW });
    expect(render).not.toHaveBeenCalled();
    expect(drawFirstScreen(PAGE, VIEW, undefined, logger())).toEqual({ html: PAGE, view: VIEW });
  });
});

describe('loadFirstPaint', () => {
  it('loads the built module and checks what it draws', async () => {
    const dir = moduleDir(
      'export function renderFirstScreen(view) { return { markup: "<p>" + view.state.auth.status + "</p>", language: "zh-Hant" }; }\n',
    );
    const render = await loadFirstPaint(dir, logger());
    expect(render?.(VIEW)).toEqual({ markup: '<p>starting</p>', language: 'zh-Hant' });
  });

  it('refuses a drawing of the wrong shape, which then leaves the page to draw itself', async () => {
    const dir = moduleDir('export function renderFirstScreen() { return "<p>just markup</p>"; }\n');
    const render = await loadFirstPaint(dir, logger());
    expect(render).toBeDefined();
    const log = logger();
    expect(drawFirstScreen(PAGE, VIEW, render, log)).toEqual({ html: PAGE, view: VIEW });
    expect(log.warnings).toHaveLength(1);
  });

  it('gives nothing, with a logged reason, without the module, without its export, or when it does not load', async () => {
    for (const [dir, reason] of [
      [join(tmpdir(), 'tunewall-no-such-folder'), 'has no first-paint module'],
      [moduleDir('export const somethingElse = 1;\n'), 'has no drawing function'],
      [moduleDir('export function renderFirstScreen( {\n'), 'did not load'],
    ] as const) {
      const log = logger();
      expect(await loadFirstPaint(dir, log)).toBeUndefined();
      expect(log.warnings).toHaveLength(1);
      expect(log.warnings[0]).toContain(reason);
    }
  });
});
