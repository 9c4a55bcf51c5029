// The one interface between the UI and its host (Electron or a plain browser page).
// The renderer reaches files, downloads, links and app facts only through this.

import type { Utf8Fault } from '../formats/limits';
import type { ChatMessage, ChatOutcome } from '../judge-run/chat-completions';
import type { ConnectionCheck, ConnectionCheckRequest } from '../judge-run/connection-check';

export interface OpenedFile {
  name: string;
  /** Size in bytes as reported by the host, checked against limits before parsing. */
  size: number;
  text: string;
  /** Where the bytes stop being UTF-8, when they do (sourceFileFromBytes); the parsers then reject the file. */
  invalidUtf8?: Utf8Fault;
  /** What the bytes look like when they are a binary file (sourceFileFromBytes), e.g. "a PNG image"; the parsers then reject the file. */
  binaryKind?: string;
  /** The bytes of a workbook or an SQLite database, which importers read as such (see SourceFile.bytes). */
  bytes?: Uint8Array;
}

export interface OpenFilesRequest {
  title: string;
  /** File name extensions without the dot, e.g. ['json', 'jsonl']. */
  extensions: readonly string[];
  multiple: boolean;
  /**
   * `backup` lets the desktop app read a file up to the backup limit (500 MB) instead of the
   * input limit (200 MB): a backup holds a study's labels and audit log besides its transcripts.
   */
  purpose?: 'backup';
}

export interface SaveFileRequest {
  suggestedName: string;
  text: string;
  mimeType: string;
}

export type SaveFileResult = { saved: true; name: string } | { saved: false };

export interface SaveFilesRequest {
  /** Dialog title, e.g. "Choose a folder for 55 packs". */
  title: string;
  /** Plain file names (no folders); the host refuses any name with a path separator. */
  files: readonly SaveFileRequest[];
}

/** `where` says where the files went: a folder in the desktop app, "Downloads" in a browser. */
export type SaveFilesResult = { saved: true; count: number; where: string } | { saved: false };

export interface AppInfo {
  name: string;
  version: string;
  host: 'electron' | 'browser';
}

/** One automatic snapshot the desktop app keeps of a study (see shared/formats/backup.ts). */
export interface StoredBackup {
  studyId: string;
  /** `<studyId>.<time>.backup.json`. */
  name: string;
  /** Bytes on disk. */
  size: number;
  createdAt: string;
}

export interface BackupWriteRequest {
  studyId: string;
  name: string;
  text: string;
}

export interface BackupReadRequest {
  studyId: string;
  name: string;
}

/** The desktop app's snapshots in its user data folder, the newest 10 of each study kept. */
export interface BackupStore {
  write(request: BackupWriteRequest): Promise<StoredBackup>;
  /** Every stored snapshot, newest first. */
  list(): Promise<StoredBackup[]>;
  /** The snapshot's text; refused for a study or name the store does not hold. */
  read(request: BackupReadRequest): Promise<string>;
  /** Subscribes to "the app is closing": the host waits (a few seconds at most) for the listener's promise. */
  onBeforeQuit(listener: () => Promise<void>): () => void;
}

/**
 * Where the host keeps an endpoint's API key: `system`, encrypted by the operating system
 * (Electron's safeStorage); `browser`, encrypted with a key the browser keeps and no script can
 * read out (a non-extractable Web Crypto key); `session`, only until the app closes, where
 * neither is available.
 */
export type KeyStorage = 'system' | 'browser' | 'session';

export interface JudgeEndpointRegistration {
  endpointId: string;
  /** The endpoint's URL; requests for it are admitted to this URL's origin only. */
  url: string;
  /** A string stores (or replaces) the key, null removes it, absent keeps the one stored. */
  apiKey?: string | null;
}

export interface JudgeSendRequest {
  endpointId: string;
  /** Must have the origin the endpoint was registered with. */
  url: string;
  model: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  /** Ask for the log-probabilities of the reply's tokens with this many alternatives (the endpoint says it can). */
  topLogprobs?: number;
  messages: ChatMessage[];
}

/** Test connection's request (issue 26): the endpoint's models asked for, as a judge request is sent. */
export type JudgeConnectionRequest = ConnectionCheckRequest;

/**
 * The host's side of judge endpoints (issue 17): it alone holds each endpoint's API key, and it
 * sends each request with it, to the registered origin only. In the desktop app the main process
 * sends; in a browser the page does (the endpoint must allow the page's origin, CORS).
 */
export interface JudgeEndpointAccess {
  /**
   * `reloadToConnect`: the page's Content-Security-Policy, fixed when it loaded, does not yet admit
   * the endpoint's origin (web build only); the page can reach it after a reload.
   */
  register(registration: JudgeEndpointRegistration): Promise<{ hasKey: boolean; keyStorage: KeyStorage; reloadToConnect: boolean }>;
  /** Removes the endpoint's key and admission. */
  forget(endpointId: string): Promise<void>;
  /** One chat-completions request with the endpoint's key; a failure is an outcome, never a throw, and never names the key. */
  send(request: JudgeSendRequest): Promise<ChatOutcome>;
  /** Lists the endpoint's models (GET …/v1/models) as `send` would send, and says in words what failed; never throws. */
  testConnection(request: JudgeConnectionRequest): Promise<ConnectionCheck>;
}

/** A study's team server account as the page hands it to the host (issue 18). */
export interface TeamServerRegistration {
  /** shared/sync/stored-records.ts connectionId: one per study and role. */
  connectionId: string;
  /** The server's base URL: https, or http to this computer (loopback) only; never with credentials in it. */
  url: string;
  user: string;
  /** A string stores (or replaces) the password; absent keeps the one stored. */
  password?: string;
}

/** One HTTP request to a team server, as the page's CouchDB client (PouchDB) makes it. */
export interface TeamServerRequest {
  connectionId: string;
  /** Must be on the origin the connection was registered with. */
  url: string;
  method: string;
  /** Without Authorization, which the host adds from the stored credentials. */
  headers: Array<[string, string]>;
  body?: string;
}

/** The server's answer whatever its status, or why there was none (refused by the host, or the network failed); never names the password. */
export type TeamServerResponse = { ok: true; status: number; headers: Array<[string, string]>; body: string } | { ok: false; reason: string };

/**
 * The host's side of team servers (issue 18): it alone holds each connection's password and sends
 * every request to the server with it (HTTP Basic), to the registered origin only, never following
 * a redirect. In the desktop app the main process sends; in a browser the page does (the server
 * must allow the page's origin, CORS).
 */
export interface TeamServerAccess {
  /** `reloadToConnect`: as JudgeEndpointAccess.register, the web page's policy does not admit the server's origin until a reload. */
  register(registration: TeamServerRegistration): Promise<{ credentialStorage: KeyStorage; reloadToConnect: boolean }>;
  /** Removes the connection's password and admission. */
  forget(connectionId: string): Promise<void>;
  fetch(request: TeamServerRequest): Promise<TeamServerResponse>;
}

export interface StudioPlatform {
  /** Resolves to the chosen files, or [] when the user cancels. */
  openFiles(request: OpenFilesRequest): Promise<OpenedFile[]>;
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** Saves several files at once (one folder choice in the desktop app, downloads in a browser). */
  saveFiles(request: SaveFilesRequest): Promise<SaveFilesResult>;
  appInfo(): Promise<AppInfo>;
  /** Opens an https link in the user's browser; other schemes are refused. */
  openExternal(url: string): Promise<void>;
  /** Subscribes to the host's "import" menu command; returns an unsubscribe function. */
  onImportRequested(listener: () => void): () => void;
  /** Present only in the desktop app, which snapshots studies on its own; a web page has no folder to keep them in. */
  backups?: BackupStore;
  /** Judge endpoints' keys and requests (issue 17). */
  judgeEndpoints: JudgeEndpointAccess;
  /** Team servers' passwords and requests (issue 18). */
  teamServers: TeamServerAccess;
}
