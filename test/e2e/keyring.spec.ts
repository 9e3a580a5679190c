/**
 * On a desktop with a Secret Service (GNOME Keyring on a D-Bus session, for real) and no vault key configured, the
 * kiosk shell keeps a generated vault key in the keyring: a restart is still signed in, and the key is nowhere in the
 * data folder. Without the Secret Service, the same folder comes back to pairing (memory only, as before).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseVaultKey } from '../../main/core/vault/aesGcmCipher';
import { startSecretService, type SecretService } from '../support/secretService';
import { expect, SandboxApi, test } from './kiosk';
import { homeRow, openTv, pairing } from './tv';

let secrets: SecretService | undefined;
test.afterEach(() => secrets?.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('with GNOME Keyring on the session bus, a restart stays signed in and the vault key is not in the data folder', async ({
  page,
  launchShell,
  workDir,
}) => {
  const service = await startSecretService(workDir);
  secrets = service;
  const dataDir = join(workDir, 'data');
  const env = { DBUS_SESSION_BUS_ADDRESS: service.busAddress };

  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  const sandbox = first.sandboxOrigin;
  if (sandbox === undefined) throw new Error('the shell runs no embedded sandbox');
  await new SandboxApi(sandbox).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await first.stop();
  expect(first.log()).toContain('keyring: a new vault key is kept in the Secret Service');

  const stored = service.lookup({ service: 'Tunewall', username: 'vault-key' });
  const key = parseVaultKey(Buffer.from(stored ?? '', 'utf8'));
  if (key === undefined) throw new Error(`no vault key in the keyring: ${String(stored)}`);
  for (const file of filesUnder(dataDir)) {
    const bytes = readFileSync(file);
    for (const form of [key, Buffer.from(key.toString('base64')), Buffer.from(key.toString('hex'))]) {
      expect(bytes.includes(form), `the vault key is in ${file}`).toBe(false);
    }
  }

  const second = await launchShell({ dataDir, env });
  await openTv(page, second);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  await expect(pairing.code(page)).toHaveCount(0);
  await second.stop();

  // The same folder without the Secret Service: no key to decrypt with, so memory only and pairing, as before.
  const third = await launchShell({ dataDir });
  await openTv(page, third);
  await expect(pairing.code(page)).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
});
