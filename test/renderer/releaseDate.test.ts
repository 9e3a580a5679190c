import { describe, expect, it } from 'vitest';
import { formatReleaseDate } from '../../renderer/src/i18n/releaseDate';

describe('formatReleaseDate', () => {
  it('says the full date when the service knows it', () => {
    expect(formatReleaseDate({ year: 2024, month: 3, day: 9 }, 'en')).toBe('March 9, 2024');
    expect(formatReleaseDate({ year: 2024, month: 3, day: 9 }, 'ja')).toBe('2024年3月9日');
    expect(formatReleaseDate({ year: 2024, month: 3, day: 9 }, 'zh-Hant')).toBe('2024年3月9日');
  });

  it('says month and year when the day is 00, never a made-up first of the month', () => {
    expect(formatReleaseDate({ year: 2024, month: 3, day: undefined }, 'en')).toBe('March 2024');
    expect(formatReleaseDate({ year: 2024, month: 3, day: undefined }, 'ja')).toBe('2024年3月');
  });

  it('says the year alone when the month is 00, whatever the day', () => {
    expect(formatReleaseDate({ year: 2019, month: undefined, day: undefined }, 'en')).toBe('2019');
    expect(formatReleaseDate({ year: 2019, month: undefined, day: 14 }, 'en')).toBe('2019');
    expect(formatReleaseDate({ year: 2019, month: undefined, day: undefined }, 'zh-Hant')).toBe('2019年');
  });

  it('says nothing when there is no date, or one that is not a date', () => {
    expect(formatReleaseDate(undefined, 'en')).toBeUndefined();
    expect(formatReleaseDate({ year: 0, month: 1, day: 1 }, 'en')).toBeUndefined();
    expect(formatReleaseDate({ year: 2020, month: 13, day: 1 }, 'en')).toBe('2020');
  });
});
