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

function keyName(input: KeyInput): string {
  // Prefer the physical key for letters: with Alt or a non-Latin layout, `key` is some other character.
  if (input.code !== undefined && /^Key[A-Z]$/.test(input.code)) return input.code.slice(3).toLowerCase();
  return input.key.length === 1 ? input.key.toLowerCase() : input.key;
}

export function isReloadOrDevtoolsKey(input: KeyInput): boolean {
  if (input.type !== 'keyDown') return false;
  const key = keyName(input);
  const accel = input.control || input.meta;
  if (key === 'F5' || key === 'F12' || key === 'BrowserRefresh') return true;
  if (accel && key === 'r') return true;
  if (accel && input.shift && (key === 'i' || key === 'j' || key === 'c')) return true;
  // macOS spelling of the devtools shortcut.
  if (input.meta && input.alt && (key === 'i' || key === 'j')) return true;
  return false;
}

/**
 * With developer tools allowed, what a developer key does. Without an application menu Electron has no accelerators
 * for them (they come from the default menu's roles), so the window acts on them itself.
 */
export function developerKeyAction(input: KeyInput): 'toggle-devtools' | 'reload' | undefined {
  if (!isReloadOrDevtoolsKey(input)) return undefined;
  const key = keyName(input);
  return key === 'F5' || key === 'BrowserRefresh' || key === 'r' ? 'reload' : 'toggle-devtools';
}

/** Whether to stop this key, given whether developer tools are allowed. */
export function shouldBlockInput(input: KeyInput, devtools: boolean): boolean {
  return !devtools && isReloadOrDevtoolsKey(input);
}

/** OK on a remote arrives as Enter; on the error page it means "try again". */
export function isConfirmKey(input: KeyInput): boolean {
  return input.type === 'keyDown' && (input.key === 'Enter' || input.key === ' ' || input.key === 'Select');
}
