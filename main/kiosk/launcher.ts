/**
 * The kiosk shell's browser: hands it the launch key through a launch page only this user can read, and opens it again
 * with a new key when the key was used by someone else first, or when recovery asks for a new browser.
 */
import type { ChildProcess } from 'node:child_process';
import { writeLaunchPage, type LaunchPage } from './launchPage';
import type { OpsLogger } from './ops/log';
import { killTree } from './ops/processTree';
import type { KioskServer } from './server';

/** How the browser went. */
export interface BrowserExit {
  code: number | null;
  signal: string | null;
  /** The browser had opened Tunewall's page (so an exit 0 is its viewer closing it). */
  opened: boolean;
}

/**
 * Hands the launch key to the browser through a launch page, and starts over with a new key (and a new browser) when
 * the server reports that the key was used by someone else first.
 */
export class Launcher {
  private page: LaunchPage | undefined;
  private browser: ChildProcess | undefined;
  private server: KioskServer | undefined;
  private onBrowserGone: ((exit: BrowserExit) => void) | undefined;
  /** Whether the browser opened now has presented its key (a viewer has seen Tunewall in it). */
  private opened = false;
  /** Counts launches, so a launch overtaken by a newer one while it waited for the profile drops its browser. */
  private launches = 0;

  constructor(
    private readonly pages: { dir: string; tag: string },
    private readonly open: (pageUrl: string) => Promise<ChildProcess | undefined>,
    private readonly logger: OpsLogger,
  ) {}

  start(server: KioskServer, onBrowserGone: (exit: BrowserExit) => void): void {
    this.server = server;
    this.onBrowserGone = onBrowserGone;
    this.openPage(server.launchUrl);
  }

  /**
   * The key is spent. The page stays until a new key replaces it: should someone else have used the key first, the
   * browser still finds the page and presents the key a second time, which is how the theft comes to light.
   */
  launched(): void {
    this.opened = true;
    this.logger.info('the browser opened the page');
  }

  keyTaken(): void {
    const server = this.server;
    if (server === undefined) return;
    process.stderr.write(
      'Tunewall: the launch key was used twice, so something other than this browser may have taken it. Every session is closed; starting again with a new key.\n',
    );
    const previous = this.browser;
    this.browser = undefined;
    previous?.removeAllListeners('exit');
    previous?.kill();
    this.openPage(server.newLaunchKey());
  }

  /** Ends the browser, every process of it (a frozen renderer too), and opens a new one with a new key. */
  relaunch(): void {
    const server = this.server;
    const previous = this.browser;
    if (server === undefined) return;
    this.browser = undefined;
    previous?.removeAllListeners('exit');
    if (previous?.pid !== undefined) killTree(previous.pid);
    this.openPage(server.newLaunchKey());
  }

  /** The shell stops: its browser goes with it (left behind, it would hold the profile and show "reconnecting"). */
  dispose(): void {
    this.launches += 1;
    this.page?.remove();
    this.page = undefined;
    this.browser?.removeAllListeners('exit');
    if (this.browser?.pid !== undefined && this.browser.exitCode === null && this.browser.signalCode === null) killTree(this.browser.pid);
    this.browser = undefined;
  }

  private openPage(launchUrl: string): void {
    this.page?.remove();
    this.page = writeLaunchPage(this.pages.dir, launchUrl, this.pages.tag);
    this.opened = false;
    const launch = ++this.launches;
    void this.open(this.page.url).then((browser) => {
      if (launch !== this.launches) {
        browser?.kill();
        return;
      }
      this.browser = browser;
      browser?.on('exit', (code, signal) => {
        if (this.browser === browser) this.onBrowserGone?.({ code, signal, opened: this.opened });
      });
    });
  }
}
