/**
 * Adding a member (or pairing one again whose sign-in the service ended) on a device flow of its own, while the
 * others stay signed in: what Add a member shows (`AddingMember`), and the tokens handed on when the phone approves.
 */
import type { AddingMember, PairingNotice } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import type { DeviceFlow, DeviceFlowState } from './deviceFlow';

export interface AddingMembersDeps {
  /** A device flow reporting to these two. */
  flow: (onState: (state: DeviceFlowState) => void, onTokens: (tokens: TokenResponse, receivedAt: number) => void) => DeviceFlow;
  /** Why member `key` pairs again (shown on their pairing), if the service said. */
  endedNotice: (key: string) => PairingNotice | undefined;
  /** What Add a member shows changed. */
  changed: () => void;
  /** The phone approved: `again` is the member paired again, undefined for a new one. */
  approved: (again: string | undefined, tokens: TokenResponse, receivedAt: number) => void;
}

export class AddingMembers {
  private readonly flow: DeviceFlow;
  private current: AddingMember | undefined;

  constructor(private readonly deps: AddingMembersDeps) {
    this.flow = deps.flow(
      (state) => this.onState(state),
      (tokens, receivedAt) => this.onApproved(tokens, receivedAt),
    );
  }

  /** The pairing of the member being added (or paired again); undefined when nobody is. */
  get view(): AddingMember | undefined {
    return this.current;
  }

  /** Starts adding a new member; one already being added keeps their code. */
  startNew(): void {
    if (this.current !== undefined && this.current.again === undefined) return;
    this.current = { again: undefined, pairing: { status: 'starting' } };
    this.flow.start();
    this.deps.changed();
  }

  /** Asks member `key` alone to pair again, saying why when the service said; `shown` runs before the code is asked for. */
  startAgain(key: string, notice: PairingNotice | undefined, shown: () => void): void {
    this.flow.cancel();
    this.current = { again: key, pairing: notice === undefined ? { status: 'starting' } : { status: 'requesting-code', attempt: 1, notice } };
    shown();
    this.flow.start();
  }

  /** A fresh code for the pairing under way. */
  newCode(): void {
    this.flow.start();
  }

  cancel(): void {
    this.flow.cancel();
    if (this.current === undefined) return;
    this.current = undefined;
    this.deps.changed();
  }

  /** Like cancel, without telling (the session is being disposed). */
  stop(): void {
    this.flow.cancel();
  }

  resume(): void {
    this.flow.resume();
  }

  private onState(state: DeviceFlowState): void {
    const adding = this.current;
    if (adding === undefined) return;
    const notice = adding.again === undefined ? undefined : this.deps.endedNotice(adding.again);
    const pairing = notice !== undefined && (state.status === 'pairing' || state.status === 'requesting-code') ? { ...state, notice } : state;
    this.current = { again: adding.again, pairing };
    this.deps.changed();
  }

  private onApproved(tokens: TokenResponse, receivedAt: number): void {
    const again = this.current?.again;
    this.current = undefined;
    this.deps.approved(again, tokens, receivedAt);
  }
}
