// Reading the files the user chose (readChosenFiles), on real temporary files: order, base names,
// sizes and UTF-8 text, a dropped byte order mark, the size cap checked before and after reading,
// and missing files, folders, device files and read errors refused by name.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_OPEN_FILE_BYTES } from '../../shared/ipc/contract';
import { readChosenFiles } from '../../electron/files/read-files';
import type { ReadableFile } from '../../electron/files/read-files';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-files-'));
  await writeFile(join(dir, 'bundle.json'), '{"format":"agreement-studio.transcripts/1"}');
  await writeFile(join(dir, 'zoë.jsonl'), '{"type":"header"}\n{"type":"puzzle","story":"Zoë — ☃"}\n');
  await writeFile(join(dir, 'bom.json'), '\uFEFF{"a":1}');
  await writeFile(join(dir, 'broken.json'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
  await writeFile(join(dir, 'empty.json'), '');
  await writeFile(join(dir, 'eleven.json'), '01234567890');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readChosenFiles', () => {
  it('reads real files in order with their base names, byte sizes and UTF-8 text', async () => {
    const files = await readChosenFiles([join(dir, 'bundle.json'), join(dir, 'zoë.jsonl')]);
    expect(files.map((file) => file.name)).toEqual(['bundle.json', 'zoë.jsonl']);
    expect(files[0]).toEqual({ name: 'bundle.json', size: 43, text: '{"format":"agreement-studio.transcripts/1"}' });
    expect(files[1]?.text).toContain('Zoë — ☃');
    expect(files[1]?.size).toBe(Buffer.byteLength('{"type":"header"}\n{"type":"puzzle","story":"Zoë — ☃"}\n'));
  });

  it('drops a UTF-8 byte order mark, and reads invalid bytes marked with where they start, for the parser to reject', async () => {
    const [bom, broken] = await readChosenFiles([join(dir, 'bom.json'), join(dir, 'broken.json')]);
    expect(bom?.text).toBe('{"a":1}');
    expect(bom?.invalidUtf8).toBeUndefined();
    expect(broken?.text).toBe('{\uFFFD\uFFFD}');
    expect(broken?.size).toBe(4);
    expect(broken?.invalidUtf8).toEqual({ offset: 1, line: 1, column: 2, byte: 0xff });
  });

  it('reads an empty file', async () => {
    expect(await readChosenFiles([join(dir, 'empty.json')])).toEqual([{ name: 'empty.json', size: 0, text: '' }]);
  });

  it('returns nothing for no paths', async () => {
    expect(await readChosenFiles([])).toEqual([]);
  });

  it('refuses a file over the cap, naming it, before reading it', async () => {
    await expect(readChosenFiles([join(dir, 'empty.json'), join(dir, 'eleven.json')], { maxBytes: 10 })).rejects.toThrow(
      'eleven.json is 11 bytes; the limit is 10 bytes',
    );
    expect(await readChosenFiles([join(dir, 'eleven.json')], { maxBytes: 11 })).toHaveLength(1);
  });

  it('names a missing file by its base name only', async () => {
    await expect(readChosenFiles([join(dir, 'nope.json')])).rejects.toThrow(/^Could not open nope\.json \(ENOENT\)$/);
  });

  it('refuses a directory', async () => {
    await expect(readChosenFiles([dir])).rejects.toThrow(/is not a regular file/);
  });

  it('refuses a device file without reading from it', async () => {
    if (process.platform === 'win32') return;
    await expect(readChosenFiles(['/dev/zero'])).rejects.toThrow('zero is not a regular file');
  });

  it('checks the default cap, MAX_OPEN_FILE_BYTES, on the size reported for the open file', async () => {
    const read = vi.fn();
    const close = vi.fn(async () => {});
    const huge: ReadableFile = { stat: async () => ({ size: MAX_OPEN_FILE_BYTES + 1, isFile: () => true }), read, close };
    await expect(readChosenFiles(['/data/huge.json'], { openFile: async () => huge })).rejects.toThrow('huge.json is 200.1 MB; the limit is 200 MB');
    expect(read).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledOnce();
  });

  it('notices a file that grew after its size was checked', async () => {
    const content = new TextEncoder().encode('abcdef');
    const growing: ReadableFile = {
      stat: async () => ({ size: 3, isFile: () => true }),
      read: async (buffer, offset, length, position) => {
        const chunk = content.subarray(position, position + length);
        buffer.set(chunk, offset);
        return { bytesRead: chunk.length };
      },
      close: async () => {},
    };
    await expect(readChosenFiles(['/data/live.json'], { openFile: async () => growing })).rejects.toThrow('live.json changed while it was being read');
  });

  it('reports a read error by code, closing the file', async () => {
    const close = vi.fn(async () => {});
    const failing: ReadableFile = {
      stat: async () => ({ size: 5, isFile: () => true }),
      read: async () => {
        throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
      },
      close,
    };
    await expect(readChosenFiles(['/mnt/disk/bad.json'], { openFile: async () => failing })).rejects.toThrow(/^Could not read bad\.json \(EIO\)$/);
    expect(close).toHaveBeenCalledOnce();
  });
});
