/**
 * A sandbox with a state file remembers across restarts what a real service would: the tokens it issued (as digests
 * only), rotations and revocations, favorites members added, which members approved the app, and its port. A state
 * file it cannot use is set aside, and it starts fresh.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FavoriteResultSchema, TrackPageSchema } from '../../shared/service/catalog';
import { MAX_TOKENS_PER_GRANT, tokenDigest } from '../../sandbox/auth/tokens';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { x } from './contract-paths';
import { memberToken, tokenOk, tokenRequest } from './helpers';

let dir: string;
let file: string;
let logged: string[];
const running: RunningSandbox[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tunewall-sandbox-state-'));
  file = join(dir, 'sandbox-state.json');
  logged = [];
});
afterEach(async () => {
  for (const sb of running.splice(0)) await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(seed?: number): Promise<RunningSandbox> {
  const sb = await startSandbox({ lifetimes: { deviceIntervalSeconds: 0 }, ...(seed === undefined ? {} : { seed }) }, {
    stateFile: file,
    log: (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {})}`),
  });
  running.push(sb);
  return sb;
}

async function restart(sb: RunningSandbox, seed?: number): Promise<RunningSandbox> {
  await sb.close();
  running.splice(running.indexOf(sb), 1);
  return start(seed);
}

const api = (sb: RunningSandbox, path: string, token: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${sb.urls.api}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

const MeSchema = z.object({ id: z.string() });

describe('across a restart', () => {
  it('a member stays signed in: the access token still works, and the refresh token rotates once', async () => {
    const first = await start();
    const tokens = await memberToken(first, 'member-hanako');
    const second = await restart(first);
    expect(second.origin).toBe(first.origin);
    const me = await api(second, '/me', tokens.access_token);
    expect(me.status).toBe(200);
    expect(MeSchema.parse(await me.json()).id).toBe('member-hanako');

    const rotated = await tokenOk(await tokenRequest(second, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }));
    const third = await restart(second);
    // The rotation was saved before its answer left: the old refresh token is dead, the new one lives.
    const reused = await tokenRequest(third, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(reused.status).toBe(400);
    const again = await tokenOk(await tokenRequest(third, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token ?? '' }));
    expect((await api(third, '/me', again.access_token)).status).toBe(200);
  });

  it('a client-credentials token (guest browsing) survives too; a revoked member stays revoked', async () => {
    const first = await start();
    const guest = await tokenOk(await tokenRequest(first, { grant_type: 'client_credentials' }));
    const member = await memberToken(first);
    expect(first.control.revokeMember('member-demo')).toBe(2);
    const second = await restart(first);
    expect((await api(second, '/charts?territory=TW', guest.access_token)).status).toBe(200);
    expect((await api(second, '/me', member.access_token)).status).toBe(401);
  });

  it('a token issued through the in-process control survives', async () => {
    const first = await start();
    const issued = first.control.issueMemberToken('member-weiling');
    const second = await restart(first);
    expect(MeSchema.parse(await (await api(second, '/me', issued.access_token)).json()).id).toBe('member-weiling');
  });

  it('favorites added are still first in the list', async () => {
    const first = await start();
    const { access_token } = await memberToken(first);
    const track = x.longChart.tracks[7];
    if (!track) throw new Error('The long chart has no eighth track.');
    const added = await api(first, '/me/favorite', access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ track_id: track.id }),
    });
    expect(FavoriteResultSchema.parse(await added.json()).created).toBe(true);
    const second = await restart(first);
    const list = TrackPageSchema.parse(await (await api(second, '/me/favorite', access_token)).json());
    expect(list.data[0]?.id).toBe(track.id);
    const twice = await api(second, '/me/favorite', access_token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `track_id=${track.id}`,
    });
    expect(FavoriteResultSchema.parse(await twice.json()).created).toBe(false);
  });

  it('which members approved the app is remembered', async () => {
    const first = await start();
    await memberToken(first, 'member-hanako');
    const second = await restart(first);
    const list = z
      .object({ authorizations: z.array(z.object({ client_id: z.string(), member_id: z.string(), approved_at: z.number() })) })
      .parse(await (await fetch(`${second.origin}/__sandbox/authorizations`)).json());
    expect(list.authorizations.map((a) => [a.client_id, a.member_id])).toEqual([[second.client.id, 'member-hanako']]);
  });

  it('favorites of another catalog seed are left out, and that is said', async () => {
    const first = await start();
    const { access_token } = await memberToken(first);
    const track = x.longChart.tracks[9];
    await api(first, '/me/favorite', access_token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ track_id: track?.id }) });
    const second = await restart(first, 7);
    const list = TrackPageSchema.parse(await (await api(second, '/me/favorite', access_token)).json());
    expect(list.data.map((t) => t.id)).not.toContain(track?.id);
    expect(logged.join('\n')).toContain('another catalog seed');
  });
});

describe('the state file', () => {
  it('holds digests of the tokens, never the tokens, and only its owner may read it', async () => {
    const sb = await start();
    const member = await memberToken(sb);
    const guest = await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }));
    await sb.close();
    const text = readFileSync(file, 'utf8');
    for (const token of [member.access_token, member.refresh_token ?? '', guest.access_token]) {
      expect(token.length).toBeGreaterThan(20);
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(4));
      expect(text).toContain(tokenDigest(token));
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['sandbox-state.json']);
  });

  it.each([
    ['not JSON', '{"version": 1, "tokens": '],
    ['JSON of another shape', JSON.stringify({ version: 2, tokens: [] })],
    ['a token record that is not a digest', JSON.stringify({ version: 1, seed: 1, host: '127.0.0.1', port: 1, tokens: { access: [{ sha256: 'twa_plain', grant: { kind: 'client', clientId: 'x' }, expiresAt: 1 }], refresh: [] }, favorites: {}, authorizations: [] })],
  ])('%s is set aside, said, and the sandbox starts fresh', async (_label, text) => {
    writeFileSync(file, text);
    const sb = await start();
    expect(logged.join('\n')).toContain('set aside');
    const aside = readdirSync(dir).filter((name) => name.startsWith('sandbox-state.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0] ?? ''), 'utf8')).toBe(text);
    // Fresh, and saving again.
    const tokens = await memberToken(sb);
    expect((await api(sb, '/me', tokens.access_token)).status).toBe(200);
    expect(readFileSync(file, 'utf8')).toContain(tokenDigest(tokens.access_token));
  });

  it('a place where no file can be written is said once; the sandbox serves from memory', async () => {
    mkdirSync(file);
    const sb = await start();
    const tokens = await memberToken(sb);
    await memberToken(sb);
    expect((await api(sb, '/me', tokens.access_token)).status).toBe(200);
    expect(logged.filter((line) => line.includes('could not be saved'))).toHaveLength(1);
  });

  it('a token request costs a line, not the whole token map: the file is rewritten only now and then', async () => {
    const sb = await start();
    const inodes = new Set<number>();
    let largestStep = 0;
    let size = statSync(file).size;
    for (let i = 0; i < 1500; i += 1) {
      await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }));
      const now = statSync(file);
      inodes.add(now.ino);
      if (now.size > size) largestStep = Math.max(largestStep, now.size - size);
      size = now.size;
    }
    // Renamed into place a handful of times (each rewrite is a new file), appended to otherwise.
    expect(inodes.size).toBeLessThanOrEqual(8);
    expect(largestStep).toBeLessThan(64 * 1024);
    const second = await restart(sb);
    const last = await tokenOk(await tokenRequest(second, { grant_type: 'client_credentials' }));
    expect((await api(second, '/charts?territory=TW', last.access_token)).status).toBe(200);
  });

  it('what is kept is capped: a grant holds at most MAX_TOKENS_PER_GRANT live tokens, the oldest going first', async () => {
    const sb = await start();
    const first = await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }));
    let last = first;
    for (let i = 0; i < MAX_TOKENS_PER_GRANT; i += 1) last = await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }));
    expect((await api(sb, '/charts?territory=TW', first.access_token)).status).toBe(401);
    expect((await api(sb, '/charts?territory=TW', last.access_token)).status).toBe(200);
    const second = await restart(sb);
    const text = readFileSync(file, 'utf8');
    expect(text.split('"kind":"client"').length - 1).toBeLessThanOrEqual(MAX_TOKENS_PER_GRANT);
    expect((await api(second, '/charts?territory=TW', first.access_token)).status).toBe(401);
    expect((await api(second, '/charts?territory=TW', last.access_token)).status).toBe(200);
  });

  it('a sandbox killed between rewrites finds every change again, and a torn last line is left out', async () => {
    const sb = await start();
    const member = await memberToken(sb, 'member-hanako');
    const guest = await tokenOk(await tokenRequest(sb, { grant_type: 'client_credentials' }));
    const rotated = await tokenOk(await tokenRequest(sb, { grant_type: 'refresh_token', refresh_token: member.refresh_token ?? '' }));
    // What a kill leaves: the file as it is now (no save at close), plus half a line of a write cut short.
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text}{"e":"access","sha2`);
    const second = await startSandbox({ port: 0 }, { stateFile: file, log: (message) => logged.push(message) });
    running.push(second);
    expect((await api(second, '/charts?territory=TW', guest.access_token)).status).toBe(200);
    expect((await api(second, '/me', rotated.access_token)).status).toBe(200);
    const reused = await tokenRequest(second, { grant_type: 'refresh_token', refresh_token: member.refresh_token ?? '' });
    expect(reused.status).toBe(400);
    expect(logged.filter((line) => line.includes('set aside'))).toEqual([]);
  });

  it('when the previous port is taken, another one is used', async () => {
    const first = await start();
    const port = first.options.port;
    await first.close();
    running.splice(0);
    const squatter = await startSandbox({ port });
    try {
      const second = await start();
      expect(second.options.port).not.toBe(port);
      expect((await fetch(`${second.origin}/oauth2/device`)).status).toBe(200);
    } finally {
      await squatter.close();
    }
  });
});
