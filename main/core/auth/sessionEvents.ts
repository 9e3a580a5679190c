/**
 * What the sign-in session tells others: its auth state as it changes, a change to the household that leaves the
 * auth state as it was (a member added, adding under way), and the guest leaving the screen. A listener that throws is
 * logged and the others still hear.
 */
import type { AuthState } from '../../../shared/bridge';
import type { Logger } from '../ports';
import { notifyAll } from './authorizedFetch';

export class SessionEvents {
  private readonly listeners = new Set<(state: AuthState) => void>();
  private readonly householdListeners = new Set<() => void>();
  private readonly guestLeftListeners = new Set<() => void>();
  private current: AuthState = { status: 'starting' };

  constructor(private readonly logger: Logger) {}

  get state(): AuthState {
    return this.current;
  }

  subscribe(listener: (state: AuthState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onHouseholdChange(listener: () => void): void {
    this.householdListeners.add(listener);
  }

  onGuestLeft(listener: () => void): void {
    this.guestLeftListeners.add(listener);
  }

  set(state: AuthState): void {
    this.current = state;
    notifyAll(this.listeners, [state], this.logger, 'state');
  }

  householdChanged(): void {
    notifyAll(this.householdListeners, [], this.logger, 'household');
  }

  guestLeft(): void {
    notifyAll(this.guestLeftListeners, [], this.logger, 'guest left');
  }

  clear(): void {
    this.listeners.clear();
    this.householdListeners.clear();
    this.guestLeftListeners.clear();
  }
}
