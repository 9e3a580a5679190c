import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../sandbox/options';
import { SandboxApi } from '../support/sandboxApi';
import { parseStartText, startSandboxProcess } from '../../bench/sandboxProcess';

describe('the bench’s sandbox process', () => {
  it('reads nothing until the start-up text has named the origin and both halves of the client', () => {
    const text = [
      'Tunewall sandbox listening on http://127.0.0.1:41234',
      '',
      '  client id       tunewall-sandbox',
      '  client secret   s3cret',
    ].join('\n');
    expect(parseStartText(text)).toEqual({ origin: 'http://127.0.0.1:41234', client: { id: 'tunewall-sandbox', secret: 's3cret' } });
    expect(parseStartText(text.slice(0, text.indexOf('  client secret')))).toBeUndefined();
    expect(parseStartText('')).toBeUndefined();
  });

  it('starts the sandbox CLI with the flags given, serves its control API, and stops it', async () => {
    const sandbox = await startSandboxProcess(['--interval', '7']);
    try {
      expect(sandbox.client).toEqual({ id: DEFAULT_OPTIONS.clientId, secret: DEFAULT_OPTIONS.clientSecret });
      const body = new URLSearchParams({ client_id: sandbox.client.id, client_secret: sandbox.client.secret, scope: 'user_profile' });
      const response = await fetch(`${sandbox.origin}/oauth2/device/code`, { method: 'POST', body });
      expect(response.status).toBe(200);
      const code = (await response.json()) as { interval: number; user_code: string };
      expect(code.interval).toBe(7);
      expect(await new SandboxApi(sandbox.origin).pending()).toContain(code.user_code);
    } finally {
      await sandbox.stop();
    }
    expect(sandbox.child.exitCode !== null || sandbox.child.signalCode !== null).toBe(true);
  }, 60_000);

  it('stops a sandbox still running when the process that started it exits', async () => {
    const module = resolve(import.meta.dirname, '../../bench/sandboxProcess.ts');
    const script = `const { startSandboxProcess } = await import(${JSON.stringify(module)}); const s = await startSandboxProcess(); console.log('pid ' + s.child.pid); process.exit(0);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await new Promise<void>((done) => parent.once('exit', () => done()));
    const pid = Number(/pid (\d+)/.exec(out)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // Running: the process exists and is not a zombie (its parent has exited, and whoever adopted it may not reap it).
    const running = () => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
      } catch {
        return false;
      }
    };
    await expect.poll(running, { timeout: 20_000, interval: 100 }).toBe(false);
  }, 60_000);
});

