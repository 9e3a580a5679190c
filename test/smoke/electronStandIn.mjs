/**
 * A stand-in for the `electron` module, for running the built main process (out/main/index.js) under Node. It
 * behaves as Electron 45 does where the shell depends on it (see test/main/electron/electronMock.ts for the source
 * references): the app becomes ready after the main script's first run, registerSchemesAsPrivileged throws once
 * ready, new BrowserWindow emits web-contents-created, and loadURL of an app:// page asks the registered protocol
 * handler. It records what the shell asked for, drives the window as a page would (IPC calls from the window's
 * frame), writes the record to $TUNEWALL_SMOKE_REPORT, then quits the app as a user closing it would.
 */
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const record = {
  sandboxEnabled: false,
  privilegedSchemes: [],
  schemesRegisteredBeforeReady: undefined,
  protocolSchemes: [],
  windows: [],
  ipcHandlers: [],
  ipcListenersLeft: [],
  pages: [],
  state: undefined,
  pairingState: undefined,
  quitCleanly: false,
  problems: [],
};

let ready = false;
const switches = new Map(process.argv.filter((arg) => arg.startsWith('--')).map((arg) => [arg.slice(2), '']));

class App extends EventEmitter {
  isPackaged = false;
  commandLine = {
    hasSwitch: (name) => switches.has(name),
    appendSwitch: (name, value = '') => void switches.set(name, value),
    getSwitchValue: (name) => switches.get(name) ?? '',
  };
  #ready = new Promise((resolve) => {
    // The main script runs to its end first; 'ready' comes after.
    setImmediate(() => {
      ready = true;
      this.emit('ready');
      resolve();
    });
  });
  enableSandbox() {
    if (ready) throw new Error('app.enableSandbox() can only be called before app is ready');
    switches.delete('no-sandbox');
    record.sandboxEnabled = true;
  }
  whenReady() {
    return this.#ready;
  }
  isReady() {
    return ready;
  }
  requestSingleInstanceLock() {
    return true;
  }
  getPath(name) {
    const base = process.env.TUNEWALL_SMOKE_USER_DATA;
    return name === 'userData' ? base : join(base, name);
  }
  getVersion() {
    return '0.1.0';
  }
  getLocale() {
    return 'en-US';
  }
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  quit() {
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    const willQuit = { defaultPrevented: false, preventDefault: () => (willQuit.defaultPrevented = true) };
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    record.quitCleanly = true;
    finish(0);
  }
  exit(code = 0) {
    finish(code);
  }
}

export const app = new App();

function finish(code) {
  record.ipcListenersLeft = [...ipcListeners.keys()];
  writeFileSync(process.env.TUNEWALL_SMOKE_REPORT, JSON.stringify(record, null, 2));
  process.exit(code);
}

export const Menu = { setApplicationMenu: () => undefined };

const protocolHandlers = new Map();
export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    record.schemesRegisteredBeforeReady = true;
    record.privilegedSchemes.push(...schemes);
  },
  handle(scheme, handler) {
    record.protocolSchemes.push(scheme);
    protocolHandlers.set(scheme, handler);
  },
};

const ipcHandlers = new Map();
const ipcListeners = new Map();
export const ipcMain = {
  handle(channel, handler) {
    if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcHandlers.set(channel, handler);
    record.ipcHandlers.push(channel);
  },
  removeHandler: (channel) => void ipcHandlers.delete(channel),
  on: (channel, listener) => void ipcListeners.set(channel, listener),
  removeAllListeners: (channel) => void ipcListeners.delete(channel),
};

let nextId = 1;
class WebContents extends EventEmitter {
  id = nextId++;
  url = '';
  mainFrame = { url: '', parent: null };
  isDestroyed = () => false;
  getURL = () => this.url;
  setWindowOpenHandler = (handler) => void (this.windowOpenHandler = handler);
  send = () => undefined;
  reload = () => undefined;
  openDevTools = () => undefined;
  toggleDevTools = () => undefined;
  forcefullyCrashRenderer = () => undefined;
  async loadURL(url) {
    this.url = url;
    this.mainFrame.url = url;
    const scheme = url.slice(0, url.indexOf(':'));
    const handler = protocolHandlers.get(scheme);
    if (handler === undefined) {
      record.pages.push({ url: url.slice(0, 60), handled: false });
      return;
    }
    for (const path of ['', 'index.html', 'missing.js', 'assets/%2e%2e%2f%2e%2e%2fpackage.json']) {
      const target = `${scheme}://${new URL(url).host}/${path}`;
      const response = await handler(new Request(target));
      record.pages.push({ url: target, status: response.status, type: response.headers.get('content-type'), body: (await response.text()).slice(0, 80) });
    }
    this.emit('did-finish-load');
  }
}

class BrowserWindow extends EventEmitter {
  webContents = new WebContents();
  constructor(options) {
    super();
    record.windows.push(options);
    app.emit('web-contents-created', { preventDefault: () => undefined }, this.webContents);
    this.webContents.once('did-finish-load', () => void drive(this.webContents));
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  show = () => undefined;
  focus = () => undefined;
  restore = () => undefined;
  removeMenu = () => undefined;
  setKiosk = () => undefined;
}
export { BrowserWindow };

/** What a page would do: ask for the state over IPC from the window's own frame, until pairing shows a code. */
async function drive(contents) {
  try {
    const invoke = (method, ...args) => {
      const handler = ipcHandlers.get(`tunewall:${method}`);
      if (handler === undefined) throw new Error(`no IPC handler for ${method}`);
      return handler({ sender: contents, senderFrame: { url: contents.url, parent: null } }, ...args);
    };
    record.state = await invoke('getState');
    // With real credentials configured there is no sandbox to pair with: the first state is the record.
    for (let i = 0; i < 300 && process.env.TUNEWALL_SMOKE_UNTIL === 'pairing'; i++) {
      const state = await invoke('getState');
      if (state.auth.status === 'pairing' && state.auth.code?.userCode !== undefined) {
        record.pairingState = state;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    record.problems.push(String(error?.stack ?? error));
  }
  app.quit();
}

const base64 = (text) => Buffer.from(text).toString('base64');
export const safeStorage = {
  // No keyring here: Electron's fallback key, tagged v10 (basic_text).
  isAsyncEncryptionAvailable: async () => ready,
  setUsePlainTextEncryption: () => undefined,
  getSelectedStorageBackend: () => (ready ? 'basic_text' : 'unknown'),
  encryptStringAsync: async (text) => Buffer.from(`v10${base64(text)}`),
  decryptStringAsync: async (data) => ({ shouldReEncrypt: false, result: Buffer.from(data.subarray(3).toString(), 'base64').toString() }),
};

const session = new EventEmitter();
Object.assign(session, {
  setPermissionRequestHandler: () => undefined,
  setPermissionCheckHandler: () => undefined,
  setDevicePermissionHandler: () => undefined,
  webRequest: { onHeadersReceived: () => undefined, onBeforeRequest: () => undefined },
});
const sessionModule = { defaultSession: session };
export { sessionModule as session };

export const net = { fetch: (input, init) => fetch(input, init), isOnline: () => true };
export const powerMonitor = new EventEmitter();
let blockers = 0;
export const powerSaveBlocker = { start: () => ++blockers, stop: () => undefined, isStarted: () => true };
export const shell = { openExternal: async () => undefined };
export const ipcRenderer = {};
export const contextBridge = {};

export default {
  app,
  Menu,
  protocol,
  ipcMain,
  BrowserWindow,
  safeStorage,
  session: sessionModule,
  net,
  powerMonitor,
  powerSaveBlocker,
  shell,
  ipcRenderer,
  contextBridge,
};
