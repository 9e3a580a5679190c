/**
 * The Content-Security-Policy of every app:// response. The renderer's index.html carries the same policy in a
 * <meta>; the header is the one a compromised page cannot edit.
 */

/**
 * Keeps only origins of the form scheme://host[:port] over http(s), or the scheme source `https:`, so nothing passed
 * in can add a keyword or another directive to the policy.
 */
export function normalizeImageOrigin(value: string): string | undefined {
  if (value === 'https:') return value;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

export function buildContentSecurityPolicy(imageOrigins: readonly string[]): string {
  const images = [...new Set(imageOrigins.map(normalizeImageOrigin).filter((o): o is string => o !== undefined))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ['img-src', "'self'", 'data:', ...images].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
