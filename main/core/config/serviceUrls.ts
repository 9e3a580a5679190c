/**
 * What people paste for the service's addresses: often the endpoint they read about rather than the base the setting
 * names (`…/oauth2/token` for the token service, `…/v1.1` for the catalog, `…/generator` for the QR generator). Each
 * is cut back to its base, so the pasted value works instead of failing later with an answer nobody can place.
 */

/** Trailing path segments, longest first, that name an endpoint under the setting's base. */
const ENDPOINTS = {
  authUrl: ['/oauth2/device/code', '/oauth2/device_authorization', '/oauth2/authorize', '/oauth2/token', '/oauth2'],
  apiUrl: ['/v1.1'],
  qrUrl: ['/generator'],
} as const;

export type ServiceUrlSetting = keyof typeof ENDPOINTS;

/** `url` without trailing slashes and without an endpoint of `setting` at its end (once). */
export function serviceBase(setting: ServiceUrlSetting, url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  const lower = trimmed.toLowerCase();
  const endpoint = ENDPOINTS[setting].find((path) => lower.endsWith(path));
  return endpoint === undefined ? trimmed : trimmed.slice(0, -endpoint.length);
}
