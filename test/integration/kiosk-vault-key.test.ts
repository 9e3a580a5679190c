/**
 * A start without the vault key, or with another one (a credential not mounted yet at boot, a mistyped path), must not
 * cost the member their sign-in: the kiosk shell (from source, its own process, against a sandbox that outlives it)
 * pairs with a key, starts without it, starts with another key and pairs there too, and on the next start with the
 * first key is signed in at once, as the first member.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../shared/bridge';
import { bridge, sandboxEnv, settledState, sourceShellSuite, until, type SourceShell } from '../support/kioskSource';

const suite = sourceShellSuite('tunewall-vault-key-', ['right.key', 'other.key']);

const start = (keyFile: string | undefined): Promise<SourceShell> =>
  suite.start({ ...sandboxEnv(suite.sandbox), ...(keyFile === undefined ? {} : { TUNEWALL_VAULT_KEY_FILE: join(suite.dir, keyFile) }) });

/** Approves the shell's pairing code at the sandbox, as a person would on their phone; returns the member's name. */
async function pair(running: SourceShell): Promise<string> {
  let code: string | undefined;
  await until(async () => {
    const state = await bridge<AppState>(running, 'getState');
    code = state.auth.status === 'pairing' ? state.auth.code.userCode : undefined;
    return code !== undefined;
  }, 'a pairing code');
  suite.sandbox.control.approve(code ?? '');
  let member: string | undefined;
  await until(async () => {
    const state = await bridge<AppState>(running, 'getState');
    member = state.auth.status === 'signed-in' && state.auth.mode === 'member' ? (state.auth.member?.name ?? '') : undefined;
    return member !== undefined && member !== '';
  }, 'signing in with a name');
  return member ?? '';
}

describe('a start without the right vault key', () => {
  it('keeps the stored sign-in, set aside, and the next start with the right key is signed in at once', async () => {
    const first = await pair(await start('right.key'));
    await suite.stop();

    const keyless = await settledState(await start(undefined));
    expect(keyless.auth.status).not.toBe('signed-in');
    expect(keyless.storage.protection).toBe('memory');
    await suite.stop();

    const mistyped = await start('other.key');
    expect((await settledState(mistyped)).auth.status).not.toBe('signed-in');
    expect(mistyped.stderr()).toContain('set aside, not deleted');
    await pair(mistyped);
    await suite.stop();

    const restarted = await start('right.key');
    const back = await settledState(restarted);
    expect(back.auth).toMatchObject({ status: 'signed-in', mode: 'member' });
    await until(async () => {
      const state = await bridge<AppState>(restarted, 'getState');
      return state.auth.status === 'signed-in' && state.auth.member?.name === first;
    }, 'the first member on screen again');
    // The other key's sign-in waits in its turn, ciphertext only, set aside in its member's own entry.
    const stored = readFileSync(join(suite.dir, 'data', 'store.json'), 'utf8');
    expect(stored).toMatch(/"tokens\.[A-Za-z0-9_-]+\.setAside"/);
    expect(stored).not.toMatch(/"access_?[tT]oken"/);
    // Four starts of a process from source: a limit for a busy machine, not a pace (every wait above ends on a state).
  }, 300_000);
});
