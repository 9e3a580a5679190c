/**
 * Two members on the kiosk shell (from source, its own process, a vault key file, against a sandbox that outlives it):
 * both pair one after the other over the shell's HTTP bridge; a restart keeps both, on the chooser; with the chooser
 * skipped the last chosen opens directly; no token is ever in the store file in the clear.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../../shared/bridge';
import { bridge, sandboxEnv, sourceShellSuite, until, type SourceShell } from '../support/kioskSource';

const suite = sourceShellSuite('tunewall-household-');

const start = (extra: Record<string, string> = {}): Promise<SourceShell> =>
  suite.start({ ...sandboxEnv(suite.sandbox), TUNEWALL_VAULT_KEY_FILE: join(suite.dir, 'vault.key'), ...extra });

/** Waits until the shell's state passes `test`; returns it. */
async function stateWhere(running: SourceShell, what: string, test: (state: AppState) => boolean): Promise<AppState> {
  let last: AppState | undefined;
  await until(async () => {
    last = await bridge<AppState>(running, 'getState');
    return test(last);
  }, what);
  if (last === undefined) throw new Error(`${what}: no state`);
  return last;
}

const onScreen = (name: string) => (s: AppState) => s.auth.status === 'signed-in' && s.auth.member?.name === name;

describe('two members on the kiosk shell', () => {
  it('pair one after the other, survive restarts with the key file, and the last chosen opens when the chooser is skipped', async () => {
    const first = await start();
    const pairing = await stateWhere(first, 'a pairing code', (s) => s.auth.status === 'pairing');
    if (pairing.auth.status !== 'pairing') throw new Error('not pairing');
    expect(suite.sandbox.control.approve(pairing.auth.code.userCode, 'member-demo')).toBe(true);
    await stateWhere(first, 'the first member on screen', onScreen('林語彤'));

    expect(await bridge(first, 'addMember')).toMatchObject({ ok: true });
    const adding = await stateWhere(first, 'Add a member pairing', (s) => s.household.adding?.pairing.status === 'pairing');
    const code = adding.household.adding?.pairing;
    if (code?.status !== 'pairing') throw new Error('not pairing');
    expect(adding.auth).toMatchObject({ status: 'signed-in', member: { name: '林語彤' } });
    expect(suite.sandbox.control.approve(code.code.userCode, 'member-hanako')).toBe(true);
    const both = await stateWhere(first, 'the second member on screen', onScreen('佐藤花音'));
    expect(both.household.members.map((m) => m.name)).toEqual(['林語彤', '佐藤花音']);
    await suite.stop();

    const stored = readFileSync(join(suite.dir, 'data', 'store.json'), 'utf8');
    expect(stored.match(/"tokens\.[A-Za-z0-9_-]+":/g)).toHaveLength(2);
    expect(stored).not.toMatch(/"access_?[tT]oken"|"refresh_?[tT]oken"/);

    const chooser = await stateWhere(await start(), 'the chooser', (s) => s.auth.status === 'choosing');
    expect(chooser.household.members.map((m) => m.name)).toEqual(['林語彤', '佐藤花音']);
    await suite.stop();

    const skipped = await start({ TUNEWALL_SKIP_CHOOSER: 'on' });
    const direct = await stateWhere(skipped, 'the last chosen on screen', onScreen('佐藤花音'));
    expect(direct.household).toMatchObject({ skipChooser: true, lastChosen: direct.household.active });
    // Three starts of a process from source: a limit for a busy machine, not a pace (every wait above ends on a state).
  }, 300_000);
});
