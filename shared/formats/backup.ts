// Backups (`agreement-studio.backup/1`): one study with everything that belongs to it, records
// exactly as stored, with a SHA-256 of the canonical JSON of the rest. Parsing rebuilds every
// record field by field, keeping the file's member order, so a restore writes back the same bytes.

import { z } from 'zod';
import { ANSWER_LABELS, MATCH_LABELS, MAX_DIFFICULTY, MIN_DIFFICULTY, TASKS } from '../domain/model';
import type { Annotator, Assignment, AuditEntry, GoldLabel, JudgeLabel, Label, LabelValue, Puzzle, Session, Study, Turn } from '../domain/model';
import { canonicalJson } from './canonical-json';
import { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { describeValue, expected, isRecord, modelNameProblem, quote, recordId } from './field-schemas';
import { parseJsonText, stripBom } from './json-document';
import type { SourceFile } from './limits';
import { sha256Hex } from './sha256';
import { issuesToErrors } from './zod-issues';

export const BACKUP_FORMAT = 'agreement-studio.backup/1';
const BACKUP_FORMAT_PREFIX = 'agreement-studio.backup/';
const BACKUP_FORMAT_MAJOR = 1;

/**
 * Largest backup this app writes or reads. Above the 200 MB input limit, because a backup of the
 * largest importable study also holds its labels and audit log; the IPC save limit is the same.
 */
export const MAX_BACKUP_BYTES = 500 * 1024 * 1024;

/** Audit entries in a backup always carry the id the log gave them. */
export type StoredAuditEntry = AuditEntry & { id: number };

/** Every record of one study, as stored. */
export interface BackupContent {
  study: Study;
  puzzles: Puzzle[];
  sessions: Session[];
  turns: Turn[];
  annotators: Annotator[];
  labels: Label[];
  assignments: Assignment[];
  gold: GoldLabel[];
  audit: StoredAuditEntry[];
}

export interface Backup extends BackupContent {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The app and version that wrote the backup, e.g. `agreement-studio 0.1.0`. */
  app: string;
  /** Hex SHA-256 of the canonical JSON (see canonical-json.ts) of every other field. */
  sha256: string;
}

const RECORD_LISTS = ['puzzles', 'sessions', 'turns', 'annotators', 'labels', 'assignments', 'gold', 'audit'] as const;
type RecordList = (typeof RECORD_LISTS)[number];

/**
 * The backup of `content` taken at `createdAt`. Records are taken as they are, not copied: they
 * are the stored shape the restore must reproduce. Throws a RangeError when a record belongs to
 * another study, and a TypeError (from canonicalJson) for a value JSON cannot carry.
 */
export function buildBackup(content: BackupContent, meta: { createdAt: string; app: string }): Backup {
  checkOneStudy(content);
  const body: Omit<Backup, 'sha256'> = {
    format: BACKUP_FORMAT,
    createdAt: meta.createdAt,
    app: meta.app,
    study: content.study,
    puzzles: content.puzzles,
    sessions: content.sessions,
    turns: content.turns,
    annotators: content.annotators,
    labels: content.labels,
    assignments: content.assignments,
    gold: content.gold,
    audit: content.audit,
  };
  return { ...body, sha256: sha256Hex(canonicalJson(body)) };
}

/** Throws a RangeError naming the first record that belongs to another study than `content.study`. */
export function checkOneStudy(content: BackupContent): void {
  const studyId = content.study.id;
  for (const list of RECORD_LISTS) {
    const index = content[list].findIndex((record) => record.studyId !== studyId);
    if (index >= 0) throw new RangeError(`${list}[${index}] belongs to the study ${JSON.stringify(content[list][index]?.studyId)}, not ${JSON.stringify(studyId)}`);
  }
}

/** Pretty JSON with one record per line, so a backup reads, greps and diffs well. */
export function serializeBackup(backup: Backup): string {
  const list = (items: readonly unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`);
  return [
    '{',
    `  "format": ${JSON.stringify(backup.format)},`,
    `  "createdAt": ${JSON.stringify(backup.createdAt)},`,
    `  "app": ${JSON.stringify(backup.app)},`,
    `  "study": ${JSON.stringify(backup.study)},`,
    ...RECORD_LISTS.map((name) => `  ${JSON.stringify(name)}: ${list(backup[name])},`),
    `  "sha256": ${JSON.stringify(backup.sha256)}`,
    '}',
    '',
  ].join('\n');
}

/** `<studyId>.<time>.backup.json`, the time as `2026-11-22T10-00-00-000Z` (no colons, so any file system takes it; sorts by time). */
export function backupFileName(studyId: string, createdAt: string): string {
  const stamp = new Date(createdAt).toISOString().replace(/:/g, '-').replace('.', '-');
  return `${studyId}.${stamp}.backup.json`;
}

const BACKUP_FILE_NAME = /^(.+)\.(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.backup\.json$/;

/** The study id and time a backup file name states, or undefined for any other name. */
export function parseBackupFileName(name: string): { studyId: string; createdAt: string } | undefined {
  const match = BACKUP_FILE_NAME.exec(name);
  if (!match) return undefined;
  const [, studyId = '', day, hours, minutes, seconds, millis] = match;
  const createdAt = `${day}T${hours}:${minutes}:${seconds}.${millis}Z`;
  return Number.isNaN(Date.parse(createdAt)) ? undefined : { studyId, createdAt };
}

// Record shapes. They accept everything the app stores (a pack's session has an empty judge, a
// turn whose session was missing has an empty puzzleId) and refuse what would break a reader:
// wrong types, key fields that are not ids, label values outside their task.

const text = z.string({ error: expected('text') });
const texts = z.array(text, { error: expected('a list of texts') });
const count = z.int({ error: expected('a whole number of at least 0') }).min(0, { error: expected('a whole number of at least 0') });
const atLeastOne = z.int({ error: expected('a whole number of at least 1') }).min(1, { error: expected('a whole number of at least 1') });
const task = z.enum(TASKS, { error: expected('the task: answer, match or difficulty') });
/** Checked against the record's task by checkTaskValue, which words the message by task. */
const labelValue = z.custom<LabelValue>(() => true);
const JUDGE_LABELS: readonly unknown[] = [...ANSWER_LABELS, ...MATCH_LABELS];

/** Judge model -> label. By hand, not z.record, which would skip a "__proto__" key without a word. */
const judgements = z
  .custom<Record<string, JudgeLabel>>((value) => isRecord(value), { error: expected('an object of judge labels') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const problem = modelNameProblem(key);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
      else if (!JUDGE_LABELS.includes(value[key])) ctx.addIssue({ code: 'custom', path: [key], message: `expected a judge label (${JUDGE_LABELS.join(', ')}), got ${describeValue(value[key])}` });
    }
  });

const studySchema = z.object(
  {
    id: recordId,
    name: text,
    format: text,
    scheme: z.object({ answerUnknown: z.boolean({ error: expected('true or false') }) }, { error: expected('an object { "answerUnknown": ... }') }),
    guidelines: text.optional(),
    importedAt: text,
    sourceFiles: texts,
    counts: z.object({ puzzles: count, sessions: count, turns: count, questions: count, finals: count }, { error: expected('the study counts') }),
    origin: z
      .object(
        {
          kind: z.literal('pack', { error: expected('"pack"') }),
          annotator: z.object({ id: recordId, name: text }, { error: expected('an object { "id": ..., "name": ... }') }),
          packs: texts,
        },
        { error: expected('the pack origin') },
      )
      .optional(),
    setup: z
      .object(
        {
          overlap: atLeastOne,
          difficultyOverlap: atLeastOne.optional(),
          seed: z.int({ error: expected('a whole number') }),
          assignedAt: text,
          editedByHand: z.boolean({ error: expected('true or false') }),
        },
        { error: expected('the team setup') },
      )
      .optional(),
  },
  { error: expected('the study record') },
);

const puzzleSchema = z.object(
  {
    studyId: recordId,
    id: recordId,
    title: text.optional(),
    story: text,
    reference: text,
    difficulty: z.number({ error: expected('a number') }).optional(),
    language: text.optional(),
    genre: text.optional(),
    keyClues: texts,
    source: text.optional(),
  },
  { error: expected('a puzzle object') },
);

const sessionSchema = z.object(
  {
    studyId: recordId,
    id: recordId,
    puzzleId: recordId,
    player: text,
    judge: text,
    // A bundle's are at least 1, a pack's at least 0.
    maxRounds: count.optional(),
    run: count.optional(),
    turnCount: count,
  },
  { error: expected('a session object') },
);

const turnSchema = z.object(
  {
    studyId: recordId,
    id: recordId,
    sessionId: recordId,
    puzzleId: text,
    index: count,
    type: z.enum(['question', 'final'], { error: expected('question or final') }),
    text,
    judgements,
    judgeReply: text.optional(),
  },
  { error: expected('a turn object') },
);

const annotatorSchema = z.object({ studyId: recordId, id: recordId, name: text }, { error: expected('an annotator object') });

/** The value must be one of its task's: answers and matches by name, difficulty a level. */
function checkTaskValue(record: { task: string; value: unknown }, ctx: z.RefinementCtx): void {
  const { value } = record;
  const fits =
    record.task === 'difficulty'
      ? typeof value === 'number' && Number.isInteger(value) && value >= MIN_DIFFICULTY && value <= MAX_DIFFICULTY
      : ((record.task === 'match' ? MATCH_LABELS : ANSWER_LABELS) as readonly unknown[]).includes(value);
  if (fits) return;
  const allowed = record.task === 'difficulty' ? `a whole number from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}` : (record.task === 'match' ? MATCH_LABELS : ANSWER_LABELS).join(', ');
  ctx.addIssue({ code: 'custom', path: ['value'], message: `expected ${allowed} for the ${record.task} task, got ${describeValue(value)}` });
}

const labelSchema = z
  .object(
    {
      studyId: recordId,
      annotatorId: recordId,
      unitId: recordId,
      task,
      value: labelValue,
      at: text,
      createdAt: text.optional(),
      ms: z.number({ error: expected('a number of milliseconds') }).min(0, { error: expected('a number of milliseconds of at least 0') }).optional(),
      rev: atLeastOne,
      unsure: z.boolean({ error: expected('true or false') }),
      note: text,
    },
    { error: expected('a label object') },
  )
  .superRefine(checkTaskValue);

const assignmentSchema = z.object(
  { studyId: recordId, annotatorId: recordId, task, units: z.array(recordId, { error: expected('a list of unit ids') }) },
  { error: expected('an assignment object') },
);

const goldSchema = z
  .object({ studyId: recordId, task, unitId: recordId, value: labelValue, note: text, by: text, at: text, basis: texts }, { error: expected('a gold label object') })
  .superRefine(checkTaskValue);

const auditSchema = z.object({ id: atLeastOne, studyId: recordId, at: text, kind: text, detail: text }, { error: expected('an audit entry') });

const RECORD_SCHEMAS: { [L in RecordList]: z.ZodType<BackupContent[L][number]> } = {
  puzzles: puzzleSchema,
  sessions: sessionSchema,
  turns: turnSchema,
  annotators: annotatorSchema,
  labels: labelSchema,
  assignments: assignmentSchema,
  gold: goldSchema,
  audit: auditSchema,
};

const LIST_WORDS: { [L in RecordList]: string } = {
  puzzles: 'puzzles',
  sessions: 'sessions',
  turns: 'turns',
  annotators: 'annotators',
  labels: 'labels',
  assignments: 'assignments',
  gold: 'gold labels',
  audit: 'audit entries',
};

/** The primary key of each record as one string, to find two records that would overwrite each other. */
const RECORD_KEYS: { [L in RecordList]: (record: BackupContent[L][number]) => string } = {
  puzzles: (record) => record.id,
  sessions: (record) => record.id,
  turns: (record) => record.id,
  annotators: (record) => record.id,
  labels: (record) => `${record.annotatorId}\u0000${record.task}\u0000${record.unitId}`,
  assignments: (record) => `${record.annotatorId}\u0000${record.task}`,
  gold: (record) => `${record.task}\u0000${record.unitId}`,
  audit: (record) => String(record.id),
};

const headerSchema = z.object({
  createdAt: z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') }),
  app: z.string({ error: expected('the name and version of the app that wrote the backup') }),
});

export function parseBackup(file: SourceFile): ParseResult<Backup> {
  const size = file.size ?? file.text.length;
  if (size > MAX_BACKUP_BYTES) {
    return fail({ file: file.name, path: '', message: `file is ${(size / 1024 / 1024).toFixed(1)} MB; the limit for a backup is ${MAX_BACKUP_BYTES / 1024 / 1024} MB` });
  }
  const source = stripBom(file.text);
  if (source.trim() === '') return fail({ file: file.name, path: '', message: 'the file is empty; expected a backup' });
  const document = parseJsonText(file.name, source);
  if (!document.ok) return document;
  const raw = document.value;
  if (!isRecord(raw)) return fail({ file: file.name, path: '', message: `expected a backup: a JSON object with "format": "${BACKUP_FORMAT}"` });
  // A different version's fields mean something else: stop at the version.
  const versionError = checkBackupFormat(file.name, raw.format);
  if (versionError) return fail(versionError);

  const errors = new ErrorList(file.name);
  const checksumError = checkChecksum(file.name, raw);
  if (checksumError) errors.push(checksumError);

  const rebuilt = { dropped: false };
  const header = headerSchema.safeParse(raw);
  if (!header.success) errors.push(...issuesToErrors(file.name, header.error.issues));
  const studyResult = studySchema.safeParse(raw.study);
  if (!studyResult.success) errors.push(...issuesToErrors(file.name, studyResult.error.issues, { pathPrefix: 'study' }));
  const study = studyResult.success ? inSourceOrder(raw.study, studyResult.data, rebuilt) : undefined;

  // Even when the study record is broken, its id (if it has one) says which study records belong to.
  const rawStudyId = isRecord(raw.study) && typeof raw.study.id === 'string' ? raw.study.id : undefined;
  const lists: Partial<{ [L in RecordList]: BackupContent[L] }> = {};
  for (const name of RECORD_LISTS) {
    const records = readList(name, raw[name], study?.id ?? rawStudyId, errors, rebuilt);
    if (records) (lists as Record<RecordList, unknown[]>)[name] = records;
  }
  if (errors.count > 0 || !header.success || study === undefined) return { ok: false, errors: errors.list() };

  const body: Omit<Backup, 'sha256'> = {
    format: BACKUP_FORMAT,
    createdAt: header.data.createdAt,
    app: header.data.app,
    study,
    puzzles: lists.puzzles ?? [],
    sessions: lists.sessions ?? [],
    turns: lists.turns ?? [],
    annotators: lists.annotators ?? [],
    labels: lists.labels ?? [],
    assignments: lists.assignments ?? [],
    gold: lists.gold ?? [],
    audit: lists.audit ?? [],
  };
  // The file's checksum matched, so it stands for the body unless a member unknown to this
  // version was left out; only then is the (costly) checksum of the rebuilt body needed.
  const sha256 = rebuilt.dropped || Object.keys(raw).some((key) => !Object.hasOwn(body, key) && key !== 'sha256') ? sha256Hex(canonicalJson(body)) : String(raw.sha256).toLowerCase();
  return { ok: true, value: { ...body, sha256 } };
}

/** One record list, each record checked and rebuilt; undefined when the list itself is unusable. */
function readList<L extends RecordList>(name: L, raw: unknown, studyId: string | undefined, errors: ErrorList, rebuilt: { dropped: boolean }): BackupContent[L] | undefined {
  if (!Array.isArray(raw)) {
    const what = `a list of ${LIST_WORDS[name]}`;
    errors.add(name, raw === undefined ? `required; expected ${what}` : `expected ${what}, got ${describeValue(raw)}`);
    return undefined;
  }
  const schema = RECORD_SCHEMAS[name] as z.ZodType<BackupContent[L][number]>;
  const keyOf = RECORD_KEYS[name] as (record: BackupContent[L][number]) => string;
  const firstIndexOf = new Map<string, number>();
  const records: Array<BackupContent[L][number]> = [];
  raw.forEach((item: unknown, index) => {
    const path = `${name}[${index}]`;
    const parsed = schema.safeParse(item);
    if (!parsed.success) {
      errors.push(...issuesToErrors(errors.file, parsed.error.issues, { pathPrefix: path }));
      return;
    }
    const record = parsed.data;
    if (studyId !== undefined && record.studyId !== studyId) {
      errors.add(`${path}.studyId`, `the record belongs to the study ${quote(record.studyId)}, not to the backup's study ${quote(studyId)}`);
      return;
    }
    const key = keyOf(record);
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      errors.add(path, `the same record as ${name}[${first}] (same key); a backup holds each record once`);
      return;
    }
    firstIndexOf.set(key, index);
    records.push(inSourceOrder(item, record, rebuilt));
  });
  return records as BackupContent[L];
}

/**
 * `parsed` (zod's copy, members unknown to this version dropped) with its members in the order
 * the file gave them: the stored records were written in that order, so the restore stores the
 * same structure. Sets `rebuilt.dropped` when a member was left out.
 */
function inSourceOrder<T>(raw: unknown, parsed: T, rebuilt: { dropped: boolean }): T {
  if (Array.isArray(parsed)) {
    const items = raw as unknown[];
    return parsed.map((item: unknown, index) => inSourceOrder(items[index], item, rebuilt)) as T;
  }
  if (!isRecord(parsed) || !isRecord(raw)) return parsed;
  // Every key here passed the schema: fixed field names, or model names, which are never "__proto__".
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) {
    if (Object.hasOwn(parsed, key)) ordered[key] = inSourceOrder(raw[key], parsed[key], rebuilt);
    else rebuilt.dropped = true;
  }
  return ordered as T;
}

/** Checks the `format` field: this version, or a message on which version it is. */
function checkBackupFormat(fileName: string, format: unknown): FormatError | undefined {
  if (format === BACKUP_FORMAT) return undefined;
  const at = { file: fileName, path: 'format' };
  if (format === undefined) return { ...at, message: `required; expected "${BACKUP_FORMAT}"` };
  if (typeof format !== 'string') return { ...at, message: `expected the string "${BACKUP_FORMAT}"` };
  const version = /^(\d+)(?:\.\d+)*$/.exec(format.startsWith(BACKUP_FORMAT_PREFIX) ? format.slice(BACKUP_FORMAT_PREFIX.length) : '');
  if (!version) return { ...at, message: `not a backup: format is ${quote(format)}; expected "${BACKUP_FORMAT}"` };
  const major = Number(version[1]);
  if (major > BACKUP_FORMAT_MAJOR) {
    return { ...at, message: `the file uses backup format ${quote(format)}, newer than this version of Agreement Studio reads ("${BACKUP_FORMAT}"); update the app to restore it` };
  }
  if (major < BACKUP_FORMAT_MAJOR) {
    return { ...at, message: `the file uses backup format ${quote(format)}, an older version this app no longer reads; expected "${BACKUP_FORMAT}"` };
  }
  return { ...at, message: `unsupported backup format version ${quote(format)}; expected "${BACKUP_FORMAT}"` };
}

function checkChecksum(fileName: string, raw: Record<string, unknown>): FormatError | undefined {
  const { sha256: claimed, ...content } = raw;
  const at = { file: fileName, path: 'sha256' };
  if (claimed === undefined) return { ...at, message: 'missing checksum: the backup is damaged or was edited (a backup carries the SHA-256 of its content)' };
  if (typeof claimed !== 'string' || !/^[0-9a-fA-F]{64}$/.test(claimed)) {
    return { ...at, message: 'the backup is damaged or was edited: sha256 is not a 64-digit hex SHA-256' };
  }
  let actual: string;
  try {
    actual = sha256Hex(canonicalJson(content));
  } catch {
    return { ...at, message: 'the backup is damaged or was edited: its content holds a number outside the range JSON files can carry' };
  }
  return actual === claimed.toLowerCase() ? undefined : { ...at, message: 'the backup is damaged or was edited: checksum mismatch' };
}

function fail(error: FormatError): ParseResult<never> {
  return { ok: false, errors: [error] };
}
