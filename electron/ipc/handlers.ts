// One handler per renderer-to-main IPC channel. Main process only. Each handler checks who is
// asking and what, does its work through injected dependencies, and answers with an IpcResult:
// nothing thrown crosses the process boundary.

import { basename, extname } from 'node:path';
import type { z } from 'zod';
import type { IpcInvokeChannel, IpcInvokeMap } from '../../shared/ipc/bridge';
import { IPC_CHANNELS, MAX_OPEN_FILE_BYTES } from '../../shared/ipc/contract';
import { MAX_BACKUP_BYTES } from '../../shared/formats/backup';
import type { IpcResult } from '../../shared/ipc/contract';
import { jsonPath } from '../../shared/formats/zod-issues';
import { readChosenFiles } from '../files/read-files';
import type { OpenFile } from '../files/read-files';
import { saveFilesInFolder } from '../files/save-files';
import { isAppUrl, isSafeExternalUrl } from '../security/url-policy';
import type { SnapshotStore } from '../backup/backup-store';
import type { JudgeEndpointAccess, TeamServerAccess } from '../../shared/platform/studio-platform';
import {
  backupReadPayload,
  backupWritePayload,
  judgeForgetPayload,
  judgeRegisterPayload,
  judgeSendPayload,
  judgeTestPayload,
  noPayload,
  openExternalPayload,
  openFilesPayload,
  saveFilePayload,
  saveFilesPayload,
  teamFetchPayload,
  teamForgetPayload,
  teamRegisterPayload,
} from './schemas';

/** The part of Electron's IpcMainInvokeEvent the handlers read. */
export interface InvokeEvent {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface IpcHandlerDeps {
  /** Opens files, or with `openDirectory` chooses one folder (`createDirectory` lets macOS make a new one). */
  showOpenDialog(options: {
    title: string;
    filters: FileFilter[];
    properties: Array<'openFile' | 'multiSelections' | 'openDirectory' | 'createDirectory'>;
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: {
    defaultPath: string;
    filters: FileFilter[];
    properties: Array<'createDirectory' | 'showOverwriteConfirmation'>;
  }): Promise<{ canceled: boolean; filePath?: string }>;
  /** Opens a chosen file for reading; reads go through read-files.ts, up to MAX_OPEN_FILE_BYTES (MAX_BACKUP_BYTES for a backup). */
  openFile: OpenFile;
  writeFile(path: string, text: string): Promise<void>;
  openExternal(url: string): Promise<void>;
  appName: string;
  appVersion: string;
  /** The automatic snapshots in the user data folder (electron/backup/backup-store.ts). */
  snapshots: SnapshotStore;
  /** The renderer wrote its snapshots after `app:before-quit`; the window may close. */
  snapshotsDone(): void;
  /** Judge endpoints' keys and requests (electron/judge/endpoint-store.ts). */
  judgeEndpoints: JudgeEndpointAccess;
  /** Team servers' passwords and requests (electron/team/team-server-store.ts). */
  teamServers: TeamServerAccess;
}

export type IpcHandler<C extends IpcInvokeChannel> = (event: InvokeEvent, payload: unknown) => Promise<IpcResult<IpcInvokeMap[C]['response']>>;
export type IpcHandlers = { [C in IpcInvokeChannel]: IpcHandler<C> };

/** Only the app's own top-level page may call; a frame from anywhere else gets nothing. */
function senderError(event: InvokeEvent): string | undefined {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !isAppUrl(frame.url)) return 'Refused: the request did not come from the app window';
  return undefined;
}

function describeIssues(channel: string, issues: readonly z.core.$ZodIssue[]): string {
  const details = issues.map((issue) => {
    const path = jsonPath(issue.path);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return `Invalid ${channel} request: ${details.join('; ')}`;
}

/** The API key or password a payload carries, if any: blanked from every error message, whatever produced it. */
function secretsIn(payload: unknown): Array<[secret: string, shown: string]> {
  if (typeof payload !== 'object' || payload === null) return [];
  const { apiKey, password } = payload as { apiKey?: unknown; password?: unknown };
  const secrets: Array<[string, string]> = [];
  if (typeof apiKey === 'string' && apiKey !== '') secrets.push([apiKey, '[the API key]']);
  if (typeof password === 'string' && password !== '') secrets.push([password, '[the password]']);
  return secrets;
}

/**
 * Wraps one channel's work: sender check, payload check, then `work` with the parsed payload.
 * Any failure, expected or not, becomes `{ ok: false }` with a message for the user.
 */
function handler<C extends IpcInvokeChannel, S extends z.ZodType>(
  channel: C,
  schema: S,
  work: (payload: z.output<S>) => Promise<IpcInvokeMap[C]['response']>,
): IpcHandler<C> {
  return async (event, payload) => {
    const failed = (error: string): IpcResult<never> => ({
      ok: false,
      error: secretsIn(payload).reduce((text, [secret, shown]) => text.split(secret).join(shown), error),
    });
    try {
      const refused = senderError(event);
      if (refused !== undefined) return { ok: false, error: refused };
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return failed(describeIssues(channel, parsed.error.issues));
      return { ok: true, value: await work(parsed.data) };
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    }
  };
}

function saveFilters(suggestedName: string): FileFilter[] {
  const extension = extname(suggestedName).slice(1);
  return extension === '' ? [] : [{ name: `${extension.toUpperCase()} files`, extensions: [extension] }];
}

export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  return {
    [IPC_CHANNELS.openFiles]: handler(IPC_CHANNELS.openFiles, openFilesPayload, async (request) => {
      const choice = await deps.showOpenDialog({
        title: request.title,
        filters: [{ name: `${request.extensions.map((extension) => extension.toUpperCase()).join(', ')} files`, extensions: request.extensions }],
        properties: request.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      });
      if (choice.canceled) return [];
      return readChosenFiles(choice.filePaths, { openFile: deps.openFile, maxBytes: request.purpose === 'backup' ? MAX_BACKUP_BYTES : MAX_OPEN_FILE_BYTES });
    }),

    [IPC_CHANNELS.saveFile]: handler(IPC_CHANNELS.saveFile, saveFilePayload, async (request) => {
      const choice = await deps.showSaveDialog({
        defaultPath: request.suggestedName,
        filters: saveFilters(request.suggestedName),
        // Linux dialogs replace an existing file silently unless asked to confirm.
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      if (choice.canceled || choice.filePath === undefined || choice.filePath === '') return { saved: false };
      await deps.writeFile(choice.filePath, request.text);
      return { saved: true, name: basename(choice.filePath) };
    }),

    [IPC_CHANNELS.saveFiles]: handler(IPC_CHANNELS.saveFiles, saveFilesPayload, async (request) => {
      // One folder for all the files: a save dialog per pack would mean 55 dialogs.
      const choice = await deps.showOpenDialog({ title: request.title, filters: [], properties: ['openDirectory', 'createDirectory'] });
      const folder = choice.filePaths[0];
      if (choice.canceled || folder === undefined || folder === '') return { saved: false };
      const count = await saveFilesInFolder(folder, request.files, deps.writeFile);
      return { saved: true, count, where: folder };
    }),

    [IPC_CHANNELS.appInfo]: handler(IPC_CHANNELS.appInfo, noPayload, async () => ({
      name: deps.appName,
      version: deps.appVersion,
      host: 'electron',
    })),

    [IPC_CHANNELS.openExternal]: handler(IPC_CHANNELS.openExternal, openExternalPayload, async ({ url }) => {
      if (!isSafeExternalUrl(url)) throw new Error('Only https links can be opened');
      await deps.openExternal(url);
      return null;
    }),

    [IPC_CHANNELS.writeBackup]: handler(IPC_CHANNELS.writeBackup, backupWritePayload, (request) => deps.snapshots.write(request)),

    [IPC_CHANNELS.listBackups]: handler(IPC_CHANNELS.listBackups, noPayload, () => deps.snapshots.list()),

    [IPC_CHANNELS.readBackup]: handler(IPC_CHANNELS.readBackup, backupReadPayload, (request) => deps.snapshots.read(request)),

    [IPC_CHANNELS.quitReady]: handler(IPC_CHANNELS.quitReady, noPayload, async () => {
      deps.snapshotsDone();
      return null;
    }),

    [IPC_CHANNELS.registerJudgeEndpoint]: handler(IPC_CHANNELS.registerJudgeEndpoint, judgeRegisterPayload, async (request) => {
      const { hasKey, keyStorage } = await deps.judgeEndpoints.register(request);
      return { hasKey, keyStorage };
    }),

    [IPC_CHANNELS.forgetJudgeEndpoint]: handler(IPC_CHANNELS.forgetJudgeEndpoint, judgeForgetPayload, async ({ endpointId }) => {
      await deps.judgeEndpoints.forget(endpointId);
      return null;
    }),

    [IPC_CHANNELS.sendJudgeRequest]: handler(IPC_CHANNELS.sendJudgeRequest, judgeSendPayload, (request) => deps.judgeEndpoints.send(request)),

    [IPC_CHANNELS.testJudgeEndpoint]: handler(IPC_CHANNELS.testJudgeEndpoint, judgeTestPayload, (request) => deps.judgeEndpoints.testConnection(request)),

    [IPC_CHANNELS.registerTeamServer]: handler(IPC_CHANNELS.registerTeamServer, teamRegisterPayload, async (request) => {
      const { credentialStorage } = await deps.teamServers.register(request);
      return { credentialStorage };
    }),

    [IPC_CHANNELS.forgetTeamServer]: handler(IPC_CHANNELS.forgetTeamServer, teamForgetPayload, async ({ connectionId }) => {
      await deps.teamServers.forget(connectionId);
      return null;
    }),

    [IPC_CHANNELS.fetchTeamServer]: handler(IPC_CHANNELS.fetchTeamServer, teamFetchPayload, (request) => deps.teamServers.fetch(request)),
  };
}

/** The part of Electron's ipcMain used to install the handlers. */
export interface InvokeRegistry {
  handle(channel: string, listener: (event: InvokeEvent, payload: unknown) => Promise<unknown>): void;
}

export function registerIpcHandlers(ipcMain: InvokeRegistry, handlers: IpcHandlers): void {
  for (const [channel, listener] of Object.entries(handlers)) ipcMain.handle(channel, listener);
}
