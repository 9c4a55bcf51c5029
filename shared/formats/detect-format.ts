// Tells which of the studio's input formats a file holds, from its name and a cheap look at
// its content (the top-level `format` field, the CSV header), so the caller can pick the parser.
// It never parses: the chosen parser reports what is wrong with the file.

import { stripBom } from './json-document';
import type { SourceFile } from './limits';

export type DetectedFormat = 'transcripts' | 'labels' | 'pack' | 'report' | 'invitation' | 'labels-csv' | 'puzzle-list' | 'unknown';

const FORMAT_PREFIXES: ReadonlyArray<readonly [string, DetectedFormat]> = [
  ['agreement-studio.transcripts/', 'transcripts'],
  ['agreement-studio.labels/', 'labels'],
  ['agreement-studio.pack/', 'pack'],
  ['agreement-studio.report/', 'report'],
  ['agreement-studio.invitation/', 'invitation'],
];

/**
 * Decision order: a top-level `format` field names the format (an unknown one gives
 * 'unknown'); `.jsonl`, or several JSON values in a row, is a JSONL transcript bundle; a JSON
 * array is a puzzle list for the transcript adapters; a `.csv` (or other non-JSON text) whose
 * header has an `annotator` column is a label CSV. Otherwise the file name (`.labels.json`,
 * `.pack.json`, `.report.json`, `.invitation.json`) decides, and any other `.json` file (even an empty or broken
 * one) goes to the transcript parser, whose messages say what is wrong with it.
 */
export function detectFormat(file: SourceFile): DetectedFormat {
  const name = file.name.toLowerCase();
  const text = stripBom(file.text);
  const start = firstNonSpace(text);
  const first = text[start];
  if (name.endsWith('.jsonl')) return 'transcripts';
  if (name.endsWith('.csv')) return csvHeaderHasAnnotator(text) ? 'labels-csv' : 'unknown';
  if (first === '[') return 'puzzle-list';
  if (first === '{') {
    const top = scanTopLevel(text, start);
    if (top.format !== undefined) return FORMAT_PREFIXES.find(([prefix]) => top.format?.startsWith(prefix))?.[1] ?? 'unknown';
    if (top.values > 1) return 'transcripts';
  } else if (!name.endsWith('.json')) {
    return csvHeaderHasAnnotator(text) ? 'labels-csv' : 'unknown';
  }
  if (name.endsWith('.labels.json')) return 'labels';
  if (name.endsWith('.pack.json')) return 'pack';
  if (name.endsWith('.report.json')) return 'report';
  if (name.endsWith('.invitation.json')) return 'invitation';
  return 'transcripts';
}

function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

function csvHeaderHasAnnotator(text: string): boolean {
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  return header.split(',').some(
    (cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
        .toLowerCase() === 'annotator',
  );
}

/**
 * One pass over JSON-ish text that finds the string value of the top-level `format` key and
 * counts top-level values (more than one means JSONL), without building anything. Stops as
 * soon as the format is found, so a well-formed bundle costs a few hundred characters.
 */
function scanTopLevel(text: string, from: number): { format?: string; values: number } {
  let depth = 0;
  let values = 0;
  // Set after a depth-1 key string named `format`, until its value (or anything else) follows.
  let awaitingFormat = false;
  let lastDepth1String: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const startOfString = i + 1;
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) {
        if (text.charCodeAt(i) === 0x5c /* \ */) i++;
        i++;
      }
      if (depth !== 1) continue;
      const value = text.slice(startOfString, i);
      if (awaitingFormat) return { format: value, values: Math.max(values, 1) };
      lastDepth1String = value;
      continue;
    }
    if (c === 0x3a /* : */) {
      awaitingFormat = depth === 1 && lastDepth1String === 'format';
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    awaitingFormat = false;
    lastDepth1String = undefined;
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth === 0) values++;
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return { values };
}
