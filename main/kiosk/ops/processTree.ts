/**
 * Ends a browser and every process it started. A renderer stopped by SIGSTOP (or stuck in the kernel) does not
 * notice its browser leaving, so each process of the tree gets SIGKILL itself, found through /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of `pid` from /proc/PID/stat (the field after the parenthesised command, which may hold spaces). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined; // gone already
  }
}

/** `root` and all its descendants, parents first. */
export function processTree(root: number, procDir = '/proc'): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync(procDir)) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const ppid = parentOf(pid);
    if (ppid === undefined) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    if (pid === undefined || tree.includes(pid)) continue;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** SIGKILLs `root` and its descendants (those listed before any of them dies, so none is re-parented away first). */
export function killTree(root: number): void {
  for (const pid of processTree(root)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Exited meanwhile.
    }
  }
}
