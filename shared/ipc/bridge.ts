// The shape of `window.studio`, the one object Electron's preload exposes to the renderer,
// and the request/response types of each invoke channel, so preload and main cannot drift.

import type { ChatOutcome } from '../judge-run/chat-completions';
import type { ConnectionCheck } from '../judge-run/connection-check';
import type {
  AppInfo,
  BackupReadRequest,
  BackupWriteRequest,
  JudgeConnectionRequest,
  JudgeEndpointRegistration,
  JudgeSendRequest,
  KeyStorage,
  OpenedFile,
  OpenFilesRequest,
  SaveFileRequest,
  SaveFileResult,
  SaveFilesRequest,
  SaveFilesResult,
  StoredBackup,
  TeamServerRegistration,
  TeamServerRequest,
  TeamServerResponse,
} from '../platform/studio-platform';
import type { IPC_CHANNELS, IpcResult } from './contract';

/** The global name under which the preload exposes the bridge (`window.studio`). */
export const STUDIO_BRIDGE_KEY = 'studio';

export interface OpenExternalRequest {
  url: string;
}

export interface ForgetJudgeEndpointRequest {
  endpointId: string;
}

/** The main process sends every judge request, so the renderer never needs a reload to reach one. */
export interface JudgeRegistered {
  hasKey: boolean;
  keyStorage: KeyStorage;
}

export interface ForgetTeamServerRequest {
  connectionId: string;
}

/** As for judges, the main process sends every team server request, so no reload is ever needed. */
export interface TeamServerRegistered {
  credentialStorage: KeyStorage;
}

/** What each renderer-to-main channel carries: the payload sent and the value returned. */
export interface IpcInvokeMap {
  [IPC_CHANNELS.openFiles]: { request: OpenFilesRequest; response: OpenedFile[] };
  [IPC_CHANNELS.saveFile]: { request: SaveFileRequest; response: SaveFileResult };
  [IPC_CHANNELS.saveFiles]: { request: SaveFilesRequest; response: SaveFilesResult };
  [IPC_CHANNELS.appInfo]: { request: undefined; response: AppInfo };
  [IPC_CHANNELS.openExternal]: { request: OpenExternalRequest; response: null };
  [IPC_CHANNELS.writeBackup]: { request: BackupWriteRequest; response: StoredBackup };
  [IPC_CHANNELS.listBackups]: { request: undefined; response: StoredBackup[] };
  [IPC_CHANNELS.readBackup]: { request: BackupReadRequest; response: string };
  [IPC_CHANNELS.quitReady]: { request: undefined; response: null };
  [IPC_CHANNELS.registerJudgeEndpoint]: { request: JudgeEndpointRegistration; response: JudgeRegistered };
  [IPC_CHANNELS.forgetJudgeEndpoint]: { request: ForgetJudgeEndpointRequest; response: null };
  [IPC_CHANNELS.sendJudgeRequest]: { request: JudgeSendRequest; response: ChatOutcome };
  [IPC_CHANNELS.testJudgeEndpoint]: { request: JudgeConnectionRequest; response: ConnectionCheck };
  [IPC_CHANNELS.registerTeamServer]: { request: TeamServerRegistration; response: TeamServerRegistered };
  [IPC_CHANNELS.forgetTeamServer]: { request: ForgetTeamServerRequest; response: null };
  [IPC_CHANNELS.fetchTeamServer]: { request: TeamServerRequest; response: TeamServerResponse };
}

export type IpcInvokeChannel = keyof IpcInvokeMap;

/**
 * One method per operation. Results arrive as IpcResults exactly as the main process sent
 * them; the renderer's platform module turns `{ ok: false }` into a thrown Error.
 */
export interface StudioBridge {
  openFiles(request: OpenFilesRequest): Promise<IpcResult<OpenedFile[]>>;
  saveFile(request: SaveFileRequest): Promise<IpcResult<SaveFileResult>>;
  saveFiles(request: SaveFilesRequest): Promise<IpcResult<SaveFilesResult>>;
  appInfo(): Promise<IpcResult<AppInfo>>;
  openExternal(url: string): Promise<IpcResult<null>>;
  /** Subscribes to the File menu's import command; returns an unsubscribe function. */
  onImportRequested(listener: () => void): () => void;
  writeBackup(request: BackupWriteRequest): Promise<IpcResult<StoredBackup>>;
  listBackups(): Promise<IpcResult<StoredBackup[]>>;
  readBackup(request: BackupReadRequest): Promise<IpcResult<string>>;
  /**
   * Subscribes to the main process's "the window is closing"; when the listener's promise
   * settles, the bridge tells the main process it may close. Returns an unsubscribe function.
   */
  onBeforeQuit(listener: () => Promise<void>): () => void;
  /** The key crosses to the main process here once and never comes back. */
  registerJudgeEndpoint(request: JudgeEndpointRegistration): Promise<IpcResult<JudgeRegistered>>;
  forgetJudgeEndpoint(endpointId: string): Promise<IpcResult<null>>;
  sendJudgeRequest(request: JudgeSendRequest): Promise<IpcResult<ChatOutcome>>;
  /** Test connection: the main process asks the endpoint for its models with the key it holds. */
  testJudgeEndpoint(request: JudgeConnectionRequest): Promise<IpcResult<ConnectionCheck>>;
  /** The password crosses to the main process here once and never comes back. */
  registerTeamServer(request: TeamServerRegistration): Promise<IpcResult<TeamServerRegistered>>;
  forgetTeamServer(connectionId: string): Promise<IpcResult<null>>;
  fetchTeamServer(request: TeamServerRequest): Promise<IpcResult<TeamServerResponse>>;
}
