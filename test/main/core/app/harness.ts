/**
 * Test harness for createAppCore: a core wired to a sandbox the test owns (so a restart can reuse it), a memory store,
 * a cipher that records what it encrypts, and every emitted event kept for assertions.
 */
import { randomBytes } from 'node:crypto';
import { createAppCore, type AppCoreDeps, type EmbeddedSandbox, type RunningAppCore } from '../../../../main/core/app';
import type { Cipher, FetchLike } from '../../../../main/core/ports';
import { createAesGcmCipher } from '../../../../main/core/vault/aesGcmCipher';
import type { RunningSandbox } from '../../../../sandbox/index';
import type { AppState, AuthState, BridgeEvent } from '../../../../shared/bridge';
import { memoryArtworkFiles } from '../features/artwork/memoryArtworkFiles';
import { memoryLogger, MemoryStore } from '../support/fakes';

/** The real AES-256-GCM cipher under a random key, remembering every plaintext it sealed (to learn the tokens). */
export function recordingCipher(): Cipher & { sealed: string[] } {
  const inner = createAesGcmCipher(randomBytes(32));
  const sealed: string[] = [];
  return {
    protection: inner.protection,
    sealed,
    encrypt(plaintext) {
      sealed.push(plaintext);
      return inner.encrypt(plaintext);
    },
    decrypt: (ciphertext) => inner.decrypt(ciphertext),
  };
}

/** The access and refresh tokens the vault was last asked to seal. */
export function sealedTokens(cipher: { sealed: string[] }): string[] {
  const tokens: string[] = [];
  for (const plaintext of cipher.sealed) {
    const parsed: unknown = JSON.parse(plaintext);
    if (typeof parsed !== 'object' || parsed === null) continue;
    for (const key of ['accessToken', 'refreshToken']) {
      const value: unknown = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.length > 0) tokens.push(value);
    }
  }
  return tokens;
}

/** The store keys holding a member's sealed tokens (`tokens.<memberKey>`), and the old single entry if any. */
export function tokenEntries(store: MemoryStore): string[] {
  return [...store.data.keys()].filter((key) => key === 'tokens' || (key.startsWith('tokens.') && !key.endsWith('.setAside')));
}

/** The sandbox as the core sees it; closing the core leaves the test's sandbox running. */
export function embedded(sandbox: RunningSandbox, started?: { count: number }): () => Promise<EmbeddedSandbox> {
  return async () => {
    if (started) started.count += 1;
    return { origin: sandbox.origin, urls: sandbox.urls, client: sandbox.client, close: async () => undefined };
  };
}

export interface Harness {
  core: RunningAppCore;
  events: BridgeEvent[];
  store: MemoryStore;
  cipher: Cipher & { sealed: string[] };
  logger: ReturnType<typeof memoryLogger>;
  /** Waits (generously) until the core's state passes `test`; returns that state. */
  until(test: (state: AppState) => boolean, timeoutMs?: number): Promise<AppState>;
  /** The state events emitted so far. */
  states(): AppState[];
}

export interface HarnessOptions {
  sandbox: RunningSandbox;
  store?: MemoryStore;
  cipher?: Cipher & { sealed: string[] };
  env?: Record<string, string | undefined>;
  fetch?: FetchLike;
  started?: { count: number };
  extra?: Partial<AppCoreDeps>;
  /** The caller disposes this core itself (one shared by a whole describe block); disposeCores() leaves it alone. */
  ownDispose?: boolean;
}

const cores: RunningAppCore[] = [];

export async function startCore(options: HarnessOptions): Promise<Harness> {
  const store = options.store ?? new MemoryStore();
  const cipher = options.cipher ?? recordingCipher();
  const logger = memoryLogger();
  const events: BridgeEvent[] = [];
  const core = await createAppCore({
    env: options.env ?? {},
    argv: [],
    userDataDir: '/nonexistent/tunewall-test',
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    cipher,
    store,
    logger,
    systemLocale: 'en-US',
    version: '9.9.9-test',
    startSandbox: embedded(options.sandbox, options.started),
    artworkFiles: memoryArtworkFiles(),
    readFile: () => {
      throw Object.assign(new Error('no config file in tests'), { code: 'ENOENT' });
    },
    ...options.extra,
  });
  if (options.ownDispose !== true) cores.push(core);
  core.subscribe((event) => events.push(event));
  const until = async (test: (state: AppState) => boolean, timeoutMs = 15_000): Promise<AppState> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await core.handlers.getState();
      if (test(state)) return state;
      if (Date.now() > deadline) throw new Error(`state not reached; last: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const states = () => events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
  return { core, events, store, cipher, logger, until, states };
}

/** Disposes every core started since the last call. */
export async function disposeCores(): Promise<void> {
  for (const core of cores.splice(0)) await core.dispose();
}

export type Pairing = Extract<AuthState, { status: 'pairing' }>;

export const isPairing = (s: AppState): boolean => s.auth.status === 'pairing';
export const isMember = (s: AppState): boolean =>
  s.auth.status === 'signed-in' && s.auth.mode === 'member' && s.auth.member !== undefined;

export function pairingOf(state: AppState): Pairing {
  if (state.auth.status !== 'pairing') throw new Error(`not pairing: ${state.auth.status}`);
  return state.auth;
}

/** Pairs a fresh core by approving its code in the sandbox, as the first demo member. */
export async function pairMember(h: Harness, sandbox: RunningSandbox, memberId?: string): Promise<AppState> {
  const pairing = pairingOf(await h.until(isPairing));
  if (!sandbox.control.approve(pairing.code.userCode, memberId)) throw new Error('the sandbox did not approve the code');
  return h.until(isMember);
}

export const NO_FAULTS = { latencyMs: 0, errorRate: 0, dropRate: 0, malformedRate: 0, unavailableRate: 0, retryAfterSeconds: 1 };
