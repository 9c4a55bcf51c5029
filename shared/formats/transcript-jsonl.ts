// Reads a JSONL transcript bundle line by line into header, puzzle and session records. Each line
// is parsed on its own so errors name the 1-based line; blank lines and Windows line endings are fine.

import type { ErrorList } from './error-list';
import { describeValue, expected, isRecord } from './field-schemas';
import { parseJsonText } from './json-document';

/** One well-formed line: its 1-based number, its `type` and the object. */
interface JsonlRecord {
  line: number;
  type: 'header' | 'puzzle' | 'session';
  value: Record<string, unknown>;
}

/**
 * A `.jsonl` name, or text whose first non-empty line is a complete JSON object with more lines
 * after it (a pretty-printed JSON document opens with a bare `{`, so it never matches).
 */
export function isJsonlText(fileName: string, text: string): boolean {
  if (/\.jsonl$/i.test(fileName)) return true;
  const start = text.search(/\S/);
  const end = text.indexOf('\n', start);
  if (start < 0 || text.charAt(start) !== '{' || end < 0) return false;
  const more = /\S/g;
  more.lastIndex = end;
  if (!more.test(text)) return false;
  // Sliced only now: a one-line JSON document can be the whole 200 MB file.
  const firstLine = text.slice(start, end).trim();
  return firstLine.endsWith('}') && parseJsonText(fileName, firstLine).ok;
}

/**
 * The file's records in line order; lines that are not JSON objects with a known `type` are
 * reported to `errors` and skipped. Yielding in order keeps every error in line order too.
 */
export function* jsonlRecords(fileName: string, text: string, errors: ErrorList): Generator<JsonlRecord> {
  let seenRecord = false;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index] ?? '';
    const lineText = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineText.trim() === '') continue;
    const line = index + 1;
    const first = !seenRecord;
    seenRecord = true;
    const parsed = parseJsonText(fileName, lineText, line);
    if (!parsed.ok) {
      errors.push(...parsed.errors);
      continue;
    }
    const value = parsed.value;
    if (!isRecord(value)) {
      errors.add('', `expected one JSON object per line, got ${describeValue(value)}`, line);
      continue;
    }
    const type = value.type;
    if (type === 'puzzle' || type === 'session' || (type === 'header' && first)) yield { line, type, value };
    else if (type === 'header') errors.add('type', 'a "header" line may only be the first line of the file', line);
    else errors.add('type', expected('"header", "puzzle" or "session"')({ input: type }), line);
  }
}
