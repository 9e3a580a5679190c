/** The events the core pushes to its shell (state, rows, intents), to every listener subscribed. */
import type { BridgeEvent } from '../../shared/bridge';

export interface CoreEvents {
  emit(event: BridgeEvent): void;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  clear(): void;
}

export function createCoreEvents(): CoreEvents {
  const listeners = new Set<(event: BridgeEvent) => void>();
  return {
    emit: (event) => listeners.forEach((listener) => listener(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => listeners.clear(),
  };
}
