// The desktop app's snapshot store on a real temporary folder: each study's snapshots in a
// folder of its own, exactly the 10 newest kept, nothing but its own snapshot files ever deleted,
// names and study ids that would leave the folder (or name another study) refused before any
// write, unknown studies and names refused on read, and a failed write leaving no cut-off file.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupFileName } from '../../shared/formats/backup';
import { createSnapshotStore, nodeSnapshotFs, SNAPSHOTS_KEPT, studyFolderProblem, type SnapshotFs } from '../../electron/backup/backup-store';

let parent: string;
let root: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'backup-store-'));
  root = join(parent, 'userData', 'backups');
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** The snapshot name of `studyId` taken `minutes` after 10:00 on 22 November 2026. */
function nameAt(studyId: string, minutes: number): string {
  return backupFileName(studyId, new Date(Date.UTC(2026, 10, 22, 10, minutes)).toISOString());
}

/** Every file under the parent folder, as paths relative to it, sorted. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(parent, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(parent.length + 1))
    .sort();
}

describe('snapshot store: writing and rotation', () => {
  it('writes a snapshot into <root>/<studyId>/, creating the folders, and reports it', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    const name = nameAt('demo-study', 0);
    expect(await store.write({ studyId: 'demo-study', name, text: '{"é":1}' })).toEqual({
      studyId: 'demo-study',
      name,
      size: 8,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(await readFile(join(root, 'demo-study', name), 'utf8')).toBe('{"é":1}');
    expect(await filesOnDisk()).toEqual([join('userData', 'backups', 'demo-study', name)]);
  });

  it(`keeps exactly the ${SNAPSHOTS_KEPT} newest snapshots of a study, whatever order they were written in`, async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    const order = [3, 0, 7, 12, 1, 5, 9, 2, 14, 4, 11, 6, 13, 8, 10];
    for (const minutes of order) await store.write({ studyId: 'demo-study', name: nameAt('demo-study', minutes), text: String(minutes) });
    const expected = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((minutes) => nameAt('demo-study', minutes));
    expect((await readdir(join(root, 'demo-study'))).sort()).toEqual(expected);
    expect((await store.list()).map((snapshot) => snapshot.name)).toEqual([...expected].reverse());
  });

  it('rotates each study on its own, and deletes nothing that is not its own snapshot', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs, { keep: 2 });
    await mkdir(join(root, 'demo-study'), { recursive: true });
    const strays = ['notes.txt', 'demo-study.backup.json', nameAt('other-study', 0), `${nameAt('demo-study', 0)}.partial`];
    for (const stray of strays) await writeFile(join(root, 'demo-study', stray), 'keep me');
    for (const minutes of [1, 2, 3]) {
      await store.write({ studyId: 'demo-study', name: nameAt('demo-study', minutes), text: 'a' });
      await store.write({ studyId: 'other-study', name: nameAt('other-study', minutes), text: 'b' });
    }
    expect((await readdir(join(root, 'demo-study'))).sort()).toEqual([...strays, nameAt('demo-study', 2), nameAt('demo-study', 3)].sort());
    expect((await readdir(join(root, 'other-study'))).sort()).toEqual([nameAt('other-study', 2), nameAt('other-study', 3)]);
  });

  it('replaces a snapshot of the same name', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    const name = nameAt('demo-study', 0);
    await store.write({ studyId: 'demo-study', name, text: 'first' });
    await store.write({ studyId: 'demo-study', name, text: 'second' });
    expect(await store.read({ studyId: 'demo-study', name })).toBe('second');
    expect(await store.list()).toHaveLength(1);
  });

  it('leaves no cut-off snapshot and keeps the older ones when a write fails', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    await store.write({ studyId: 'demo-study', name: nameAt('demo-study', 0), text: 'good' });
    const failing: SnapshotFs = {
      ...nodeSnapshotFs,
      writeFile: async (path, text) => {
        await writeFile(path, text.slice(0, 2));
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    await expect(createSnapshotStore(root, failing).write({ studyId: 'demo-study', name: nameAt('demo-study', 5), text: 'newer' })).rejects.toThrow(/ENOSPC/);
    expect((await store.list()).map((snapshot) => snapshot.name)).toEqual([nameAt('demo-study', 0)]);
    expect(await store.read({ studyId: 'demo-study', name: nameAt('demo-study', 0) })).toBe('good');
  });
});

describe('snapshot store: refusals', () => {
  const good = nameAt('demo-study', 0);

  /** A file system that records every call, to prove a refusal touched nothing. */
  function recordingFs() {
    const calls: string[] = [];
    const fs: SnapshotFs = {
      mkdir: vi.fn(async (path) => void calls.push(`mkdir ${path}`)),
      readdir: vi.fn(async (path) => {
        calls.push(`readdir ${path}`);
        return [];
      }),
      writeFile: vi.fn(async (path) => void calls.push(`write ${path}`)),
      rename: vi.fn(async (from) => void calls.push(`rename ${from}`)),
      unlink: vi.fn(async (path) => void calls.push(`unlink ${path}`)),
      stat: vi.fn(async () => ({ size: 0, isFile: () => true })),
      openFile: vi.fn(async () => Promise.reject(new Error('not expected'))),
    };
    return { fs, calls };
  }

  it.each([
    ['..', good],
    ['.', good],
    ['../demo-study', good],
    ['demo-study/..', good],
    ['a/b', good],
    ['a\\b', good],
    ['C:evil', good],
    ['', good],
    ['__proto__', good],
    ['con', good],
    ['NUL', good],
    ['demo-study.', good],
    ['demo study', good],
    ['x'.repeat(129), good],
  ])('refuses the study id %j before touching the disk', async (studyId, name) => {
    const { fs, calls } = recordingFs();
    const store = createSnapshotStore('/home/ann/.config/studio/backups', fs);
    await expect(store.write({ studyId, name, text: '{}' })).rejects.toThrow(/^Refused: the study id/);
    await expect(store.read({ studyId, name })).rejects.toThrow(/^Refused: the study id/);
    expect(calls).toEqual([]);
  });

  it.each([
    `../${good}`,
    `../../${good}`,
    `sub/${good}`,
    `..\\${good}`,
    `/etc/${good}`,
    `${good}/`,
    `${good}\0`,
    'demo-study.backup.json',
    'demo-study.2026-11-22T10-00-00-000Z.json',
    'demo-study.2026-11-22T10:00:00.000Z.backup.json',
    'demo-study.2026-13-45T99-99-99-999Z.backup.json',
    nameAt('other-study', 0),
    nameAt('demo', 0),
    '..',
    '',
  ])('refuses the name %j for the study demo-study before touching the disk', async (name) => {
    const { fs, calls } = recordingFs();
    const store = createSnapshotStore('/home/ann/.config/studio/backups', fs);
    await expect(store.write({ studyId: 'demo-study', name, text: '{}' })).rejects.toThrow(/^Refused: .* is not a snapshot name of the study "demo-study"/);
    await expect(store.read({ studyId: 'demo-study', name })).rejects.toThrow(/^Refused/);
    expect(calls).toEqual([]);
  });

  it('refuses to read for a study it holds no snapshots of, and a name it does not hold', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    await expect(store.read({ studyId: 'unknown-study', name: nameAt('unknown-study', 0) })).rejects.toThrow(
      'No snapshots are stored for the study "unknown-study"',
    );
    await store.write({ studyId: 'demo-study', name: good, text: '{}' });
    await expect(store.read({ studyId: 'demo-study', name: nameAt('demo-study', 1) })).rejects.toThrow(
      `No snapshot named ${nameAt('demo-study', 1)} is stored`,
    );
  });

  it('refuses a snapshot over the size cap without reading it', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs, { maxBytes: 10 });
    await store.write({ studyId: 'demo-study', name: good, text: '0123456789!' });
    await expect(store.read({ studyId: 'demo-study', name: good })).rejects.toThrow(`${good} is 11 bytes; the limit is 10 bytes`);
  });

  it('tells why a study id cannot hold snapshots', () => {
    expect(studyFolderProblem('demo-study')).toBeUndefined();
    expect(studyFolderProblem('pilot_2026.v2')).toBeUndefined();
    expect(studyFolderProblem('..')).toContain('is not usable as a study id');
    expect(studyFolderProblem('study.')).toContain('not ending with "."');
    expect(studyFolderProblem('nul')).toContain('a device name on Windows');
    expect(studyFolderProblem('a/b')).toContain('a study id is 1 to 100 letters');
  });
});

describe('snapshot store: listing', () => {
  it('lists nothing before the first snapshot', async () => {
    expect(await createSnapshotStore(root, nodeSnapshotFs).list()).toEqual([]);
  });

  it('lists every study snapshot newest first, with sizes and times, and ignores anything else in the folder', async () => {
    const store = createSnapshotStore(root, nodeSnapshotFs);
    await store.write({ studyId: 'demo-study', name: nameAt('demo-study', 1), text: 'aa' });
    await store.write({ studyId: 'other-study', name: nameAt('other-study', 2), text: 'bbb' });
    await store.write({ studyId: 'demo-study', name: nameAt('demo-study', 3), text: 'c' });
    // Strays: a loose file, a folder that is no study id, a snapshot in another study's folder, a folder named like a snapshot.
    await writeFile(join(root, nameAt('demo-study', 9)), 'loose');
    await mkdir(join(root, 'not a study'));
    await writeFile(join(root, 'not a study', nameAt('not a study', 9)), 'x');
    await writeFile(join(root, 'other-study', nameAt('demo-study', 9)), 'misplaced');
    await mkdir(join(root, 'demo-study', nameAt('demo-study', 8)));

    expect(await store.list()).toEqual([
      { studyId: 'demo-study', name: nameAt('demo-study', 3), size: 1, createdAt: '2026-11-22T10:03:00.000Z' },
      { studyId: 'other-study', name: nameAt('other-study', 2), size: 3, createdAt: '2026-11-22T10:02:00.000Z' },
      { studyId: 'demo-study', name: nameAt('demo-study', 1), size: 2, createdAt: '2026-11-22T10:01:00.000Z' },
    ]);
  });

  it('passes an unexpected file system error on', async () => {
    const fs: SnapshotFs = {
      ...nodeSnapshotFs,
      readdir: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })),
    };
    await expect(createSnapshotStore(root, fs).list()).rejects.toThrow(/EACCES/);
  });
});
