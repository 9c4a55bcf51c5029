// The mapping preset (`agreement-studio.mapping/2`): which field of another program's records is
// the puzzle id, story, question text, judge label, each rater's and judge's label column and so on,
// with a value map per label column, saved by name in the app and taken by `agreement-studio import
// --mapping`. This module owns the file's schema, reading (a /1 preset too) and writing.

import { z } from 'zod';
import type { FormatError, ParseResult } from '../errors';
import { isReservedKey } from '../../domain/ids';
import { annotatorId, expected, isRecord, modelName, nonBlankText, optional, optionalText, quote } from '../field-schemas';
import { formatError, upgradeDocument } from '../format-header';
import type { Upgrades } from '../migrate';
import { parseJsonDocument } from '../json-document';
import type { SourceFile } from '../limits';
import { issuesToErrors, jsonPath } from '../zod-issues';
import { UNPARSEABLE } from '../../domain/model';
import { VALUE_TARGETS, type ValueMap } from './mapping-values';

export const MAPPING_FORMAT = 'agreement-studio.mapping/2';

/** The targets a record's fields map to, in the order the app lists them. */
export const MAPPING_TARGETS = [
  'puzzleId',
  'title',
  'story',
  'reference',
  'difficulty',
  'session',
  'player',
  'judge',
  'turnKind',
  'question',
  'judgeLabel',
] as const;

export type MappingTarget = (typeof MAPPING_TARGETS)[number];

/** Each target in words, for the app's dialog and messages. */
export const TARGET_NAMES: Record<MappingTarget, string> = {
  puzzleId: 'puzzle id',
  title: 'title',
  story: 'story',
  reference: 'reference',
  difficulty: 'difficulty',
  session: 'session',
  player: 'player',
  judge: 'judge',
  turnKind: 'turn kind',
  question: 'question text',
  judgeLabel: 'judge label',
};

/** A field name in the records: a CSV or sheet column, or a dotted path into a JSON record (`meta.judge`). */
const fieldName = nonBlankText;

const fieldsSchema = z.strictObject(
  {
    puzzleId: optional(fieldName),
    title: optional(fieldName),
    story: fieldName,
    reference: fieldName,
    difficulty: optional(fieldName),
    session: optional(fieldName),
    player: optional(fieldName),
    judge: optional(fieldName),
    turnKind: optional(fieldName),
    question: optional(fieldName),
    judgeLabel: optional(fieldName),
  },
  { error: expected('an object naming the field of each target, such as { "story": "surface", "reference": "bottom" }') },
);

const kindValues = z.array(nonBlankText, { error: expected('a list of the values, as text') });

const targetsInWords = (targets: readonly string[]) => targets.map((target) => JSON.stringify(target)).join(', ');

/** One kind of turn's value map: each value as written, and the label it means. */
function valueEntries<T extends readonly [string, ...string[]]>(targets: T) {
  return z.record(z.string(), z.enum(targets, { error: expected(`one of ${targetsInWords(targets)}`) }), {
    error: expected(`an object giving each value its label, such as { "1": ${JSON.stringify(targets[0])} }`),
  });
}

const valueMapSchema = z.strictObject(
  { question: optional(valueEntries(VALUE_TARGETS.question)), final: optional(valueEntries(VALUE_TARGETS.final)) },
  { error: expected('an object { "question": { value: label }, "final": { value: label } }') },
);

const raterSchema = z.strictObject(
  { field: fieldName, id: optional(annotatorId), name: optional(nonBlankText) },
  { error: expected('an object { "field": ..., "id": ..., "name": ... } naming a rater\'s label column') },
);

const judgeSchema = z.strictObject(
  { field: fieldName, name: optional(modelName) },
  { error: expected('an object { "field": ..., "name": ... } naming a judge\'s label column') },
);

export const presetSchema = z.strictObject({
  format: z.string(),
  name: nonBlankText,
  records: optional(
    z.strictObject(
      {
        path: optionalText,
        sheet: optionalText,
      },
      { error: expected('an object { "path": ..., "sheet": ... }') },
    ),
  ),
  fields: fieldsSchema,
  turnKinds: optional(
    z.strictObject({ question: optional(kindValues), final: optional(kindValues) }, { error: expected('an object { "question": [...], "final": [...] }') }),
  ),
  constants: optional(
    z.strictObject({ player: optional(modelName), judge: optional(modelName) }, { error: expected('an object { "player": ..., "judge": ... }') }),
  ),
  raters: optional(z.array(raterSchema, { error: expected("a list of the raters' label columns") })),
  judges: optional(z.array(judgeSchema, { error: expected("a list of the judges' label columns") })),
  values: optional(z.record(z.string(), valueMapSchema, { error: expected('an object giving each label column its value map') })),
});

type CheckedPreset = z.infer<typeof presetSchema>;

/** What the schema alone cannot see: a column in two label roles, a value map of no label column, a person's label mapped to unparseable. */
function crossCheck(preset: CheckedPreset, ctx: z.RefinementCtx): void {
  const roles = new Map<string, string>();
  const claim = (field: string, role: string, path: PropertyKey[]) => {
    const earlier = roles.get(field);
    if (earlier !== undefined)
      ctx.addIssue({ code: 'custom', path, message: `the field ${quote(field)} is already ${earlier}; a column holds one rater's or judge's labels` });
    else roles.set(field, role);
  };
  if (preset.fields.judgeLabel !== undefined) claim(preset.fields.judgeLabel, 'the judge label', ['fields', 'judgeLabel']);
  preset.judges?.forEach((judge, i) => claim(judge.field, `judge ${i + 1}'s labels`, ['judges', i, 'field']));
  preset.raters?.forEach((rater, i) => claim(rater.field, `rater ${i + 1}'s labels`, ['raters', i, 'field']));
  const judgeNames = new Set<string>();
  preset.judges?.forEach((judge, i) => {
    const name = judge.name ?? judge.field;
    if (judgeNames.has(name))
      ctx.addIssue({ code: 'custom', path: ['judges', i], message: `two judge columns are named ${quote(name)}; name each judge once` });
    judgeNames.add(name);
  });
  const raterIds = new Set<string>();
  preset.raters?.forEach((rater, i) => {
    if (rater.id === undefined) return;
    if (raterIds.has(rater.id.toLowerCase()))
      ctx.addIssue({ code: 'custom', path: ['raters', i, 'id'], message: `two raters have the id ${quote(rater.id)}; give each its own` });
    raterIds.add(rater.id.toLowerCase());
  });
  const raterFields = new Set(preset.raters?.map((rater) => rater.field));
  for (const [field, map] of Object.entries(preset.values ?? {})) {
    if (!roles.has(field)) {
      ctx.addIssue({
        code: 'custom',
        path: ['values', field],
        message: `the field ${quote(field)} is not a rater's or judge's label column; a value map belongs to one`,
      });
      continue;
    }
    if (!raterFields.has(field)) continue;
    for (const type of ['question', 'final'] as const)
      for (const [value, target] of Object.entries(map[type] ?? {}))
        if (target === UNPARSEABLE)
          ctx.addIssue({
            code: 'custom',
            path: ['values', field, type, value],
            message: `a person's label cannot be unparseable; map the value to a label or to "no label"`,
          });
  }
}

export type MappingFields = Partial<Record<MappingTarget, string>> & { story: string; reference: string };

export interface MappingPreset {
  format: typeof MAPPING_FORMAT;
  name: string;
  /** Where the records are: the dotted path of the array in a JSON object, the sheet of a workbook. */
  records?: { path?: string; sheet?: string };
  fields: MappingFields;
  /** The values of the turn kind field that mean a question or a final answer (default "question" and "final"). */
  turnKinds?: { question?: string[]; final?: string[] };
  /** The player and judge of every session when no field holds them. */
  constants?: { player?: string; judge?: string };
  /** Human raters' label columns, each one rater: the id from the header unless given, the header as the name unless given. */
  raters?: Array<{ field: string; id?: string; name?: string }>;
  /** Judges' label columns beside `fields.judgeLabel`, each one judge named after the header unless given. */
  judges?: Array<{ field: string; name?: string }>;
  /** Per label column (the field), what each of its values means on each kind of turn; a value not named is read by the reply rule. */
  values?: Record<string, ValueMap>;
}

/** Reads a preset file, every problem located. */
export function parseMappingPreset(file: SourceFile): ParseResult<MappingPreset> {
  const parsed = parseJsonDocument(file);
  if (!parsed.ok) return parsed;
  return mappingPresetFromJson(file.name, parsed.value);
}

/** Checks a parsed preset (a file's, or one the app kept in its settings); `upgrades` are the steps for an older version. */
export function mappingPresetFromJson(fileName: string, written: unknown, upgrades?: Upgrades): ParseResult<MappingPreset> {
  if (!isRecord(written))
    return { ok: false, errors: [{ file: fileName, path: '', message: `expected a mapping preset object with "format": "${MAPPING_FORMAT}"` }] };
  const versionError = formatError(fileName, 'mapping', written.format, { upgrades });
  if (versionError) return { ok: false, errors: [versionError] };
  const document = upgradeDocument('mapping', written, upgrades);
  const reserved = reservedValueKeys(fileName, document.values);
  if (reserved.length > 0) return { ok: false, errors: reserved };
  const checked = presetSchema.superRefine(crossCheck).safeParse(document);
  if (!checked.success) return { ok: false, errors: issuesToErrors(fileName, checked.error.issues) };
  return { ok: true, value: withoutAbsent({ ...checked.data, format: MAPPING_FORMAT }) as MappingPreset };
}

/** A value map's key that would reach an object's prototype, which the schema would drop without a word: named instead. */
function reservedValueKeys(fileName: string, values: unknown): FormatError[] {
  if (!isRecord(values)) return [];
  return Object.entries(values).flatMap(([field, map]) =>
    (['question', 'final'] as const).flatMap((type) => {
      const entries = isRecord(map) ? map[type] : undefined;
      if (!isRecord(entries)) return [];
      return Object.keys(entries)
        .filter(isReservedKey)
        .map((value) => ({
          file: fileName,
          path: jsonPath(['values', field, type, value]),
          message: `${quote(value)} cannot be a value in a value map (__proto__, constructor and prototype are never keys); leave it to the reply rule`,
        }));
    }),
  );
}

/** The preset file's text, members in a stable order, for "Export preset…" and tests. */
export function serializeMappingPreset(preset: MappingPreset): string {
  return `${JSON.stringify(withoutAbsent(preset), null, 2)}\n`;
}

/** Drops members that are undefined, so a preset reads back as it was written. */
function withoutAbsent(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAbsent);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, withoutAbsent(item)]])));
}
