// What every public puzzle layout shares once read: one puzzle per row before ids are assigned,
// the optional fields both layouts accept, and difficulty written as 4, "4" or "4/10 MEDIUM".

import { z } from 'zod';
import type { Puzzle } from '../domain/model';
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from '../domain/model';
import type { ErrorList } from './error-list';
import { describeValue, expected, isRecord, optional, optionalText } from './field-schemas';
import { issuesToErrors, jsonPath } from './zod-issues';

/** One puzzle read from one row (0-based `row`), before ids are given. */
export interface AdaptedRow {
  row: number;
  givenId?: string;
  puzzle: Omit<Puzzle, 'studyId' | 'id'>;
}

/** Fields both layouts read besides their story and answer. */
export const commonRowFields = {
  id: optional(z.union([z.string(), z.number()], { error: expected('a text or number id') })),
  title: optionalText,
  language: optionalText,
  genre: optionalText,
  source: optionalText,
};

type CommonRowValues = z.output<z.ZodObject<typeof commonRowFields>>;

/** A row that passed its layout's schema, with its difficulty read separately. */
export interface ParsedRow<T extends CommonRowValues> {
  index: number;
  values: T;
  difficulty?: number;
}

// Spreadsheet exports leave empty cells as "" or null; both mean the field is absent.
export function presentText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Checks one row against its layout's schema, reporting errors under `[index]`. */
export function parseRow<T extends CommonRowValues>(schema: z.ZodType<T>, raw: unknown, index: number, errors: ErrorList): ParsedRow<T> | undefined {
  const parsed = schema.safeParse(raw);
  const difficulty = isRecord(raw) ? readDifficulty(raw, index, errors) : undefined;
  if (!parsed.success) {
    errors.push(...issuesToErrors(errors.file, parsed.error.issues, { pathPrefix: `[${index}]` }));
    return undefined;
  }
  if (difficulty === null) return undefined;
  return { index, values: parsed.data, ...(difficulty !== undefined ? { difficulty } : {}) };
}

/** The puzzle of a parsed row, keeping only the optional fields that hold something. */
export function adaptRow(parsed: ParsedRow<CommonRowValues>, story: string, reference: string, keyClues: string[]): AdaptedRow {
  const { index, values, difficulty } = parsed;
  const puzzle: AdaptedRow['puzzle'] = { story, reference, keyClues };
  const title = presentText(values.title);
  const language = presentText(values.language);
  const genre = presentText(values.genre);
  const source = presentText(values.source);
  if (title !== undefined) puzzle.title = title;
  if (difficulty !== undefined) puzzle.difficulty = difficulty;
  if (language !== undefined) puzzle.language = language;
  if (genre !== undefined) puzzle.genre = genre;
  if (source !== undefined) puzzle.source = source;
  const id = typeof values.id === 'number' ? String(values.id) : presentText(values.id);
  return { row: index, puzzle, ...(id !== undefined ? { givenId: id } : {}) };
}

const DIFFICULTY_KEYS = ['difficulty', 'level of difficulty'] as const;
const LEVEL_OUT_OF_TEN = /^(\d+)\s*\/\s*10(?!\d)/;

/**
 * The row's difficulty from `difficulty` or `level of difficulty` (as in the SPLAT data):
 * a number, a numeric text, or "N/10 WORD" where N is the level. Out of 1..9 is an error,
 * not clamped, because a silently moved puzzle would land in the wrong bucket.
 * Returns null after reporting an error.
 */
function readDifficulty(row: Record<string, unknown>, index: number, errors: ErrorList): number | undefined | null {
  const key = DIFFICULTY_KEYS.find((candidate) => Object.hasOwn(row, candidate));
  if (key === undefined) return undefined;
  const raw = row[key];
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  let level: number | undefined;
  if (typeof raw === 'number') level = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    const digits = (/^(\d+)$/.exec(text) ?? LEVEL_OUT_OF_TEN.exec(text))?.[1];
    if (digits !== undefined) level = Number(digits);
  }
  if (level !== undefined && Number.isInteger(level) && level >= MIN_DIFFICULTY && level <= MAX_DIFFICULTY) return level;
  errors.add(
    jsonPath([index, key]),
    `expected a difficulty from ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY} as a number, "4" or "4/10 MEDIUM", got ${describeValue(raw)}`,
  );
  return null;
}
