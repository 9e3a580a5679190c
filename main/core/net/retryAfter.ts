/** Milliseconds to wait from a Retry-After header: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) {
    const ms = Number(value) * 1000;
    return Number.isFinite(ms) ? ms : undefined;
  }
  // An HTTP date names its month; without that check Date.parse would read '-5' as a year.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
