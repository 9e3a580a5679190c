/** A token set as the core keeps it: absolute times, never the raw `expires_in`. */
import { z } from 'zod';
import type { TokenResponse } from '../../../shared/service/auth';
import { expiresAtFrom, TOKEN_LIFETIME, type LifetimeBounds } from './expiry';

export const TokenSetSchema = z.object({
  accessToken: z.string().min(1),
  tokenType: z.string(),
  /** Absent for client-credentials (guest) tokens. */
  refreshToken: z.string().min(1).optional(),
  /** Epoch ms the token was received. */
  issuedAt: z.number().finite(),
  /** Epoch ms the token stops working. */
  expiresAt: z.number().finite(),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;

/**
 * The token set a token-service answer stands for. A refresh answer without a `refresh_token` keeps the previous one
 * (the service rotates, but a server that does not must not sign the member out).
 */
export function tokenSetFrom(
  response: TokenResponse,
  nowMs: number,
  previousRefreshToken?: string,
  bounds: LifetimeBounds = TOKEN_LIFETIME,
): TokenSet {
  const refreshToken = response.refresh_token ?? previousRefreshToken;
  return {
    accessToken: response.access_token,
    // Some answers say `bearer`; the Authorization header wants the scheme as registered.
    tokenType: /^bearer$/i.test(response.token_type) || response.token_type === '' ? 'Bearer' : response.token_type,
    ...(refreshToken === undefined ? {} : { refreshToken }),
    issuedAt: nowMs,
    expiresAt: expiresAtFrom(response.expires_in, nowMs, bounds),
  };
}
