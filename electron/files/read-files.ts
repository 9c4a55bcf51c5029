// Reads the files the user picked in the open dialog, for the renderer to parse.
// Main process only. Checks each file's size on the open handle before reading a byte, so an
// oversized or special file (a FIFO, /dev/zero) is refused instead of exhausting memory.

import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { sourceFileFromBytes } from '../../shared/formats/utf8';
import { MAX_OPEN_FILE_BYTES } from '../../shared/ipc/contract';
import type { OpenedFile } from '../../shared/platform/studio-platform';

/** An open file, reduced to what reading needs (Node's FileHandle fits). */
export interface ReadableFile {
  stat(): Promise<{ size: number; isFile(): boolean }>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

export type OpenFile = (path: string) => Promise<ReadableFile>;

export interface ReadFilesOptions {
  /** Defaults to MAX_OPEN_FILE_BYTES. */
  maxBytes?: number;
  /** Defaults to Node's fs.open; tests inject fakes. */
  openFile?: OpenFile;
}

const MB = 1024 * 1024;

/** Rounds up, so a file just over the limit never reads as equal to it. */
function describeSize(bytes: number): string {
  if (bytes < MB) return `${bytes} bytes`;
  const tenths = Math.ceil((bytes / MB) * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} MB`;
}

/** The system error code (ENOENT, EACCES...) of a failed fs call, if it is one. */
function systemErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

async function readExactly(file: ReadableFile, size: number, name: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const { bytesRead } = await file.read(bytes, filled, size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  // A file that grew after the size check would otherwise arrive silently cut short.
  const { bytesRead: extra } = await file.read(new Uint8Array(1), 0, 1, filled);
  if (extra !== 0) throw new Error(`${name} changed while it was being read; try again`);
  return bytes.subarray(0, filled);
}

async function readOne(path: string, openFile: OpenFile, maxBytes: number): Promise<OpenedFile> {
  const name = basename(path);
  let file: ReadableFile;
  try {
    file = await openFile(path);
  } catch (error) {
    throw new Error(`Could not open ${name} (${systemErrorCode(error) ?? String(error)})`, { cause: error });
  }
  try {
    const stats = await file.stat();
    if (!stats.isFile()) throw new Error(`${name} is not a regular file`);
    if (stats.size > maxBytes) {
      throw new Error(`${name} is ${describeSize(stats.size)}; the limit is ${describeSize(maxBytes)}`);
    }
    const bytes = await readExactly(file, stats.size, name);
    // Bytes that are not UTF-8 still arrive, marked with where the first bad one is: the renderer's parser rejects the file there.
    return sourceFileFromBytes(name, bytes);
  } catch (error) {
    const code = systemErrorCode(error);
    throw code === undefined ? error : new Error(`Could not read ${name} (${code})`, { cause: error });
  } finally {
    await file.close();
  }
}

/** Opens read-only; O_NONBLOCK keeps a FIFO from hanging until a writer appears (POSIX only). */
export function openForReading(path: string): Promise<ReadableFile> {
  return open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
}

/** Reads every path in order; the first failure rejects with a message naming the file. */
export async function readChosenFiles(paths: readonly string[], options: ReadFilesOptions = {}): Promise<OpenedFile[]> {
  const openFile = options.openFile ?? openForReading;
  const maxBytes = options.maxBytes ?? MAX_OPEN_FILE_BYTES;
  const files: OpenedFile[] = [];
  for (const path of paths) files.push(await readOne(path, openFile, maxBytes));
  return files;
}
