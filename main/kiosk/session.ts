/**
 * What lets the page the kiosk shell served reconnect after the shell's process restarts: the same loopback port and
 * the same session cookie, kept in the data folder (a 0600 file). The launch key stays one per launch; the cookie is
 * never printed, and a page with any other cookie is still refused.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from '../core/ports';

export interface KioskSession {
  /** The port the shell listened on last; undefined the first time. */
  port: number | undefined;
  /** The session cookie's value: 32 random bytes, base64url. */
  cookie: string;
}

const SessionSchema = z.object({
  port: z.number().int().min(1).max(65_535).optional(),
  cookie: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** The session kept in `path`, or a new one when there is none or it cannot be read (logged). */
export function readKioskSession(path: string, logger: Logger): KioskSession {
  try {
    const parsed = SessionSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { port: parsed.data.port, cookie: parsed.data.cookie };
    logger.warn('kiosk session file unreadable; starting a new session', { path });
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')) {
      logger.warn('kiosk session file unreadable; starting a new session', { path, error: String(error) });
    }
  }
  return { port: undefined, cookie: randomBytes(32).toString('base64url') };
}

/** Written atomically, readable by its owner only. */
export function saveKioskSession(path: string, session: KioskSession): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, JSON.stringify(session), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}
