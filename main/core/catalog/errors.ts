/**
 * The catalog's failures as values the UI can show. The kind is read from the JSON `error` body first (the contract
 * documents messages, not statuses); the HTTP status only decides when the body says nothing we know.
 * main/core/errors.ts `toUiError()` turns a CatalogError into the bridge's UiError like any other core error.
 */
import { CATALOG_ERROR_MESSAGES, CatalogErrorSchema } from '../../../shared/service/catalog';
import type { UiError } from '../../../shared/bridge';
import { MESSAGES as CORE_MESSAGES } from '../errors';
import { parseRetryAfter } from '../net/retryAfter';

export type CatalogErrorKind = Extract<
  UiError['kind'],
  'network' | 'server' | 'auth' | 'not-found' | 'territory' | 'invalid-response' | 'unknown'
>;

export interface CatalogErrorInit {
  kind: CatalogErrorKind;
  /** Words a person understands: CATALOG_MESSAGES by key. */
  messageKey: CatalogMessageKey;
  retryable: boolean;
  /** The service's own `error.message`, kept for logs and diagnostics. */
  serviceMessage?: string | undefined;
  status?: number | undefined;
  /** From a Retry-After header, when the service sent one. */
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

export class CatalogError extends Error {
  override readonly name = 'CatalogError';
  readonly kind: CatalogErrorKind;
  readonly retryable: boolean;
  readonly serviceMessage: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly messageKey: CatalogMessageKey;

  constructor(init: CatalogErrorInit) {
    super(CATALOG_MESSAGES[init.messageKey], init.cause === undefined ? undefined : { cause: init.cause });
    this.messageKey = init.messageKey;
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.serviceMessage = init.serviceMessage;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
  }

  toUiError(): UiError {
    return { kind: this.kind, message: this.message, retryable: this.retryable, messageKey: this.messageKey };
  }
}

/**
 * The catalog's messages in English, by key (the renderer's `errors.<key>`); the ones it shares with the token service
 * are the core's own, so each is translated once.
 */
export const CATALOG_MESSAGES = {
  'catalog.territory': 'This music is not offered in the selected region. Choose another region in Settings.',
  'catalog.notFound': 'This item is no longer in the catalog.',
  'catalog.noSeed': 'There are no recommendations for this track.',
  'catalog.auth': 'Tunewall is no longer signed in to the music service. Sign in again to continue.',
  'catalog.memberOnly': 'This needs a member’s sign-in: browsing as a guest does not reach it.',
  'catalog.refused': 'The music service refused the request.',
  server: CORE_MESSAGES.server,
  network: CORE_MESSAGES.network,
  timeout: CORE_MESSAGES.timeout,
  invalidResponse: CORE_MESSAGES.invalidResponse,
} as const;
export type CatalogMessageKey = keyof typeof CATALOG_MESSAGES;

/** Service messages that mean the bearer token was missing, wrong or expired ("incorrect or expired token", "failed authentication"). */
const AUTH_MESSAGE = /authenticat|token|unauthori[sz]ed/i;
/** Messages that mean the token is fine but speaks for no member (a guest's client-credentials token on member data). */
const MEMBER_ONLY_MESSAGE = /authori[sz]ation required|member/i;

/** Milliseconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  return parseRetryAfter(header, now);
}

/**
 * The error a catalog answer stands for. `body` is the parsed JSON (or undefined when it was not JSON).
 * Returns undefined for a successful answer with no error body.
 */
export function catalogErrorFrom(status: number, body: unknown, retryAfter?: number): CatalogError | undefined {
  const parsed = CatalogErrorSchema.safeParse(body);
  if (parsed.success) {
    const serviceMessage = parsed.data.error.message;
    const base = { serviceMessage, status, retryAfterMs: retryAfter };
    switch (serviceMessage) {
      case CATALOG_ERROR_MESSAGES.invalidTerritory:
        return new CatalogError({ ...base, kind: 'territory', messageKey: 'catalog.territory', retryable: false });
      case CATALOG_ERROR_MESSAGES.notFound:
        return new CatalogError({ ...base, kind: 'not-found', messageKey: 'catalog.notFound', retryable: false });
      case CATALOG_ERROR_MESSAGES.noSeed:
        return new CatalogError({ ...base, kind: 'not-found', messageKey: 'catalog.noSeed', retryable: false });
      case CATALOG_ERROR_MESSAGES.internal:
        return new CatalogError({ ...base, kind: 'server', messageKey: 'server', retryable: true });
      case CATALOG_ERROR_MESSAGES.invalidAuthentication:
        return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.auth', retryable: false });
    }
    if (AUTH_MESSAGE.test(serviceMessage)) {
      return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.auth', retryable: false });
    }
    if (MEMBER_ONLY_MESSAGE.test(serviceMessage)) {
      return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.memberOnly', retryable: false });
    }
    return fromStatus(status, base) ?? new CatalogError({ ...base, kind: 'unknown', messageKey: 'catalog.refused', retryable: false });
  }
  // A token-service style body (`{"error":"invalid_token"}`) can come from a gateway in front of the catalog.
  if (isStringErrorBody(body)) {
    const base = { serviceMessage: body.error, status, retryAfterMs: retryAfter };
    if (AUTH_MESSAGE.test(body.error) || status === 401) {
      return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.auth', retryable: false });
    }
    return fromStatus(status, base) ?? new CatalogError({ ...base, kind: 'unknown', messageKey: 'catalog.refused', retryable: false });
  }
  if (status >= 200 && status < 300) return undefined;
  const base = { status, retryAfterMs: retryAfter };
  return fromStatus(status, base) ?? new CatalogError({ ...base, kind: 'unknown', messageKey: 'catalog.refused', retryable: false });
}

function isStringErrorBody(body: unknown): body is { error: string } {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string';
}

function fromStatus(
  status: number,
  base: { serviceMessage?: string; status: number; retryAfterMs: number | undefined },
): CatalogError | undefined {
  if (status >= 500 || status === 429) {
    return new CatalogError({ ...base, kind: 'server', messageKey: 'server', retryable: true });
  }
  if (status === 401) return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.auth', retryable: false });
  if (status === 403) return new CatalogError({ ...base, kind: 'auth', messageKey: 'catalog.memberOnly', retryable: false });
  if (status === 404) return new CatalogError({ ...base, kind: 'not-found', messageKey: 'catalog.notFound', retryable: false });
  return undefined;
}

export function networkError(cause: unknown): CatalogError {
  return new CatalogError({ kind: 'network', messageKey: 'network', retryable: true, cause });
}

export function timeoutError(cause: unknown): CatalogError {
  return new CatalogError({ kind: 'network', messageKey: 'timeout', retryable: true, cause });
}

export function invalidResponseError(detail: string, cause?: unknown): CatalogError {
  return new CatalogError({ kind: 'invalid-response', messageKey: 'invalidResponse', retryable: false, serviceMessage: detail, cause });
}
