// Backups (`agreement-studio.backup/2`): one study with everything that belongs to it, records
// exactly as stored, with a SHA-256 of the canonical JSON of the rest. Parsing rebuilds every
// record field by field, keeping the file's member order, so a restore writes back the same bytes,
// and holds the whole to the rules the imports it replaces follow, label values to the backup's
// own scheme as label files and team server documents are: nothing is repaired. Version 2 (issue
// 33): labels and gold labels may carry `acceptable`, the study's scheme `multipleAnswers`; a /1
// backup has neither and reads as it stands (migrate.ts).

import { z } from 'zod';
import { idProblem } from '../domain/ids';
import { checkSplitRule } from '../domain/judge-split-rule';
import { MAX_FAMILY_NAME_CHARS } from '../domain/model-family';
import {
  ANNOTATOR_EXPERTISE,
  ANSWER_LABELS,
  CALIBRATION_RULES,
  MATCH_LABELS,
  MAX_JUDGE_SAMPLES,
  MAX_REVISION,
  TASKS,
  UNCERTAINTY_SOURCES,
  UNPARSEABLE,
} from '../domain/model';
import type {
  AcceptableAnswers,
  Annotator,
  Assignment,
  AuditEntry,
  GoldLabel,
  JudgeConfidence,
  JudgeLabel,
  Label,
  LabelScheme,
  LabelValue,
  Puzzle,
  Session,
  Study,
  StudyCounts,
  Task,
  Turn,
} from '../domain/model';
import type { ErrorList } from './error-list';
import type { FormatError, ParseResult } from './errors';
import { annotatorId, describeValue, difficultyLevel, expected, isRecord, modelName, positiveInteger, quote, recordId, studyId } from './field-schemas';
import { openChecksummedDocument, unreadMembers, withChecksum } from './format-header';
import { parseJsonText, stripBom } from './json-document';
import { readAcceptable } from './acceptable-answers';
import { labelValuesText } from './label-file';
import { canonicalLabelValue } from './label-values';
import { checkSourceFile, type SourceFile } from './limits';
import type { Upgrades } from './migrate';
import { issuesToErrors } from './zod-issues';

export const BACKUP_FORMAT = 'agreement-studio.backup/2';

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
  return withChecksum(body);
}

/** Throws a RangeError naming the first record that belongs to another study than `content.study`. */
export function checkOneStudy(content: BackupContent): void {
  const studyId = content.study.id;
  for (const list of RECORD_LISTS) {
    const index = content[list].findIndex((record) => record.studyId !== studyId);
    if (index >= 0)
      throw new RangeError(`${list}[${index}] belongs to the study ${JSON.stringify(content[list][index]?.studyId)}, not ${JSON.stringify(studyId)}`);
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

// Record shapes. They accept everything the app stores (a pack's session has an empty judge) and
// refuse what an import would refuse: wrong types, ids outside the id rule, times that are not
// ISO 8601, label values outside their task or the study's scheme, revisions past MAX_REVISION.

const text = z.string({ error: expected('text') });
const isoTime = z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') });
const texts = z.array(text, { error: expected('a list of texts') });
const count = z.int({ error: expected('a whole number of at least 0') }).min(0, { error: expected('a whole number of at least 0') });
const atLeastOne = z.int({ error: expected('a whole number of at least 1') }).min(1, { error: expected('a whole number of at least 1') });
const task = z.enum(TASKS, { error: expected('the task: answer, match or difficulty') });
/** Checked against the record's task and the study's scheme by checkTaskValue, which words the message as a label file's. */
const labelValue = z.custom<LabelValue>(() => true);
/** Checked with the value by checkTaskValue, with a label file's words. */
const acceptableAnswers = z.custom<AcceptableAnswers>(() => true).optional();

/** Judge model -> label; each label is checked against its turn's type by checkJudgements. By hand, not z.record, which would skip a "__proto__" key without a word. */
const judgements = z
  .custom<Record<string, JudgeLabel>>((value) => isRecord(value), { error: expected('an object of judge labels') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const problem = idProblem('model', key);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });

/** Model name -> the family the lead gave it; by hand for the same reason as `judgements`. */
const modelFamilies = z
  .custom<Record<string, string>>((value) => isRecord(value), { error: expected('an object of model families') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const family = value[key];
      const problem =
        idProblem('model', key) ??
        (typeof family === 'string' && family.trim() !== '' && family.length <= MAX_FAMILY_NAME_CHARS
          ? undefined
          : `expected a family name of 1 to ${MAX_FAMILY_NAME_CHARS} characters, got ${describeValue(family)}`);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });

/** Puzzle id -> its probability of being drawn, in (0, 1]; by hand for the same reason as `judgements`. */
const puzzleProbabilities = z
  .custom<Record<string, number>>((value) => isRecord(value), { error: expected('an object of probabilities by puzzle id') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const probability = value[key];
      const problem =
        idProblem('record', key) ??
        (typeof probability === 'number' && probability > 0 && probability <= 1
          ? undefined
          : `expected a probability more than 0 and at most 1, got ${describeValue(probability)}`);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });

/** Which puzzles the assignment covers and each one's probability; that they are the backup's puzzles is checkReferences'. */
const calibrationSample = z.object(
  {
    rule: z.enum(CALIBRATION_RULES, { error: expected('uncertainty or random') }),
    budget: atLeastOne,
    seed: z.int({ error: expected('a whole number') }),
    tau: z
      .number({ error: expected('a number more than 0 and at most 1') })
      .gt(0, { error: expected('a number more than 0 and at most 1') })
      .max(1, { error: expected('a number more than 0 and at most 1') }),
    source: z.enum(UNCERTAINTY_SOURCES, { error: expected('samples, probability or judges') }).optional(),
    withoutSignal: count,
    chosen: z.array(recordId, { error: expected('a list of puzzle ids') }),
    probabilities: puzzleProbabilities,
    drawnAt: isoTime,
  },
  { error: expected('the calibration sample') },
);

const share = z.number({ error: expected('a share from 0 to 1') });

/** The judge split's rule, checked as the Judges page checks it, and what has been run on it. */
const judgeSplit = z
  .object(
    {
      seed: z.int({ error: expected('a whole number') }),
      shares: z.object(
        { examples: share, development: share, test: share },
        { error: expected('an object { "examples": ..., "development": ..., "test": ... }') },
      ),
      setAt: isoTime,
      developmentJudges: z.array(modelName, { error: expected('a list of judge names') }),
      testRuns: z.array(z.object({ judge: modelName, at: isoTime }, { error: expected('{judge, at}') }), { error: expected('a list of test runs') }),
    },
    { error: expected('the judge split') },
  )
  .superRefine((value, ctx) => {
    try {
      checkSplitRule(value);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      ctx.addIssue({ code: 'custom', path: ['shares'], message: error.message });
    }
  });

export const studySchema = z.object(
  {
    id: studyId,
    name: text,
    format: text,
    scheme: z.object(
      { answerUnknown: z.boolean({ error: expected('true or false') }), multipleAnswers: z.boolean({ error: expected('true or false') }).optional() },
      { error: expected('an object { "answerUnknown": ..., "multipleAnswers": ... }') },
    ),
    guidelines: text.optional(),
    importedAt: isoTime,
    sourceFiles: texts,
    counts: z.object({ puzzles: count, sessions: count, turns: count, questions: count, finals: count }, { error: expected('the study counts') }),
    origin: z
      .object(
        {
          kind: z.literal('pack', { error: expected('"pack"') }),
          annotator: z.object({ id: annotatorId, name: text }, { error: expected('an object { "id": ..., "name": ... }') }),
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
          assignedAt: isoTime,
          editedByHand: z.boolean({ error: expected('true or false') }),
        },
        { error: expected('the team setup') },
      )
      .optional(),
    sample: z.literal(true, { error: expected('true') }).optional(),
    unparseableReplies: z.enum(['left-out', 'disagreement'], { error: expected('left-out or disagreement') }).optional(),
    annotatorExpertise: z.enum(ANNOTATOR_EXPERTISE, { error: expected('expert, skilled or crowd') }).optional(),
    judgeSamples: z
      .array(z.object({ judge: modelName, samples: positiveInteger, source: text }, { error: expected('{judge, samples, source}') }), {
        error: expected('a list of judge samples'),
      })
      .optional(),
    modelFamilies: modelFamilies.optional(),
    calibrationSample: calibrationSample.optional(),
    judgeSplit: judgeSplit.optional(),
  },
  { error: expected('the study record') },
);

const puzzleSchema = z.object(
  {
    studyId,
    id: recordId,
    title: text.optional(),
    story: text,
    reference: text,
    difficulty: difficultyLevel.optional(),
    language: text.optional(),
    genre: text.optional(),
    keyClues: texts,
    source: text.optional(),
  },
  { error: expected('a puzzle object') },
);

const sessionSchema = z.object(
  {
    studyId,
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

/** Judge model -> reply as written; by hand for the same reason as `judgements`. */
const judgeReplies = z
  .custom<Record<string, string>>((value) => isRecord(value), { error: expected('an object of judge replies') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const problem = idProblem('model', key) ?? (typeof value[key] === 'string' ? undefined : `expected text, got ${describeValue(value[key])}`);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });
/** Judge model -> {samples, probability} (issue 31); by hand for the same reason as `judgements`. */
const judgeConfidence = z
  .custom<Record<string, JudgeConfidence>>((value) => isRecord(value), { error: expected('an object of judge confidences') })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      const problem = idProblem('model', key) ?? confidenceProblem(value[key]);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });

const JUDGE_LABEL_VALUES: ReadonlySet<unknown> = new Set([...ANSWER_LABELS, ...MATCH_LABELS, UNPARSEABLE]);

function confidenceProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return `expected {samples, probability}, got ${describeValue(value)}`;
  const { samples, probability } = value;
  if (
    samples !== undefined &&
    !(Array.isArray(samples) && samples.length >= 2 && samples.length <= MAX_JUDGE_SAMPLES && samples.every((one) => JUDGE_LABEL_VALUES.has(one)))
  )
    return `expected samples to be 2 to ${MAX_JUDGE_SAMPLES} judge labels, got ${describeValue(samples)}`;
  if (probability !== undefined && !(typeof probability === 'number' && probability >= 0 && probability <= 1))
    return `expected a probability from 0 to 1, got ${describeValue(probability)}`;
  return undefined;
}

export const turnShape = z.object(
  {
    studyId,
    id: recordId,
    sessionId: recordId,
    puzzleId: recordId,
    index: count,
    type: z.enum(['question', 'final'], { error: expected('question or final') }),
    text,
    judgements,
    judgeReply: text.optional(),
    judgeReplies: judgeReplies.optional(),
    judgeConfidence: judgeConfidence.optional(),
  },
  { error: expected('a turn object') },
);

const annotatorSchema = z.object({ studyId, id: annotatorId, name: text }, { error: expected('an annotator object') });

/**
 * The value must be one of its task's under the study's scheme, exactly as the app stores it
 * (`unknown` only where the scheme enables it), with a label file's words for what is expected;
 * a set of acceptable answers is held to a label file's rule too.
 */
function checkTaskValue(scheme: LabelScheme) {
  return (record: { task: Task; value: unknown; acceptable?: unknown }, ctx: z.RefinementCtx): void => {
    const value = canonicalLabelValue(record.task, record.value, scheme);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `expected ${labelValuesText(record.task, scheme)}, got ${describeValue(record.value)}` });
      return;
    }
    const set = readAcceptable(record.task, value, record.acceptable, scheme);
    if (!set.ok) ctx.addIssue({ code: 'custom', path: ['acceptable'], message: set.message });
  };
}

/** A judge's label on a question turn is an answer label of the scheme, on a final turn a match label, or `unparseable` on either. */
function checkJudgements(scheme: LabelScheme) {
  return (turn: { type: Turn['type']; judgements: Record<string, unknown> }, ctx: z.RefinementCtx): void => {
    const task: Task = turn.type === 'question' ? 'answer' : 'match';
    for (const [model, label] of Object.entries(turn.judgements)) {
      if (label === UNPARSEABLE || canonicalLabelValue(task, label, scheme) !== undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: ['judgements', model],
        message: `expected ${labelValuesText(task, scheme)} (or ${UNPARSEABLE}) on a ${turn.type} turn, got ${describeValue(label)}`,
      });
    }
  };
}

export const labelShape = z.object(
  {
    studyId,
    annotatorId,
    unitId: recordId,
    task,
    value: labelValue,
    acceptable: acceptableAnswers,
    at: isoTime,
    createdAt: isoTime.optional(),
    ms: z
      .number({ error: expected('a number of milliseconds') })
      .min(0, { error: expected('a number of milliseconds of at least 0') })
      .optional(),
    rev: atLeastOne.max(MAX_REVISION, { error: expected(`a revision from 1 to ${MAX_REVISION.toLocaleString('en')}`) }),
    unsure: z.boolean({ error: expected('true or false') }),
    note: text,
  },
  { error: expected('a label object') },
);

const assignmentSchema = z.object(
  { studyId, annotatorId, task, units: z.array(recordId, { error: expected('a list of unit ids') }) },
  { error: expected('an assignment object') },
);

export const goldShape = z.object(
  { studyId, task, unitId: recordId, value: labelValue, note: text, by: text, at: isoTime, basis: texts, acceptable: acceptableAnswers },
  { error: expected('a gold label object') },
);

const auditSchema = z.object({ id: atLeastOne, studyId, at: isoTime, kind: text, detail: text }, { error: expected('an audit entry') });

type RecordSchemas = { [L in RecordList]: z.ZodType<BackupContent[L][number]> };

/** Each list's record schema; the turns', labels' and gold labels' values depend on the scheme. */
function recordSchemas(scheme: LabelScheme): RecordSchemas {
  return {
    puzzles: puzzleSchema,
    sessions: sessionSchema,
    turns: turnShape.superRefine(checkJudgements(scheme)),
    annotators: annotatorSchema,
    labels: labelShape.superRefine(checkTaskValue(scheme)),
    assignments: assignmentSchema,
    gold: goldShape.superRefine(checkTaskValue(scheme)),
    audit: auditSchema,
  };
}

/** A scheme has two forms, so both sets of schemas are made once. */
export const SCHEMAS_WITH_UNKNOWN = recordSchemas({ answerUnknown: true });
const SCHEMAS_WITHOUT_UNKNOWN = recordSchemas({ answerUnknown: false });

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

export const headerSchema = z.object({
  createdAt: z.iso.datetime({ offset: true, error: expected('an ISO 8601 timestamp such as 2026-11-22T09:12:03Z') }),
  app: z.string({ error: expected('the name and version of the app that wrote the backup') }),
});

/** Reads a backup; `upgrades` are the steps for an older version (the app's own by default). */
export function parseBackup(file: SourceFile, upgrades?: Upgrades): ParseResult<Backup> {
  const fileError = checkSourceFile(file, { maxBytes: MAX_BACKUP_BYTES, what: 'a backup' });
  if (fileError) return fail(fileError);
  const source = stripBom(file.text);
  if (source.trim() === '') return fail({ file: file.name, path: '', message: 'the file is empty; expected a backup' });
  const document = parseJsonText(file.name, source);
  if (!document.ok) return document;
  const opened = openChecksummedDocument(file.name, 'backup', document.value, 'the backup', upgrades);
  if (!opened.ok) return opened;
  const { raw, errors } = opened;

  const rebuilt = { dropped: false };
  const header = headerSchema.safeParse(raw);
  if (!header.success) errors.push(...issuesToErrors(file.name, header.error.issues));
  const studyResult = studySchema.safeParse(raw.study);
  if (!studyResult.success) errors.push(...issuesToErrors(file.name, studyResult.error.issues, { pathPrefix: 'study' }));
  const study = studyResult.success ? inSourceOrder(raw.study, studyResult.data, rebuilt) : undefined;

  // Even when the study record is broken, its id (if it has one) says which study records belong to,
  // and its scheme which values labels may take; a scheme that cannot be read (an error of its own)
  // lets every answer label through rather than list each `unknown` as a second error.
  const rawStudyId = isRecord(raw.study) && typeof raw.study.id === 'string' ? raw.study.id : undefined;
  const rawScheme = isRecord(raw.study) && isRecord(raw.study.scheme) ? raw.study.scheme.answerUnknown : undefined;
  const schemas = (study?.scheme.answerUnknown ?? rawScheme) === false ? SCHEMAS_WITHOUT_UNKNOWN : SCHEMAS_WITH_UNKNOWN;
  const lists: Partial<{ [L in RecordList]: BackupContent[L] }> = {};
  for (const name of RECORD_LISTS) {
    const records = readList(name, schemas[name], raw[name], study?.id ?? rawStudyId, errors, rebuilt);
    if (records) (lists as Record<RecordList, unknown[]>)[name] = records;
  }
  if (errors.count > 0 || !header.success || study === undefined) return { ok: false, errors: errors.list() };
  const content: BackupContent = {
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
  checkReferences(content, errors);
  if (errors.count > 0) return { ok: false, errors: errors.list() };

  const body: Omit<Backup, 'sha256'> = { format: BACKUP_FORMAT, createdAt: header.data.createdAt, app: header.data.app, ...content };
  // The file's checksum matched, so it stands for the body unless a member unknown to this
  // version was left out; only then is the (costly) checksum of the rebuilt body needed.
  const recount = rebuilt.dropped || Object.keys(raw).some((key) => !Object.hasOwn(body, key) && key !== 'sha256');
  const value = recount ? withChecksum(body) : { ...body, sha256: String(raw.sha256).toLowerCase() };
  const warnings = unreadMembers(file.name, raw, ['format', 'createdAt', 'app', 'study', ...RECORD_LISTS, 'sha256'], 'a backup');
  return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
}

/** One record list, each record checked and rebuilt; undefined when the list itself is unusable. */
function readList<L extends RecordList>(
  name: L,
  schema: RecordSchemas[L],
  raw: unknown,
  studyId: string | undefined,
  errors: ErrorList,
  rebuilt: { dropped: boolean },
): BackupContent[L] | undefined {
  if (!Array.isArray(raw)) {
    const what = `a list of ${LIST_WORDS[name]}`;
    errors.add(name, raw === undefined ? `required; expected ${what}` : `expected ${what}, got ${describeValue(raw)}`);
    return undefined;
  }
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

/**
 * What no single record shows: every reference lands on a record of the backup (a session's
 * puzzle, a turn's session, a label's, gold label's or assignment's unit of the right kind, a
 * label's annotator), turns agree with their session, and the study's counts are the records'.
 */
function checkReferences(content: BackupContent, errors: ErrorList): void {
  const puzzleIds = new Set(content.puzzles.map((puzzle) => puzzle.id));
  const sessions = new Map(content.sessions.map((session) => [session.id, session]));
  const annotatorIds = new Set(content.annotators.map((annotator) => annotator.id));
  const turnTypes = new Map<string, Turn['type']>();
  const turnsPerSession = new Map<string, number>();
  content.sessions.forEach((session, i) => {
    if (!puzzleIds.has(session.puzzleId)) errors.add(`sessions[${i}].puzzleId`, `no puzzle of the backup has the id ${quote(session.puzzleId)}`);
  });
  content.turns.forEach((turn, i) => {
    turnTypes.set(turn.id, turn.type);
    const session = sessions.get(turn.sessionId);
    if (session === undefined) return errors.add(`turns[${i}].sessionId`, `no session of the backup has the id ${quote(turn.sessionId)}`);
    turnsPerSession.set(session.id, (turnsPerSession.get(session.id) ?? 0) + 1);
    if (turn.puzzleId !== session.puzzleId)
      errors.add(`turns[${i}].puzzleId`, `the turn's session ${quote(session.id)} is of the puzzle ${quote(session.puzzleId)}, not ${quote(turn.puzzleId)}`);
  });
  content.sessions.forEach((session, i) => {
    const turns = turnsPerSession.get(session.id) ?? 0;
    if (session.turnCount !== turns) errors.add(`sessions[${i}].turnCount`, `the session has ${turns} turns in the backup, not ${session.turnCount}`);
  });
  const unitProblem = (task: Task, unitId: string): string | undefined => {
    if (task === 'difficulty') return puzzleIds.has(unitId) ? undefined : `no puzzle of the backup has the id ${quote(unitId)}`;
    const want = task === 'answer' ? 'question' : 'final';
    const type = turnTypes.get(unitId);
    if (type === want) return undefined;
    return type === undefined
      ? `no turn of the backup has the id ${quote(unitId)}`
      : `${quote(unitId)} is a ${type} turn; the ${task} task labels ${want} turns`;
  };
  content.labels.forEach((label, i) => {
    const problem = unitProblem(label.task, label.unitId);
    if (problem !== undefined) errors.add(`labels[${i}].unitId`, problem);
    if (!annotatorIds.has(label.annotatorId)) errors.add(`labels[${i}].annotatorId`, `no annotator of the backup has the id ${quote(label.annotatorId)}`);
  });
  content.gold.forEach((gold, i) => {
    const problem = unitProblem(gold.task, gold.unitId);
    if (problem !== undefined) errors.add(`gold[${i}].unitId`, problem);
  });
  content.assignments.forEach((assignment, i) => {
    assignment.units.forEach((unitId, j) => {
      const problem = unitProblem(assignment.task, unitId);
      if (problem !== undefined) errors.add(`assignments[${i}].units[${j}]`, problem);
    });
  });
  checkCalibrationSample(content.study.calibrationSample, puzzleIds, errors);
  const questions = content.turns.reduce((n, turn) => n + (turn.type === 'question' ? 1 : 0), 0);
  const actual: StudyCounts = {
    puzzles: content.puzzles.length,
    sessions: content.sessions.length,
    turns: content.turns.length,
    questions,
    finals: content.turns.length - questions,
  };
  for (const key of Object.keys(actual) as (keyof StudyCounts)[]) {
    if (content.study.counts[key] !== actual[key])
      errors.add(`study.counts.${key}`, `the backup holds ${actual[key]} ${key}, not ${content.study.counts[key]}`);
  }
}

/**
 * A calibration sample speaks of the backup's puzzles: every puzzle has a probability (the report's
 * weights need each one), no other id has one, the chosen puzzles are among them, once each, and the
 * budget is at most their number.
 */
function checkCalibrationSample(sample: Study['calibrationSample'], puzzleIds: ReadonlySet<string>, errors: ErrorList): void {
  if (sample === undefined) return;
  const path = 'study.calibrationSample';
  for (const id of Object.keys(sample.probabilities))
    if (!puzzleIds.has(id)) errors.add(`${path}.probabilities[${JSON.stringify(id)}]`, `no puzzle of the backup has the id ${quote(id)}`);
  const missing = [...puzzleIds].filter((id) => !Object.hasOwn(sample.probabilities, id));
  if (missing.length > 0)
    errors.add(
      `${path}.probabilities`,
      `${missing.length === 1 ? 'the puzzle' : `${missing.length} puzzles, the first`} ${quote(missing[0] ?? '')} ${missing.length === 1 ? 'has' : 'have'} no probability; the sample keeps every puzzle's`,
    );
  const seen = new Set<string>();
  sample.chosen.forEach((id, i) => {
    if (!puzzleIds.has(id)) errors.add(`${path}.chosen[${i}]`, `no puzzle of the backup has the id ${quote(id)}`);
    else if (seen.has(id)) errors.add(`${path}.chosen[${i}]`, `the puzzle ${quote(id)} is chosen twice`);
    seen.add(id);
  });
  if (sample.budget > puzzleIds.size) errors.add(`${path}.budget`, `the budget is ${sample.budget} puzzles, but the backup holds ${puzzleIds.size}`);
}

function fail(error: FormatError): ParseResult<never> {
  return { ok: false, errors: [error] };
}
