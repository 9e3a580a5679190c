/**
 * Access and refresh tokens: issued, rotated, revoked and checked against the sandbox clock.
 * Implements the TokenVerifier the catalog uses to decide who a bearer token speaks for.
 *
 * Like a real token service it keeps only a SHA-256 digest of each token it issued: what it holds, in memory or in a
 * state file (snapshot/restore), cannot be presented as a token. Tokens are 192 random bits, so no salt is needed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock, Grant, TokenVerifier } from '../context';
import type { LifetimeOptions } from '../options';

/** The very large 64-bit integer some flows show as `expires_in`. */
export const HUGE_EXPIRES_IN = '9223372036854775807';

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the access token expires, as the sandbox really enforces it. */
  expires_in: number;
  refresh_token?: string;
}

export interface AccessRecord {
  grant: Grant;
  expiresAt: number;
}

export interface RefreshRecord {
  clientId: string;
  memberId: string;
  expiresAt: number;
}

export type RefreshResult = { ok: true; tokens: IssuedTokens } | { ok: false };

function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/** What the store keeps in place of a token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The store's records, by digest, as a state file keeps them. */
export interface TokenSnapshot {
  access: (AccessRecord & { sha256: string })[];
  refresh: (RefreshRecord & { sha256: string })[];
}

/** Drops expired records once a map has grown, so a long demo does not accumulate them forever. */
function sweep<T extends { expiresAt: number }>(map: Map<string, T>, now: number): void {
  if (map.size < 1000) return;
  for (const [key, record] of map) if (record.expiresAt <= now) map.delete(key);
}

export class TokenStore implements TokenVerifier {
  private readonly access = new Map<string, AccessRecord>();
  private readonly refresh = new Map<string, RefreshRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimes: LifetimeOptions,
  ) {}

  verifyBearer(authorization: string | undefined): Grant | undefined {
    const match = authorization === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const token = match?.[1];
    if (token === undefined) return undefined;
    const record = this.access.get(tokenDigest(token));
    if (!record) return undefined;
    if (record.expiresAt <= this.clock.now()) {
      this.access.delete(tokenDigest(token));
      return undefined;
    }
    return record.grant;
  }

  /** A client-credentials token: public catalog only, no refresh token. */
  issueClient(clientId: string): IssuedTokens {
    const now = this.clock.now();
    sweep(this.access, now);
    const seconds = this.lifetimes.clientTokenSeconds;
    const accessToken = newToken('twc');
    this.access.set(tokenDigest(accessToken), { grant: { kind: 'client', clientId }, expiresAt: now + seconds * 1000 });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: seconds };
  }

  /** A member token pair; the refresh token outlives the access token by refreshExtraSeconds. */
  issueMember(clientId: string, memberId: string): IssuedTokens {
    const now = this.clock.now();
    sweep(this.access, now);
    sweep(this.refresh, now);
    const seconds = this.lifetimes.accessTokenSeconds;
    const accessToken = newToken('twa');
    const refreshToken = newToken('twr');
    this.access.set(tokenDigest(accessToken), { grant: { kind: 'member', clientId, memberId }, expiresAt: now + seconds * 1000 });
    this.refresh.set(tokenDigest(refreshToken), {
      clientId,
      memberId,
      expiresAt: now + (seconds + this.lifetimes.refreshExtraSeconds) * 1000,
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: seconds, refresh_token: refreshToken };
  }

  /** Rotation: the presented refresh token stops working at once, whether or not the answer reaches the client. */
  rotate(clientId: string, refreshToken: string): RefreshResult {
    const record = this.refresh.get(tokenDigest(refreshToken));
    if (!record || record.clientId !== clientId) return { ok: false };
    this.refresh.delete(tokenDigest(refreshToken));
    if (record.expiresAt <= this.clock.now()) return { ok: false };
    return { ok: true, tokens: this.issueMember(clientId, record.memberId) };
  }

  /** Revokes every access and refresh token of one member; returns how many were revoked. */
  revokeMember(memberId: string): number {
    let count = 0;
    for (const [token, record] of this.access) {
      if (record.grant.kind === 'member' && record.grant.memberId === memberId) {
        this.access.delete(token);
        count += 1;
      }
    }
    for (const [token, record] of this.refresh) {
      if (record.memberId === memberId) {
        this.refresh.delete(token);
        count += 1;
      }
    }
    return count;
  }

  /** The live records, by digest: what a restart must find again. */
  snapshot(): TokenSnapshot {
    const now = this.clock.now();
    return {
      access: [...this.access].filter(([, r]) => r.expiresAt > now).map(([sha256, r]) => ({ sha256, ...r })),
      refresh: [...this.refresh].filter(([, r]) => r.expiresAt > now).map(([sha256, r]) => ({ sha256, ...r })),
    };
  }

  restore(saved: TokenSnapshot): void {
    for (const { sha256, ...record } of saved.access) this.access.set(sha256, record);
    for (const { sha256, ...record } of saved.refresh) this.refresh.set(sha256, record);
  }
}
