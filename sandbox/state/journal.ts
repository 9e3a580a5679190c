/**
 * Writes the state file (stateFile.ts) so that a change costs what the change is, not what the whole state is: each
 * save appends the lines of the changes since the last one; the whole state is written again (to a temporary file
 * renamed over the old one, mode 0600, so a crash mid-write leaves the previous file) at start, at close, and when the
 * appended lines outgrow the last whole state, so rewrites get rarer as the state grows and the file stays within
 * about twice the state. One write at a time: saves asked for during a write wait and go out together.
 */
import { appendFile, chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SandboxLog } from '../http/guards';
import type { SavedState, StateChange } from './stateFile';

/** Appended lines below this never cause a rewrite, however small the state. */
const MIN_APPENDED_BYTES = 64 * 1024;

export class StateJournal {
  private pending: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private appendedBytes = 0;
  private wholeBytes = 0;
  private rewriteDue = true;
  private lastFailure = '';

  constructor(
    private readonly file: string,
    private readonly current: () => SavedState,
    private readonly log: SandboxLog,
  ) {}

  /** Notes a change; it reaches the disk with the next save. */
  record(change: StateChange): void {
    this.pending.push(JSON.stringify(change));
  }

  /** Resolves once every change noted so far is on disk, or the write failed and was said. */
  save(): Promise<void> {
    this.queue = this.queue.then(() => this.flush());
    return this.queue;
  }

  /** Writes the whole state as it is now, in place of the file's lines. */
  rewrite(): Promise<void> {
    this.rewriteDue = true;
    return this.save();
  }

  private async flush(): Promise<void> {
    if (this.rewriteDue || this.appendedBytes > Math.max(MIN_APPENDED_BYTES, this.wholeBytes)) return this.writeWhole();
    if (this.pending.length === 0) return;
    const count = this.pending.length;
    const text = `${this.pending.join('\n')}\n`;
    try {
      await appendFile(this.file, text, { mode: 0o600 });
      this.pending.splice(0, count);
      this.appendedBytes += Buffer.byteLength(text);
      this.lastFailure = '';
    } catch (error) {
      this.failed(error);
    }
  }

  private async writeWhole(): Promise<void> {
    // Every change noted so far is in the state as it is now; later ones are appended after it.
    this.pending = [];
    const json = `${JSON.stringify(this.current())}\n`;
    const tmp = `${this.file}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
      await writeFile(tmp, json, { mode: 0o600 });
      // A temporary file left by a crash keeps the mode it was made with; this one must be 0600 whatever was there.
      await chmod(tmp, 0o600);
      await rename(tmp, this.file);
      this.wholeBytes = Buffer.byteLength(json);
      this.appendedBytes = 0;
      this.rewriteDue = false;
      this.lastFailure = '';
    } catch (error) {
      this.failed(error);
    }
  }

  /** Said once per reason; the next save writes the whole state from memory, so nothing noted is lost on disk for good. */
  private failed(error: unknown): void {
    this.pending = [];
    this.rewriteDue = true;
    const reason = error instanceof Error ? error.message : String(error);
    if (reason !== this.lastFailure) this.log('the state could not be saved; it is kept in memory', { file: this.file, reason });
    this.lastFailure = reason;
  }
}
