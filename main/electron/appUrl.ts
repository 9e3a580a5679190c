/**
 * Where the renderer lives: app://tunewall/, a privileged custom scheme served from out/renderer. Anything else is
 * foreign to Tunewall.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tunewall';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True when `url` is a page or resource of Tunewall's own origin. */
export function isAppUrl(url: string | undefined): boolean {
  if (url === undefined || url === '') return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}
