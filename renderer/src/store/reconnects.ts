import { useEffect, useRef } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { shellConnection } from '../transport/connection';
import type { AppStore } from './appStore';
import { useReconnects } from './context';

/**
 * The moments the service can be reached again: the core's network state back online (its probe answered after a
 * failure), or the kiosk shell answering again after its process stopped. What failed on the way (a detail, a page of
 * tracks, a picture, a row) is fetched again then, without a key press: the screen said it would try again shortly.
 */
export class Reconnects {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly app: AppStore,
    private readonly shell: StoreApi<{ lost: boolean }> = shellConnection,
  ) {}

  /** Follows the stores until the returned function is called (the app unmounts). */
  start(): () => void {
    let online = this.app.getState().state?.network.online ?? true;
    const offApp = this.app.subscribe((s) => {
      const now = s.state?.network.online ?? online;
      const back = now && !online;
      online = now;
      if (back) this.emit();
    });
    let lost = this.shell.getState().lost;
    const offShell = this.shell.subscribe((s) => {
      const back = lost && !s.lost;
      lost = s.lost;
      if (back) this.emit();
    });
    return () => {
      offApp();
      offShell();
    };
  }

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * Calls `retry` each time the service is back, while `retry` is given (a component listens only while it has
 * something to fetch again: a picture that failed, a state it could not ask for).
 */
export function useOnReconnect(retry: (() => void) | undefined): void {
  const reconnects = useReconnects();
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  const waiting = retry !== undefined;
  useEffect(() => (waiting && reconnects !== undefined ? reconnects.on(() => latest.current?.()) : undefined), [reconnects, waiting]);
}
