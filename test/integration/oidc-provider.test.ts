/**
 * The sign-in against an independent OAuth 2.0 server: oidc-provider (panva/node-oidc-provider, an OpenID Certified
 * implementation), with the RFC 8628 device flow, client credentials, and refresh tokens that rotate on every use and
 * whose reuse revokes the whole grant, the strictest behaviour a real service shows. Tunewall's session runs in its
 * `rfc8628` dialect, unchanged; only the approval on the phone is done by the provider's own models. Two members of
 * one household each hold a grant of their own.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthSession } from '../../main/core/auth/session';
import type { LifetimeBounds } from '../../main/core/auth/expiry';
import type { FetchLike } from '../../main/core/ports';
import { systemClock } from '../../main/core/timers';
import { MemberVault } from '../../main/core/vault/memberVault';
import { TokenVault } from '../../main/core/vault/tokenVault';
import type { AuthState } from '../../shared/bridge';
import { fakeCipher, fakeQr, memoryLogger, MemoryStore } from '../main/core/support/fakes';

const CLIENT = { clientId: 'tunewall-tv', clientSecret: 'a-long-client-secret-for-the-tests-0123456789' };
/** The provider's access tokens live 2 s here, so refresh cycles take seconds; the session is told to believe it. */
const ACCESS_TOKEN_SECONDS = 2;
const SHORT_LIFETIMES: LifetimeBounds = { minMs: 500, maxMs: 31 * 86_400_000, fallbackMs: 3_600_000 };

let server: Server;
let provider: Provider;
let issuer: string;

/**
 * The provider warns on stderr that this Node is older than it supports and that its in-memory storage and signing
 * keys are for development, which is what a test wants: those three warnings are expected and kept off the output.
 */
const EXPECTED_WARNINGS = [/Unsupported runtime/, /in-memory adapter/, /development-only signing keys/];

beforeAll(async () => {
  const warnings: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
  const { default: OidcProvider } = await import('oidc-provider');
  server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token', 'client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    features: {
      deviceFlow: { enabled: true },
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
    },
    // Tunewall's paths for the token service; the provider serves the standard flows under them.
    routes: { device_authorization: '/oauth2/device/code', token: '/oauth2/token', code_verification: '/device' },
    // Strict rotation: every refresh spends its token; presenting a spent one revokes the grant (reuse detection).
    rotateRefreshToken: true,
    issueRefreshToken: async () => true,
    ttl: { AccessToken: ACCESS_TOKEN_SECONDS, ClientCredentials: 600, DeviceCode: 600, RefreshToken: 3_600, Grant: 3_600 },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
  });
  server.on('request', provider.callback());
  warn.mockRestore();
  const unexpected = warnings.filter((w) => !EXPECTED_WARNINGS.some((pattern) => pattern.test(w)));
  expect(unexpected).toEqual([]);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const sessions: AuthSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

/**
 * What the member does on the phone: the provider's models record the approval exactly as its own pages would.
 * Returns the grant's id.
 */
async function approve(userCode: string, accountId = 'member-1'): Promise<string> {
  const code = await provider.DeviceCode.findByUserCode(userCode.replace(/[^A-Z]/gi, '').toUpperCase());
  if (!code) throw new Error(`no device code for ${userCode}`);
  const grant = new provider.Grant({ accountId, clientId: CLIENT.clientId });
  code.grantId = await grant.save();
  code.accountId = accountId;
  code.authTime = Math.floor(Date.now() / 1000);
  await code.save();
  return code.grantId;
}

interface RefreshSeen {
  token: string;
  status: number;
  error: string | undefined;
}

function setup(options: { fetch?: (real: FetchLike) => FetchLike; household?: boolean } = {}) {
  const refreshes: RefreshSeen[] = [];
  const real: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    if (form.get('grant_type') === 'refresh_token') {
      const body = (await response.clone().json()) as { error?: string };
      refreshes.push({ token: form.get('refresh_token') ?? '', status: response.status, error: body.error });
    }
    return response;
  };
  const store = new MemoryStore();
  const vault = new TokenVault({ store, cipher: fakeCipher(), policy: 'os-keyring', logger: memoryLogger() });
  const members = new MemberVault({ store, cipher: fakeCipher(), policy: 'os-keyring', logger: memoryLogger() });
  const session = new AuthSession({
    fetch: options.fetch ? options.fetch(real) : real,
    clock: systemClock,
    logger: memoryLogger(),
    service: { authUrl: issuer, ...CLIENT, dialect: 'rfc8628' },
    vault: options.household === true ? members : vault,
    qrMatrix: fakeQr,
    guestMode: true,
    requestTimeoutMs: 5_000,
    backoff: { initialMs: 50, maxMs: 200 },
    deviceBackoff: { initialMs: 50, maxMs: 500 },
    tokenLifetime: SHORT_LIFETIMES,
    checkEveryMs: 50,
  });
  sessions.push(session);
  return { session, vault, members, refreshes };
}

async function pair(session: AuthSession): Promise<void> {
  session.start();
  await vi.waitFor(() => expect(session.state.status).toBe('pairing'), { timeout: 10_000 });
  const state = session.state;
  if (state.status !== 'pairing') throw new Error('not pairing');
  expect(state.code.verificationUrl).toBe(`${issuer}/device`);
  await approve(state.code.userCode);
  // RFC 8628's interval is 5 s when the provider says nothing else: the first poll comes after it.
  await vi.waitFor(() => expect(session.state).toMatchObject({ status: 'signed-in', mode: 'member' }), { timeout: 20_000, interval: 100 });
}

describe('against oidc-provider', () => {
  it('pairs with the RFC 8628 device flow, then refreshes on its own, each time with the token the last rotation issued', async () => {
    const { session, vault, refreshes } = setup();
    await pair(session);
    expect(vault.load()?.refreshToken).toBeDefined();
    await vi.waitFor(() => expect(refreshes.length).toBeGreaterThanOrEqual(5), { timeout: 30_000, interval: 100 });
    expect(refreshes.every((r) => r.status === 200)).toBe(true);
    // Every refresh presented a different token: never a spent one, which the provider would punish by revoking.
    expect(new Set(refreshes.map((r) => r.token)).size).toBe(refreshes.length);
    expect(session.state).toMatchObject({ status: 'signed-in', mode: 'member' });
  }, 60_000);

  it('a spent refresh token presented by someone else revokes the grant: the member is signed out by the service, and told so', async () => {
    const { session, vault } = setup();
    await pair(session);
    const first = vault.load()?.refreshToken ?? '';
    await vi.waitFor(() => expect(vault.load()?.refreshToken).not.toBe(first), { timeout: 10_000, interval: 50 });
    // The spent token, replayed outside Tunewall: reuse detection revokes everything of the grant.
    const replay = await fetch(`${issuer}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first }).toString(),
    });
    expect(((await replay.json()) as { error?: string }).error).toBe('invalid_grant');
    await vi.waitFor(() => expect(session.state.status).not.toBe('signed-in'), { timeout: 10_000, interval: 50 });
    expect((session.state as Extract<AuthState, { status: 'pairing' | 'requesting-code' }>).notice).toMatchObject({ reason: 'signed-out' });
    expect(vault.load()).toBeUndefined();
  }, 60_000);

  it('an answer lost after the provider rotated: the try again is refused, the access token serves until it expires, then "your sign-in expired"', async () => {
    let lose = false;
    let lostAt = 0;
    const { session, refreshes } = setup({
      fetch: (real) => async (input, init) => {
        const response = await real(input, init);
        const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
        if (lose && form.get('grant_type') === 'refresh_token' && response.status === 200) {
          lose = false;
          lostAt = Date.now();
          // Carried out by the provider; the answer never arrives.
          throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
        }
        return response;
      },
    });
    await pair(session);
    // The first refresh after pairing is the one whose answer is lost: the paired token is the one left in hand.
    const validUntil = session.tokenValidUntil ?? 0;
    let leftAt = 0;
    session.subscribe((state) => {
      if (leftAt === 0 && state.status !== 'signed-in') leftAt = Date.now();
    });
    lose = true;
    await vi.waitFor(() => expect(refreshes.some((r) => r.error === 'invalid_grant')).toBe(true), { timeout: 20_000, interval: 50 });
    expect(lostAt).toBeGreaterThan(0);
    await vi.waitFor(() => expect(leftAt).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
    // Not signed out at the refusal: only once the access token in hand had run out.
    expect(leftAt).toBeGreaterThanOrEqual(validUntil);
    expect((session.state as Extract<AuthState, { status: 'pairing' | 'requesting-code' }>).notice).toMatchObject({ reason: 'expired' });
  }, 60_000);

  it('two members with a grant each: only the one on screen renews; the other, revoked meanwhile, pairs again alone when chosen', async () => {
    const { session, members, refreshes } = setup({ household: true });
    session.start();
    await vi.waitFor(() => expect(session.state.status).toBe('pairing'), { timeout: 10_000 });
    if (session.state.status !== 'pairing') throw new Error('not pairing');
    const grantOfA = await approve(session.state.code.userCode, 'member-a');
    await vi.waitFor(() => expect(session.state).toMatchObject({ status: 'signed-in', mode: 'member' }), { timeout: 20_000, interval: 100 });
    const a = session.activeMember ?? '';

    // B pairs on a second code while A stays signed in, and comes on screen.
    expect(session.addMember()).toBe(true);
    await vi.waitFor(() => expect(session.adding?.pairing.status).toBe('pairing'), { timeout: 10_000 });
    const adding = session.adding?.pairing;
    if (adding?.status !== 'pairing') throw new Error('not pairing');
    await approve(adding.code.userCode, 'member-b');
    await vi.waitFor(() => expect(session.activeMember).not.toBe(a), { timeout: 20_000, interval: 100 });
    const b = session.activeMember ?? '';
    expect(session.household.map((m) => m.key)).toEqual([a, b]);

    // B renews on schedule; A's refresh token, kept sealed, is never presented while B is on screen (read once B has
    // renewed, so no renewal of A's from before the switch is still under way).
    const onScreenFrom = refreshes.length;
    await vi.waitFor(() => expect(refreshes.length).toBeGreaterThan(onScreenFrom), { timeout: 10_000, interval: 50 });
    const refreshOfA = members.slot(a).load()?.refreshToken ?? '';
    expect(refreshOfA).not.toBe('');
    const seen = refreshes.length;
    await vi.waitFor(() => expect(refreshes.length).toBeGreaterThanOrEqual(seen + 3), { timeout: 30_000, interval: 100 });
    expect(refreshes.slice(seen).every((r) => r.status === 200 && r.token !== refreshOfA)).toBe(true);
    expect(members.slot(a).load()?.refreshToken).toBe(refreshOfA);

    // The provider revokes A's grant (its tokens with it). Choosing A: A alone is asked to pair again, B stays.
    await provider.RefreshToken.revokeByGrantId(grantOfA);
    await provider.AccessToken.revokeByGrantId(grantOfA);
    expect(session.choose(a)).toBe(true);
    await vi.waitFor(() => expect(session.adding?.again).toBe(a), { timeout: 20_000, interval: 50 });
    expect(session.state.status).toBe('choosing');
    expect(session.household.find((m) => m.key === b)?.needsPairing).toBe(false);
    expect(members.slot(a).load()).toBeUndefined();
    expect(session.choose(b)).toBe(true);
    await vi.waitFor(() => expect(session.state).toMatchObject({ status: 'signed-in', mode: 'member' }), { timeout: 10_000 });
    expect(session.activeMember).toBe(b);
    expect(await session.accessToken()).toMatch(/\S{20,}/);
  }, 90_000);

  it('browses as a guest with a client-credentials token', async () => {
    const { session } = setup();
    session.start();
    await vi.waitFor(() => expect(session.state.status).toBe('pairing'), { timeout: 10_000 });
    await expect(session.browseAsGuest()).resolves.toEqual({ ok: true, value: undefined });
    expect(await session.accessToken()).toMatch(/\S{20,}/);
  });
});
