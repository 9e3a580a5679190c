/**
 * Date formatters, made once per language and options and kept. Making one loads that language's data and costs far
 * more than formatting with it: Home made one per chart tile for "Updated Nov 20", and that alone was about 100 ms of
 * a warm start's first render on the bench machine (CPU profile of the renderer, start to Home painted).
 */
const dates = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = dates.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    dates.set(key, format);
  }
  return format;
}

/** Home's clock in the header. */
export const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * Makes Home's clock formatter ahead of Home, in idle time. The first Intl formatter a page makes also starts ICU:
 * 80–110 ms on the bench machine, whatever the kind, against 10–30 ms for the next ones. The pairing screen draws no
 * Intl text, so without this the first render of Home after an approval would pay for starting ICU.
 */
export function prepareFormats(locale: string): void {
  dateFormat(locale, CLOCK);
}
