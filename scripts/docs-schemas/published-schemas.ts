// The JSON Schemas of docs/schemas/ (issue 35 point 2), made from the zod schemas the readers use,
// so a Python or R user can check a file without the studio. Each schema's description says what
// the file is, its format string and version, its upgrade rule, and what the studio checks beyond it.

import { z } from 'zod';
import { FILE_SAFE_ID, INVISIBLE, MAX_TEXT_ID_CHARS, RESERVED_IDS, WINDOWS_DEVICE_NAME } from '../../shared/domain/ids';
import { ANSWER_LABELS, answerLabelsOf, MATCH_LABELS, MAX_DIFFICULTY, MIN_DIFFICULTY, UNPARSEABLE, type Task } from '../../shared/domain/model';
import {
  SCHEMAS_WITH_UNKNOWN,
  goldShape,
  headerSchema as backupHeaderSchema,
  labelShape,
  studySchema as backupStudySchema,
  turnShape,
} from '../../shared/formats/backup';
import { annotatorId, modelName, recordId, studyId } from '../../shared/formats/field-schemas';
import { READ_VERSIONS, type ReadKind } from '../../shared/formats/format-header';
import { presetSchema } from '../../shared/formats/importers/mapping-preset';
import { headerSchema as labelFileHeaderSchema, labelSchema } from '../../shared/formats/label-file';
import { MATCH_WORDS, TRAILING_PUNCTUATION } from '../../shared/formats/label-values';
import { UPGRADES, upgradePath } from '../../shared/formats/migrate';
import { packSchema } from '../../shared/formats/pack';
import { headerSchema as bundleHeaderSchema, puzzleSchema, sessionSchema } from '../../shared/formats/transcript-schema';
import { invitationSchema } from '../../shared/sync/invitation';
import { labelDocSchema } from '../../shared/sync/read-label-doc';

/** Where the schemas are published; each `$id` is this folder's file on the repository's docs. */
const SCHEMA_BASE = 'https://agreement-studio.local/docs/schemas/';

/** What JSON Schema cannot say and every schema's description adds. */
const STUDIO_CHECKS_MORE =
  'The studio checks more than this schema: ids unique across the file, records referring to records the file holds, counts and label values against the study (its scheme), and the checksum where the file has one. A file this schema refuses the studio refuses; a file it accepts the studio may still refuse, with a message naming the place.';

/** The `format` strings a reader of `kind` takes: its version (`/N` or `/N.0`), and each older major version a step of migrate.ts upgrades. */
export function readableFormats(kind: ReadKind): string[] {
  const version: number = READ_VERSIONS[kind];
  const older = Array.from({ length: version }, (_, major) => major).filter((major) => upgradePath(UPGRADES, kind, major, version) !== undefined);
  return [`agreement-studio.${kind}/${version}`, `agreement-studio.${kind}/${version}.0`, ...older.map((major) => `agreement-studio.${kind}/${major}`)];
}

function upgradeRule(kind: ReadKind): string {
  const [current, , ...older] = readableFormats(kind);
  const upgraded = older.length === 0 ? 'No older version is read.' : `An older file (${older.join(', ')}) is read and upgraded to ${current} as it is opened.`;
  return `The studio reads exactly ${current} (or ${current}.0); a later version, even a later minor one, is refused as newer. ${upgraded}`;
}

const formatField = (kind: ReadKind) => z.enum(readableFormats(kind) as [string, ...string[]]);

const checksum = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/)
  .describe('The SHA-256 (hex) of the canonical JSON of every other member (docs/formats.md#versions-and-upgrades).');

/**
 * `word` matching as the label readers' toLowerCase does (label-values.ts): each letter in either
 * case, and `k` also as the Kelvin sign, which lowers to it. JSON Schema's patterns have no flags.
 */
function caseless(word: string): string {
  return word.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}${letter === 'k' ? '\\u212A' : ''}]`);
}

/** Text that reads as one of `words` as normaliseLabelText reads it: spaces around, any case, trailing punctuation. */
function labelWords(words: Iterable<string>) {
  const trailing = TRAILING_PUNCTUATION.source.replace(/\+\$$/, '*$');
  return z.string().regex(new RegExp(`^\\s*(?:${[...words].map(caseless).join('|')})${trailing}`, 'u'));
}

/** The label values a person's or a judge's label may be written as, read loosely (label-values.ts), per task. */
const LABEL_VALUES = {
  answer: labelWords(answerLabelsOf({ answerUnknown: true })),
  match: z.union([z.boolean(), z.literal([0, 1]), labelWords(MATCH_WORDS.keys())]),
  difficulty: z.int().min(MIN_DIFFICULTY).max(MAX_DIFFICULTY),
} satisfies Record<Task, z.ZodType>;

/**
 * A turn of a bundle, by its type. The reader checks turns by hand, not with zod
 * (transcript-records.ts, for speed at 100,000 turns), so this is its shape as that check reads it.
 */
function bundleTurn(type: 'question' | 'final', label: z.ZodType) {
  return z.looseObject({
    id: recordId,
    type: z.literal(type),
    text: z.string(),
    judgeReply: z.string().nullish(),
    judgeReplies: z.record(modelName, z.string()).nullish(),
    judgements: z
      .record(modelName, z.union([label, z.literal(UNPARSEABLE)]))
      .nullish()
      .describe('Judge model -> label. "unparseable" needs the reply as written, in judgeReplies, which the studio checks.'),
    judgeConfidence: z.record(modelName, z.looseObject({})).nullish(),
  });
}

/** A session of a bundle with its turns. */
const bundleSession = sessionSchema.extend({
  turns: z.array(z.discriminatedUnion('type', [bundleTurn('question', LABEL_VALUES.answer), bundleTurn('final', LABEL_VALUES.match)])),
});

/** The bundle whole: the reader checks its header, then each puzzle and session, with these schemas. */
const bundleSchema = bundleHeaderSchema.extend({
  format: formatField('transcripts'),
  puzzles: z.array(puzzleSchema),
  sessions: z.array(bundleSession).nullish(),
});

/** One line of a JSONL bundle (transcript-jsonl.ts): the header, a puzzle or a session, named by `type`. */
const bundleLineSchema = z.discriminatedUnion('type', [
  bundleHeaderSchema.extend({ type: z.literal('header'), format: formatField('transcripts') }),
  puzzleSchema.extend({ type: z.literal('puzzle') }),
  bundleSession.extend({ type: z.literal('session') }),
]);

/** A label of a label file on `task`, its value as the reader reads it. */
function fileLabel(task: Task) {
  return labelSchema.extend({
    task: z.literal(task),
    value: LABEL_VALUES[task],
    acceptable: z.unknown().optional().describe("An answer label's set of acceptable answers (docs/formats.md#label-file), checked by the studio."),
  });
}

const labelFileSchema = labelFileHeaderSchema.extend({
  format: formatField('labels'),
  labels: z.array(z.discriminatedUnion('task', [fileLabel('answer'), fileLabel('match'), fileLabel('difficulty')])),
  sha256: checksum,
});

/** The values the app itself writes (a backup), exactly, per task: canonicalLabelValue, any scheme. */
const STORED_VALUES = {
  answer: z.enum(ANSWER_LABELS),
  match: z.enum(MATCH_LABELS),
  difficulty: LABEL_VALUES.difficulty,
} satisfies Record<Task, z.ZodType>;

/** A backup's label or gold label on `task`: the reader's shape, its value as the check after it reads it. */
function storedLabel(shape: typeof labelShape | typeof goldShape, task: Task) {
  return shape.extend({ task: z.literal(task), value: STORED_VALUES[task] });
}

const storedLabels = (shape: typeof labelShape | typeof goldShape) =>
  z.array(z.discriminatedUnion('task', [storedLabel(shape, 'answer'), storedLabel(shape, 'match'), storedLabel(shape, 'difficulty')]));

/** A backup's turn of `type`, its judgements as the check after the reader's shape reads them. */
function storedTurn(type: 'question' | 'final', label: z.ZodType) {
  return turnShape.extend({ type: z.literal(type), judgements: z.record(modelName, z.union([label, z.literal(UNPARSEABLE)])) });
}

const backupSchema = backupHeaderSchema.extend({
  format: formatField('backup'),
  study: backupStudySchema,
  ...Object.fromEntries(Object.entries(SCHEMAS_WITH_UNKNOWN).map(([list, schema]) => [list, z.array(schema)])),
  turns: z.array(z.discriminatedUnion('type', [storedTurn('question', STORED_VALUES.answer), storedTurn('final', STORED_VALUES.match)])),
  labels: storedLabels(labelShape),
  gold: storedLabels(goldShape),
  sha256: checksum,
});

interface Published {
  /** The file's name in docs/schemas/. */
  file: string;
  title: string;
  kind: ReadKind;
  /** What the file is, for the description's first sentence. */
  what: string;
  section: string;
  schema: z.ZodType;
}

const PUBLISHED: readonly Published[] = [
  {
    file: 'transcript-bundle.schema.json',
    title: 'Agreement Studio transcript bundle',
    kind: 'transcripts',
    what: "A study's puzzles, sessions and turns with the judges' labels, as one JSON file (a JSONL bundle holds the same records one a line)",
    section: 'transcript-bundle',
    schema: bundleSchema,
  },
  {
    file: 'transcript-bundle-line.schema.json',
    title: 'Agreement Studio transcript bundle, one line of JSONL',
    kind: 'transcripts',
    what: 'One line of a JSONL transcript bundle: the header (first, and optional), a puzzle or a session with its turns, named by its "type" (blank lines are skipped); the header holds the format',
    section: 'transcript-bundle',
    schema: bundleLineSchema,
  },
  {
    file: 'label-file.schema.json',
    title: 'Agreement Studio label file',
    kind: 'labels',
    what: "One annotator's labels of a study, as the annotator exports them for the lead",
    section: 'label-file',
    schema: labelFileSchema,
  },
  {
    file: 'pack.schema.json',
    title: 'Agreement Studio pack',
    kind: 'pack',
    what: "What one annotator labels: the puzzles, sessions and turns of their tasks, blind (no judge's label)",
    section: 'pack',
    schema: packSchema.extend({ format: formatField('pack'), sha256: checksum }),
  },
  {
    file: 'backup.schema.json',
    title: 'Agreement Studio backup',
    kind: 'backup',
    what: 'One study whole, with its annotators, labels, assignments, gold labels and audit, to restore it',
    section: 'backup',
    schema: backupSchema,
  },
  {
    file: 'mapping-preset.schema.json',
    title: 'Agreement Studio mapping preset',
    kind: 'mapping',
    what: "How a benchmark's columns map onto the studio's fields, saved to import the next file alike",
    section: 'mapping-preset',
    schema: presetSchema.extend({ format: formatField('mapping') }),
  },
  {
    file: 'invitation.schema.json',
    title: 'Agreement Studio invitation',
    kind: 'invitation',
    what: "An invitation to label a study on a team server, for one annotator; it holds that annotator's password",
    section: 'invitation',
    schema: invitationSchema.extend({ format: formatField('invitation') }),
  },
];

function description(published: Published): string {
  const [current] = readableFormats(published.kind);
  return `${published.what}. Its "format" member is "${current}". ${upgradeRule(published.kind)} ${STUDIO_CHECKS_MORE} See docs/formats.md#${published.section}.`;
}

/** The team server's label document: an unversioned format, checked by the lead's app as it pulls. */
const TEAM_LABEL_DOC = {
  file: 'team-label-document.schema.json',
  title: 'Agreement Studio team server label document',
  description: `One label on a team server, as an annotator's app writes it to their database (id "label:<task>:<unit>"). It has no "format" member: the database's validation function and the lead's app check each document as it is pulled, and the lead's app refuses a document that breaks this schema. ${STUDIO_CHECKS_MORE} See docs/formats.md#team-server-documents.`,
  schema: labelDocSchema.extend({
    value: z.unknown().describe("The label; which values are valid depends on the task and the study's scheme, which the studio checks."),
  }),
};

/** The id rule of domain/ids.ts for ids that name files: study and annotator ids. */
const FILE_SAFE_ID_SCHEMA = {
  pattern: FILE_SAFE_ID.source,
  not: { anyOf: [{ pattern: '\\.$' }, { pattern: caseless(WINDOWS_DEVICE_NAME.source) }, { enum: [...RESERVED_IDS] }] },
  description: 'An id by the rule of docs/formats.md#ids: letters, digits, ".", "_" and "-", not a Windows device name.',
};

/** The id rule of domain/ids.ts for the other ids and model names: visible text of bounded length. */
const TEXT_ID_SCHEMA = {
  minLength: 1,
  maxLength: MAX_TEXT_ID_CHARS,
  pattern: '\\S',
  not: { anyOf: [{ enum: [...RESERVED_IDS] }, { pattern: INVISIBLE.source }] },
  description: 'An id by the rule of docs/formats.md#ids: visible text, no control or direction-changing characters.',
};

/** The readers check ids in code (a refinement); the schemas say the same rule in JSON Schema's words. */
const ID_RULES = new Map<unknown, object>([
  [studyId, FILE_SAFE_ID_SCHEMA],
  [annotatorId, FILE_SAFE_ID_SCHEMA],
  [recordId, TEXT_ID_SCHEMA],
  [modelName, TEXT_ID_SCHEMA],
]);

/** JSON Schema of a reader's zod schema: what a file may hold, before the reader's transforms and defaults. */
function jsonSchema(schema: z.ZodType, head: { file: string; title: string; description: string }): Record<string, unknown> {
  const body = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => Object.assign(ctx.jsonSchema, ID_RULES.get(ctx.zodSchema)),
  }) as Record<string, unknown>;
  const { $schema, ...rest } = body;
  return { $schema, $id: `${SCHEMA_BASE}${head.file}`, title: head.title, description: head.description, ...rest };
}

/** Every published schema by its file name in docs/schemas/, as the generator writes it. */
export function publishedSchemas(): Map<string, Record<string, unknown>> {
  const schemas = new Map<string, Record<string, unknown>>();
  for (const published of PUBLISHED) schemas.set(published.file, jsonSchema(published.schema, { ...published, description: description(published) }));
  schemas.set(TEAM_LABEL_DOC.file, jsonSchema(TEAM_LABEL_DOC.schema, TEAM_LABEL_DOC));
  return schemas;
}

/** A schema's file text: pretty JSON with a final newline, as Prettier leaves it. */
export function schemaText(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
