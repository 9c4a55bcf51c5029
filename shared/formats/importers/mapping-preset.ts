// The mapping preset (`agreement-studio.mapping/1`): which field of another program's records is
// the puzzle id, story, question text, judge label and so on, saved by name in the app and taken by
// `agreement-studio import --mapping`. This module owns the file's schema, reading and writing.

import { z } from 'zod';
import type { ParseResult } from '../errors';
import { expected, isRecord, modelName, nonBlankText, optional, optionalText } from '../field-schemas';
import { formatError, upgradeDocument } from '../format-header';
import type { Upgrades } from '../migrate';
import { parseJsonDocument } from '../json-document';
import type { SourceFile } from '../limits';
import { issuesToErrors } from '../zod-issues';

export const MAPPING_FORMAT = 'agreement-studio.mapping/1';

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

const presetSchema = z.strictObject({
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
});

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
  const checked = presetSchema.safeParse(upgradeDocument('mapping', written, upgrades));
  if (!checked.success) return { ok: false, errors: issuesToErrors(fileName, checked.error.issues) };
  return { ok: true, value: withoutAbsent({ ...checked.data, format: MAPPING_FORMAT }) as MappingPreset };
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
