/**
 * The guest's access: a client-credentials token, asked for single-flight and kept in memory only (it can be had again
 * at any time, so it never reaches the vault). Asked again when it runs out or the service refuses it.
 */
import { CoreError } from '../errors';
import type { Clock } from '../ports';
import { EXPIRY_SKEW_MS } from './expiry';
import type { TokenClient } from './tokenClient';
import { tokenSetFrom, type TokenSet } from './tokens';

export class GuestAccess {
  private current: TokenSet | undefined;
  private request: Promise<TokenSet> | undefined;

  constructor(
    private readonly client: TokenClient,
    private readonly clock: Clock,
  ) {}

  get tokens(): TokenSet | undefined {
    return this.current;
  }

  /** A valid access token: the one held, or a new one. */
  async accessToken(signal: AbortSignal): Promise<string> {
    const held = this.current;
    if (held !== undefined && this.clock.now() < held.expiresAt - EXPIRY_SKEW_MS) return held.accessToken;
    return (await this.token(signal)).accessToken;
  }

  /** A token to replay with after `used` was refused: a newer one if another caller already had one, else a new one. */
  async afterRejection(used: string, signal: AbortSignal): Promise<string> {
    if (this.current !== undefined && this.current.accessToken !== used) return this.current.accessToken;
    this.current = undefined;
    return (await this.token(signal)).accessToken;
  }

  /** A new token, single-flight: every caller while one is asked for gets that one. Aborted by `signal`. */
  token(signal: AbortSignal): Promise<TokenSet> {
    this.request ??= (async () => {
      const response = await this.client.clientCredentials(signal);
      if (signal.aborted) throw new CoreError({ kind: 'cancelled', messageKey: 'cancelled' });
      // A client-credentials answer carries no refresh token; should one come, a guest has no use for it.
      const guest: TokenSet = { ...tokenSetFrom(response, this.clock.now()), refreshToken: undefined };
      this.current = guest;
      return guest;
    })().finally(() => {
      this.request = undefined;
    });
    return this.request;
  }

  /** Keeps `tokens` as the guest's (a token asked for before the guest came on screen). */
  keep(tokens: TokenSet): void {
    this.current = tokens;
  }

  /** The guest left the screen: the token and a request under way are forgotten. */
  forget(): void {
    this.current = undefined;
    this.request = undefined;
  }
}
