// Writes several files the renderer made (one pack per annotator) into the one folder the user
// chose. Main process only. Every name must land directly in that folder, checked again here
// after path.resolve, and all names are checked before the first byte is written.

import { basename, dirname, posix, resolve, win32 } from 'node:path';

/** Writes text to a path as UTF-8 (Node's fs.writeFile fits); tests inject fakes. */
export type WriteText = (path: string, text: string) => Promise<void>;

export interface FileToSave {
  suggestedName: string;
  text: string;
}

/** The system error code (ENOENT, EACCES...) of a failed fs call, if it is one. */
function systemErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The path `name` gets inside `folder`, or undefined when it would land anywhere else. A name
 * must be its own base name under POSIX and Windows rules alike, so a backslash or a drive
 * prefix that only one system reads as a separator is refused on every system.
 */
export function pathInFolder(folder: string, name: string): string | undefined {
  if (name === '' || name === '.' || name === '..' || name.includes('\0')) return undefined;
  if (posix.basename(name) !== name || win32.basename(name) !== name) return undefined;
  const root = resolve(folder);
  const path = resolve(root, name);
  return dirname(path) === root && basename(path) === name ? path : undefined;
}

/** Writes the files in order and resolves to how many were written; the first failure rejects naming the file. */
export async function saveFilesInFolder(folder: string, files: readonly FileToSave[], writeText: WriteText): Promise<number> {
  const targets = files.map((file) => {
    const path = pathInFolder(folder, file.suggestedName);
    if (path === undefined) throw new Error(`Refused to save ${JSON.stringify(file.suggestedName)}: not a plain file name inside the chosen folder`);
    return { name: file.suggestedName, path, text: file.text };
  });
  let written = 0;
  for (const target of targets) {
    try {
      await writeText(target.path, target.text);
    } catch (error) {
      const reason = systemErrorCode(error) ?? (error instanceof Error ? error.message : String(error));
      throw new Error(`Saved ${written} of ${targets.length} files in ${resolve(folder)}; could not write ${target.name} (${reason})`, { cause: error });
    }
    written += 1;
  }
  return written;
}
