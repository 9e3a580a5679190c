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
});
