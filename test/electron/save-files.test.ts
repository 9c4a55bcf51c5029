// files:saveMany's writer: every file lands directly in the chosen folder, names that would
// land anywhere else (on POSIX or Windows rules) are refused before anything is written, and a
// failed write says how far the save got.

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathInFolder, saveFilesInFolder, type WriteText } from '../../electron/files/save-files';

let parent: string;
let folder: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'save-files-'));
  folder = join(parent, 'packs');
  await mkdir(folder);
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

const writeText: WriteText = (path, text) => writeFile(path, text, 'utf8');

describe('pathInFolder', () => {
  it('puts a plain name directly in the folder', () => {
    expect(pathInFolder('/home/lead/packs', 'ann-1.pack.json')).toBe('/home/lead/packs/ann-1.pack.json');
    expect(pathInFolder('/home/lead/packs/', 'ann 1 (copy).pack.json')).toBe('/home/lead/packs/ann 1 (copy).pack.json');
    expect(pathInFolder('/home/lead/./packs', '.hidden.json')).toBe('/home/lead/packs/.hidden.json');
    expect(pathInFolder('/home/lead/packs', 'ann..3.pack.json')).toBe('/home/lead/packs/ann..3.pack.json');
  });

  it.each([
    '',
    '.',
    '..',
    '../escape.json',
    '../../.bashrc',
    'sub/../../escape.json',
    'packs/ann-1.pack.json',
    '/etc/passwd',
    '//server/share/x.json',
    'a\\b.json',
    '..\\escape.json',
    'C:\\Windows\\evil.dll',
    'C:evil.json',
    '\\\\server\\share\\x.json',
    'ann\0.json',
    'ann.json/',
    'ann.json\\',
  ])('refuses %j', (name) => {
    expect(pathInFolder('/home/lead/packs', name)).toBeUndefined();
  });
});

describe('saveFilesInFolder', () => {
  it('writes every file into the folder in order and counts them', async () => {
    const files = [
      { suggestedName: 'ann-1.pack.json', text: '{"a":1}' },
      { suggestedName: 'ann-2.pack.json', text: 'ünïcödé €' },
    ];
    expect(await saveFilesInFolder(folder, files, writeText)).toBe(2);
    expect((await readdir(folder)).sort()).toEqual(['ann-1.pack.json', 'ann-2.pack.json']);
    expect(await readFile(join(folder, 'ann-2.pack.json'), 'utf8')).toBe('ünïcödé €');
  });

  it('refuses the whole request when any name would escape, writing nothing', async () => {
    const write = vi.fn(writeText);
    const files = [
      { suggestedName: 'ann-1.pack.json', text: 'ok' },
      { suggestedName: '../escaped.json', text: 'evil' },
    ];
    await expect(saveFilesInFolder(folder, files, write)).rejects.toThrow('Refused to save "../escaped.json": not a plain file name inside the chosen folder');
    expect(write).not.toHaveBeenCalled();
    expect(await readdir(folder)).toEqual([]);
    expect(await readdir(parent)).toEqual(['packs']);
  });

  it('names the file that failed and how many were written before it', async () => {
    const write = vi.fn<WriteText>(async (path, text) => {
      if (path.endsWith('ann-3.pack.json')) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      await writeText(path, text);
    });
    const files = ['ann-1', 'ann-2', 'ann-3', 'ann-4'].map((id) => ({ suggestedName: `${id}.pack.json`, text: id }));
    await expect(saveFilesInFolder(folder, files, write)).rejects.toThrow(`Saved 2 of 4 files in ${resolve(folder)}; could not write ann-3.pack.json (ENOSPC)`);
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('uses the message of a failure without a system code', async () => {
    const write = vi.fn<WriteText>(async () => Promise.reject(new Error('disk gone')));
    await expect(saveFilesInFolder(folder, [{ suggestedName: 'a.json', text: '' }], write)).rejects.toThrow(/could not write a\.json \(disk gone\)$/);
  });
});
