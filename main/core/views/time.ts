/** `updated_at` as ISO 8601: the service sends an ISO string with offset in most lists, integer seconds in some. */
export function isoTime(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' || /^\d+$/.test(value.trim())) {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return undefined;
    // Seconds are documented; a value this large can only be milliseconds.
    return validIso(n >= 1e12 ? n : n * 1000);
  }
  return validIso(Date.parse(value));
}

function validIso(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date.toISOString() : undefined;
}
