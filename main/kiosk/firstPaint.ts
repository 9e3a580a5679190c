/**
 * The first screen drawn into the page by the shell (see shared/firstPaint.ts): the pairing code or
 * Home is painted from the HTML alone, before the page has parsed a line of its script, which then takes the markup
 * over. The drawing module is the renderer's own App, built apart (npm run build:renderer → out/first-paint/).
 *
 * Anything wrong on the way (no module, a module without the export, a drawing that throws) serves the page as before:
 * the page draws its first screen itself, only later. It is logged, never shown.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { BootView } from '../../shared/bridge';
import { EARLY_KEYS_SCRIPT, FIRST_PAINT_EXPORT, FIRST_PAINT_MODULE, type FirstScreen, type RenderFirstScreen } from '../../shared/firstPaint';
import { LanguageSchema } from '../../shared/bridgeArgs';
import type { Logger } from '../core/ports';

/** The page's empty mount point, as the renderer's index.html has it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** What the module draws, checked: it is code loaded at run time, outside what TypeScript saw. */
const FirstScreenSchema = z.object({ markup: z.string(), language: LanguageSchema }) satisfies z.ZodType<FirstScreen>;

/** Loads the drawing module from `dir`; undefined (and a logged reason) when there is none to use. */
export async function loadFirstPaint(dir: string, logger: Logger): Promise<RenderFirstScreen | undefined> {
  const file = join(dir, FIRST_PAINT_MODULE);
  if (!existsSync(file)) {
    logger.warn('The first screen is drawn by the page: the shell has no first-paint module', { file });
    return undefined;
  }
  try {
    const loaded: unknown = await import(pathToFileURL(file).href);
    const render: unknown = typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, FIRST_PAINT_EXPORT) : undefined;
    if (typeof render === 'function') return (view: BootView) => FirstScreenSchema.parse(render(view));
    logger.warn('The first screen is drawn by the page: the first-paint module has no drawing function', { file });
  } catch (error) {
    logger.warn('The first screen is drawn by the page: the first-paint module did not load', { file, error: String(error) });
  }
  return undefined;
}

/**
 * index.html with the first screen drawn into its mount point, and the script that keeps early presses; the boot view
 * to send with it, stamped with the drawing time. The page as it was (and the view unstamped) when there is no mount
 * point to draw into or the drawing fails.
 */
export function drawFirstScreen(
  html: string,
  view: BootView,
  render: RenderFirstScreen | undefined,
  logger: Logger | undefined,
  now: () => number = Date.now,
): { html: string; view: BootView } {
  const at = html.indexOf(ROOT_ELEMENT);
  if (render === undefined || at < 0) return { html, view };
  const stamped: BootView = { ...view, renderedAt: now() };
  let drawn: FirstScreen;
  try {
    drawn = render(stamped);
  } catch (error) {
    logger?.warn('The first screen is drawn by the page: drawing it in the shell failed', { error: String(error) });
    return { html, view };
  }
  // Head first, then body: each insertion is after the one before it, so the earlier offsets stay true.
  const head = html.indexOf('</head>');
  const early = head < 0 ? '' : `<script type="module" async src="./${EARLY_KEYS_SCRIPT}"></script>`;
  const page =
    html.slice(0, Math.max(head, 0)) +
    early +
    html.slice(Math.max(head, 0), at) +
    `<div id="root">${drawn.markup}</div>` +
    html.slice(at + ROOT_ELEMENT.length);
  // Text size and contrast as the renderer sets them on the root (App.tsx), so the first paint is already drawn in them.
  const { textSize, highContrast } = view.state.display;
  const root = `<html lang="${drawn.language}" data-text-size="${textSize}"${highContrast ? ' data-contrast="high"' : ''}`;
  return { html: page.replace(/<html lang="[^"]*"/, root), view: stamped };
}
