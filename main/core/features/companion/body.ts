/** A phone's JSON body, read by a strict schema: anything else is refused, and the refusal logged. */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Refusals } from './guards';

/** The body as `schema` reads it, or the refusal to answer (not JSON, not the shape asked for). */
export async function jsonBody<T>(c: Context, schema: z.ZodType<T>, { refuse }: Refusals): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return { ok: false, response: refuse(c, 400, 'the body must be JSON') };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch (error) {
    void error;
    return { ok: false, response: refuse(c, 400, 'the body is not JSON') };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: refuse(c, 400, 'the body is not what this route takes') };
  return { ok: true, value: parsed.data };
}
