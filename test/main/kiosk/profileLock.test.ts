/**
 * The browser profile's lock, read before each launch: a Chromium an earlier shell left running on it is ended (every
 * process of it) and its lock removed; a lock whose process is gone, or is some other program now, is just removed;
 * a lock from another machine, or a browser that will not end, is refused with the reason.
 */
import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLockTarget, takeOverProfile } from '../../../main/kiosk/profileLock';

let dir: string;
let profile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-profile-'));
  profile = join(dir, 'chromium');
  mkdirSync(profile);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Whether the lock file is there (a symlink to `host-pid`, which points nowhere, so existsSync would say no). */
const present = (name: string): boolean => {
  try {
    lstatSync(join(profile, name));
    return true;
  } catch {
    return false;
  }
};

const lock = (target: string): void => {
  symlinkSync(target, join(profile, 'SingletonLock'));
  symlinkSync('/tmp/nowhere/SingletonSocket', join(profile, 'SingletonSocket'));
};

describe('takeOverProfile', () => {
  it('finds nothing to do on a free profile', async () => {
    expect(await takeOverProfile(profile)).toEqual({ outcome: 'free' });
  });

  it('ends the browser holding the profile and removes its lock files', async () => {
    // A process started on this profile, as the browser of a killed shell is.
    const browser = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', `--user-data-dir=${profile}`], { stdio: 'ignore' });
    const gone = new Promise((done) => browser.once('exit', (_code, signal) => done(signal)));
    lock(`${hostname()}-${browser.pid}`);
    expect(await takeOverProfile(profile)).toEqual({ outcome: 'ended', pid: browser.pid });
    expect(await gone).toBe('SIGKILL');
    expect(present('SingletonLock')).toBe(false);
    expect(present('SingletonSocket')).toBe(false);
  });

  it('leaves a process alone that is not a browser on this profile (a reused pid), removing only the lock', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      lock(`${hostname()}-${other.pid}`);
      expect(await takeOverProfile(profile)).toEqual({ outcome: 'stale', pid: other.pid });
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
      expect(present('SingletonLock')).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('refuses a lock from another machine, saying what to do', async () => {
    lock('display-07-4242');
    const taken = await takeOverProfile(profile);
    expect(taken).toMatchObject({ outcome: 'blocked' });
    expect(taken.outcome === 'blocked' ? taken.reason : '').toContain('locked by a Chromium on another machine ("display-07")');
    expect(present('SingletonLock')).toBe(true);
  });

  it('refuses, saying why, when the browser is still there after SIGKILL', async () => {
    const browser = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', `--user-data-dir=${profile}`], { stdio: 'ignore' });
    try {
      lock(`${hostname()}-${browser.pid}`);
      let clock = 0;
      const taken = await takeOverProfile(profile, { kill: () => undefined, now: () => (clock += 1_000), sleep: async () => undefined });
      expect(taken.outcome === 'blocked' ? taken.reason : '').toContain(`(pid ${browser.pid}) is still there 5 s after SIGKILL`);
    } finally {
      browser.kill('SIGKILL');
    }
  });
});

describe('parseLockTarget', () => {
  it('reads host-pid, hosts with dashes included', () => {
    expect(parseLockTarget('tv-box-12-4242')).toEqual({ host: 'tv-box-12', pid: 4242 });
    expect(parseLockTarget('nonsense')).toBeUndefined();
    expect(parseLockTarget('host-1')).toBeUndefined();
  });
});
