/**
 * Keys that reload the page or open developer tools. With the application menu gone most have no accelerator left,
 * but Chromium still handles some itself, so they are stopped before the page sees them.
 */

/** The fields of Electron's Input that matter here. */
export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  control: boolean;
  meta: boolean;
  shift: boolean;
  alt: boolean;
}

export function isReloadOrDevtoolsKey(input: KeyInput): boolean {
  if (input.type !== 'keyDown') return false;
  // Prefer the physical key for letters: with Alt or a non-Latin layout, `key` is some other character.
  const key =
    input.code !== undefined && /^Key[A-Z]$/.test(input.code)
      ? input.code.slice(3).toLowerCase()
      : input.key.length === 1
        ? input.key.toLowerCase()
        : input.key;
  const accel = input.control || input.meta;
  if (key === 'F5' || key === 'F12' || key === 'BrowserRefresh') return true;
  if (accel && key === 'r') return true;
  if (accel && input.shift && (key === 'i' || key === 'j' || key === 'c')) return true;
  // macOS spelling of the devtools shortcut.
  if (input.meta && input.alt && (key === 'i' || key === 'j')) return true;
  return false;
}

/** Whether to stop this key, given whether developer tools are allowed. */
export function shouldBlockInput(input: KeyInput, devtools: boolean): boolean {
  return !devtools && isReloadOrDevtoolsKey(input);
}

/** OK on a remote arrives as Enter; on the error page it means "try again". */
export function isConfirmKey(input: KeyInput): boolean {
  return input.type === 'keyDown' && (input.key === 'Enter' || input.key === ' ' || input.key === 'Select');
}
