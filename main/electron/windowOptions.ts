/** How the shell presents itself; from the core's configuration. */
export interface WindowOptions {
  kiosk: boolean;
  fullscreen: boolean;
  /** Developer tools and reload keys; off in production. */
  devtools: boolean;
}

export const DEFAULT_WINDOW_OPTIONS: WindowOptions = { kiosk: false, fullscreen: true, devtools: false };

/** Near black, so a reload or a crash never flashes white across a dark living room. */
export const BACKGROUND_COLOR = '#0b0b10';
