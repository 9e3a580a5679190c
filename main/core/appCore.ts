/**
 * What a shell (Electron or the kiosk shell) gets from the core: the bridge handlers, a stream of pushed events, and
 * the few lifecycle calls only a shell can make.
 */
import type { BootView, BridgeEvent, BridgeHandlers } from '../../shared/bridge';

export interface AppCore {
  handlers: BridgeHandlers;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /**
   * The state and the cached rows of the current account, read without a request and without starting a refresh
   * (the page's own loadRow calls do that), for a shell that inlines them into the page.
   */
  bootView?(): BootView;
  /** The system woke from sleep: re-check deadlines and token expiry, poll at once. */
  resume(): void;
  /** Network came back (or the shell believes so): retry what waits on the network now. */
  online(): void;
  /** Forwards a remote's Back received outside the page (Electron `app-command` browser-backward). */
  intent(intent: 'back'): void;
  dispose(): Promise<void>;
}
