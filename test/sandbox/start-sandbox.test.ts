import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../sandbox/cli';
import { startSandbox } from '../../sandbox/index';
import { requestDeviceCode } from './helpers';

describe('startSandbox', () => {
  it('listens on a free loopback port, hands out its URLs, and closes', async () => {
    const sb = await startSandbox({ port: 0 });
    expect(sb.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sb.urls).toEqual({ auth: sb.origin, api: `${sb.origin}/v1.1`, qr: sb.origin });
    expect(sb.client).toEqual({ id: 'tunewall-sandbox', secret: 'sandbox-secret-change-me' });
    expect(sb.options.port).toBe(Number(new URL(sb.origin).port));
    expect((await fetch(`${sb.origin}/oauth2/device`)).status).toBe(200);
    await sb.close();
    await expect(fetch(`${sb.origin}/oauth2/device`)).rejects.toThrow();
  });

  it('uses publicOrigin in the links it hands out', async () => {
    const sb = await startSandbox({ publicOrigin: 'http://192.0.2.10:8787/' });
    try {
      expect(sb.origin).toBe('http://192.0.2.10:8787');
      const port = sb.options.port;
      const local = { ...sb, urls: { ...sb.urls, auth: `http://127.0.0.1:${port}` } };
      const code = await requestDeviceCode(local);
      expect(code.verification_qrcode).toBe(`http://192.0.2.10:8787/oauth2/authorize?response_type=device&user_code=${code.user_code}`);
    } finally {
      await sb.close();
    }
  });

  it('closes promptly even with a keep-alive connection open', async () => {
    const sb = await startSandbox();
    const agentRequest = new Promise<void>((resolve, reject) => {
      const req = request(`${sb.origin}/oauth2/device`, { headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    await agentRequest;
    // close() must not wait for the idle keep-alive socket to time out (vitest's 20 s timeout would catch that).
    await sb.close();
    await sb.close();
  });

  it('starts one sandbox per call, each with its own state', async () => {
    const a = await startSandbox();
    const b = await startSandbox();
    try {
      expect(a.origin).not.toBe(b.origin);
      const code = await requestDeviceCode(a);
      expect(a.control.pendingUserCodes()).toContain(code.user_code);
      expect(b.control.pendingUserCodes()).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('sandbox CLI', () => {
  it('turns flags into options', () => {
    const parsed = parseCliArgs([
      '--host', '0.0.0.0', '--port', '8787', '--seed', '7', '--latency', '150', '--error-rate', '0.1', '--drop-rate', '0.05',
      '--malformed-rate', '0.02', '--503-rate', '0.03', '--device-code-lifetime', '120', '--interval', '2',
      '--access-token-lifetime', '300', '--huge-expires-in',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      input: {
        host: '0.0.0.0',
        port: 8787,
        seed: 7,
        faults: { latencyMs: 150, errorRate: 0.1, dropRate: 0.05, malformedRate: 0.02, unavailableRate: 0.03 },
        lifetimes: { deviceCodeSeconds: 120, deviceIntervalSeconds: 2, accessTokenSeconds: 300, hugeExpiresIn: true },
      },
    });
  });

  it('--state names the file a restart reads back', () => {
    expect(parseCliArgs(['--state', '/tmp/sandbox-state.json'])).toEqual({ kind: 'run', input: { faults: {}, lifetimes: {} }, stateFile: '/tmp/sandbox-state.json' });
    expect(parseCliArgs(['--state', ' '])).toEqual({ kind: 'error', message: '--state must name a file.' });
  });

  it('names the bad flag in plain words', () => {
    expect(parseCliArgs(['--error-rate', '2'])).toEqual({
      kind: 'error',
      message: '--error-rate must be a share between 0 and 1 (e.g. 0.1), not "2".',
    });
    expect(parseCliArgs(['--port', 'http'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--port') });
    expect(parseCliArgs(['--public-origin', 'not a url'])).toMatchObject({ kind: 'error' });
    expect(parseCliArgs(['--frobnicate'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--frobnicate') });
  });

  it('exits 2 with a message and the usage, not a stack trace, on a bad flag', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--drop-rate', 'lots'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('tunewall sandbox: --drop-rate must be a share between 0 and 1');
    expect(stderr).toContain('Usage: npm run sandbox');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('starts, prints its URLs and credentials, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const origin = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match?.[1] && stdout.includes('Ctrl-C')) resolve(match[1]);
      });
      child.on('close', () => reject(new Error(`exited early: ${stdout}`)));
    });
    expect(stdout).toContain('client secret   sandbox-secret-change-me');
    expect(stdout).toContain(`export TUNEWALL_AUTH_URL=${origin}`);
    expect(stdout).toContain('username demo, password demo');
    expect(stdout).toContain(`${origin}/__sandbox/approve`);
    expect((await fetch(`${origin}/oauth2/device`)).status).toBe(200);
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGINT');
    expect(await closed).toBe(0);
  });
});
