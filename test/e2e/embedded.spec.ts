/**
 * The default setup as a person meets it: the kiosk shell with a vault key and the embedded sandbox. A restart comes
 * back signed in, as it would against the real service, while the data folder holds no token anyone could use; and a
 * track's "open on your phone" code leads the phone to that track's page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { TokenSetSchema, type TokenSet } from '../../main/core/auth/tokens';
import { createAesGcmCipher, parseVaultKey } from '../../main/core/vault/aesGcmCipher';
import { MEMBERS_INDEX_KEY } from '../../main/core/vault/memberVault';
import { tokenDigest } from '../../sandbox/auth/tokens';
import { SANDBOX_STATE_FILE } from '../../sandbox/index';
import { expect, SandboxApi, test, writeVaultKey, type Shell } from './kiosk';
import { downToRow, focused, homeRow, openTv, pairing, pressUntilFocused, scanQr } from './tv';

function sandboxOf(shell: Shell): SandboxApi {
  if (shell.sandboxOrigin === undefined) throw new Error('The shell did not start its embedded sandbox.');
  return new SandboxApi(shell.sandboxOrigin);
}

async function homeShown(page: Page): Promise<void> {
  for (const row of ['charts', 'mood-stations']) await expect(homeRow(page, row).locator('.tile').first()).toBeVisible();
  await expect(page.locator('.member-name')).toHaveText('林語彤');
}

/** The tokens Tunewall keeps, decrypted from its vault with the key, which lives outside the data folder. */
function vaultTokens(dataDir: string, keyFile: string): TokenSet {
  const key = parseVaultKey(readFileSync(keyFile));
  if (key === undefined) throw new Error('The vault key file holds no key.');
  // One sealed entry per member (`tokens.<key>`), listed by the index; this test signs one member in.
  const store = z.record(z.string(), z.unknown()).parse(JSON.parse(readFileSync(join(dataDir, 'store.json'), 'utf8')));
  const [member] = z.object({ keys: z.array(z.string()) }).parse(store[MEMBERS_INDEX_KEY]).keys;
  const sealed = z.object({ ciphertext: z.string() }).parse(store[`tokens.${member ?? ''}`]);
  return TokenSetSchema.parse(JSON.parse(createAesGcmCipher(key).decrypt(Buffer.from(sealed.ciphertext, 'base64'))));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('a restart of the default setup comes back signed in, and no file in the data folder holds a usable token', async ({
  page,
  launchShell,
  workDir,
}) => {
  const dataDir = join(workDir, 'data');
  const keyFile = writeVaultKey(workDir);
  const env = { TUNEWALL_VAULT_KEY_FILE: keyFile };

  const first = await launchShell({ dataDir, env });
  await openTv(page, first);
  await sandboxOf(first).approve((await pairing.code(page).innerText()).trim());
  await homeShown(page);
  await first.stop();

  // What Tunewall holds, and what is on disk: the tokens appear nowhere in the clear, in no encoding a file would use.
  const held = vaultTokens(dataDir, keyFile);
  const secrets = [held.accessToken, held.refreshToken ?? ''];
  expect(secrets.every((s) => s.length > 20)).toBe(true);
  const files = filesUnder(dataDir);
  expect(files.map((f) => f.slice(dataDir.length + 1))).toContain(SANDBOX_STATE_FILE);
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const secret of secrets) {
      for (const form of [secret, secret.slice(4), Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')]) {
        expect(bytes.includes(form), `${file} holds a token`).toBe(false);
      }
    }
  }
  // The sandbox knows the tokens all the same: by their digests.
  const state = readFileSync(join(dataDir, SANDBOX_STATE_FILE), 'utf8');
  for (const secret of secrets) expect(state).toContain(tokenDigest(secret));

  const second = await launchShell({ dataDir, env });
  const sandbox = sandboxOf(second);
  await openTv(page, second);
  await homeShown(page);
  await expect(pairing.qr(page)).toHaveCount(0);
  // The new sandbox answered the stored token: rows came back fresh from it, and no one asked for a new code.
  await expect.poll(async () => (await sandbox.requests()).filter((r) => r.path.startsWith('/v1.1/') && r.status === 200).length).toBeGreaterThan(0);
  const requests = await sandbox.requests();
  expect(requests.filter((r) => r.path.startsWith('/oauth2/device'))).toEqual([]);
  expect(requests.filter((r) => r.status === 401)).toEqual([]);
  await expect(page.locator('.banner-offline')).toHaveCount(0);
});

test("a track's open-on-your-phone code leads the phone to that track's page", async ({ page, browser, launchShell }) => {
  const shell = await launchShell();
  await openTv(page, shell);
  await sandboxOf(shell).approve((await pairing.code(page).innerText()).trim());
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();
  // Down from the member's favourites to the charts.
  await downToRow(page, 'charts');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await pressUntilFocused(page, 'ArrowDown', 'track:2');
  const name = (await focused(page).locator('.track-name').innerText()).trim();
  // OK opens the track's panel; its first action is "Open on your phone".
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'panel-phone');
  await page.keyboard.press('Enter');
  await expect(page.locator('.phone-target')).toContainText(name);
  const url = await scanQr(page, page.locator('.phone-qr svg.qr'));

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const onPhone = await phone.newPage();
    const answer = await onPhone.goto(url);
    expect(answer?.status()).toBe(200);
    await expect(onPhone.locator('h1')).toContainText(name);
    await expect(onPhone.locator('.kind')).toHaveText('Track');
    const cover = onPhone.locator('img.cover');
    await expect(cover).toBeVisible();
    // The cover arrived: a picture the phone decoded, at the size the page asked for.
    await expect.poll(() => cover.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBe(500);
  } finally {
    await phone.close();
  }
});
