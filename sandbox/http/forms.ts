/**
 * Reads an HTML form's body (urlencoded or multipart) without ever throwing: a body of another type, or one that does
 * not parse (a multipart body with a broken boundary, say), is a reason the caller answers with a 400.
 */
import type { Context } from 'hono';

export type FormBody = { ok: true; fields: Record<string, string> } | { ok: false; description: string };

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export async function readFormBody(c: Context): Promise<FormBody> {
  const type = c.req.header('content-type') ?? '';
  if (!FORM_TYPE.test(type)) {
    return { ok: false, description: 'The body must be application/x-www-form-urlencoded or multipart/form-data.' };
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = await c.req.parseBody();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, description: `The body cannot be read as a form (${reason}).` };
  }
  // Files are no field any form of the sandbox asks for: they are left out, not turned into text.
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') fields[name] = value;
  return { ok: true, fields };
}
