/**
 * The window's presentation, from the core's state (kiosk) and the command line (developer switches, honoured only
 * when running from source).
 */
import type { AppState } from '../../shared/bridge';
import type { WindowOptions } from './windowOptions';

export function resolveWindowOptions(input: {
  state: Pick<AppState, 'kiosk'> | undefined;
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  isPackaged: boolean;
}): WindowOptions {
  const kiosk = input.state?.kiosk.enabled ?? false;
  const dev = !input.isPackaged;
  const devtools = dev && (input.argv.includes('--devtools') || input.env.TUNEWALL_DEVTOOLS === '1');
  const windowed = dev && (input.argv.includes('--windowed') || input.env.TUNEWALL_WINDOWED === '1');
  return { kiosk, fullscreen: kiosk || !windowed, devtools };
}
