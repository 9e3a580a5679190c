/** When the kiosk shell asks the Secret Service for its vault key, and what it does with the answer. */
import { describe, expect, it } from 'vitest';
import { keyringVaultKey, kioskCipher, type SecretEntry } from '../../../../main/kiosk/ops/keyringKey';
import { createJsonLogger } from '../../../../main/kiosk/ops/log';

const BUS = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' };

function fakeEntry(stored: string | null, fail = false) {
  const entry = {
    stored,
    asked: 0,
    async getPassword() {
      entry.asked += 1;
      if (fail) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown');
      return entry.stored;
    },
    async setPassword(password: string) {
      entry.stored = password;
    },
  };
  return entry satisfies SecretEntry & { stored: string | null; asked: number };
}

function logs() {
  const lines: string[] = [];
  return { lines, logger: createJsonLogger({ level: 'debug', write: (l) => lines.push(l) }) };
}

describe('the vault key in the Secret Service', () => {
  it('is not asked for when a key file or the credential is configured, or there is no D-Bus session', async () => {
    const entry = fakeEntry(null);
    const { logger } = logs();
    expect(await keyringVaultKey({ ...BUS, TUNEWALL_VAULT_KEY_FILE: '/k' }, [], logger, async () => entry)).toBeUndefined();
    expect(await keyringVaultKey(BUS, ['--vault-key-file=/k'], logger, async () => entry)).toBeUndefined();
    expect(await keyringVaultKey({}, [], logger, async () => entry)).toBeUndefined();
    expect(entry.asked).toBe(0);
  });

  it('is made once and stored, then read back the same', async () => {
    const entry = fakeEntry(null);
    const { logger } = logs();
    const made = await keyringVaultKey(BUS, [], logger, async () => entry);
    expect(made?.length).toBe(32);
    expect(entry.stored).toBe(made?.toString('base64'));
    const again = await keyringVaultKey(BUS, [], logger, async () => entry);
    expect(again?.equals(made ?? Buffer.alloc(0))).toBe(true);
  });

  it('keeps tokens in memory, saying why, when the Secret Service does not answer', async () => {
    const { logger, lines } = logs();
    expect(await keyringVaultKey(BUS, [], logger, async () => fakeEntry(null, true))).toBeUndefined();
    expect(lines.join('')).toContain('the sign-in is kept in memory only');
  });

  it("encrypts with the keyring's key only when no key file is configured; without either, memory and today's message", () => {
    const key = Buffer.alloc(32, 7);
    expect(kioskCipher(undefined, key).cipher?.protection).toBe('os-keyring');
    const none = kioskCipher(undefined, undefined);
    expect(none.cipher).toBeUndefined();
    expect(none.reason?.messageKey).toBe('storage.noVaultKey');
    expect(kioskCipher('/nonexistent/key', key).cipher).toBeUndefined();
  });
});
