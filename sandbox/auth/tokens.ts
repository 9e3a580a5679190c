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

/** The answer to one rotation, kept only while the reuse grace lasts, under a hash of the spent refresh token. */
interface RecentRotation {
  clientId: string;
  memberId: string;
  tokens: IssuedTokens;
  expiresAt: number;
}

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

/** What changed in the store, as a state file's journal records it (digests only). */
export type TokenChange =
  | ({ e: 'access'; sha256: string } & AccessRecord)
  | ({ e: 'refresh'; sha256: string } & RefreshRecord)
  | { e: 'forget'; sha256: string };

/**
 * The most live tokens of each kind one grant may hold (a client's own tokens, or one member's in one app); past it,
 * the oldest is revoked. Client tokens live 30 days, so without a cap a client asking for one per start would pile
 * them up for a month. Far more than any device keeps: an app holds one pair, a guest one token.
 */
export const MAX_TOKENS_PER_GRANT = 1000;

function grantKey(clientId: string, memberId: string | undefined): string {
  return JSON.stringify([clientId, memberId ?? null]);
}

/** Records by digest, with each grant's digests in issue order so the oldest can be found without a scan. */
class TokenMap<T extends { expiresAt: number }> {
  readonly records = new Map<string, T>();
  private readonly byGrant = new Map<string, Set<string>>();

  constructor(private readonly grantOf: (record: T) => string) {}

  get(sha256: string): T | undefined {
    return this.records.get(sha256);
  }

  /** Adds a record; returns the digest revoked to keep its grant under the cap, if any. */
  set(sha256: string, record: T): string | undefined {
    const key = this.grantOf(record);
    const grant = this.byGrant.get(key) ?? new Set<string>();
    this.byGrant.set(key, grant);
    this.records.set(sha256, record);
    grant.add(sha256);
    if (grant.size <= MAX_TOKENS_PER_GRANT) return undefined;
    const [oldest] = grant;
    if (oldest !== undefined) this.delete(oldest);
    return oldest;
  }

  delete(sha256: string): boolean {
    const record = this.records.get(sha256);
    if (!record) return false;
    this.records.delete(sha256);
    const key = this.grantOf(record);
    const grant = this.byGrant.get(key);
    grant?.delete(sha256);
    if (grant?.size === 0) this.byGrant.delete(key);
    return true;
  }

  /** Drops expired records once the map has grown, so a long demo does not accumulate them forever. */
  sweep(now: number): void {
    if (this.records.size < 1000) return;
    for (const [sha256, record] of this.records) if (record.expiresAt <= now) this.delete(sha256);
  }
}

export class TokenStore implements TokenVerifier {
  private readonly access = new TokenMap<AccessRecord>((r) => grantKey(r.grant.clientId, r.grant.kind === 'member' ? r.grant.memberId : undefined));
  private readonly refresh = new TokenMap<RefreshRecord>((r) => grantKey(r.clientId, r.memberId));
  private readonly recentRotations = new Map<string, RecentRotation>();
  /** Hears every issue and revocation (a state file's journal); expiry is not a change, the clock says it. */
  onChange: (change: TokenChange) => void = () => undefined;

  constructor(
    private readonly clock: Clock,
    private readonly lifetimes: LifetimeOptions,
  ) {}

  private addAccess(sha256: string, record: AccessRecord): void {
    const revoked = this.access.set(sha256, record);
    this.onChange({ e: 'access', sha256, ...record });
    if (revoked !== undefined) this.onChange({ e: 'forget', sha256: revoked });
  }

  private addRefresh(sha256: string, record: RefreshRecord): void {
    const revoked = this.refresh.set(sha256, record);
    this.onChange({ e: 'refresh', sha256, ...record });
    if (revoked !== undefined) this.onChange({ e: 'forget', sha256: revoked });
  }

  private forget(map: TokenMap<AccessRecord> | TokenMap<RefreshRecord>, sha256: string): void {
    if (map.delete(sha256)) this.onChange({ e: 'forget', sha256 });
  }

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
    this.access.sweep(now);
    const seconds = this.lifetimes.clientTokenSeconds;
    const accessToken = newToken('twc');
    this.addAccess(tokenDigest(accessToken), { grant: { kind: 'client', clientId }, expiresAt: now + seconds * 1000 });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: seconds };
  }

  /** A member token pair; the refresh token outlives the access token by refreshExtraSeconds. */
  issueMember(clientId: string, memberId: string): IssuedTokens {
    const now = this.clock.now();
    this.access.sweep(now);
    this.refresh.sweep(now);
    const seconds = this.lifetimes.accessTokenSeconds;
    const accessToken = newToken('twa');
    const refreshToken = newToken('twr');
    this.addAccess(tokenDigest(accessToken), { grant: { kind: 'member', clientId, memberId }, expiresAt: now + seconds * 1000 });
    this.addRefresh(tokenDigest(refreshToken), {
      clientId,
      memberId,
      expiresAt: now + (seconds + this.lifetimes.refreshExtraSeconds) * 1000,
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: seconds, refresh_token: refreshToken };
  }

  /**
   * Rotation: the presented refresh token stops working at once, whether or not the answer reaches the client. With a
   * reuse grace (`refreshGraceSeconds`), the same token presented again within it gets the same new pair back.
   */
  rotate(clientId: string, refreshToken: string): RefreshResult {
    const now = this.clock.now();
    // A new pair in the clear is held no longer than its grace lasts.
    for (const [key, recent] of this.recentRotations) if (recent.expiresAt <= now) this.recentRotations.delete(key);
    const record = this.refresh.get(tokenDigest(refreshToken));
    if (!record) return this.reuse(clientId, refreshToken, now);
    if (record.clientId !== clientId) return { ok: false };
    this.forget(this.refresh, tokenDigest(refreshToken));
    if (record.expiresAt <= now) return { ok: false };
    const tokens = this.issueMember(clientId, record.memberId);
    const graceMs = this.lifetimes.refreshGraceSeconds * 1000;
    if (graceMs > 0) {
      this.recentRotations.set(tokenDigest(refreshToken), { clientId, memberId: record.memberId, tokens, expiresAt: now + graceMs });
    }
    return { ok: true, tokens };
  }

  /** A spent refresh token within its grace: the pair its rotation issued (revoking the member ends the grace). */
  private reuse(clientId: string, refreshToken: string, now: number): RefreshResult {
    const key = tokenDigest(refreshToken);
    const recent = this.recentRotations.get(key);
    if (!recent || recent.clientId !== clientId || recent.expiresAt <= now) return { ok: false };
    return { ok: true, tokens: recent.tokens };
  }

  /** Revokes every access and refresh token of one member; returns how many were revoked. */
  revokeMember(memberId: string): number {
    let count = 0;
    for (const [sha256, record] of this.access.records) {
      if (record.grant.kind === 'member' && record.grant.memberId === memberId) {
        this.forget(this.access, sha256);
        count += 1;
      }
    }
    for (const [sha256, record] of this.refresh.records) {
      if (record.memberId === memberId) {
        this.forget(this.refresh, sha256);
        count += 1;
      }
    }
    for (const [key, recent] of this.recentRotations) {
      if (recent.memberId === memberId) this.recentRotations.delete(key);
    }
    return count;
  }

  /** The live records, by digest: what a restart must find again. */
  snapshot(): TokenSnapshot {
    const now = this.clock.now();
    return {
      access: [...this.access.records].filter(([, r]) => r.expiresAt > now).map(([sha256, r]) => ({ sha256, ...r })),
      refresh: [...this.refresh.records].filter(([, r]) => r.expiresAt > now).map(([sha256, r]) => ({ sha256, ...r })),
    };
  }

  /** Restores saved records in issue order (no change is heard: they are already saved). */
  restore(saved: TokenSnapshot): void {
    for (const { sha256, ...record } of saved.access) this.access.set(sha256, record);
    for (const { sha256, ...record } of saved.refresh) this.refresh.set(sha256, record);
  }
}
