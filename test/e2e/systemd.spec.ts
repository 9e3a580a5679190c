/**
 * The kiosk shell as a `Type=notify` systemd service: started with NOTIFY_SOCKET pointing at a datagram socket this
 * test listens on (test/support/notifySocket.ts), and WATCHDOG_USEC as systemd sets it for WatchdogSec=1s. READY=1
 * comes once the page has painted, STATUS= follows what is on screen, and WATCHDOG=1 stops while the page is frozen.
 */
import { expect, SandboxApi, test } from './kiosk';
import { listenNotifySocket, type NotifyMessage, type NotifySocket } from '../support/notifySocket';
import { openTv, pairing } from './tv';

let notify: NotifySocket | undefined;
test.afterEach(() => notify?.close());

const statuses = (messages: NotifyMessage[]): string[] => messages.flatMap((m) => (m.fields['STATUS'] === undefined ? [] : [m.fields['STATUS']]));

test('READY once the first screen is painted, STATUS lines a person reads, WATCHDOG only while the page answers', async ({
  page,
  launchShell,
  workDir,
}) => {
  const socket = await listenNotifySocket(workDir);
  notify = socket;
  const shell = await launchShell({
    env: {
      NOTIFY_SOCKET: socket.path,
      WATCHDOG_USEC: '1000000',
      TUNEWALL_HEARTBEAT_SECONDS: '0.25',
      TUNEWALL_RENDERER_STALE_SECONDS: '1.5',
    },
  });
  // Nothing painted yet: no READY, though the watchdog is fed while the shell starts.
  await expect.poll(() => socket.messages().some((m) => m.fields['WATCHDOG'] === '1')).toBe(true);
  expect(socket.messages().some((m) => m.fields['READY'] === '1')).toBe(false);

  await openTv(page, shell);
  const code = (await pairing.code(page).innerText()).trim();
  await expect.poll(() => socket.messages().find((m) => m.fields['READY'] === '1')?.fields['STATUS']).toBe(`Pairing · code ${code}`);
  const ready = socket.messages().find((m) => m.fields['READY'] === '1');
  expect(ready?.fields['MAINPID']).toMatch(/^\d+$/);

  const sandboxOrigin = shell.sandboxOrigin;
  if (sandboxOrigin === undefined) throw new Error('the shell runs no embedded sandbox');
  await new SandboxApi(sandboxOrigin).approve(code);
  await expect(page.locator('.home')).toBeVisible();
  await expect.poll(() => statuses(socket.messages()).at(-1)).toBe('Home · member · online');

  // The page freezes (its script stops, as in a hung renderer): the watchdog is withheld and the line says why.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  await expect.poll(() => statuses(socket.messages()).at(-1), { timeout: 20_000 }).toMatch(/^Home · member · online · screen not answering for \d+ s$/);
  const staleAt = socket.messages().length;
  // Ten watchdog periods (half of WatchdogSec each) with the page still frozen: not one ping.
  await expect
    .poll(() => statuses(socket.messages().slice(staleAt)).filter((s) => s.includes('not answering')).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  const whileFrozen = socket.messages().slice(staleAt);
  expect(whileFrozen.filter((m) => m.fields['WATCHDOG'] === '1')).toEqual([]);

  await cdp.send('Debugger.resume');
  await expect.poll(() => statuses(socket.messages()).at(-1)).toBe('Home · member · online');
  const afterThaw = socket.messages().length;
  await expect.poll(() => socket.messages().slice(afterThaw).some((m) => m.fields['WATCHDOG'] === '1')).toBe(true);
  expect(shell.log()).toContain('watchdog: withheld, the page does not answer');
});
