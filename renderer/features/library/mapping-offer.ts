// Whether a refused import is one the lead may map field by field: every file is JSON, JSON lines,
// CSV or a workbook, and none is one of our own formats (a broken bundle or label file is fixed,
// not mapped). A benchmark's files are imported by their importer and never reach this offer.

import { EXCEL_WORKBOOK } from '../../../shared/formats/binary-kind';
import { detectFormat } from '../../../shared/formats/detect-format';
import type { SourceFile } from '../../../shared/formats/limits';

const OWN_FORMAT = /"format"\s*:\s*"agreement-studio\./;

export function offersMapping(files: readonly SourceFile[]): boolean {
  return files.length > 0 && files.every((file) => isMappableFile(file) && !isOwnFormat(file));
}

/** JSON, JSON lines, CSV or a workbook, from the name or, for a workbook, the bytes (the mapping worker reads no other kind). */
function isMappableFile(file: SourceFile): boolean {
  return file.binaryKind === EXCEL_WORKBOOK || /\.(json|jsonl|ndjson|csv|xlsx)$/i.test(file.name);
}

function isOwnFormat(file: SourceFile): boolean {
  if (file.bytes !== undefined) return false;
  const format = detectFormat(file);
  return format === 'labels' || format === 'labels-csv' || format === 'pack' || format === 'report' || OWN_FORMAT.test(file.text.slice(0, 4096));
}
