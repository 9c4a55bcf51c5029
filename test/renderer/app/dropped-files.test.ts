// A drop's files: plain files as they are, and a dropped folder's files at every level, named by
// their path from the folder and read across readEntries' batches, so a TurtleSoup-Bench run
// folder keeps the dataset folder its genre comes from.

import { describe, expect, it } from 'vitest';
import { droppedFiles, type DropTransfer } from '../../../renderer/app/dropped-files';

type FakeEntry = {
  isDirectory: boolean;
  fullPath: string;
  file?: (ok: (file: File) => void) => void;
  createReader?: () => { readEntries(ok: (entries: FakeEntry[]) => void): void };
};

function fileEntry(path: string): FakeEntry {
  return { isDirectory: false, fullPath: path, file: (ok) => ok(new File([path], path.split('/').pop() ?? path)) };
}

/** A folder whose reader hands out its entries one per batch, then an empty batch, as browsers do for big folders. */
function folderEntry(path: string, children: FakeEntry[]): FakeEntry {
  return {
    isDirectory: true,
    fullPath: path,
    createReader: () => {
      const left = [...children];
      return { readEntries: (ok) => ok(left.length > 0 ? [left.shift()!] : []) };
    },
  };
}

function transfer(entries: Array<FakeEntry | File>): DropTransfer {
  const files = entries.filter((entry): entry is File => entry instanceof File);
  return {
    files,
    items: entries.map((entry) => ({
      kind: 'file',
      webkitGetAsEntry: () => (entry instanceof File ? { isDirectory: false, fullPath: `/${entry.name}` } : entry) as never,
      getAsFile: () => (entry instanceof File ? entry : null),
    })),
  };
}

describe('droppedFiles', () => {
  it('gives dropped files by their names', async () => {
    const dropped = await droppedFiles(transfer([new File(['a'], 'a.json'), new File(['b'], 'b.json')]));
    expect(dropped.map((item) => item.name)).toEqual(['a.json', 'b.json']);
  });

  it("gives a dropped folder's files at every level by their path, beside a file dropped with it", async () => {
    const run = folderEntry('/results', [
      folderEntry('/results/Crime_Thriller', [
        folderEntry('/results/Crime_Thriller/Q-a_R-b', [
          fileEntry('/results/Crime_Thriller/Q-a_R-b/Train_en.json'),
          fileEntry('/results/Crime_Thriller/Q-a_R-b/Bell_en.json'),
        ]),
      ]),
      fileEntry('/results/run_log_1.txt'),
    ]);
    const dropped = await droppedFiles(transfer([run, new File(['x'], 'notes.json')]));
    expect(dropped.map((item) => item.name)).toEqual([
      'results/Crime_Thriller/Q-a_R-b/Bell_en.json',
      'results/Crime_Thriller/Q-a_R-b/Train_en.json',
      'results/run_log_1.txt',
      'notes.json',
    ]);
    expect(await dropped[0]?.file.text()).toBe('/results/Crime_Thriller/Q-a_R-b/Bell_en.json');
  });
});
