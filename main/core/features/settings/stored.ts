import type { z } from 'zod';
import type { KeyValueStore, Logger } from '../../ports';

/** A value from the store, or undefined when it is absent or unreadable (then dropped, with the key in the log). */
export function readStored<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>, logger: Logger): T | undefined {
  const raw = store.get(key);
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logger.warn('stored value unreadable, ignored', { key });
  store.delete(key);
  return undefined;
}
