/**
 * The core's failures (network, token service, storage) as values: a kind, words a person understands, whether trying
 * again can help. `toUiError()` turns any of them into the bridge's UiError.
 */
import type { UiError } from '../../shared/bridge';

export type CoreErrorKind =
  /** No answer: DNS, refused or dropped connection, offline. */
  | 'network'
  /** No answer within the request's time limit. */
  | 'timeout'
  /** The caller cancelled the request (sign-out, shutdown, a newer request). */
  | 'cancelled'
  /** 5xx, or the service's own `server_error`. */
  | 'server'
  /** 503/429, or `temporarily_unavailable`: come back after `retryAfterMs` when given. */
  | 'unavailable'
  /** The answer is not what the contract describes (not JSON, missing fields). */
  | 'invalid-response'
  /** The token service answered `{ "error": <code> }`; the code is in `oauthError`. */
  | 'oauth'
  /** The member is not (or no longer) signed in, or the service rejected a fresh token. */
  | 'auth'
  /** Local storage failed. */
  | 'storage';

export type MessageParams = Record<string, string | number>;

/**
 * Words for a person, in every language the renderer speaks: `messageKey` names them in its catalog (`errors.<key>`),
 * with `params` filled in; `message` is the English text, shown where a translation is missing.
 */
export interface CoreText {
  message: string;
  messageKey: string;
  params?: MessageParams | undefined;
}

/** A message of MESSAGES by key, or words of the caller's own (then with a key of its own, or English only). */
type MessageInit =
  | { messageKey: CoreMessageKey; message?: undefined; params?: undefined }
  | { message: string; messageKey?: string | undefined; params?: MessageParams | undefined };

export type CoreErrorInit = MessageInit & {
  kind: CoreErrorKind;
  /** Defaults by kind: transient kinds are retryable. */
  retryable?: boolean;
  status?: number | undefined;
  retryAfterMs?: number | undefined;
  oauthError?: string | undefined;
  cause?: unknown;
};

const TRANSIENT: ReadonlySet<CoreErrorKind> = new Set(['network', 'timeout', 'server', 'unavailable', 'invalid-response']);

export class CoreError extends Error {
  override readonly name = 'CoreError';
  readonly kind: CoreErrorKind;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly oauthError: string | undefined;
  readonly messageKey: string | undefined;
  readonly params: MessageParams | undefined;

  constructor(init: CoreErrorInit) {
    super(init.message === undefined ? MESSAGES[init.messageKey] : init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.messageKey = init.messageKey;
    this.params = init.params;
    this.kind = init.kind;
    this.retryable = init.retryable ?? TRANSIENT.has(init.kind);
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.oauthError = init.oauthError;
  }

  toUiError(): UiError {
    return { kind: uiKind(this), message: this.message, retryable: this.retryable, messageKey: this.messageKey, params: this.params };
  }
}

function uiKind(error: CoreError): UiError['kind'] {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return 'network';
    case 'server':
    case 'unavailable':
      return 'server';
    case 'invalid-response':
      return 'invalid-response';
    case 'auth':
      return 'auth';
    case 'oauth':
      if (error.oauthError === 'access_denied') return 'denied';
      if (error.oauthError === 'invalid_client' || error.oauthError === 'unauthorized_client') return 'config';
      return 'auth';
    case 'cancelled':
    case 'storage':
      return 'unknown';
  }
}

/** The core's messages in English, by key; the renderer's catalogs translate each under `errors.<key>`. */
export const MESSAGES = {
  network: 'Tunewall cannot reach the music service. Check the network connection.',
  timeout: 'The music service took too long to answer. Tunewall will try again shortly.',
  cancelled: 'The request was cancelled.',
  server: 'The music service is having trouble right now. Tunewall will try again shortly.',
  unavailable: 'The music service is busy right now. Tunewall will try again shortly.',
  invalidResponse: 'The music service sent an answer Tunewall does not understand.',
  invalidClient:
    'The music service does not accept this app’s client id and secret. Check TUNEWALL_CLIENT_ID and TUNEWALL_CLIENT_SECRET.',
  denied: 'Sign-in was declined on the other device. Press OK to get a new code.',
  codeExpired: 'The sign-in code expired. Press OK to get a new one.',
  noCode: 'Tunewall cannot get a sign-in code from the music service. Press OK to try again.',
  signedOut: 'You were signed out by the music service. Scan the code to sign in again.',
  signInExpired: 'Your sign-in expired. Scan the code to sign in again.',
  refreshInterrupted: 'Tunewall was interrupted while renewing your sign-in. Scan the code to sign in again.',
  notSignedIn: 'Tunewall is not signed in. Scan the code to sign in.',
  rejected: 'The music service did not accept Tunewall’s sign-in. Try again in a moment.',
  unexpected: 'Something went wrong in Tunewall. Try again.',
  signOutFirst: 'You are signed in. Sign out first to browse as a guest.',
  guestModeOff: 'Browsing without signing in is not enabled for this Tunewall.',
} as const;
export type CoreMessageKey = keyof typeof MESSAGES;

/** A message of MESSAGES as CoreText. */
export function coreText(key: CoreMessageKey): CoreText {
  return { message: MESSAGES[key], messageKey: key };
}

/** The message for a token-service error code, in plain words. */
export function oauthMessage(code: string): CoreText {
  switch (code) {
    case 'invalid_client':
    case 'unauthorized_client':
      return coreText('invalidClient');
    case 'access_denied':
      return coreText('denied');
    case 'invalid_grant':
      return coreText('signedOut');
    default:
      return { message: `The music service refused the sign-in request (${code}).`, messageKey: 'oauthRefused', params: { code } };
  }
}

/** Any failure as the UI shows it; unexpected throws become 'unknown' rather than leaking internals. */
export function toUiError(error: unknown): UiError {
  if (error instanceof CoreError) return error.toUiError();
  if (isUiErrorLike(error)) return error.toUiError();
  return { kind: 'unknown', retryable: true, ...coreText('unexpected') };
}

function isUiErrorLike(value: unknown): value is { toUiError(): UiError } {
  return typeof value === 'object' && value !== null && 'toUiError' in value && typeof value.toUiError === 'function';
}

export function isCancelled(error: unknown): boolean {
  return error instanceof CoreError && error.kind === 'cancelled';
}
