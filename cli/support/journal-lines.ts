// The lines of a journal the commands append to and fsync as they go (the judge journal, tune's
// search journal): the file read whole, with a last line a kill left without its newline cut off
// the file, since what it held was never counted and is asked again. A missing file has no lines.

import { readFile, truncate } from 'node:fs/promises';

export type JournalLines = { ok: true; lines: string[] } | { ok: false; message: string };

export async function journalLines(path: string): Promise<JournalLines> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { ok: true, lines: [] };
    return { ok: false, message: `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const end = text.lastIndexOf('\n') + 1;
  if (end < text.length) {
    await truncate(path, Buffer.byteLength(text.slice(0, end)));
    text = text.slice(0, end);
  }
  return { ok: true, lines: text.split('\n').slice(0, -1) };
}
