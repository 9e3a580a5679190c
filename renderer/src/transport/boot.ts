/**
 * The boot view the kiosk shell writes into index.html (main/kiosk/server.ts): the state and the cached rows, so the
 * first render can be Home itself instead of a splash waiting on getState and five loadRow calls. A JSON data block,
 * not a script: the page's CSP runs no inline code.
 */
import { BOOT_ELEMENT_ID, type BootView } from '../../../shared/bridge';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads and removes the boot view; undefined when the page has none (Electron, the dev harness) or it is unreadable,
 * and the app then starts from getState as before.
 */
export function takeBootView(doc: Document = document): BootView | undefined {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (element === null) return undefined;
  element.remove();
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent);
  } catch (error) {
    console.warn('Ignored an unreadable boot view from the Tunewall shell', error);
    return undefined;
  }
  // The shell wrote it from the same values its bridge answers with; only the shape is checked here.
  if (!isObject(parsed) || !isObject(parsed['state']) || !isObject(parsed['state']['auth']) || !Array.isArray(parsed['rows'])) {
    console.warn('Ignored a boot view of the wrong shape from the Tunewall shell');
    return undefined;
  }
  const rows = parsed['rows'].filter((row) => isObject(row) && typeof row['id'] === 'string' && Array.isArray(row['tiles']));
  const renderedAt = typeof parsed['renderedAt'] === 'number' ? parsed['renderedAt'] : undefined;
  return { state: parsed['state'], rows, ...(renderedAt === undefined ? {} : { renderedAt }) } as unknown as BootView;
}
