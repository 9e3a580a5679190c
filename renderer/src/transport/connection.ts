/**
 * Whether the kiosk shell, the process behind the HTTP bridge, answers. Electron's bridge never sets it: its main
 * process does not go away while the page lives.
 */
import { createStore } from 'zustand/vanilla';
import type { UiError } from '../../../shared/bridge';

export const shellConnection = createStore<{ lost: boolean }>(() => ({ lost: false }));

/** What a call answers while the shell is away; translated as `errors.shellStopped`. */
export const SHELL_STOPPED: UiError = {
  kind: 'network',
  message: "Tunewall's service stopped. It is reconnecting: try again in a moment.",
  messageKey: 'shellStopped',
  retryable: true,
};

/** Thrown by the bridge's methods that answer no Result (getState, signOut…) while the shell is away. */
export class ShellStoppedError extends Error {
  override readonly name = 'ShellStoppedError';
  readonly uiError = SHELL_STOPPED;

  constructor() {
    super(SHELL_STOPPED.message);
  }
}
