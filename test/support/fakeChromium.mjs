// A stand-in for Chromium in kiosk-shell tests: records how it was started, opens the --app page as a browser would
// (follows its refresh to the launch URL, keeps the session cookie, loads the app), and records what it got. It waits
// for FAKE_CHROMIUM_GATE to exist before opening the page, so a test can act first. Exits on SIGTERM, or after a minute;
// with FAKE_CHROMIUM_CLOSE_AFTER_OPEN, once the page is open (a viewer choosing Leave). Like Chromium, it locks its
// profile (--user-data-dir/SingletonLock → host-pid): a second one on a locked profile whose holder runs hands its page
// to that one and exits 0 at once. Its environment is recorded too (the FAKE_CHROMIUM_* settings come from the wrapper
// script that starts it, since the shell hands a browser only what a browser needs).
import { appendFileSync, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const log = process.env.FAKE_CHROMIUM_LOG;
const record = (entry) => {
  if (log) appendFileSync(log, `${JSON.stringify({ pid: process.pid, ...entry })}\n`);
};
const args = process.argv.slice(2);
record({ event: 'started', args, env: process.env });

const profile = args.find((a) => a.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
if (profile) {
  mkdirSync(profile, { recursive: true });
  const lock = join(profile, 'SingletonLock');
  let holder;
  try {
    holder = Number(/-(\d+)$/.exec(readlinkSync(lock))?.[1]);
  } catch {
    holder = undefined;
  }
  let holderRuns = false;
  try {
    if (holder) holderRuns = process.kill(holder, 0);
  } catch {
    holderRuns = false;
  }
  if (holderRuns) {
    record({ event: 'handed-off', to: holder });
    process.exit(0);
  }
  rmSync(lock, { force: true });
  symlinkSync(`${hostname()}-${process.pid}`, lock);
  process.on('exit', () => rmSync(lock, { force: true }));
}
setTimeout(() => process.exit(0), 60_000).unref();
process.on('SIGTERM', () => process.exit(0));
const keepAlive = setInterval(() => undefined, 1_000);

const gate = process.env.FAKE_CHROMIUM_GATE;
while (gate && !existsSync(gate)) await new Promise((r) => setTimeout(r, 20));

const app = args.find((a) => a.startsWith('--app='))?.slice('--app='.length);
if (!app) {
  record({ event: 'no-app' });
} else {
  const html = readFileSync(fileURLToPath(app), 'utf8');
  const target = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  // A navigation from a file page: the browser calls it cross-site.
  const launch = await fetch(target, { redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } });
  const cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0];
  const page = launch.status === 200 ? await fetch(new URL('/', target), { headers: { cookie, 'sec-fetch-site': 'same-origin' } }) : undefined;
  record({ event: 'opened', launchUrl: target, launch: launch.status, page: page?.status });
  if (process.env.FAKE_CHROMIUM_CLOSE_AFTER_OPEN) process.exit(0);
}
void keepAlive;
