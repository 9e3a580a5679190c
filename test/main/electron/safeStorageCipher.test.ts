/**
 * The safeStorage cipher against the Electron mock, which answers as Electron 45 does on Linux
 * (shell/browser/api/electron_api_safe_storage.cc): the token vault on top, as the app wires it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoragePolicy } from '../../../main/core/vault/tokenVault';
import { TokenVault, VAULT_KEY, VAULT_REASONS } from '../../../main/core/vault/tokenVault';
import { DATA_KEY, SAFE_STORAGE_TIMEOUT_MS, createSafeStorageCipher, protectionFor } from '../../../main/electron/safeStorageCipher';
import { MemoryStore, memoryLogger } from '../core/support/fakes';
import { app, fake, holdKeyring, resetElectronMock, safeStorage, settle } from './electronMock';

const TOKENS = { accessToken: 'access-123', tokenType: 'Bearer', refreshToken: 'refresh-456', issuedAt: 1, expiresAt: 2 };

/** A time limit that never passes, unless a test says so. */
const never = (): Promise<void> => new Promise(() => undefined);

async function open(store = new MemoryStore(), sleep: (ms: number) => Promise<void> = never) {
  const logger = memoryLogger();
  const choice = await createSafeStorageCipher({ safeStorage, platform: 'linux', store, logger, sleep });
  return { choice, store, logger };
}

function vaultFor(choice: Awaited<ReturnType<typeof open>>['choice'], store: MemoryStore, policy: StoragePolicy) {
  return new TokenVault({
    store,
    cipher: choice.cipher,
    policy,
    logger: memoryLogger(),
    noCipherReason: choice.cipher === undefined ? choice.reason : undefined,
  });
}

beforeEach(async () => {
  resetElectronMock();
  await app.whenReady();
});

describe('a Linux system without a keyring (basic_text)', () => {
  beforeEach(() => {
    fake.safeStorage.backend = 'basic_text';
    fake.safeStorage.keyring = 'absent';
  });

  it('keeps tokens across a restart under allow-weak, labelled weak', async () => {
    const first = await open();
    expect(first.choice.cipher?.protection).toBe('weak');
    const vault = vaultFor(first.choice, first.store, 'allow-weak');
    expect(vault.status.protection).toBe('weak');
    vault.save(TOKENS);
    expect(first.store.dump()).not.toContain('refresh-456');

    const second = await open(first.store);
    expect(vaultFor(second.choice, first.store, 'allow-weak').load()).toEqual(TOKENS);
  });

  it("keeps tokens in memory under os-keyring, with the vault's own advice to choose allow-weak", async () => {
    const { choice, store } = await open();
    const vault = vaultFor(choice, store, 'os-keyring');
    expect(vault.persistent).toBe(false);
    expect(vault.status).toMatchObject({ protection: 'memory', reason: VAULT_REASONS.noKeyring });
  });
});

describe('a Linux system with a keyring', () => {
  it('seals the data key with the keyring and keeps tokens as os-keyring', async () => {
    const { choice, store } = await open();
    expect(choice).toMatchObject({ backend: 'gnome_libsecret', cipher: { protection: 'os-keyring' } });
    const sealed = sealedKey(store.get(DATA_KEY));
    expect(Buffer.from(sealed, 'base64').subarray(0, 3).toString()).toBe('v11');
    const vault = vaultFor(choice, store, 'os-keyring');
    vault.save(TOKENS);
    expect(vaultFor((await open(store)).choice, store, 'os-keyring').load()).toEqual(TOKENS);
  });

  it("says weak when the selected keyring does not answer and Chromium's hard-coded key seals instead", async () => {
    fake.safeStorage.keyring = 'absent';
    const { choice } = await open();
    expect(choice).toMatchObject({ backend: 'gnome_libsecret', cipher: { protection: 'weak' } });
  });

  it('re-seals the data key with the keyring once one appears, keeping the tokens', async () => {
    fake.safeStorage.keyring = 'absent';
    const first = await open();
    vaultFor(first.choice, first.store, 'allow-weak').save(TOKENS);
    fake.safeStorage.keyring = 'answers';
    const second = await open(first.store);
    expect(second.choice.cipher?.protection).toBe('os-keyring');
    expect(Buffer.from(sealedKey(first.store.get(DATA_KEY)), 'base64').subarray(0, 3).toString()).toBe('v11');
    expect(vaultFor(second.choice, first.store, 'os-keyring').load()).toEqual(TOKENS);
  });

  it('reads tokens an earlier version sealed with the synchronous encryptString', async () => {
    const store = new MemoryStore();
    store.set(VAULT_KEY, { version: 1, ciphertext: safeStorage.encryptString(JSON.stringify(TOKENS)).toString('base64') });
    safeStorage.encryptString.mockClear();
    const { choice } = await open(store);
    expect(vaultFor(choice, store, 'os-keyring').load()).toEqual(TOKENS);
  });
});

describe('a desktop Chromium does not name (sway, LXQt, Hyprland, i3, niri, COSMIC) with a keyring running', () => {
  beforeEach(() => {
    // Chromium's synchronous choice by desktop name; os_crypt_async still finds the Secret Service on D-Bus.
    fake.safeStorage.backend = 'basic_text';
    fake.safeStorage.keyring = 'answers';
  });

  it('keeps tokens across a restart under os-keyring, because the keyring sealed the key', async () => {
    const first = await open();
    expect(first.choice).toMatchObject({ backend: 'basic_text', cipher: { protection: 'os-keyring' } });
    expect(Buffer.from(sealedKey(first.store.get(DATA_KEY)), 'base64').subarray(0, 3).toString()).toBe('v11');
    const vault = vaultFor(first.choice, first.store, 'os-keyring');
    expect(vault.persistent).toBe(true);
    vault.save(TOKENS);
    expect(vaultFor((await open(first.store)).choice, first.store, 'os-keyring').load()).toEqual(TOKENS);
  });

  it('says weak under --password-store=basic, where only the hard-coded key seals', async () => {
    fake.switches.set('password-store', 'basic');
    const { choice } = await open();
    expect(choice.cipher?.protection).toBe('weak');
  });
});

describe('a keyring that answers late, or is locked', () => {
  it('waits for a slow keyring and then seals with it', async () => {
    const answer = holdKeyring();
    const opening = open();
    await settle();
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled();
    answer();
    const { choice } = await opening;
    expect(choice.cipher?.protection).toBe('os-keyring');
  });

  it('keeps tokens in memory after the time limit when a locked keyring never answers, even on basic_text', async () => {
    fake.safeStorage.backend = 'basic_text';
    holdKeyring();
    let passed: () => void = () => undefined;
    const limit = new Promise<void>((resolve) => (passed = resolve));
    const opening = open(new MemoryStore(), () => limit);
    await settle();
    passed();
    const { choice, logger } = await opening;
    expect(choice.cipher).toBeUndefined();
    expect(logger.lines.map((l) => l.message).join('\n')).toMatch(/could not seal a key; keeping tokens in memory/);
  });
});

describe('what Electron 45 asks of its callers', () => {
  it('uses only the asynchronous API (the synchronous one is deprecated in 45 and gone in 46)', async () => {
    fake.safeStorage.backend = 'basic_text';
    const { choice, store } = await open();
    vaultFor(choice, store, 'allow-weak').save(TOKENS);
    await open(store);
    expect(safeStorage.isEncryptionAvailable).not.toHaveBeenCalled();
    expect(safeStorage.encryptString).not.toHaveBeenCalled();
    expect(safeStorage.decryptString).not.toHaveBeenCalled();
    expect(safeStorage.encryptStringAsync).toHaveBeenCalled();
  });

  it('asks whether encryption is available before asking which backend was selected', async () => {
    await open();
    const available = safeStorage.isAsyncEncryptionAvailable.mock.invocationCallOrder[0] ?? Infinity;
    const backend = safeStorage.getSelectedStorageBackend.mock.invocationCallOrder[0] ?? -Infinity;
    expect(available).toBeLessThan(backend);
  });

  it('gives no cipher, with a reason to show, before the app is ready', async () => {
    fake.ready = false;
    const { choice } = await open();
    expect(choice.cipher).toBeUndefined();
    expect(choice.cipher === undefined && choice.reason).toMatchObject({ message: expect.stringMatching(/memory/), messageKey: 'storage.noEncryption' });
  });
});

describe('a keyring that does not answer', () => {
  it('keeps tokens in memory for this run after the time limit, and keeps the stored key for the next', async () => {
    const first = await open();
    const sealedBefore = sealedKey(first.store.get(DATA_KEY));
    safeStorage.decryptStringAsync.mockImplementationOnce(() => new Promise(() => undefined));
    let limit: number | undefined;
    const { choice, logger } = await open(first.store, (ms) => {
      limit = ms;
      return Promise.resolve();
    });
    expect(limit).toBe(SAFE_STORAGE_TIMEOUT_MS);
    expect(choice.cipher).toBeUndefined();
    expect(logger.lines.map((l) => l.message).join('\n')).toMatch(/keeping tokens in memory/);
    expect(sealedKey(first.store.get(DATA_KEY))).toBe(sealedBefore);
  });

  it('keeps the stored key when Electron says the keyring is temporarily unavailable', async () => {
    const first = await open();
    const sealedBefore = sealedKey(first.store.get(DATA_KEY));
    safeStorage.decryptStringAsync.mockRejectedValueOnce(new Error('safeStorage.decryptStringAsync is temporarily unavailable. Please try again.'));
    const { choice } = await open(first.store);
    expect(choice.cipher).toBeUndefined();
    expect(sealedKey(first.store.get(DATA_KEY))).toBe(sealedBefore);
  });
});

describe('protection by the key that sealed', () => {
  it.each([
    ['v10', 'weak'],
    ['v11', 'os-keyring'],
    ['v12', 'os-keyring'],
  ] as const)('on Linux, a key sealed with tag %s is %s', (tag, protection) => {
    expect(protectionFor('linux', Buffer.from(`${tag}...`))).toBe(protection);
  });

  it("trusts the OS store on macOS and Windows (DPAPI's tag is v10 too)", () => {
    expect(protectionFor('darwin', Buffer.from('v10...'))).toBe('os-keyring');
    expect(protectionFor('win32', Buffer.from('v10...'))).toBe('os-keyring');
  });
});

/** The sealed data key as stored. */
function sealedKey(value: unknown): string {
  if (typeof value !== 'object' || value === null || !('sealed' in value) || typeof value.sealed !== 'string') {
    throw new Error(`no sealed key in the store: ${JSON.stringify(value)}`);
  }
  return value.sealed;
}
