/**
 * Which IPC senders Tunewall answers: the main frame of a window Tunewall created, showing a page of app://tunewall.
 * A page that navigated elsewhere, a subframe or some other webContents gets nothing.
 */
import { isAppUrl } from './appUrl';

/** The parts of Electron's WebContents this policy needs. */
export interface TrustableContents {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  once(event: 'destroyed', listener: () => void): unknown;
}

/** The parts of an IpcMainInvokeEvent this policy reads. */
export interface IpcSenderEvent {
  sender: unknown;
  senderFrame: { url: string; parent: unknown } | null;
}

export interface SenderPolicy {
  /** Trusts a window's contents for as long as they live. */
  trust(contents: TrustableContents): void;
  isTrusted(event: IpcSenderEvent): boolean;
  /** The live trusted contents, for pushing events. */
  trusted(): TrustableContents[];
}

export function createSenderPolicy(): SenderPolicy {
  const contents = new Set<TrustableContents>();
  return {
    trust(wc) {
      if (contents.has(wc)) return;
      contents.add(wc);
      wc.once('destroyed', () => contents.delete(wc));
    },
    isTrusted(event) {
      const frame = event.senderFrame;
      if (frame === null || frame.parent !== null) return false;
      if (!isAppUrl(frame.url)) return false;
      const wc = [...contents].find((c) => c === event.sender);
      return wc !== undefined && !wc.isDestroyed();
    },
    trusted() {
      return [...contents].filter((wc) => !wc.isDestroyed());
    },
  };
}
