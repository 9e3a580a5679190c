/**
 * The one fake of the 'electron' module for Tunewall's shell tests. Use it with
 *   vi.mock('electron', () => import('./electronMock'));
 * and call resetElectronMock() in beforeEach. Members are stable objects (the code under test keeps references);
 * their recorded calls and state live in `fake`, which reset rebuilds.
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
    return Promise.resolve();
  });
  readonly reload = vi.fn();
  readonly send = vi.fn();
  readonly forcefullyCrashRenderer = vi.fn();
  readonly mainFrame = { url: '', parent: null };

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
  destroyed = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    fake.windows.push(this);
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
  safeStorage: { available: boolean; backend: string };
  blockers: Map<number, string>;
  permissionRequest: Listener | undefined;
  permissionCheck: Listener | undefined;
  devicePermission: Listener | undefined;
  headersReceived: Listener | undefined;
  online: boolean;
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
    safeStorage: { available: true, backend: 'gnome_libsecret' },
    blockers: new Map(),
    permissionRequest: undefined,
    permissionCheck: undefined,
    devicePermission: undefined,
    headersReceived: undefined,
    online: true,
  };
}

export let fake: FakeState = freshState();

class FakeApp extends EventEmitter {
  isPackaged = false;
  /** As Electron: false until Chromium detects assistive technology (a screen reader) or it is set. */
  accessibilitySupportEnabled = false;
  readonly enableSandbox = vi.fn();
  readonly quit = vi.fn();
  readonly requestSingleInstanceLock = vi.fn(() => fake.singleInstance);
  readonly whenReady = vi.fn(() => Promise.resolve());
  readonly getPath = vi.fn((name: string) => `/tmp/tunewall-test/${name}`);
  readonly getVersion = vi.fn(() => '0.1.0');
  readonly getLocale = vi.fn(() => 'en-US');
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

export const safeStorage = {
  isEncryptionAvailable: vi.fn(() => fake.safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => fake.safeStorage.backend),
  encryptString: vi.fn((plain: string) => Buffer.from(`enc:${plain}`)),
  decryptString: vi.fn((data: Buffer) => data.toString().replace(/^enc:/, '')),
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

export const net = {
  fetch: vi.fn((_input: string, _init?: RequestInit) => Promise.resolve(new Response('{}'))),
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
