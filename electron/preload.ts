// The sandboxed preload: exposes exactly one object, `window.studio`, to the page.
// Runs in the renderer's isolated world; no Electron object is ever handed to the page.

import { contextBridge, ipcRenderer } from 'electron';
import { STUDIO_BRIDGE_KEY } from '../shared/ipc/bridge';
import { createStudioBridge } from './ipc/preload-bridge';

contextBridge.exposeInMainWorld(STUDIO_BRIDGE_KEY, createStudioBridge(ipcRenderer));
