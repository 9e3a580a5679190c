/**
 * The first member's pairing, while nobody is signed in on this TV: its device flow, and the reason pairing is shown
 * again (the service ended the last sign-in), which its screens carry until a new code is asked for by the viewer.
 */
import type { AuthState, PairingNotice } from '../../../shared/bridge';
import type { TokenResponse } from '../../../shared/service/auth';
import type { DeviceFlow, DeviceFlowState } from './deviceFlow';
import { deviceFlowFor, type AuthSessionOptions } from './sessionOptions';
import type { TokenClient } from './tokenClient';

export class FirstPairing {
  private readonly flow: DeviceFlow;
  /** Why pairing shows (a sign-in the service ended); undefined once the viewer asks for a fresh code or signs in. */
  notice: PairingNotice | undefined;

  constructor(
    options: AuthSessionOptions,
    client: TokenClient,
    setState: (state: AuthState) => void,
    paired: (tokens: TokenResponse, receivedAt: number) => void,
  ) {
    this.flow = deviceFlowFor(
      options,
      client,
      (state) => setState(this.withNotice(state)),
      (tokens, receivedAt) => {
        this.notice = undefined;
        paired(tokens, receivedAt);
      },
    );
  }

  start(): void {
    this.flow.start();
  }

  cancel(): void {
    this.flow.cancel();
  }

  /** Back from sleep or offline: poll at once. */
  resume(): void {
    this.flow.resume();
  }

  private withNotice(state: DeviceFlowState): AuthState {
    if (this.notice !== undefined && (state.status === 'pairing' || state.status === 'requesting-code')) return { ...state, notice: this.notice };
    return state;
  }
}
