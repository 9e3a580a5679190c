/**
 * The sandbox's state file: what a restart must find again (the digests of the tokens it issued, the favorites members
 * added, which members approved which app, the port it listened on), as JSON lines. The first line is the whole state
 * at some moment; each later line is one change since (a token issued or revoked, a favorite added, an approval).
 * Read once at start: a file whose first line cannot be read or is not what the sandbox writes is set aside under
 * another name, said once, and the sandbox starts fresh; a last line cut short by a crash is left out.
 */
import { readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import type { SandboxLog } from '../http/guards';

const Sha256 = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const Time = z.number().finite();

const GrantSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('client'), clientId: z.string() }),
  z.object({ kind: z.literal('member'), clientId: z.string(), memberId: z.string() }),
]);
const AccessSchema = z.object({ sha256: Sha256, grant: GrantSchema, expiresAt: Time });
const RefreshSchema = z.object({ sha256: Sha256, clientId: z.string(), memberId: z.string(), expiresAt: Time });
const AuthorizationSchema = z.object({ clientId: z.string(), memberId: z.string(), approvedAt: Time });

export const SavedStateSchema = z.object({
  version: z.literal(1),
  /** The catalog seed the favorites refer to. */
  seed: z.number().int(),
  host: z.string(),
  port: z.number().int().min(0).max(65535),
  tokens: z.object({ access: z.array(AccessSchema), refresh: z.array(RefreshSchema) }),
  favorites: z.record(z.string(), z.array(z.string())),
  authorizations: z.array(AuthorizationSchema),
});
export type SavedState = z.infer<typeof SavedStateSchema>;

/** One change after the first line. */
export const StateChangeSchema = z.discriminatedUnion('e', [
  AccessSchema.extend({ e: z.literal('access') }),
  RefreshSchema.extend({ e: z.literal('refresh') }),
  z.object({ e: z.literal('forget'), sha256: Sha256 }),
  z.object({ e: z.literal('favorite'), memberId: z.string(), trackId: z.string() }),
  AuthorizationSchema.extend({ e: z.literal('authorization') }),
]);
export type StateChange = z.infer<typeof StateChangeSchema>;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The state with the changes after it applied, in the order they happened. */
export function applyChanges(state: SavedState, changes: readonly StateChange[]): SavedState {
  const access = new Map(state.tokens.access.map((r) => [r.sha256, r]));
  const refresh = new Map(state.tokens.refresh.map((r) => [r.sha256, r]));
  const favorites = new Map(Object.entries(state.favorites).map(([member, ids]) => [member, [...ids]]));
  const authorizations = new Map(state.authorizations.map((a) => [JSON.stringify([a.clientId, a.memberId]), a]));
  for (const change of changes) {
    switch (change.e) {
      case 'access':
        access.set(change.sha256, { sha256: change.sha256, grant: change.grant, expiresAt: change.expiresAt });
        break;
      case 'refresh':
        refresh.set(change.sha256, { sha256: change.sha256, clientId: change.clientId, memberId: change.memberId, expiresAt: change.expiresAt });
        break;
      case 'forget':
        access.delete(change.sha256);
        refresh.delete(change.sha256);
        break;
      case 'favorite': {
        const list = favorites.get(change.memberId) ?? [];
        if (!list.includes(change.trackId)) favorites.set(change.memberId, [change.trackId, ...list]);
        break;
      }
      case 'authorization': {
        const key = JSON.stringify([change.clientId, change.memberId]);
        authorizations.delete(key);
        authorizations.set(key, { clientId: change.clientId, memberId: change.memberId, approvedAt: change.approvedAt });
        break;
      }
    }
  }
  return {
    ...state,
    tokens: { access: [...access.values()], refresh: [...refresh.values()] },
    favorites: Object.fromEntries(favorites),
    authorizations: [...authorizations.values()],
  };
}

/** The changes after the first line, up to the first one that does not read (a write cut short leaves half a line). */
function readChanges(lines: readonly string[], file: string, log: SandboxLog): StateChange[] {
  const changes: StateChange[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    let parsed: ReturnType<typeof StateChangeSchema.safeParse> | undefined;
    try {
      parsed = StateChangeSchema.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) {
      changes.push(parsed.data);
      continue;
    }
    // Only the last line can be cut short by a crash; anything else is worth saying.
    if (index < lines.length - 1) log('the state file has a change that does not read; it and what follows are left out', { file, line: index + 2 });
    break;
  }
  return changes;
}

/** The saved state, or undefined for none (first start) or one set aside. Never throws. */
export function readState(file: string, log: SandboxLog, now: () => number = Date.now): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    log('the state file cannot be read; starting fresh', { file, reason: message(error) });
    return undefined;
  }
  const [first = '', ...rest] = text.split('\n');
  let reason: string;
  try {
    const parsed = SavedStateSchema.safeParse(JSON.parse(first));
    if (parsed.success) return applyChanges(parsed.data, readChanges(rest, file, log));
    reason = `not the sandbox's state: ${z.prettifyError(parsed.error).split('\n')[0] ?? 'unexpected shape'}`;
  } catch (error) {
    reason = `not JSON: ${message(error)}`;
  }
  const aside = `${file}.corrupt-${now()}`;
  try {
    renameSync(file, aside);
    log('the state file was set aside; starting fresh', { file, aside, reason });
  } catch (error) {
    log('the state file is unusable and could not be set aside; starting fresh', { file, reason, error: message(error) });
  }
  return undefined;
}
