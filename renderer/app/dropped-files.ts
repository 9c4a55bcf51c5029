// What a drop on the window holds: its files, and the files inside any dropped folder at every
// level, each named by its path from the dropped folder ("run/Crime_Thriller/Q-a_R-b/game.json"),
// so an importer reads a run's folder layout as it reads the command line's paths.

/** The parts of the File and Directory Entries API a drop uses (webkitGetAsEntry). */
interface DropEntry {
  isDirectory: boolean;
  fullPath: string;
}
interface FileDropEntry extends DropEntry {
  file(success: (file: File) => void, failure: (error: unknown) => void): void;
}
interface DirectoryDropEntry extends DropEntry {
  createReader(): { readEntries(success: (entries: DropEntry[]) => void, failure: (error: unknown) => void): void };
}

/** The slice of a drop's DataTransfer this reads, so tests can hand in their own. */
export interface DropTransfer {
  files: ArrayLike<File>;
  items: ArrayLike<{ kind: string; webkitGetAsEntry(): DropEntry | null; getAsFile(): File | null }>;
}

export interface DroppedFile {
  /** The file's name, or its path from the dropped folder. */
  name: string;
  file: File;
}

/** Call during the drop event: the browser empties the DataTransfer once the handler returns. */
export function droppedFiles(transfer: DropTransfer): Promise<DroppedFile[]> {
  const items = Array.from(transfer.items).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry());
  if (!entries.some((entry) => entry?.isDirectory === true)) return Promise.resolve(Array.from(transfer.files, (file) => ({ name: file.name, file })));
  const files = items.map((item) => item.getAsFile());
  return Promise.all(
    entries.map((entry, index): Promise<DroppedFile[]> => {
      if (entry?.isDirectory === true) return folderFiles(entry as DirectoryDropEntry);
      const file = files[index];
      return Promise.resolve(file ? [{ name: file.name, file }] : []);
    }),
  ).then((lists) => lists.flat());
}

/** Every file below the folder, sorted by path; readEntries gives a directory's entries in batches until one is empty. */
async function folderFiles(folder: DirectoryDropEntry): Promise<DroppedFile[]> {
  const reader = folder.createReader();
  const children: DropEntry[] = [];
  for (;;) {
    const batch = await new Promise<DropEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const found = await Promise.all(
    children.map(async (child): Promise<DroppedFile[]> => {
      if (child.isDirectory) return folderFiles(child as DirectoryDropEntry);
      const file = await new Promise<File>((resolve, reject) => (child as FileDropEntry).file(resolve, reject));
      return [{ name: child.fullPath.replace(/^\/+/, ''), file }];
    }),
  );
  return found.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
