/**
 * What a shell (Electron or the kiosk shell) gives the core, and what it gets back: the bridge handlers, a stream of
 * pushed events, and the few lifecycle calls only a shell can make.
 */
import type { BootView, BridgeEvent, BridgeHandlers } from '../../shared/bridge';
import type { TunewallConfig } from './config/config';
import type { ServiceEndpoints } from './config/service';
import type { EmbeddedSandbox } from './config/startup';
import type { CoreText } from './errors';
import type { ArtworkFiles } from './features/artwork/artworkFiles';
import type { PhonePage } from './features/companion/page';
import type { ShellSpeaker } from './features/speech/shellSpeaker';
import type { Cipher, Clock, FetchLike, KeyValueStore, Logger } from './ports';

export interface AppCore {
  handlers: BridgeHandlers;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /**
   * The state and the cached rows of the current account, read without a request and without starting a refresh
   * (the page's own loadRow calls do that), for a shell that inlines them into the page.
   */
  bootView?(): BootView;
  /** The system woke from sleep: re-check deadlines and token expiry, poll at once. */
  resume(): void;
  /** Network came back (or the shell believes so): retry what waits on the network now. */
  online(): void;
  /**
   * Answers the page's `/artwork/…` requests: the service's pictures on the page's own origin, kept on disk (see
   * features/artwork/). The shell routes them here from its own origin.
   */
  artwork?(request: Request): Promise<Response>;
  /** Forwards a remote's Back received outside the page (Electron `app-command` browser-backward). */
  intent(intent: 'back'): void;
  /** A fact of the platform the state reads changed (a screen reader started or stopped): the state is pushed again. */
  platformChanged?(): void;
  dispose(): Promise<void>;
}

export interface AppCoreDeps {
  env: Record<string, string | undefined>;
  argv: readonly string[];
  /** The app's data folder (config.json lives there unless --config or TUNEWALL_CONFIG say otherwise). */
  userDataDir: string;
  fetch: FetchLike;
  clock?: Clock;
  /** Undefined when no encryption is available; `noCipherReason` says why, in plain words. */
  cipher: Cipher | undefined;
  noCipherReason?: CoreText | undefined;
  /** Picks the cipher once the configuration is known (the kiosk shell's key file is a setting); wins over `cipher`. */
  resolveCipher?: (config: TunewallConfig) => { cipher: Cipher | undefined; reason: CoreText | undefined };
  store: KeyValueStore;
  logger: Logger;
  systemLocale: string;
  version: string;
  /** Starts the embedded sandbox; used when no credentials are configured. */
  startSandbox: () => Promise<EmbeddedSandbox>;
  /** Where pictures are kept; default: the `artwork` folder in `userDataDir`. */
  artworkFiles?: ArtworkFiles;
  /** Bytes of pictures kept at most (default in features/artwork/artworkCache.ts). */
  artworkMaxBytes?: number;
  /** Reads the config file (tests pass their own). */
  readFile?: (path: string) => string;
  /** Whether the platform says a screen reader is running (Electron: app.accessibilitySupportEnabled). */
  screenReader?: () => boolean;
  /** The shell's voice; by default espeak-ng or spd-say found on PATH. */
  speaker?: ShellSpeaker;
  /** The built phone page the companion serves (builtPhonePage); without it, phones get a page that only says where it is. */
  phonePage?: PhonePage | undefined;
}

export interface RunningAppCore extends AppCore {
  /** Whether explicit tracks are hidden for the one on screen (a child's profile, or their own setting). */
  hideExplicit(): boolean;
  config: TunewallConfig;
  endpoints: ServiceEndpoints | undefined;
}
