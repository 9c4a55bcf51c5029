// The one rule for ids, checked wherever an id enters: bundles, packs, label files and CSVs,
// backups, the team page, the settings and the command line. Every id is visible text of bounded
// length that never reaches a prototype; ids that also name files keep to a file-safe alphabet.

/** Names that would reach an object's prototype if used as a key; never an id or a model name. */
export const RESERVED_IDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Study and annotator ids name files and folders (`<study>.<annotator>.labels.json`,
 * `<annotator>.pack.json`, the study's backup folder), on every system: 100 characters each
 * keeps the longest such name under the 255 a file system allows.
 */
export const FILE_SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Windows opens these as devices whatever the extension (`NUL.pack.json` is the null device). */
export const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/** Puzzle, session and turn ids and model names come from other programs' output: any visible text. */
export const MAX_TEXT_ID_CHARS = 256;

/**
 * Characters that do not show as themselves: controls, format characters (the bidirectional
 * overrides such as U+202E that make `evil‮nosj.exe` read as something else, zero-width
 * characters), lone surrogates and line or paragraph separators.
 */
export const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** The file-safe rule in words, for messages and forms. */
export const FILE_SAFE_ID_RULE = '1 to 100 letters, digits, ".", "_" and "-", starting with a letter or digit and not ending with "."';

const TEXT_ID_RULE = `1 to ${MAX_TEXT_ID_CHARS} characters of visible text (no control, formatting or direction-changing characters)`;

export type IdKind = 'study' | 'annotator' | 'record' | 'model';

const WHAT: Record<IdKind, string> = { study: 'a study id', annotator: "an annotator's id", record: 'an id', model: 'a model name' };

/** Why `id` cannot be an id of this kind, in words a study lead can act on; undefined when it can. */
export function idProblem(kind: IdKind, id: string): string | undefined {
  const what = WHAT[kind];
  if (RESERVED_IDS.has(id)) return `${shown(id)} is not allowed as ${what}`;
  if (kind === 'study' || kind === 'annotator') {
    if (!FILE_SAFE_ID.test(id) || id.endsWith('.')) return `${shown(id)} is not usable as ${what}: ${what} is ${FILE_SAFE_ID_RULE}`;
    if (WINDOWS_DEVICE_NAME.test(id)) return `${shown(id)} is not usable as ${what}: it is a device name on Windows`;
    return undefined;
  }
  if (id.trim() === '') return `${what} must not be empty`;
  if (id.length > MAX_TEXT_ID_CHARS || INVISIBLE.test(id)) return `${shown(id)} is not usable as ${what}: ${what} is ${TEXT_ID_RULE}`;
  return undefined;
}

export function isAnnotatorId(id: string): boolean {
  return idProblem('annotator', id) === undefined;
}

export function isReservedKey(key: string): boolean {
  return RESERVED_IDS.has(key);
}

/**
 * An id quoted for a message: JSON-escaped, so an invisible or direction-changing character
 * shows as `\u202e` instead of acting on the message, and cut short so a long id cannot flood it.
 */
function shown(id: string): string {
  const escaped = JSON.stringify(id).replace(
    /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 60 ? `${escaped.slice(0, 57)}…"` : escaped;
}
