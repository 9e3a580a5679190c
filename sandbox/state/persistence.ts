/**
 * What the sandbox keeps across restarts when it has a state file (the embedded sandbox keeps one in the app's data
 * folder): token digests, added favorites, authorizations, and the address it listened on. Restored at start; each
 * change is appended after the request that made it, before the answer leaves, so a client never holds a token the
 * file does not know; and after in-process control calls that change it. The whole state is written at start, at
 * close and now and then between (journal.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { Authorizations } from '../auth/authorizations';
import type { TokenStore } from '../auth/tokens';
import type { FavoriteLog } from '../catalog/favorites';
import type { SandboxControl } from '../control';
import type { SandboxLog } from '../http/guards';
import type { SandboxOptions } from '../options';
import { StateJournal } from './journal';
import { readState, type SavedState } from './stateFile';

export interface PersistedParts {
  options: SandboxOptions;
  tokens: TokenStore;
  favorites: FavoriteLog;
  authorizations: Authorizations;
}

export interface Persistence {
  /** The port the previous run listened on, when it listened on the same host: the origin stays the same. */
  previousPort: number | undefined;
  /** Puts every change so far on disk. */
  save(): Promise<void>;
  /** Writes the whole state in place of the file's lines (at start, with the port; at close). */
  rewrite(): Promise<void>;
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
  const journal = new StateJournal(file, () => current(parts), log);
  // Listening only now: what was restored is on disk already.
  parts.tokens.onChange = (change) => journal.record(change);
  parts.favorites.onAdd = (memberId, trackId) => journal.record({ e: 'favorite', memberId, trackId });
  parts.authorizations.onRecord = (authorization) => journal.record({ e: 'authorization', ...authorization });
  return {
    previousPort: saved && saved.host === parts.options.host && saved.port > 0 ? saved.port : undefined,
    save: () => journal.save(),
    rewrite: () => journal.rewrite(),
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
