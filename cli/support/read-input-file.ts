// Reads a file named on the command line as UTF-8 text, safely: refuses folders and files over
// the input limit before reading, an image, PDF or archive by its first bytes (import keeps a workbook's or database's bytes), refuses text that is not UTF-8 at its first bad byte (line,
// column and offset, as the app does), and names the file in every error. Keeps a byte order
// mark (every parser skips it) so the text's SHA-256 is the file's.

import { readFile, stat } from 'node:fs/promises';
import type { ParseResult } from '../../shared/formats/errors';
import { checkFileSize, checkSourceFile, type SourceFile } from '../../shared/formats/limits';
import { findUtf8Fault, textEncodingProblem } from '../../shared/formats/utf8';
import { binaryFileMessage, binaryKind, READABLE_BINARY_KINDS } from '../../shared/formats/binary-kind';

export function readInputFile(path: string): Promise<ParseResult<SourceFile>> {
  return readFileAt(path, false);
}

/** As readInputFile, but a workbook or SQLite database keeps its bytes: `import` reads them, every other command refuses them. */
export function readImportFile(path: string): Promise<ParseResult<SourceFile>> {
  return readFileAt(path, true);
}

async function readFileAt(path: string, keepReadableBinary: boolean): Promise<ParseResult<SourceFile>> {
  const fail = (message: string): ParseResult<SourceFile> => ({ ok: false, errors: [{ file: path, path: '', message }] });
  try {
    const info = await stat(path);
    if (!info.isFile()) return fail(info.isDirectory() ? 'is a folder; name the files inside it' : 'is not a regular file');
    // Checked before reading so a huge file is refused without loading it.
    const sizeError = checkFileSize({ name: path, text: '', size: info.size });
    if (sizeError) return { ok: false, errors: [sizeError] };
    const bytes = await readFile(path);
    const kind = binaryKind(bytes);
    if (kind !== undefined && keepReadableBinary && READABLE_BINARY_KINDS.has(kind))
      return { ok: true, value: { name: path, text: '', size: info.size, binaryKind: kind, bytes } };
    if (kind !== undefined) return fail(binaryFileMessage(kind));
    const encodingProblem = textEncodingProblem(bytes);
    if (encodingProblem !== undefined) return fail(encodingProblem);
    try {
      return { ok: true, value: { name: path, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), size: info.size } };
    } catch {
      const invalidUtf8 = findUtf8Fault(bytes);
      const located = invalidUtf8 && checkSourceFile({ name: path, text: '', size: info.size, invalidUtf8 });
      return located ? { ok: false, errors: [located] } : fail('the file is not UTF-8 text');
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ENOENT') return fail('no such file');
    if (code === 'EACCES' || code === 'EPERM') return fail('permission denied');
    return fail(`cannot read the file: ${error instanceof Error ? error.message : String(error)}`);
  }
}
