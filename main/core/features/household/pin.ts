/**
 * The household's PIN: four digits, kept only as a salted scrypt hash (node:crypto's, a memory-hard KDF, so the hash
 * in the store does not give the PIN away by a quick search of its 10,000 values), compared in constant time.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const PinHashSchema = z.object({ salt: z.string().min(1), hash: z.string().min(1) });
export type PinHash = z.infer<typeof PinHashSchema>;

const KEY_LENGTH = 32;
/** scrypt's cost: about 16 MiB and a few tens of milliseconds per check on a TV box. */
const COST = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export function hashPin(pin: string): PinHash {
  const salt = randomBytes(16);
  return { salt: salt.toString('base64'), hash: scryptSync(pin, salt, KEY_LENGTH, COST).toString('base64') };
}

/**
 * Whether `pin` is the one `stored` was made from; 'unusable' when the stored hash cannot be checked at all (damaged, or
 * written by something else): no PIN would ever match it, so the household is told how to reset it rather than that
 * the PIN is wrong.
 */
export function checkPin(pin: string, stored: PinHash): 'match' | 'wrong' | 'unusable' {
  const expected = Buffer.from(stored.hash, 'base64');
  const salt = Buffer.from(stored.salt, 'base64');
  if (expected.length !== KEY_LENGTH || salt.length === 0) return 'unusable';
  const actual = scryptSync(pin, salt, KEY_LENGTH, COST);
  return timingSafeEqual(actual, expected) ? 'match' : 'wrong';
}
