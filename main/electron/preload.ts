/**
 * Sandboxed preload: exposes the typed Tunewall bridge as `window.tunewall` and nothing else. Bundled into one CJS file
 * (a sandboxed preload can require only a few Electron modules, no Node and no other file).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createIpcBridge } from './bridgeClient';

const BRIDGE_GLOBAL = 'tunewall';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createIpcBridge(ipcRenderer));
