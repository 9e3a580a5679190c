/**
 * What an answer (or a failure) tells the session: whether the API refused the bearer token, and whether a refresh
 * that failed may still have been carried out by the service.
 */
import { CoreError } from '../errors';
import { certainlyNotSent } from '../net/delivery';
import { tryParseJson } from '../net/http';

/** Service messages of a catalog or member endpoint that mean the bearer token was refused. */
const AUTH_REJECTION = /authenticat|token|unauthori[sz]ed/i;

/**
 * Whether the API refused the bearer token: a 401, or an error body that says so (the contract documents messages,
 * not statuses).
 */
export async function isAuthRejection(response: Response): Promise<boolean> {
  if (response.ok) return false;
  if (response.status === 401) return true;
  if (response.status !== 400 && response.status !== 403) return false;
  let text: string;
  try {
    text = await response.clone().text();
  } catch (error) {
    // An unreadable error body says nothing about the token; the caller gets the response as it is.
    void error;
    return false;
  }
  const body = tryParseJson(text);
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  if (typeof error === 'string') return AUTH_REJECTION.test(error);
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return AUTH_REJECTION.test(error.message);
  }
  return false;
}

/**
 * Whether a refresh that failed may still have been carried out, its answer lost: anything but an answer that says
 * nothing was issued (an error status or body) or a failure before the request left this machine.
 */
export function mayHaveBeenCarriedOut(error: unknown): boolean {
  if (!(error instanceof CoreError)) return true;
  switch (error.kind) {
    case 'server':
    case 'unavailable':
    case 'oauth':
      return false;
    case 'invalid-response':
      // A 2xx that could not be read may well have carried the new tokens.
      return error.status === undefined || (error.status >= 200 && error.status < 300);
    case 'network':
      return !certainlyNotSent(error);
    default:
      return true;
  }
}

export async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch (error) {
    // The body is thrown away anyway; a stream that cannot be cancelled is closed with the response.
    void error;
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
