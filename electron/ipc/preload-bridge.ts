// Builds the `window.studio` object from ipcRenderer. Runs in the sandboxed preload, so it
// may import only `electron` (here, nothing at all) and bundled shared/ code. Each method
// forwards to one IPC channel and returns the main process's IpcResult untouched.

import type { IpcInvokeChannel, IpcInvokeMap, StudioBridge } from '../../shared/ipc/bridge';
import { IPC_CHANNELS } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/contract';

/** The part of Electron's ipcRenderer the bridge uses. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown) => void): unknown;
}

export function createStudioBridge(ipc: BridgeIpc): StudioBridge {
  // The main process answers every channel with an IpcResult (electron/ipc/handlers.ts).
  const invoke = <C extends IpcInvokeChannel>(channel: C, ...request: IpcInvokeMap[C]['request'] extends undefined ? [] : [IpcInvokeMap[C]['request']]) =>
    ipc.invoke(channel, ...request) as Promise<IpcResult<IpcInvokeMap[C]['response']>>;

  return {
    openFiles: (request) => invoke(IPC_CHANNELS.openFiles, request),
    saveFile: (request) => invoke(IPC_CHANNELS.saveFile, request),
    saveFiles: (request) => invoke(IPC_CHANNELS.saveFiles, request),
    appInfo: () => invoke(IPC_CHANNELS.appInfo),
    openExternal: (url) => invoke(IPC_CHANNELS.openExternal, { url }),
    onImportRequested: (listener) => {
      // The IPC event (with its sender and ports) stays in the preload; the page gets a call.
      const forward = () => listener();
      ipc.on(IPC_CHANNELS.importRequested, forward);
      return () => {
        ipc.removeListener(IPC_CHANNELS.importRequested, forward);
      };
    },
    writeBackup: (request) => invoke(IPC_CHANNELS.writeBackup, request),
    listBackups: () => invoke(IPC_CHANNELS.listBackups),
    readBackup: (request) => invoke(IPC_CHANNELS.readBackup, request),
    registerJudgeEndpoint: (request) => invoke(IPC_CHANNELS.registerJudgeEndpoint, request),
    forgetJudgeEndpoint: (endpointId) => invoke(IPC_CHANNELS.forgetJudgeEndpoint, { endpointId }),
    sendJudgeRequest: (request) => invoke(IPC_CHANNELS.sendJudgeRequest, request),
    testJudgeEndpoint: (request) => invoke(IPC_CHANNELS.testJudgeEndpoint, request),
    registerTeamServer: (request) => invoke(IPC_CHANNELS.registerTeamServer, request),
    forgetTeamServer: (connectionId) => invoke(IPC_CHANNELS.forgetTeamServer, { connectionId }),
    fetchTeamServer: (request) => invoke(IPC_CHANNELS.fetchTeamServer, request),
    onBeforeQuit: (listener) => {
      // Whatever the snapshots do, the main process hears back, so closing never waits on an error.
      const forward = () => {
        void Promise.resolve()
          .then(() => listener())
          .catch(() => undefined)
          .then(() => invoke(IPC_CHANNELS.quitReady))
          // Should the answer not arrive, the main process closes after its time limit anyway.
          .catch(() => undefined);
      };
      ipc.on(IPC_CHANNELS.beforeQuit, forward);
      return () => {
        ipc.removeListener(IPC_CHANNELS.beforeQuit, forward);
      };
    },
  };
}
