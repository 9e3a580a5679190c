/**
 * A desktop's Secret Service for a test, for real: a D-Bus session bus of its own (dbus-daemon) and GNOME Keyring on
 * it, its login keyring created and unlocked with a password given on stdin, in a home folder of the test's own.
 * Both processes are stopped by `close()`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretService {
  /** DBUS_SESSION_BUS_ADDRESS for processes that should see this session. */
  busAddress: string;
  /** A secret stored under these attributes, read with secret-tool (libsecret), or undefined. */
  lookup(attributes: Record<string, string>): string | undefined;
  close(): void;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const newline = text.indexOf('\n');
      if (newline >= 0) resolve(text.slice(0, newline).trim());
    });
    child.once('exit', (code) => reject(new Error(`${String(child.spawnfile)} exited (${String(code)}) before it was ready`)));
  });
}

export async function startSecretService(dir: string): Promise<SecretService> {
  const home = join(dir, 'desktop-home');
  const runtime = join(home, 'run');
  mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1', `--address=unix:path=${join(runtime, 'bus')}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const busAddress = await firstLine(bus);
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: runtime, DBUS_SESSION_BUS_ADDRESS: busAddress };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
  keyring.stdin?.end('test-login-password');
  const close = (): void => {
    keyring.kill();
    bus.kill();
  };
  // Ready once the Secret Service's name is owned on the bus.
  const owned = (): boolean =>
    execFileSync(
      'dbus-send',
      ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
      { env, encoding: 'utf8' },
    ).includes('boolean true');
  for (let i = 0; !owned(); i++) {
    if (keyring.exitCode !== null || i > 200) {
      close();
      throw new Error('gnome-keyring-daemon did not take the Secret Service name');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    busAddress,
    lookup(attributes) {
      const args = ['lookup', ...Object.entries(attributes).flat()];
      try {
        return execFileSync('secret-tool', args, { env, encoding: 'utf8' });
      } catch {
        return undefined;
      }
    },
    close,
  };
}
