/**
 * The renderer never holds a credential: no token, refresh token, device code or client secret in anything the page
 * receives from the shell (bridge answers, pushed events) or keeps (DOM, storage, cookies scripts can read).
 */
import type { Response } from '@playwright/test';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { expect, test, writeVaultKey } from './kiosk';
import { startTokenTap, type TokenTap } from './tokenTap';
import { downToRow, focused, homeRow, openTv, pairing, pressUntilFocused } from './tv';

let tap: TokenTap;
let service: RunningSandbox;

test.beforeAll(async () => {
  tap = await startTokenTap();
  // Every link the service hands out (paging, verification pages) leads back through the tap.
  service = await startSandbox({ publicOrigin: tap.origin, lifetimes: { deviceIntervalSeconds: 1 } });
  tap.setTarget(`http://127.0.0.1:${service.options.port}`);
});
test.afterAll(async () => {
  await service.close();
  await tap.close();
});

/** Records what each EventSource delivers to the page, from the very first event. */
const RECORD_EVENTS = `(() => {
  const Original = window.EventSource;
  const seen = [];
  Object.defineProperty(window, '__tunewallTestEvents', { value: seen });
  window.EventSource = class extends Original {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('message', (event) => seen.push(String(event.data)));
    }
  };
})()`;

const PAGE_KEPT = `JSON.stringify({
  html: document.documentElement.outerHTML,
  local: Object.entries(localStorage),
  session: Object.entries(sessionStorage),
  cookie: document.cookie,
  events: window.__tunewallTestEvents,
})`;

test('no token, device code or client secret ever reaches the page, across sign-in, browsing and a token refresh', async ({
  page,
  launchShell,
  workDir,
}) => {
  const shell = await launchShell({
    env: {
      TUNEWALL_CLIENT_ID: service.client.id,
      TUNEWALL_CLIENT_SECRET: service.client.secret,
      TUNEWALL_AUTH_URL: tap.origin,
      TUNEWALL_API_URL: `${tap.origin}/v1.1`,
      TUNEWALL_VAULT_KEY_FILE: writeVaultKey(workDir),
      // Every event the shell can log, as journald would keep it.
      TUNEWALL_LOG_LEVEL: 'debug',
    },
  });

  const bodies: Promise<string>[] = [];
  const keepBody = (response: Response): void => {
    const url = new URL(response.url());
    if (url.origin === shell.origin && url.pathname.startsWith('/api/') && url.pathname !== '/api/events') {
      bodies.push(response.text());
    }
  };
  page.on('response', keepBody);
  await page.addInitScript(RECORD_EVENTS);
  await openTv(page, shell);

  expect(service.control.approve((await pairing.code(page).innerText()).trim())).toBe(true);
  await expect(homeRow(page, 'charts').locator('.tile').first()).toBeVisible();

  // Browse: a chart (the row under the member's favourites) and back.
  await downToRow(page, 'charts');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await page.keyboard.press('Escape');
  await expect(focused(page)).toHaveAttribute('data-focus-key', /^tile:charts:/);

  // An hour later on the service's clock the access token has expired: the next chart needs a refreshed one.
  const before = tap.secrets().length;
  service.control.advanceTime(61 * 60 * 1000);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAttribute('data-focus-key', 'track:0');
  await expect.poll(() => tap.secrets().length).toBeGreaterThan(before);
  expect(service.control.requestLog().filter((r) => r.path === '/oauth2/token' && r.status === 200).length).toBe(2);
  await page.keyboard.press('Escape');

  // Settings, whose diagnostics speak of the sign-in.
  await pressUntilFocused(page, 'ArrowUp', 'home-settings');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signed in · renews automatically')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.home')).toBeVisible();

  const kept = String(await page.evaluate(PAGE_KEPT));
  // What the page received up to here is checked, and no body is read after it: a read started as the test ends fails
  // with nothing left to await it.
  page.off('response', keepBody);
  const answers = await Promise.all(bodies);
  const seenByPage = [kept, ...answers].join('\n');
  const cookies = JSON.stringify(await page.context().cookies());

  // The capture is real: the member's name came through the bridge, and states were pushed.
  expect(seenByPage).toContain('林語彤');
  expect(seenByPage).toContain('signed-in');
  expect(answers.length).toBeGreaterThan(5);
  const pushed = z.object({ events: z.array(z.string()) }).parse(JSON.parse(kept)).events;
  expect(pushed.some((event) => event.includes('"signed-in"'))).toBe(true);

  const secrets = [...tap.secrets(), service.client.secret];
  expect(secrets.length).toBeGreaterThanOrEqual(5); // device code, two access and two refresh tokens, the client secret
  for (const secret of secrets) {
    expect(seenByPage.includes(secret), 'a credential reached the page').toBe(false);
    expect(cookies.includes(secret), 'a credential is in a cookie').toBe(false);
    expect(shell.log().includes(secret), 'a credential is in the shell log').toBe(false);
    expect(shell.stdout().includes(secret), 'a credential is in the shell output').toBe(false);
  }
});
