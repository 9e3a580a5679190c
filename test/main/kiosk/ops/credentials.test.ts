/** Secrets and settings as a systemd service gets them: credentials in $CREDENTIALS_DIRECTORY, settings by flag or env. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withCredentials } from '../../../../main/kiosk/ops/credentials';
import { readOpsSettings } from '../../../../main/kiosk/ops/settings';

const dir = mkdtempSync(join(tmpdir(), 'tunewall-creds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the client secret credential', () => {
  it('fills TUNEWALL_CLIENT_SECRET from $CREDENTIALS_DIRECTORY/tunewall-client-secret', () => {
    writeFileSync(join(dir, 'tunewall-client-secret'), 's3cret-from-systemd\n', { mode: 0o600 });
    const { env, problem } = withCredentials({ CREDENTIALS_DIRECTORY: dir, TUNEWALL_CLIENT_ID: 'id' }, []);
    expect(env['TUNEWALL_CLIENT_SECRET']).toBe('s3cret-from-systemd');
    expect(problem).toBeUndefined();
  });

  it('leaves a secret set explicitly alone, and goes on without a credential that is not there', () => {
    expect(withCredentials({ CREDENTIALS_DIRECTORY: dir, TUNEWALL_CLIENT_SECRET: 'mine' }, []).env['TUNEWALL_CLIENT_SECRET']).toBe('mine');
    expect(withCredentials({ CREDENTIALS_DIRECTORY: dir }, ['--client-secret=flag']).env['TUNEWALL_CLIENT_SECRET']).toBeUndefined();
    const empty = mkdtempSync(join(dir, 'none-'));
    expect(withCredentials({ CREDENTIALS_DIRECTORY: empty }, [])).toEqual({ env: { CREDENTIALS_DIRECTORY: empty }, problem: undefined });
  });

  it('says so when the credential is empty', () => {
    const other = mkdtempSync(join(dir, 'empty-'));
    writeFileSync(join(other, 'tunewall-client-secret'), '\n');
    expect(withCredentials({ CREDENTIALS_DIRECTORY: other }, []).problem).toContain('is empty');
  });
});

describe('operations settings', () => {
  it('has defaults for a store display and no port opened', () => {
    const { settings, problems } = readOpsSettings([], {});
    expect(settings).toMatchObject({ heartbeatMs: 5000, rendererStaleMs: 15_000, screenProblemMs: 600_000, metricsListen: undefined, metricsTextfile: undefined });
    expect(problems).toEqual([]);
  });

  it('takes flags over the environment, the metrics token from the credentials, and reports bad values', () => {
    const { settings, problems } = readOpsSettings(['--heartbeat-seconds=1', '--metrics-listen=127.0.0.1:9465'], {
      TUNEWALL_HEARTBEAT_SECONDS: '9',
      TUNEWALL_SCREEN_PROBLEM_SECONDS: 'soon',
      CREDENTIALS_DIRECTORY: '/run/credentials/tunewall-kiosk.service',
    });
    expect(settings.heartbeatMs).toBe(1000);
    expect(settings.screenProblemMs).toBe(600_000);
    expect(settings.metricsListen).toBe('127.0.0.1:9465');
    expect(settings.metricsTokenFile).toBe('/run/credentials/tunewall-kiosk.service/tunewall-metrics-token');
    expect(problems).toEqual([expect.stringContaining('TUNEWALL_SCREEN_PROBLEM_SECONDS')]);
  });

  it('never judges the page unresponsive sooner than two heartbeats', () => {
    const { settings, problems } = readOpsSettings([], { TUNEWALL_HEARTBEAT_SECONDS: '10', TUNEWALL_RENDERER_STALE_SECONDS: '5' });
    expect(settings.rendererStaleMs).toBe(30_000);
    expect(problems).toHaveLength(1);
  });
});
