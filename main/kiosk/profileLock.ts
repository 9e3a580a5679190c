/**
 * Taking the browser's profile over from a Chromium an earlier shell left running. A shell killed with SIGKILL (an
 * unplugged box, an OOM kill, a person's `kill -9`) leaves its Chromium behind, still holding the profile's lock. A new
 * Chromium on that profile does not start: it hands its URL to the old one and exits 0 at once, which looked like a
 * viewer closing the window. So before each launch the shell reads the lock, ends the old browser (every process of
 * it) and removes the lock; or, when it cannot, says why.
 */
import { readFileSync, readlinkSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { killTree } from './ops/processTree';

/** Chromium's lock files in a profile: a symlink to `host-pid`, its socket and a cookie. */
const SINGLETON_FILES = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'];
const GONE_WAIT_MS = 5_000;

export type Takeover =
  | { outcome: 'free' }
  /** The lock named a process that is gone (or is not this profile's browser): only the files were removed. */
  | { outcome: 'stale'; pid: number }
  /** The browser an earlier shell left was ended. */
  | { outcome: 'ended'; pid: number }
  /** It could not be ended: a person must act, and `reason` says how. */
  | { outcome: 'blocked'; reason: string };

export interface ProfileLockDeps {
  host?: string;
  procDir?: string;
  kill?: (pid: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** `host-pid` from the lock's target; undefined when it is no such thing. */
export function parseLockTarget(target: string): { host: string; pid: number } | undefined {
  const match = /^(.+)-(\d+)$/.exec(target);
  const pid = Number(match?.[2]);
  if (match?.[1] === undefined || !Number.isSafeInteger(pid) || pid <= 1) return undefined;
  return { host: match[1], pid };
}

/** Whether `pid` runs (a zombie waiting for its parent counts as gone: it holds nothing any more). */
function running(pid: number, procDir: string): boolean {
  try {
    const stat = readFileSync(join(procDir, String(pid), 'stat'), 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Whether `pid` is a browser started on this profile (a reused pid is some other program, left alone). */
function usesProfile(pid: number, profile: string, procDir: string): boolean {
  try {
    const args = readFileSync(join(procDir, String(pid), 'cmdline'), 'utf8').split('\0');
    return args.some((arg) => arg.startsWith('--user-data-dir=') && resolve(arg.slice('--user-data-dir='.length)) === resolve(profile));
  } catch {
    return false;
  }
}

function removeLockFiles(profile: string): void {
  for (const name of SINGLETON_FILES) rmSync(join(profile, name), { force: true });
}

export async function takeOverProfile(profile: string, deps: ProfileLockDeps = {}): Promise<Takeover> {
  const procDir = deps.procDir ?? '/proc';
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const now = deps.now ?? Date.now;
  let target: string;
  try {
    target = readlinkSync(join(profile, 'SingletonLock'));
  } catch {
    return { outcome: 'free' };
  }
  const lock = parseLockTarget(target);
  if (lock === undefined) {
    removeLockFiles(profile);
    return { outcome: 'free' };
  }
  if (lock.host !== (deps.host ?? hostname())) {
    return {
      outcome: 'blocked',
      reason:
        `the browser profile ${profile} is locked by a Chromium on another machine ("${lock.host}"). ` +
        'Give each display a data folder of its own (TUNEWALL_DATA_DIR or --data-dir), or remove the folder\'s chromium/SingletonLock once that browser is closed.',
    };
  }
  if (!running(lock.pid, procDir) || !usesProfile(lock.pid, profile, procDir)) {
    removeLockFiles(profile);
    return { outcome: 'stale', pid: lock.pid };
  }
  try {
    (deps.kill ?? killTree)(lock.pid);
  } catch (error) {
    return { outcome: 'blocked', reason: `the Chromium an earlier start left running (pid ${lock.pid}) could not be ended: ${error instanceof Error ? error.message : String(error)}` };
  }
  const deadline = now() + GONE_WAIT_MS;
  while (running(lock.pid, procDir)) {
    if (now() > deadline) {
      return {
        outcome: 'blocked',
        reason: `the Chromium an earlier start left running (pid ${lock.pid}) is still there ${GONE_WAIT_MS / 1000} s after SIGKILL (run by another user?). End it, then start Tunewall again.`,
      };
    }
    await sleep(50);
  }
  removeLockFiles(profile);
  return { outcome: 'ended', pid: lock.pid };
}
