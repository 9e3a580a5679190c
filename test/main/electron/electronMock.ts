/**
 * The one fake of the 'electron' module, installed for every test by test/setup.ts; shell tests call
 * resetElectronMock() in beforeEach. Members are stable objects (the code under test keeps references); their recorded
 * calls and state live in `fake`, which reset rebuilds.
 *
 * It behaves as Electron 45 does where Tunewall depends on it, each point checked against Electron's source (paths
 * below are in github.com/electron/electron) and node_modules/electron/electron.d.ts:
 * - `new BrowserWindow` emits app 'web-contents-created' before the constructor returns (BrowserWindow's constructor
 *   creates its WebContents, whose _init emits it: lib/browser/api/web-contents.ts, `app.emit('web-contents-created')`).
 * - `forcefullyCrashRenderer()` on Linux sends the renderer an explicit crash (shell/browser/api/
 *   electron_api_web_contents.cc, ForcefullyCrashRenderer: `rph->ForceCrash()`), so 'render-process-gone' arrives
 *   later (posted: EmitRenderProcessGone) with reason 'crashed', not 'killed'.
 * - A page's own `location.reload()` is a renderer-initiated main-frame navigation, so it emits 'will-navigate'
 *   (shell/browser/electron_navigation_throttle.cc, WillStartRequest); `webContents.reload()` does not.
 * - safeStorage (shell/browser/api/electron_api_safe_storage.cc): see `safeStorage` below.
 * - `protocol.registerSchemesAsPrivileged` throws once the app is ready (electron_api_protocol.cc).
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  private static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  url = '';
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly loadURL = vi.fn((url: string) => {
    this.url = url;
    this.showing = 'page';
    return Promise.resolve();
  });
  /**
   * What the window shows: the page, or nothing (a renderer that ended and was never reloaded). A reload asked of a
   * renderer told to crash but not yet gone is carried out by that renderer, and dies with it.
   */
  showing: 'page' | 'dead' = 'page';
  private crashPending = false;
  readonly reload = vi.fn(() => {
    if (!this.crashPending) this.showing = 'page';
  });
  readonly send = vi.fn();
  readonly openDevTools = vi.fn();
  readonly toggleDevTools = vi.fn();
  readonly forcefullyCrashRenderer = vi.fn(() => {
    // Linux: the renderer is told to crash; its end is reported later, as a crash.
    this.crashPending = true;
    setImmediate(() => {
      this.crashPending = false;
      this.emit('render-process-gone', { preventDefault: () => undefined }, { reason: 'crashed', exitCode: 0 });
    });
  });
  readonly mainFrame = { url: '', parent: null };

  /**
   * The page calls location.reload(): Electron emits 'will-navigate' (details, url) for the same URL; unless a
   * listener prevents it, the page reloads. Returns whether it reloaded.
   */
  pageReloads(): boolean {
    let prevented = false;
    const details = { url: this.url, isSameDocument: false, isMainFrame: true, frame: null, preventDefault: () => (prevented = true) };
    this.emit('will-navigate', details, this.url, false, true, 1, 1);
    if (!prevented) this.pageReloadCount += 1;
    return !prevented;
  }
  pageReloadCount = 0;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'render-process-gone') this.showing = 'dead';
    return super.emit(event, ...args);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.url;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  readonly show = vi.fn();
  readonly removeMenu = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  readonly setKiosk = vi.fn((flag: boolean) => {
    this.kiosk = flag;
  });
  kiosk: boolean;
  destroyed = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    this.kiosk = options.kiosk === true;
    fake.windows.push(this);
    app.emit('web-contents-created', { preventDefault: () => undefined }, this.webContents);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return false;
  }
}

export interface PreventableFake {
  preventDefault: ReturnType<typeof vi.fn>;
  defaultPrevented(): boolean;
}

export function preventable(): PreventableFake {
  const preventDefault = vi.fn();
  return { preventDefault, defaultPrevented: () => preventDefault.mock.calls.length > 0 };
}

interface FakeState {
  windows: FakeBrowserWindow[];
  ipcHandlers: Map<string, Listener>;
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  privilegedSchemes: unknown[];
  applicationMenu: unknown;
  singleInstance: boolean;
  exposed: Map<string, unknown>;
  rendererListeners: Map<string, Set<Listener>>;
  /**
   * The system safeStorage finds. `backend` is Chromium's synchronous choice from the desktop's name
   * (key_storage_util_linux.cc), all getSelectedStorageBackend() reports; `keyring` is whether a Secret Service
   * (gnome-keyring, KeePassXC, KWallet's) answers on D-Bus, which is what os_crypt_async's
   * FreedesktopSecretKeyProvider asks whatever `backend` says: basic_text on sway with gnome-keyring running still
   * seals with the keyring's key. `keyringGate`, when set, is a keyring that has not answered yet (slow, or locked
   * and waiting for a password nobody types): every async call waits for it, as OSCryptAsync::GetInstance waits for
   * all its providers.
   */
  safeStorage: {
    backend: 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6';
    keyring: 'answers' | 'absent';
    keyringGate: Promise<void> | undefined;
    usePlainText: boolean;
  };
  ready: boolean;
  switches: Map<string, string>;
  blockers: Map<number, string>;
  permissionRequest: Listener | undefined;
  permissionCheck: Listener | undefined;
  devicePermission: Listener | undefined;
  headersReceived: Listener | undefined;
  online: boolean;
  /** The system's languages, most preferred first (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). */
  preferredLanguages: string[];
  /** The locales/*.pak a packaged app keeps (electron-builder.yml, electronLanguages). */
  packagedLocales: string[];
  /** Every net.fetch, with the credentials mode Chromium's loader was given. */
  netRequests: { url: string; credentials: Request['credentials'] }[];
}

function freshState(): FakeState {
  return {
    windows: [],
    ipcHandlers: new Map(),
    protocolHandlers: new Map(),
    privilegedSchemes: [],
    applicationMenu: 'default-menu',
    singleInstance: true,
    exposed: new Map(),
    rendererListeners: new Map(),
    safeStorage: { backend: 'gnome_libsecret', keyring: 'answers', keyringGate: undefined, usePlainText: false },
    ready: false,
    switches: new Map(),
    blockers: new Map(),
    permissionRequest: undefined,
    permissionCheck: undefined,
    devicePermission: undefined,
    headersReceived: undefined,
    online: true,
    preferredLanguages: ['en-US'],
    packagedLocales: ['en-US', 'zh-TW', 'ja'],
    netRequests: [],
  };
}

export let fake: FakeState = freshState();

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** As Electron: false until Chromium detects assistive technology (a screen reader) or it is set. */
  accessibilitySupportEnabled = false;
  /** Chromium's switches, as given on Electron's command line. */
  readonly commandLine = {
    hasSwitch: vi.fn((name: string) => fake.switches.has(name)),
    appendSwitch: vi.fn((name: string, value = '') => void fake.switches.set(name, value)),
    getSwitchValue: vi.fn((name: string) => fake.switches.get(name) ?? ''),
  };
  /** Drops --no-sandbox and sets enable-sandbox, as Electron does (electron_api_app.cc, App::EnableSandbox). */
  readonly enableSandbox = vi.fn(() => {
    if (fake.ready) throw new Error('app.enableSandbox() can only be called before app is ready');
    fake.switches.delete('no-sandbox');
    fake.switches.set('enable-sandbox', '');
  });
  readonly quit = vi.fn();
  readonly requestSingleInstanceLock = vi.fn(() => fake.singleInstance);
  readonly whenReady = vi.fn(() => {
    fake.ready = true;
    return Promise.resolve();
  });
  readonly isReady = vi.fn(() => fake.ready);
  readonly getPath = vi.fn((name: string) => `/tmp/tunewall-test/${name}`);
  readonly getVersion = vi.fn(() => '0.1.0');
  /**
   * Chromium's l10n_util (ui/base/l10n/l10n_util.cc, GetApplicationLocale): the first preferred language whose .pak is
   * in locales/, zh-HK/zh-MO/Hant to zh-TW and other Chinese to zh-CN, else en-US. A package keeps only the .pak
   * files electron-builder.yml's electronLanguages names; `npm start` runs Electron's own folder, which has all.
   */
  readonly getLocale = vi.fn(() => {
    const paks = this.isPackaged ? fake.packagedLocales : undefined;
    for (const language of fake.preferredLanguages) {
      const candidate = chromiumLocale(language);
      if (paks === undefined || paks.includes(candidate)) return candidate;
    }
    return 'en-US';
  });
  /** g_get_language_names() on Linux, canonicalised (shell/common/language_util_linux.cc): no .pak involved. */
  readonly getPreferredSystemLanguages = vi.fn(() => [...fake.preferredLanguages]);
}

function chromiumLocale(language: string): string {
  const [base = '', ...rest] = language.split('-');
  if (base === 'zh') return rest.some((part) => ['Hant', 'TW', 'HK', 'MO'].includes(part)) ? 'zh-TW' : 'zh-CN';
  if (base === 'en') return rest.includes('GB') ? 'en-GB' : 'en-US';
  return base;
}

export const app = new FakeApp();

export const Menu = {
  setApplicationMenu: vi.fn((menu: unknown) => {
    fake.applicationMenu = menu;
  }),
};

export const BrowserWindow = FakeBrowserWindow;

export const protocol = {
  registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
    if (fake.ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    fake.privilegedSchemes.push(...schemes);
  }),
  handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
    fake.protocolHandlers.set(scheme, handler);
  }),
};

export const ipcMain = {
  /** Listeners registered with ipcMain.on, as electron-store does. */
  listeners: new Map<string, Listener>(),
  on: vi.fn((channel: string, listener: Listener) => {
    ipcMain.listeners.set(channel, listener);
  }),
  removeAllListeners: vi.fn((channel: string) => {
    ipcMain.listeners.delete(channel);
  }),
  handle: vi.fn((channel: string, listener: Listener) => {
    if (fake.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    fake.ipcHandlers.set(channel, listener);
  }),
  removeHandler: vi.fn((channel: string) => {
    fake.ipcHandlers.delete(channel);
  }),
};

export const ipcRenderer = {
  invoke: vi.fn((_channel: string, ..._args: unknown[]) => Promise.resolve<unknown>(undefined)),
  on: vi.fn((channel: string, listener: Listener) => {
    const set = fake.rendererListeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    fake.rendererListeners.set(channel, set);
    return ipcRenderer;
  }),
  removeListener: vi.fn((channel: string, listener: Listener) => {
    fake.rendererListeners.get(channel)?.delete(listener);
    return ipcRenderer;
  }),
};

export const contextBridge = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    fake.exposed.set(key, api);
  }),
};

/**
 * The keyring's own key (v11, FreedesktopSecretKeyProvider) when a Secret Service answers, else Chromium's hard-coded
 * fallback key (v10, PosixKeyProvider). `--password-store=basic` keeps the Secret Service provider out.
 */
function keyringKeyUsable(): boolean {
  return fake.safeStorage.keyring === 'answers' && fake.switches.get('password-store') !== 'basic';
}

/** The synchronous OSCrypt's view, which follows the selected backend (os_crypt_linux.cc). */
function syncKeyringKeyUsable(): boolean {
  return fake.safeStorage.backend !== 'basic_text' && keyringKeyUsable();
}

/** Resolves when os_crypt_async's providers have all answered (OSCryptAsync::GetInstance's callback). */
function encryptorReady(): Promise<void> {
  return fake.safeStorage.keyringGate ?? Promise.resolve();
}

/** A keyring that does not answer until the returned function is called (never, for a locked keyring on a TV box). */
export function holdKeyring(): () => void {
  let release: () => void = () => undefined;
  fake.safeStorage.keyringGate = new Promise<void>((resolve) => {
    release = () => {
      fake.safeStorage.keyringGate = undefined;
      resolve();
    };
  });
  return release;
}

function seal(prefix: 'v10' | 'v11', plain: string): Buffer {
  return Buffer.concat([Buffer.from(prefix), Buffer.from([...Buffer.from(plain)].map((b) => b ^ (prefix === 'v10' ? 0x10 : 0x11)))]);
}

/** Undefined when the data is not something safeStorage sealed. */
function unseal(data: Buffer): { prefix: 'v10' | 'v11'; plain: string } | undefined {
  const prefix = data.subarray(0, 3).toString();
  if (prefix !== 'v10' && prefix !== 'v11') return undefined;
  if (prefix === 'v11' && !keyringKeyUsable()) return undefined;
  const xor = prefix === 'v10' ? 0x10 : 0x11;
  return { prefix, plain: Buffer.from([...data.subarray(3)].map((b) => b ^ xor)).toString() };
}

const NOT_READY = 'safeStorage cannot be used before app is ready';

/**
 * Electron 45's safeStorage on Linux (electron_api_safe_storage.cc):
 * - isEncryptionAvailable: false before ready; else the keyring's key is usable, or setUsePlainTextEncryption(true)
 *   was called and the backend is basic_text. Deprecated in 45's electron.d.ts, as are encryptString/decryptString.
 * - isAsyncEncryptionAvailable: false before ready; true at once for basic_text with plain-text encryption allowed
 *   (IsAsyncEncryptionAvailable returns before EnsureAsyncEncryptorRequested); otherwise true once the async
 *   encryptor is ready, after every key provider answered (a slow or locked keyring holds it), which it always
 *   becomes on Linux in the end (PosixKeyProvider is the fallback: browser_process_impl.cc, CreateOSCryptAsync).
 * - encryptStringAsync / decryptStringAsync reject before ready and otherwise wait for the async encryptor (queued in
 *   pending_encrypts_ / pending_decrypts_), whatever isAsyncEncryptionAvailable said; ciphertext starts with the tag
 *   of the key that sealed it ('v11' from a Secret Service, which need not be the selected backend; 'v10' for the
 *   hard-coded key); decrypting v10 data once a keyring key exists says shouldReEncrypt.
 * - getSelectedStorageBackend: 'unknown' before ready.
 */
export const safeStorage = {
  isEncryptionAvailable: vi.fn(() => {
    if (!fake.ready) return false;
    return syncKeyringKeyUsable() || (fake.safeStorage.usePlainText && fake.safeStorage.backend === 'basic_text');
  }),
  isAsyncEncryptionAvailable: vi.fn(async (): Promise<boolean> => {
    if (!fake.ready) return false;
    if (fake.safeStorage.usePlainText && fake.safeStorage.backend === 'basic_text') return true;
    await encryptorReady();
    return true;
  }),
  setUsePlainTextEncryption: vi.fn((use: boolean) => {
    fake.safeStorage.usePlainText = use;
  }),
  getSelectedStorageBackend: vi.fn(() => (fake.ready ? fake.safeStorage.backend : 'unknown')),
  encryptString: vi.fn((plain: string): Buffer => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error(fake.ready ? 'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.' : NOT_READY);
    }
    return seal(syncKeyringKeyUsable() ? 'v11' : 'v10', plain);
  }),
  decryptString: vi.fn((data: Buffer): string => {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error(fake.ready ? 'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.' : NOT_READY);
    }
    const opened = unseal(data);
    if (opened === undefined || (opened.prefix === 'v11' && !syncKeyringKeyUsable())) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
    return opened.plain;
  }),
  encryptStringAsync: vi.fn(async (plain: string): Promise<Buffer> => {
    if (!fake.ready) throw new Error(NOT_READY);
    await encryptorReady();
    return seal(keyringKeyUsable() ? 'v11' : 'v10', plain);
  }),
  decryptStringAsync: vi.fn(async (data: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }> => {
    if (!fake.ready) throw new Error(NOT_READY);
    if (!Buffer.isBuffer(data)) throw new Error('Expected the first argument of decryptStringAsync() to be a buffer');
    if (data.length === 0) return { shouldReEncrypt: false, result: '' };
    await encryptorReady();
    const opened = unseal(data);
    if (opened === undefined) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.');
    return { shouldReEncrypt: opened.prefix === 'v10' && keyringKeyUsable(), result: opened.plain };
  }),
};

let nextBlocker = 1;
export const powerSaveBlocker = {
  start: vi.fn((type: string) => {
    const id = nextBlocker++;
    fake.blockers.set(id, type);
    return id;
  }),
  stop: vi.fn((id: number) => {
    fake.blockers.delete(id);
  }),
  isStarted: vi.fn((id: number) => fake.blockers.has(id)),
};

export const powerMonitor = new EventEmitter();

/**
 * net.fetch records the credentials mode Chromium's loader gets: fetch's default 'same-origin' becomes 'include' when
 * the request has no Origin header (lib/browser/api/net-fetch.ts), so the cookie store is consulted.
 */
export const net = {
  fetch: vi.fn((input: string, init?: RequestInit) => {
    const request = new Request(input, init);
    const credentials = request.credentials === 'same-origin' && !request.headers.get('origin') ? 'include' : request.credentials;
    fake.netRequests.push({ url: request.url, credentials });
    return Promise.resolve(new Response('{}'));
  }),
  isOnline: vi.fn(() => fake.online),
};

class FakeSession extends EventEmitter {
  readonly setPermissionRequestHandler = vi.fn((handler: Listener) => {
    fake.permissionRequest = handler;
  });
  readonly setPermissionCheckHandler = vi.fn((handler: Listener) => {
    fake.permissionCheck = handler;
  });
  readonly setDevicePermissionHandler = vi.fn((handler: Listener) => {
    fake.devicePermission = handler;
  });
  readonly webRequest = {
    onHeadersReceived: vi.fn((handler: Listener) => {
      fake.headersReceived = handler;
    }),
  };
}

export const session = { defaultSession: new FakeSession() };

const everyFn = [
  ...Object.values(app),
  ...Object.values(app.commandLine),
  ...Object.values(Menu),
  ...Object.values(protocol),
  ...Object.values(ipcMain),
  ...Object.values(ipcRenderer),
  ...Object.values(contextBridge),
  ...Object.values(safeStorage),
  ...Object.values(powerSaveBlocker),
  ...Object.values(net),
  ...Object.values(session.defaultSession),
  ...Object.values(session.defaultSession.webRequest),
].filter((value): value is ReturnType<typeof vi.fn> => vi.isMockFunction(value));

/** Lets what Electron posts for later (a crashed renderer's 'render-process-gone') happen. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function resetElectronMock(): void {
  fake = freshState();
  for (const fn of everyFn) fn.mockClear();
  ipcMain.listeners.clear();
  app.removeAllListeners();
  app.isPackaged = false;
  app.accessibilitySupportEnabled = false;
  powerMonitor.removeAllListeners();
  session.defaultSession.removeAllListeners();
}

export default {
  app,
  Menu,
  BrowserWindow,
  protocol,
  ipcMain,
  ipcRenderer,
  contextBridge,
  safeStorage,
  powerSaveBlocker,
  powerMonitor,
  net,
  session,
};
