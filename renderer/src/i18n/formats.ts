/**
 * Intl formatters, made once per language and options and kept. Making one loads that language's data and costs far
 * more than formatting with it: Home made one per chart tile for "Updated Nov 20", and that alone was about 100 ms of
 * a warm start's first render on the bench machine (CPU profile of the renderer, start to Home painted).
 */
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();
const lists = new Map<string, Intl.ListFormat>();

function kept<F>(store: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = store.get(key);
  if (format === undefined) {
    format = make();
    store.set(key, format);
  }
  return format;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dates, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numbers, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return kept(lists, locale, options, () => new Intl.ListFormat(locale, options));
}
