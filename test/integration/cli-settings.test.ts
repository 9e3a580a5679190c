/**
 * The sandbox CLI prints Tunewall's settings for it; pasted into Tunewall's configuration as they are, they work: the
 * core's token client gets a device code and a token, its catalog client reads the charts, its QR client gets a code
 * from the generator. A value pasted with the endpoint at its end (what the CLI used to print) works too.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenClient } from '../../main/core/auth/tokenClient';
import { createCatalogClient } from '../../main/core/catalog/client';
import { loadConfig } from '../../main/core/config/load';
import { serviceEndpoints } from '../../main/core/config/service';
import { remoteQrDataUrl } from '../../main/core/qr';
import { settingsLines } from '../../sandbox/cli';
import { pastedEnv } from '../support/pastedEnv';
import { startSandbox } from '../../sandbox/index';

let child: ChildProcessWithoutNullStreams | undefined;
let printed = '';
let origin = '';

beforeAll(async () => {
  const started = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--interval', '1'], { cwd: process.cwd() });
  child = started;
  origin = await new Promise<string>((resolve, reject) => {
    started.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(printed);
      if (match?.[1] && printed.includes('Ctrl-C')) resolve(match[1]);
    });
    started.on('close', () => reject(new Error(`The sandbox exited early: ${printed}`)));
  });
});
afterAll(() => {
  child?.kill('SIGINT');
});

const clock = { now: () => Date.now() };

async function exercise(env: Record<string, string>): Promise<void> {
  const { config, problems } = loadConfig({ env, argv: [] });
  expect(problems).toEqual([]);
  const endpoints = serviceEndpoints(config, undefined);
  if (endpoints === undefined || endpoints.sandbox) throw new Error('The settings did not select a configured service.');
  const tokens = new TokenClient({ fetch, clock, service: endpoints.token });
  const code = await tokens.requestDeviceCode();
  expect(code.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  expect(code.qrContent).toContain(`${origin}/oauth2/authorize?response_type=device`);
  const guest = await tokens.clientCredentials();
  const catalog = createCatalogClient({
    fetch: (url, init = {}) => fetch(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: `Bearer ${guest.access_token}` } }),
    apiBase: endpoints.apiUrl,
    territory: () => 'TW',
  });
  expect((await catalog.charts()).data.length).toBeGreaterThan(0);
  if (endpoints.qrUrl === undefined) throw new Error('No QR generator in the settings.');
  expect(await remoteQrDataUrl({ fetch, qrBase: endpoints.qrUrl, content: code.qrContent, imageSize: 240 })).toMatch(/^data:image\/png;base64,/);
}

describe('the CLI prints settings that work', () => {
  it('names {auth_url}, {base_url} and {qrcode_url} as Tunewall expects them', () => {
    expect(printed).toMatch(new RegExp(`\\{auth_url\\}\\s+${origin}\\s`));
    expect(printed).toMatch(new RegExp(`\\{base_url\\}\\s+${origin}\\s`));
    expect(printed).toMatch(new RegExp(`\\{qrcode_url\\}\\s+${origin}\\s`));
    expect(pastedEnv(printed)).toEqual({
      TUNEWALL_CLIENT_ID: 'tunewall-sandbox',
      TUNEWALL_CLIENT_SECRET: 'sandbox-secret-change-me',
      TUNEWALL_AUTH_URL: origin,
      TUNEWALL_API_URL: origin,
      TUNEWALL_QR_URL: origin,
    });
  });

  it('the environment lines, pasted, run the core against the sandbox', async () => {
    await exercise(pastedEnv(printed));
  });

  it('addresses pasted with /oauth2/token, /v1.1 or /generator at the end work as well', async () => {
    const env = pastedEnv(printed);
    await exercise({ ...env, TUNEWALL_AUTH_URL: `${origin}/oauth2/token`, TUNEWALL_API_URL: `${origin}/v1.1/`, TUNEWALL_QR_URL: `${origin}/generator` });
    await exercise({ ...env, TUNEWALL_AUTH_URL: `${origin}/oauth2/device/code/` });
  });

  it('a sandbox on every interface is given to Tunewall by loopback; values a shell would split are quoted', async () => {
    const sb = await startSandbox({ clientSecret: "it's a secret $HOME" });
    try {
      const lan = { ...sb, origin: 'http://192.0.2.10:8787', options: { ...sb.options, host: '0.0.0.0', port: 8787 } };
      const env = pastedEnv(settingsLines(lan).join('\n'));
      expect(env['TUNEWALL_AUTH_URL']).toBe('http://127.0.0.1:8787');
      expect(env['TUNEWALL_CLIENT_SECRET']).toBe("it's a secret $HOME");
      expect(settingsLines(lan)).toContain(`export TUNEWALL_CLIENT_SECRET='it'\\''s a secret $HOME'`);
    } finally {
      await sb.close();
    }
  });
});
