/**
 * The sandbox's state file: what a restart must find again (the digests of the tokens it issued, the favorites members
 * added, which members approved which app, the port it listened on). Read once at start: a file that cannot be read
 * or is not what the sandbox writes is set aside under another name, said once, and the sandbox starts fresh. Written
 * whole to a temporary file and renamed over the old one (mode 0600), so a crash mid-write leaves the previous state.
 */
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SandboxLog } from '../http/guards';

const Sha256 = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const Time = z.number().finite();

const GrantSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('client'), clientId: z.string() }),
  z.object({ kind: z.literal('member'), clientId: z.string(), memberId: z.string() }),
]);

export const SavedStateSchema = z.object({
  version: z.literal(1),
  /** The catalog seed the favorites refer to. */
  seed: z.number().int(),
  host: z.string(),
  port: z.number().int().min(0).max(65535),
  tokens: z.object({
    access: z.array(z.object({ sha256: Sha256, grant: GrantSchema, expiresAt: Time })),
    refresh: z.array(z.object({ sha256: Sha256, clientId: z.string(), memberId: z.string(), expiresAt: Time })),
  }),
  favorites: z.record(z.string(), z.array(z.string())),
  authorizations: z.array(z.object({ clientId: z.string(), memberId: z.string(), approvedAt: Time })),
});
export type SavedState = z.infer<typeof SavedStateSchema>;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The saved state, or undefined for none (first start) or one set aside. Never throws. */
export function readState(file: string, log: SandboxLog, now: () => number = Date.now): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    log('the state file cannot be read; starting fresh', { file, reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
  let reason: string;
  try {
    const parsed = SavedStateSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    reason = `not the sandbox's state: ${z.prettifyError(parsed.error).split('\n')[0] ?? 'unexpected shape'}`;
  } catch (error) {
    reason = `not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const aside = `${file}.corrupt-${now()}`;
  try {
    renameSync(file, aside);
    log('the state file was set aside; starting fresh', { file, aside, reason });
  } catch (error) {
    log('the state file is unusable and could not be set aside; starting fresh', { file, reason, error: error instanceof Error ? error.message : String(error) });
  }
  return undefined;
}

/**
 * Writes the state whenever it changed, one write at a time: a save while another is under way waits for it, then
 * writes what is current by then, so a burst of changes costs one or two writes. A failed write is said (once per
 * reason) and retried with the next change; the sandbox keeps serving from memory.
 */
export class StateWriter {
  private written = '';
  private queue: Promise<void> = Promise.resolve();
  private lastFailure = '';

  constructor(
    private readonly file: string,
    private readonly current: () => SavedState,
    private readonly log: SandboxLog,
  ) {}

  /** Resolves once the state as it is now (or later) is on disk, or the write failed and was said. */
  save(): Promise<void> {
    this.queue = this.queue.then(() => this.writeIfChanged());
    return this.queue;
  }

  private async writeIfChanged(): Promise<void> {
    const json = `${JSON.stringify(this.current())}\n`;
    if (json === this.written) return;
    const tmp = `${this.file}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      await writeFile(tmp, json, { mode: 0o600 });
      // A temporary file left by a crash keeps the mode it was made with; this one must be 0600 whatever was there.
      await chmod(tmp, 0o600);
      await rename(tmp, this.file);
      this.written = json;
      this.lastFailure = '';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== this.lastFailure) this.log('the state could not be saved; it is kept in memory', { file: this.file, reason });
      this.lastFailure = reason;
    }
  }
}
