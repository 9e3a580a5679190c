/**
 * The Content-Security-Policy header of every app:// response. The renderer's index.html carries its own policy in a
 * <meta>; a browser enforces both, so a resource loads only when each allows it.
 *
 * Images are the one kind left to the <meta>: it names where artwork comes from (https hosts in catalog responses,
 * and the embedded sandbox on loopback http), which this header cannot list as a static string. Every other fetch
 * directive is spelled out here, so nothing falls back to "allow".
 *
 * Scripts: `app://tunewall` is this app's own origin, i.e. exactly what 'self' means here; written as the origin
 * because nothing on it serves JSONP or user uploads, the risk the 'self' keyword is flagged for.
 */
export const CONTENT_SECURITY_POLICY =
  "script-src app://tunewall; style-src 'self'; font-src 'self'; connect-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; manifest-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
