import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK, dateFormat, prepareFormats } from '../../renderer/src/i18n/formats';
import { formatReleaseDate } from '../../renderer/src/i18n/releaseDate';

const RealDateTimeFormat = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

/** Counts the date formatters made from now on; each is still a real one (`Intl.DateTimeFormat` is called with `new`). */
function countMade(): { count: number } {
  const made = { count: 0 };
  Intl.DateTimeFormat = class extends RealDateTimeFormat {
    constructor(...args: ConstructorParameters<typeof RealDateTimeFormat>) {
      super(...args);
      made.count += 1;
    }
  } as typeof Intl.DateTimeFormat;
  return made;
}

describe('Intl formatters kept per language and options', () => {
  it('makes a date formatter once for a language and options, however many dates it formats', () => {
    const made = countMade();
    const days = Array.from({ length: 50 }, (_, i) => ({ year: 2023, month: 1 + (i % 12), day: 1 + (i % 28) }));
    const texts = days.map((d) => formatReleaseDate(d, 'fr'));
    expect(made.count).toBe(1);
    expect(texts[0]).toBe(new Intl.DateTimeFormat('fr', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(Date.UTC(2023, 0, 1)));
  });

  it('keeps languages and options apart', () => {
    const when = Date.UTC(2025, 10, 20, 12);
    const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', month: 'short', day: 'numeric' };
    expect(dateFormat('en', options).format(when)).toBe('Nov 20');
    expect(dateFormat('ja', options).format(when)).toBe('11月20日');
    expect(dateFormat('en', { ...options, month: 'long' }).format(when)).toBe('November 20');
    expect(dateFormat('en', { ...options })).toBe(dateFormat('en', options));
    expect(dateFormat('ja', options)).not.toBe(dateFormat('en', options));
  });

  it("makes Home's clock formatter ahead of Home, so Home's first render makes none", () => {
    prepareFormats('ko');
    const made = countMade();
    expect(dateFormat('ko', CLOCK).format(Date.UTC(2025, 10, 20, 13, 5))).toMatch(/\d:05/);
    expect(made.count).toBe(0);
  });
});
