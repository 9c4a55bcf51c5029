// The one interface between the UI and its host (Electron or a plain browser page).
// The renderer reaches files, downloads, links and app facts only through this.

export interface OpenedFile {
  name: string;
  /** Size in bytes as reported by the host, checked against limits before parsing. */
  size: number;
  text: string;
}

export interface OpenFilesRequest {
  title: string;
  /** File name extensions without the dot, e.g. ['json', 'jsonl']. */
  extensions: readonly string[];
  multiple: boolean;
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
}
