import i18next, { type i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, type CatalogMessageKey } from '../../../../main/core/catalog/errors';
import { CONFIG_FIXES, CONFIG_ISSUES, CONFIG_MESSAGES, configProblem, invalidValue, type ConfigFix, type ConfigIssue } from '../../../../main/core/config/problems';
import { COMPANION_MESSAGES, companionErrors, type CompanionMessageKey } from '../../../../main/core/features/companion/errors';
import { HOUSEHOLD_MESSAGES, householdError, type HouseholdMessageKey } from '../../../../main/core/features/household/householdErrors';
import { CoreError, MESSAGES, coreText, oauthMessage, toUiError, type CoreMessageKey } from '../../../../main/core/errors';
import { loadKioskCipher } from '../../../../main/core/vault/aesGcmCipher';
import { VAULT_REASONS, vaultReason } from '../../../../main/core/vault/tokenVault';
import { noEncryptionReason } from '../../../../main/electron/safeStorageCipher';
import { errorText, type CoreWords } from '../../../../renderer/src/i18n/errorText';
import { I18N_OPTIONS } from '../../../../renderer/src/i18n/options';

/** The renderer's catalogs, as the renderer sets them up. */
function createI18n(language: 'en' | 'zh-Hant' | 'ja'): i18n {
  const instance = i18next.createInstance();
  void instance.init({ ...I18N_OPTIONS, lng: language });
  return instance;
}

describe('a core error in the UI', () => {
  it('translates a core error with its parameters into the UI language', () => {
    const refused = toUiError(new CoreError({ kind: 'oauth', ...oauthMessage('invalid_scope'), oauthError: 'invalid_scope' }));
    expect(refused).toMatchObject({ messageKey: 'oauthRefused', params: { code: 'invalid_scope' } });
    expect(errorText(createI18n('en').t, refused)).toBe('The music service refused the sign-in request (invalid_scope).');
    expect(errorText(createI18n('zh-Hant').t, refused)).toBe('音樂服務拒絕了登入要求（invalid_scope）。');
    expect(errorText(createI18n('ja').t, refused)).toBe('音楽サービスがサインインのリクエストを拒否しました（invalid_scope）。');
    expect(errorText(createI18n('ja').t, toUiError(new TypeError('x is undefined')))).toBe('Tunewall で問題が起きました。もう一度お試しください。');
  });
});

/** Every message the main process can send, as it sends it. */
function everyCoreMessage(): CoreWords[] {
  const words: CoreWords[] = [];
  for (const key of Object.keys(MESSAGES) as CoreMessageKey[]) words.push(coreText(key));
  words.push(oauthMessage('invalid_scope'));
  for (const key of Object.keys(CATALOG_MESSAGES) as CatalogMessageKey[]) words.push({ message: CATALOG_MESSAGES[key], messageKey: key });
  for (const key of Object.keys(VAULT_REASONS) as (keyof typeof VAULT_REASONS)[]) words.push(vaultReason(key));
  const noFile = loadKioskCipher(undefined);
  const unreadable = loadKioskCipher('/etc/tunewall/key', () => {
    throw new Error('EACCES: permission denied');
  });
  const short = loadKioskCipher('/etc/tunewall/key', () => Buffer.alloc(8));
  for (const loaded of [noFile, unreadable, short]) if (loaded.reason !== undefined) words.push(loaded.reason);
  words.push(noEncryptionReason());
  for (const key of Object.keys(COMPANION_MESSAGES) as CompanionMessageKey[]) {
    const error = companionErrors[key]();
    words.push({ message: error.message, messageKey: error.messageKey, params: error.params });
  }
  for (const key of Object.keys(HOUSEHOLD_MESSAGES) as HouseholdMessageKey[]) {
    const error = key === 'full' ? householdError(key, { max: 6 }) : householdError(key);
    words.push({ message: error.message, messageKey: error.messageKey, params: error.params });
  }
  for (const issue of Object.keys(CONFIG_ISSUES) as ConfigIssue[]) {
    for (const fallback of ['next', 'default'] as const) {
      const problem = invalidValue('TUNEWALL_TERRITORY', 'territory', issue, fallback, { scheme: 'ftp:' });
      words.push({ message: problem.message, messageKey: problem.messageKey, params: problem.params });
    }
  }
  for (const message of Object.keys(CONFIG_MESSAGES) as (keyof typeof CONFIG_MESSAGES)[]) {
    for (const fix of Object.keys(CONFIG_FIXES) as ConfigFix[]) {
      const problem = configProblem('key', message, fix, { detail: 'Unexpected end of JSON input', count: 7 });
      words.push({ message: problem.message, messageKey: problem.messageKey, params: problem.params });
      words.push({ message: problem.fix, messageKey: problem.fixKey, params: problem.params });
    }
  }
  return words;
}

/** Storage reasons the screen words for the viewer, while the core's English (the log's) names the operator's setting. */
const TOLD_TO_THE_VIEWER = new Set(['storage.noKeyring', 'storage.noVaultKey', 'storage.vaultKeyUnreadable', 'storage.vaultKeyInvalid']);

describe('the main process’s messages', () => {
  const words = everyCoreMessage();

  it('each carries a message key, and the English catalog says exactly what the core says', () => {
    const en = createI18n('en');
    expect(words.length).toBeGreaterThan(60);
    for (const w of words) {
      expect(w.messageKey, w.message).toBeDefined();
      const shown = errorText(en.t, { ...w, message: '(missing)' });
      if (w.messageKey !== undefined && TOLD_TO_THE_VIEWER.has(w.messageKey)) {
        // The log names the setting for the operator; the screen says whom to ask, never an environment variable.
        expect(w.message, w.messageKey).toMatch(/TUNEWALL_[A-Z_]+/);
        expect(shown, w.messageKey).not.toMatch(/TUNEWALL_|--[a-z]/);
        expect(shown, w.messageKey).toMatch(/whoever set up this TV/i);
        continue;
      }
      expect(shown, w.messageKey).toBe(w.message);
    }
  });

  it('each is translated into Traditional Chinese and Japanese, not left in English', () => {
    for (const language of ['zh-Hant', 'ja'] as const) {
      const i18n = createI18n(language);
      for (const w of words) {
        const text = errorText(i18n.t, { ...w, message: '(missing)' });
        expect(text, `${language} ${w.messageKey ?? ''}`).not.toBe('(missing)');
        expect(text, `${language} ${w.messageKey ?? ''}`).not.toBe(w.message);
        expect(text).not.toMatch(/\{\{|\}\}/);
      }
    }
  });
});
