// What every versioned file format shares: the `format` field (`agreement-studio.<kind>/<version>`)
// checked by one rule with a reason (another kind, older, newer, malformed), an older version
// upgraded by the steps of migrate.ts, and the SHA-256 of the canonical JSON of the rest. Each
// format module holds only its own schema.

import { canonicalJson } from './canonical-json';
import { ErrorList } from './error-list';
import type { FormatError } from './errors';
import { describeValue, isRecord, quote } from './field-schemas';
import { UPGRADES, upgradePath, type FormatDocument, type Upgrades } from './migrate';
import { sha256Hex } from './sha256';

/** The kinds of file the studio writes, with how a person calls each. */
const KIND_NAMES = {
  transcripts: 'a transcript bundle',
  pack: 'a pack',
  labels: 'a label file',
  backup: 'a backup',
  report: 'an agreement report',
  dataset: 'a labelled dataset',
  mapping: 'a mapping preset',
  invitation: 'an invitation to a team server',
} as const;

type FormatKind = keyof typeof KIND_NAMES;

/** The kinds this app reads, and the version of each it reads. */
export const READ_VERSIONS = { transcripts: 1, pack: 2, labels: 2, backup: 2, mapping: 2, invitation: 1 } as const;

export type ReadKind = keyof typeof READ_VERSIONS;

/**
 * The one version rule: `agreement-studio.<kind>/<major>` or `/<major>.<minor>`, numbers without
 * leading zeros. A reader takes exactly its own version (`/1` or `/1.0`): a later minor version
 * may add members this version would have to refuse, so it is "newer" too. An older major version
 * (again without a minor) is read when a step of migrate.ts leads from it to this one.
 */
const FORMAT_FIELD = /^agreement-studio\.([a-z]+)\/(0|[1-9]\d{0,5})(?:\.(0|[1-9]\d{0,5}))?$/;

/** Why `value` (a file's `format` field) is not a version of `kind` this app reads, or undefined when it is: missing, not text, malformed, another kind, older, newer. */
function versionProblem(kind: ReadKind, value: unknown, upgrades: Upgrades): string | undefined {
  const version: number = READ_VERSIONS[kind];
  const expected = `agreement-studio.${kind}/${version}`;
  const what = KIND_NAMES[kind];
  if (value === undefined) return `required; expected "${expected}"`;
  if (typeof value !== 'string') return `expected the text "${expected}", got ${describeValue(value)}`;
  const match = FORMAT_FIELD.exec(value);
  const fileKind = match?.[1];
  if (match === null || fileKind === undefined || !Object.hasOwn(KIND_NAMES, fileKind))
    return `${quote(value)} is not a format this app knows; expected "${expected}" for ${what}`;
  if (fileKind !== kind) return `this file is ${KIND_NAMES[fileKind as FormatKind]} (${value}), not ${what}`;
  const major = Number(match[2]);
  const minor = Number(match[3] ?? 0);
  if (major === version && minor === 0) return undefined;
  if (major < version && minor === 0 && upgradePath(upgrades, kind, major, version) !== undefined) return undefined;
  if (major < version) return `this file is ${value}, older than the version this app reads (${expected}); write it again as ${expected}`;
  return `this file is ${value}, newer than the version this app reads (${expected}); update Agreement Studio to open it`;
}

/** The error for a file whose JSON is not an object at all, so has no `format` to check. */
function notAnObjectError(fileName: string, kind: ReadKind): FormatError {
  return { file: fileName, path: '', message: `expected ${KIND_NAMES[kind]}: a JSON object with "format": "agreement-studio.${kind}/${READ_VERSIONS[kind]}"` };
}

/** The `format` check as a located error of `fileName`, or undefined when the version is readable. */
export function formatError(fileName: string, kind: ReadKind, value: unknown, options: { line?: number; upgrades?: Upgrades } = {}): FormatError | undefined {
  const { line, upgrades = UPGRADES } = options;
  const message = versionProblem(kind, value, upgrades);
  return message === undefined ? undefined : { file: fileName, ...(line !== undefined ? { line } : {}), path: 'format', message };
}

/**
 * A document whose `format` passed formatError, at the version this app reads: the same object
 * when it already is; else each step applied in turn, `format` set to this version and, when the
 * file carried a checksum (checked before, on what was written), `sha256` set to the upgraded
 * content's, so the reader sees what this version would have written.
 */
export function upgradeDocument(kind: ReadKind, document: FormatDocument, upgrades: Upgrades = UPGRADES): FormatDocument {
  const version: number = READ_VERSIONS[kind];
  const major = Number(FORMAT_FIELD.exec(String(document.format))?.[2] ?? version);
  if (major >= version) return document;
  let upgraded = document;
  for (const step of upgradePath(upgrades, kind, major, version) ?? []) upgraded = step.up(upgraded);
  const current: FormatDocument = { ...upgraded, format: `agreement-studio.${kind}/${version}` };
  if (!Object.hasOwn(document, 'sha256')) return current;
  delete current.sha256;
  return withChecksum(current);
}

/** `body` with its `sha256` member: the SHA-256 of its canonical JSON, as every checksummed format writes it. */
export function withChecksum<T extends object>(body: T): T & { sha256: string } {
  return { ...body, sha256: sha256Hex(canonicalJson(body)) };
}

/**
 * Checks the `sha256` member of a parsed file against the canonical JSON of every other member.
 * `what` names the file in the message ("the pack", "the file").
 */
function checksumError(fileName: string, raw: Record<string, unknown>, what: string): FormatError | undefined {
  const { sha256: claimed, ...content } = raw;
  const at = { file: fileName, path: 'sha256' };
  if (claimed === undefined) return { ...at, message: `missing checksum: ${what} is damaged or was edited (it carries the SHA-256 of its content)` };
  if (typeof claimed !== 'string' || !/^[0-9a-fA-F]{64}$/.test(claimed))
    return { ...at, message: `${what} is damaged or was edited: sha256 is not a 64-digit hex SHA-256` };
  let actual: string;
  try {
    actual = sha256Hex(canonicalJson(content));
  } catch {
    // Only a number too large for a double (read as Infinity) gets here.
    return { ...at, message: `${what} is damaged or was edited: its content holds a number outside the range JSON files can carry` };
  }
  return actual === claimed.toLowerCase() ? undefined : { ...at, message: `${what} is damaged or was edited: checksum mismatch` };
}

/**
 * The start of reading a checksummed file (label file, pack, backup) from its parsed JSON: refused
 * whole when it is not an object or not a version this app reads, for a different version's fields
 * mean something else; else its errors so far (a checksum that does not match, first) and the
 * document upgraded to this version, for the format's own schema. `what` names the file in the
 * checksum's message ("the pack", "the file").
 */
export function openChecksummedDocument(
  fileName: string,
  kind: ReadKind,
  written: unknown,
  what: string,
  upgrades?: Upgrades,
): { ok: false; errors: FormatError[] } | { ok: true; raw: FormatDocument; errors: ErrorList } {
  if (!isRecord(written)) return { ok: false, errors: [notAnObjectError(fileName, kind)] };
  const versionError = formatError(fileName, kind, written.format, { upgrades });
  if (versionError) return { ok: false, errors: [versionError] };
  const errors = new ErrorList(fileName);
  const damaged = checksumError(fileName, written, what);
  if (damaged) errors.push(damaged);
  return { ok: true, raw: upgradeDocument(kind, written, upgrades), errors };
}

/**
 * The top-level members of a file its reader does not read (a later version's, a script's): each
 * named as a warning on the result, so nothing is left out without a word. `what` names the kind
 * of file in the message ("a label file").
 */
export function unreadMembers(fileName: string, raw: Record<string, unknown>, known: readonly string[], what: string): FormatError[] {
  return Object.keys(raw)
    .filter((key) => !known.includes(key))
    .map((key) => ({ file: fileName, path: key, message: `a member ${what} does not have (it has ${known.join(', ')}); not read` }));
}

/**
 * A member unreadMembers named, in the words of the app's summaries: `x.labels.json: not read: the
 * member "extra" (this version of the studio does not know it)`.
 */
export function unreadMemberText(warning: FormatError): string {
  return `${warning.file}: not read: the member ${JSON.stringify(warning.path)} (this version of the studio does not know it)`;
}
