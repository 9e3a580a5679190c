/**
 * How the token service answers errors: `{ "error": <code>, "error_description"?: ... }` with RFC 6749 §5.2 statuses
 * (the contract leaves statuses unshown), Cache-Control: no-store, and WWW-Authenticate when Basic was used.
 */
import type { Context } from 'hono';
import type { TokenErrorCode } from '../../shared/service/auth';

export const TOKEN_ERROR_STATUS: Record<TokenErrorCode, 400 | 401> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  access_denied: 400,
  authorization_pending: 400,
  slow_down: 400,
  expired_token: 400,
};

export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export function oauthError(c: Context, code: TokenErrorCode, description?: string, usedBasic = false): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (code === 'invalid_client' && usedBasic) headers['WWW-Authenticate'] = 'Basic realm="Tunewall sandbox", charset="UTF-8"';
  const body = description === undefined ? { error: code } : { error: code, error_description: description };
  return c.json(body, TOKEN_ERROR_STATUS[code], headers);
}

export type FormResult = { ok: true; form: URLSearchParams } | { ok: false; description: string };

/** Reads an application/x-www-form-urlencoded body; a repeated parameter is refused (RFC 6749 §3.1). */
export async function readForm(c: Context): Promise<FormResult> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return { ok: false, description: 'The body must be application/x-www-form-urlencoded.' };
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    // The client hung up mid-body: a client's doing, answered (to nobody) as one, not a failure of the sandbox.
    return { ok: false, description: `The body could not be read (${error instanceof Error ? error.message : String(error)}).` };
  }
  const form = new URLSearchParams(text);
  const seen = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key)) return { ok: false, description: `The parameter ${key} is repeated.` };
    seen.add(key);
  }
  return { ok: true, form };
}
