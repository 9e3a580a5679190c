/**
 * What the sandbox keeps across restarts when it has a state file (the embedded sandbox keeps one in the app's data
 * folder): token digests, added favorites, authorizations, and the address it listened on. Restored at start; saved
 * after every request that may have changed it, before the answer leaves, so a client never holds a token the file
 * does not know; and after in-process control calls that change it.
 */
import type { MiddlewareHandler } from 'hono';
import type { Authorizations } from '../auth/authorizations';
import type { TokenStore } from '../auth/tokens';
import type { FavoriteLog } from '../catalog/favorites';
import type { SandboxControl } from '../control';
import type { SandboxLog } from '../http/guards';
import type { SandboxOptions } from '../options';
import { readState, StateWriter, type SavedState } from './stateFile';

export interface PersistedParts {
  options: SandboxOptions;
  tokens: TokenStore;
  favorites: FavoriteLog;
  authorizations: Authorizations;
}

export interface Persistence {
  /** The port the previous run listened on, when it listened on the same host: the origin stays the same. */
  previousPort: number | undefined;
  save(): Promise<void>;
}

function current(parts: PersistedParts): SavedState {
  const { options } = parts;
  return {
    version: 1,
    seed: options.seed,
    host: options.host,
    port: options.port,
    tokens: parts.tokens.snapshot(),
    favorites: parts.favorites.snapshot(),
    authorizations: parts.authorizations.list(),
  };
}

/** Reads `file` and restores what it holds into `parts`; the returned Persistence saves them back. */
export function persistTo(file: string, parts: PersistedParts, log: SandboxLog): Persistence {
  const saved = readState(file, log);
  if (saved) {
    parts.tokens.restore(saved.tokens);
    parts.authorizations.restore(saved.authorizations);
    // Favorites name tracks of one seed's catalog; under another seed they would name nothing, or other tracks.
    if (saved.seed === parts.options.seed) parts.favorites.restore(saved.favorites);
    else log('the saved favorites belong to another catalog seed; they are left out', { saved: saved.seed, now: parts.options.seed });
  }
  const writer = new StateWriter(file, () => current(parts), log);
  return {
    previousPort: saved && saved.host === parts.options.host && saved.port > 0 ? saved.port : undefined,
    save: () => writer.save(),
  };
}

/** Saves after each request that can change state (any method but GET and HEAD), before its answer is sent. */
export function saveAfterChanges(persistence: Persistence): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await persistence.save();
  };
}

/** The control API in process, saving after each call that issues, approves or revokes. */
export function savingControl(control: SandboxControl, persistence: Persistence): SandboxControl {
  const saving =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      const result = call(...args);
      void persistence.save();
      return result;
    };
  return {
    ...control,
    approve: saving(control.approve),
    revokeMember: saving(control.revokeMember),
    issueMemberToken: saving(control.issueMemberToken),
  };
}
