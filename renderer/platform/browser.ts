// The StudioPlatform for a plain web page: a file input to open, downloads to save,
// window.open (https only, no opener) for links, and the page's own judge endpoints and team servers
// (browser-judge-endpoints.ts, browser-team-servers.ts). Used by the web build and the e2e tests.

import { sourceFileFromBytes } from '../../shared/formats/utf8';
import type {
  AppInfo,
  JudgeEndpointAccess,
  OpenFilesRequest,
  OpenedFile,
  SaveFileRequest,
  SaveFileResult,
  SaveFilesRequest,
  SaveFilesResult,
  StudioPlatform,
  TeamServerAccess,
} from '../../shared/platform/studio-platform';

/** Chromium drops some of many downloads started in one go; a short pause between them keeps every one. */
export const DOWNLOAD_PAUSE_MS = 250;

/**
 * Bytes, not File.text(): that would turn bytes that are not UTF-8 into U+FFFD without a word.
 * A file may come with the name to use (its path inside a dropped folder).
 */
export function readFiles(files: Iterable<File | { name: string; file: File }>): Promise<OpenedFile[]> {
  return Promise.all(
    [...files].map(async (item) => {
      const { name, file } = item instanceof File ? { name: item.name, file: item } : item;
      return sourceFileFromBytes(name, new Uint8Array(await file.arrayBuffer()));
    }),
  );
}

function chooseFiles(request: OpenFilesRequest): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = request.multiple;
    input.accept = request.extensions.map((extension) => `.${extension}`).join(',');
    input.hidden = true;
    const finish = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => finish([...(input.files ?? [])]), { once: true });
    input.addEventListener('cancel', () => finish([]), { once: true });
    document.body.append(input);
    input.click();
  });
}

function download(request: SaveFileRequest): void {
  const url = URL.createObjectURL(new Blob([request.text], { type: request.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = request.suggestedName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: the download reads the blob asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function isHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

export function createBrowserPlatform(judgeEndpoints: JudgeEndpointAccess, teamServers: TeamServerAccess): StudioPlatform {
  return {
    judgeEndpoints,
    teamServers,
    async openFiles(request) {
      return readFiles(await chooseFiles(request));
    },
    async saveFile(request: SaveFileRequest): Promise<SaveFileResult> {
      download(request);
      return { saved: true, name: request.suggestedName };
    },
    async saveFiles(request: SaveFilesRequest): Promise<SaveFilesResult> {
      // A page cannot choose a folder; the files go where the browser puts downloads.
      for (const [index, file] of request.files.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, DOWNLOAD_PAUSE_MS));
        download(file);
      }
      return { saved: true, count: request.files.length, where: 'Downloads' };
    },
    async appInfo(): Promise<AppInfo> {
      return { name: 'Agreement Studio', version: __APP_VERSION__, host: 'browser' };
    },
    async openExternal(url) {
      if (!isHttpsUrl(url)) throw new Error(`refused to open ${url}: only https links open outside the studio`);
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    onImportRequested() {
      // A web page has no application menu; the library's Import button does the same.
      return () => {};
    },
  };
}
