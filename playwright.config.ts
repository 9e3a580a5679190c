import { defineConfig } from '@playwright/test';

/** End-to-end tests drive the kiosk shell in Debian's Chromium (no browser download: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'test/e2e',
  // Builds the renderer and the kiosk shell the tests spawn.
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1920, height: 1080 },
    launchOptions: { executablePath: process.env['TUNEWALL_CHROMIUM'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
