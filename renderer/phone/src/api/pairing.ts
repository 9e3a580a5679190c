/**
 * Pairing this phone: with the QR code's one-time secret from the URL fragment (`#s=SECRET`), taken out of the address
 * bar before anything else so it is never kept, or with the six-digit code typed from the TV. The credential the TV
 * answers is kept (credentials.ts); a refusal becomes the words that say what to do next.
 */
import type { Credentials } from './credentials';
import type { Answer, PhoneApi, Problem } from './client';

/** Why the phone is not paired, as the page says it (pair.<key> in the string tables). */
export type PairRefusal =
  | { key: 'invalid' | 'wrong' | 'qrWrong' | 'burnt' | 'expired' | 'unreachable' | 'disconnected' }
  | { key: 'tooMany'; seconds: number }
  | { key: 'failed'; reason: string };

export type PairingState = { paired: true } | { paired: false; refusal: PairRefusal | undefined };

const SECRET = /^[A-Za-z0-9_-]{43}$/;
const CODE = /^[0-9]{6}$/;

/** The secret in a fragment such as `#s=SECRET`, or undefined. */
export function secretOf(hash: string): string | undefined {
  const secret = new URLSearchParams(hash.replace(/^#/, '')).get('s');
  return secret !== null && SECRET.test(secret) ? secret : undefined;
}

/** A pairing refusal in words: the TV's `error` field says which it is (the status alone does not). */
export function refusalOf(problem: Problem, by: 'secret' | 'code'): PairRefusal {
  if (problem.kind === 'unreachable') return { key: 'unreachable' };
  if (problem.kind !== 'refused') return { key: 'failed', reason: problem.kind };
  const { error } = problem;
  if (problem.status === 429) return { key: 'tooMany', seconds: problem.retryAfterSeconds ?? 60 };
  const reason = /^pairing refused: (\w+)$/.exec(error)?.[1];
  if (reason === 'burnt') return { key: 'burnt' };
  if (reason === 'wrong') return { key: by === 'secret' ? 'qrWrong' : 'wrong' };
  if (reason === 'expired' || reason === 'used') return { key: 'expired' };
  if (problem.status === 400) return { key: 'invalid' };
  return { key: 'failed', reason: error };
}

async function kept(answer: Answer<{ credential: string }>, credentials: Credentials, by: 'secret' | 'code'): Promise<PairingState> {
  if (!answer.ok) return { paired: false, refusal: refusalOf(answer.problem, by) };
  credentials.set(answer.value.credential);
  return { paired: true };
}

export interface PageAddress {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
}

/**
 * On load: pairs with the fragment's secret when there is one (a new QR code wins over a credential kept from before),
 * else the phone is paired when it keeps a credential (the TV's first answer says whether it still knows it), and one
 * whose credential the TV dropped says so again.
 */
export async function pairOnLoad(address: PageAddress, api: Pick<PhoneApi, 'pair'>, credentials: Credentials): Promise<PairingState> {
  const { location, history } = address;
  if (location.hash !== '') {
    const secret = secretOf(location.hash);
    // Out of the address bar (and its history entry) before the request: the secret is never kept.
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    if (secret !== undefined) return kept(await api.pair({ secret }), credentials, 'secret');
  }
  if (credentials.get() !== undefined) return { paired: true };
  return { paired: false, refusal: credentials.dropped() ? { key: 'disconnected' } : undefined };
}

/** Pairs with the code a person typed (full-width digits read as digits; spaces and dashes between them left out). */
export async function pairWithCode(typed: string, api: Pick<PhoneApi, 'pair'>, credentials: Credentials): Promise<PairingState> {
  const code = typed.normalize('NFKC').replace(/[\s-]/g, '');
  if (!CODE.test(code)) return { paired: false, refusal: { key: 'invalid' } };
  return kept(await api.pair({ code }), credentials, 'code');
}
