import { describe, expect, it } from 'vitest';
import { createI18n } from '../../renderer/src/i18n';
import { errorText } from '../../renderer/src/i18n/errorText';

describe('errorText', () => {
  it('shows the English message of an error without a key', () => {
    const i18n = createI18n('ja');
    expect(errorText(i18n.t, { kind: 'network', message: 'Offline.', retryable: true })).toBe('Offline.');
  });

  it('falls back to the English message when the key has no translation', () => {
    const i18n = createI18n('ja');
    const error = { kind: 'unknown' as const, message: 'Fallback text.', retryable: false, messageKey: 'noSuchKey' };
    expect(errorText(i18n.t, error)).toBe('Fallback text.');
  });

  it('names the territory of a "not available" error in the UI language', () => {
    const error = {
      kind: 'territory' as const,
      message: 'Not available in Japan',
      retryable: false,
      messageKey: 'notAvailableIn',
      params: { territory: 'JP' },
    };
    expect(errorText(createI18n('en').t, error)).toBe('Not available in Japan');
    expect(errorText(createI18n('ja').t, error)).toBe('日本では利用できません');
    expect(errorText(createI18n('zh-Hant').t, error)).toBe('在日本無法提供');
  });
});
