/**
 * What every part of the bench shares: the system Chromium (one instance drawing frames at the display's pace, one
 * drawing them as soon as there is something to draw, for key presses), the kiosk shells it starts and stops, a work
 * folder, and the sandbox in the bench process that plays the service.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { settingsEnv } from '../sandbox/cli';
import type { RunningSandbox } from '../sandbox/index';
import { CHROMIUM_ARGS as E2E_CHROMIUM_ARGS } from '../playwright.config';
import { paintedAt, PROBE_SCRIPT, waitUntil, type MarkName } from './probe';
import { startShell, type Shell } from './shell';

export const CHROMIUM = process.env['TUNEWALL_CHROMIUM'] ?? '/usr/bin/chromium';
/**
 * The end-to-end tests' Chromium flags, and `--disable-features=WebUIOmniboxPopup`: headless Chromium renders the
 * omnibox popup's WebUI in a renderer of its own for every new browser context, about 1.6 s of main-thread time on the
 * bench machine during each start measured. No page of Tunewall's sees that popup (the kiosk shell opens Chromium as an
 * app window), and on two cores it only took turns with the page under test, Tunewall's and the empty page's alike.
 */
const CHROMIUM_ARGS = [...E2E_CHROMIUM_ARGS, '--disable-features=WebUIOmniboxPopup'];
/**
 * For the key-press figures only: frames are drawn as soon as there is something to draw instead of on the display's
 * next 60 Hz tick, so the figure is the page's own work (handlers, render, paint) and not a 0–16.7 ms wait for vsync.
 */
const UNTHROTTLED_FRAMES = ['--disable-gpu-vsync', '--disable-frame-rate-limit'];
export const VIEWPORT = { width: 1920, height: 1080 };
export const MB = 1024 * 1024;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

/**
 * Opens the app as the shell's browser would: the launch page (a file) hands the one-time key to /launch, whose page
 * moves on to the app. Probes wait for that last page; the ones before it come and go.
 */
export async function openApp(page: Page, shell: Shell): Promise<void> {
  await page.goto(shell.launchUrl);
  await page.waitForURL(`${shell.origin}/`, { waitUntil: 'commit' });
}

/** Home has asked for and drawn every row it shows (none is still a skeleton). */
export const ROWS_SETTLED = `document.querySelectorAll('section.row .row-track[aria-busy="true"]').length === 0`;

export async function rowsSettled(page: Page): Promise<void> {
  await waitUntil(page, ROWS_SETTLED);
}

export interface ShellRequest {
  dataDir: string;
  /** Serve this folder instead of the built renderer (the empty-page baseline). */
  rendererDir?: string;
  /** The default setup: no credentials, the shell's own embedded sandbox. */
  embedded?: boolean;
  /** Tunewall's settings for the service when not embedded; the bench's own sandbox's by default. */
  settings?: Record<string, string>;
}

/** A page's browser context: the fast browser (key presses), CSP bypassed, scripts run before the page's own. */
export interface PageOptions {
  fast?: boolean;
  bypassCSP?: boolean;
  initScripts?: readonly string[];
}

export class Bench {
  private browser: Browser | undefined;
  private fastBrowser: Browser | undefined;
  readonly work = mkdtempSync(join(tmpdir(), 'tunewall-bench-'));
  readonly keyFile = join(this.work, 'vault.key');
  private readonly shells = new Set<Shell>();

  constructor(readonly sb: RunningSandbox) {
    writeFileSync(this.keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  }

  async browserFor(fast: boolean): Promise<Browser> {
    if (fast) {
      this.fastBrowser ??= await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...UNTHROTTLED_FRAMES] });
      return this.fastBrowser;
    }
    this.browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    return this.browser;
  }

  freshDataDir(): string {
    return mkdtempSync(join(this.work, 'data-'));
  }

  /**
   * A fresh data folder signed in as `signedInDir` (its member and tokens), for a second shell: without the copied
   * folder's session (kiosk-session.json), whose port and session are the first shell's.
   */
  signedInCopy(signedInDir: string): string {
    const dataDir = this.freshDataDir();
    cpSync(signedInDir, dataDir, { recursive: true });
    rmSync(join(dataDir, 'kiosk-session.json'), { force: true });
    return dataDir;
  }

  async shell(request: ShellRequest): Promise<Shell> {
    const shell = await startShell({
      dataDir: request.dataDir,
      settings: request.embedded === true ? undefined : (request.settings ?? settingsEnv(this.sb)),
      vaultKeyFile: this.keyFile,
      rendererDir: request.rendererDir,
    });
    this.shells.add(shell);
    return shell;
  }

  async stop(shell: Shell): Promise<void> {
    await shell.stop();
    this.shells.delete(shell);
  }

  /**
   * A fresh browser context (no cache, no cookies) with the probe and one blank page.
   * `bypassCSP`: style elements added by the bench (bench:ab's variants) apply despite the page's policy.
   */
  async blankPage(options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await (await this.browserFor(options.fast ?? false)).newContext({ viewport: VIEWPORT, bypassCSP: options.bypassCSP ?? false });
    await context.addInitScript({ content: PROBE_SCRIPT });
    // Before the page's own script, as the probe: a stand-in for speechSynthesis (voice guidance's figures).
    for (const content of options.initScripts ?? []) await context.addInitScript({ content });
    return { context, page: await context.newPage() };
  }

  /** A blank page (`blankPage`) on `url`, or on the shell's launch URL by default. */
  async open(shell: Shell | undefined, options: PageOptions & { url?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const target = options.url ?? shell;
    if (target === undefined) throw new Error('Nothing to open.');
    const opened = await this.blankPage(options);
    if (typeof target === 'string') await opened.page.goto(target);
    else await openApp(opened.page, target);
    return opened;
  }

  /**
   * Process start → first paint of `mark`: `start` spawns the shell (and whatever it needs beside it), the page opens
   * it. The browser's context is opened before `start` runs: opening one is the bench's own work, not a start's (a
   * kiosk's browser opens the shell's page in a window it has), and it took 160–320 ms on the bench machine, varying
   * with what the browser was still closing from the launch before.
   */
  async launchToPaint<T extends { shell: Shell }>(start: () => Promise<T>, mark: MarkName) {
    const { context, page } = await this.blankPage();
    const started = await start().catch(async (error: unknown) => {
      await context.close();
      throw error;
    });
    await openApp(page, started.shell);
    const painted = await paintedAt(page, mark);
    return { ...started, context, page, ms: painted - started.shell.spawnedAt, painted };
  }

  /** A shell for `request`, from its start to the first paint of `mark` (launchToPaint). */
  async startToPaint(request: ShellRequest, mark: MarkName) {
    return this.launchToPaint(async () => ({ shell: await this.shell(request) }), mark);
  }

  async close(): Promise<void> {
    for (const shell of this.shells) await shell.stop();
    await this.browser?.close();
    await this.fastBrowser?.close();
    rmSync(this.work, { recursive: true, force: true });
  }
}
