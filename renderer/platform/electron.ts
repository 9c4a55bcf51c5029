// The StudioPlatform implementation for the Electron app, over the preload's `window.studio`.
// Runs in the renderer. Turns IpcResults back into values and thrown Errors, so UI code
// handles both hosts the same way.

import { STUDIO_BRIDGE_KEY } from '../../shared/ipc/bridge';
import type { StudioBridge } from '../../shared/ipc/bridge';
import type { IpcResult } from '../../shared/ipc/contract';
import type { StudioPlatform } from '../../shared/platform/studio-platform';

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new Error(result.error);
}

export function createElectronPlatform(bridge: StudioBridge): StudioPlatform {
  return {
    openFiles: async (request) => unwrap(await bridge.openFiles(request)),
    saveFile: async (request) => unwrap(await bridge.saveFile(request)),
    saveFiles: async (request) => unwrap(await bridge.saveFiles(request)),
    appInfo: async () => unwrap(await bridge.appInfo()),
    openExternal: async (url) => {
      unwrap(await bridge.openExternal(url));
    },
    onImportRequested: (listener) => bridge.onImportRequested(listener),
    backups: {
      write: async (request) => unwrap(await bridge.writeBackup(request)),
      list: async () => unwrap(await bridge.listBackups()),
      read: async (request) => unwrap(await bridge.readBackup(request)),
      onBeforeQuit: (listener) => bridge.onBeforeQuit(listener),
    },
    judgeEndpoints: {
      register: async (registration) => ({ ...unwrap(await bridge.registerJudgeEndpoint(registration)), reloadToConnect: false }),
      forget: async (endpointId) => {
        unwrap(await bridge.forgetJudgeEndpoint(endpointId));
      },
      // A refused request is an outcome like any other failure, so the runner records its reason.
      send: async (request) => {
        const result = await bridge.sendJudgeRequest(request);
        return result.ok ? result.value : { ok: false, failure: { kind: 'refused', reason: result.error } };
      },
      testConnection: async (request) => {
        const result = await bridge.testJudgeEndpoint(request);
        return result.ok ? result.value : { ok: false, problem: 'not-set-up', message: `Not tested: ${result.error}`, models: [] };
      },
    },
    teamServers: {
      register: async (registration) => ({ ...unwrap(await bridge.registerTeamServer(registration)), reloadToConnect: false }),
      forget: async (connectionId) => {
        unwrap(await bridge.forgetTeamServer(connectionId));
      },
      // A refused request is an answer like a network failure, which PouchDB retries.
      fetch: async (request) => {
        const result = await bridge.fetchTeamServer(request);
        return result.ok ? result.value : { ok: false, reason: result.error };
      },
    },
  };
}

const BRIDGE_METHODS = [
  'openFiles',
  'saveFile',
  'saveFiles',
  'appInfo',
  'openExternal',
  'onImportRequested',
  'writeBackup',
  'listBackups',
  'readBackup',
  'onBeforeQuit',
  'registerJudgeEndpoint',
  'forgetJudgeEndpoint',
  'sendJudgeRequest',
  'testJudgeEndpoint',
  'registerTeamServer',
  'forgetTeamServer',
  'fetchTeamServer',
] as const satisfies ReadonlyArray<keyof StudioBridge>;

/** The preload's bridge when running inside Electron, otherwise undefined (a plain browser). */
export function detectElectronBridge(): StudioBridge | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate: unknown = Reflect.get(window, STUDIO_BRIDGE_KEY);
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const methods = candidate as Record<string, unknown>;
  return BRIDGE_METHODS.every((name) => typeof methods[name] === 'function') ? (candidate as StudioBridge) : undefined;
}
