/** How many times the shell has started on this data folder: the restarts a fleet sees in tunewall_restarts_total. */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'ops-starts.json';

/** Counts this start; returns how many starts came before it. A missing or unreadable count starts over at 0. */
export function countStart(dataDir: string): number {
  const path = join(dataDir, FILE);
  let before = 0;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { starts?: unknown };
    if (typeof parsed.starts === 'number' && Number.isSafeInteger(parsed.starts) && parsed.starts >= 0) before = parsed.starts;
  } catch {
    // First start on this folder (or a count lost to a power cut): nothing to add.
  }
  try {
    writeFileSync(`${path}.tmp`, JSON.stringify({ starts: before + 1 }), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  } catch {
    // A read-only folder: the count stays where it was; the display runs on.
  }
  return before;
}
