/**
 * The Content-Security-Policy header of every app:// response: the whole policy of renderer/index.html's <meta> (a test
 * holds every directive of the <meta> to be here), plus what only a header can say (frame-ancestors) and what the
 * <meta> leaves to default-src. The header is enforced before any byte of the page is read, the <meta> only once
 * parsed; a browser enforces both, so a resource loads only when each allows it.
 *
 * Images: the service's pictures come through app://tunewall/artwork/ (the core fetches and keeps them), so the page
 * loads none from the network; data: is the QR generator's code.
 *
 * Scripts: `app://tunewall` is this app's own origin, i.e. exactly what 'self' means here; written as the origin
 * because nothing on it serves JSONP or user uploads, the risk the 'self' keyword is flagged for.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src app://tunewall; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
