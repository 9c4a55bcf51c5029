// The desktop app's automatic snapshots: `<userData>/backups/<studyId>/<studyId>.<time>.backup.json`,
// the newest 10 of each study kept. Main process only. Takes the folder and an fs-like object so
// tests run it on a temporary folder or a fake; every study id and name is checked again here.

import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_BACKUP_BYTES, parseBackupFileName } from '../../shared/formats/backup';
import { idProblem } from '../../shared/domain/ids';
import { formatErrorText } from '../../shared/formats/errors';
import { checkSourceFile } from '../../shared/formats/limits';
import type { BackupReadRequest, BackupWriteRequest, StoredBackup } from '../../shared/platform/studio-platform';
import { pathInFolder } from '../files/save-files';
import { readChosenFiles, type OpenFile } from '../files/read-files';

export const SNAPSHOTS_KEPT = 10;

/** The file system calls the store makes (Node's fs/promises fits, see nodeSnapshotFs). */
export interface SnapshotFs {
  /** Creates the folder and its parents; no error when it exists. */
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  writeFile(path: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  stat(path: string): Promise<{ size: number; isFile(): boolean }>;
  /** Opens for reading; reads go through read-files.ts with the backup size cap. */
  openFile: OpenFile;
}

export const nodeSnapshotFs: SnapshotFs = {
  mkdir: async (path) => {
    await mkdir(path, { recursive: true });
  },
  readdir: (path) => readdir(path),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  stat: (path) => stat(path),
  // O_NONBLOCK keeps a FIFO planted in the folder from hanging the read (POSIX only).
  openFile: (path) => open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)),
};

export interface SnapshotStore {
  write(request: BackupWriteRequest): Promise<StoredBackup>;
  list(): Promise<StoredBackup[]>;
  read(request: BackupReadRequest): Promise<string>;
}

/**
 * Why a study id cannot name its snapshot folder, or undefined when it can. The study id rule
 * (domain/ids.ts) already keeps ids to plain folder names on every system: no "." or "..", no
 * separators, no device name, no trailing dot (which Windows drops, so two studies would share one).
 * Checked again here because the id arrives over IPC.
 */
export function studyFolderProblem(studyId: string): string | undefined {
  return idProblem('study', studyId);
}

function systemErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function createSnapshotStore(root: string, fs: SnapshotFs, options: { keep?: number; maxBytes?: number } = {}): SnapshotStore {
  const keep = options.keep ?? SNAPSHOTS_KEPT;
  const maxBytes = options.maxBytes ?? MAX_BACKUP_BYTES;

  const folderOf = (studyId: string): string => {
    const problem = studyFolderProblem(studyId);
    const folder = problem === undefined ? pathInFolder(root, studyId) : undefined;
    if (folder === undefined)
      throw new Error(`Refused: the study id ${JSON.stringify(studyId)} cannot hold snapshots (${problem ?? 'not a plain folder name'})`);
    return folder;
  };

  const pathOf = (folder: string, studyId: string, name: string): { path: string; createdAt: string } => {
    const parsed = parseBackupFileName(name);
    const path = parsed?.studyId === studyId ? pathInFolder(folder, name) : undefined;
    if (parsed === undefined || path === undefined)
      throw new Error(`Refused: ${JSON.stringify(name)} is not a snapshot name of the study ${JSON.stringify(studyId)} (<study id>.<time>.backup.json)`);
    return { path, createdAt: parsed.createdAt };
  };

  /** The study's snapshot names, oldest first (the time in the name sorts as text); [] without a folder. */
  const namesOf = async (folder: string, studyId: string): Promise<string[]> => {
    let entries: string[];
    try {
      entries = await fs.readdir(folder);
    } catch (error) {
      if (systemErrorCode(error) === 'ENOENT' || systemErrorCode(error) === 'ENOTDIR') return [];
      throw error;
    }
    return entries.filter((entry) => parseBackupFileName(entry)?.studyId === studyId).sort();
  };

  return {
    async write({ studyId, name, text }) {
      const folder = folderOf(studyId);
      const { path, createdAt } = pathOf(folder, studyId, name);
      const partial = pathInFolder(folder, `${name}.partial`);
      if (partial === undefined) throw new Error(`Refused: ${JSON.stringify(name)} is not a plain file name`);
      await fs.mkdir(folder);
      // Written aside, then renamed: a crash mid-write never leaves a cut-off snapshot that
      // counts as the newest and pushes a good one out.
      await fs.writeFile(partial, text);
      await fs.rename(partial, path);
      const names = await namesOf(folder, studyId);
      // Only files named as this study's snapshots are ever deleted; anything else stays.
      for (const old of names.slice(0, Math.max(0, names.length - keep))) {
        const oldPath = pathInFolder(folder, old);
        if (oldPath !== undefined) await fs.unlink(oldPath);
      }
      const { size } = await fs.stat(path);
      return { studyId, name, size, createdAt };
    },

    async list() {
      let folders: string[];
      try {
        folders = await fs.readdir(root);
      } catch (error) {
        if (systemErrorCode(error) === 'ENOENT') return [];
        throw error;
      }
      const stored: StoredBackup[] = [];
      for (const studyId of folders) {
        if (studyFolderProblem(studyId) !== undefined) continue;
        const folder = join(root, studyId);
        for (const name of await namesOf(folder, studyId)) {
          const { path, createdAt } = pathOf(folder, studyId, name);
          const stats = await fs.stat(path);
          if (stats.isFile()) stored.push({ studyId, name, size: stats.size, createdAt });
        }
      }
      return stored.sort((a, b) =>
        a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.studyId < b.studyId ? -1 : a.studyId > b.studyId ? 1 : 0,
      );
    },

    async read({ studyId, name }) {
      const folder = folderOf(studyId);
      const { path } = pathOf(folder, studyId, name);
      const names = await namesOf(folder, studyId);
      if (names.length === 0) throw new Error(`No snapshots are stored for the study ${JSON.stringify(studyId)}`);
      if (!names.includes(name)) throw new Error(`No snapshot named ${name} is stored for the study ${JSON.stringify(studyId)}`);
      const [file] = await readChosenFiles([path], { openFile: fs.openFile, maxBytes });
      if (file === undefined) return '';
      // Only text crosses to the renderer, so bytes that are not UTF-8 are refused here, where they are seen.
      const notText = checkSourceFile(file, { maxBytes, what: 'a backup' });
      if (notText) throw new Error(formatErrorText({ ...notText, file: name }));
      return file.text;
    },
  };
}
