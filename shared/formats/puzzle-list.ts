// The puzzle-list layout: one puzzle per row with `story` and `answer` (SPLAT's sheet, with
// "level of difficulty" as "4/10 MEDIUM"), or LatEval's `question`, `answer` and `clue` (each of
// its numbered key points one key clue).

import { z } from 'zod';
import type { ErrorList } from './error-list';
import { splitKeyPoints } from './key-points';
import { expected, isRecord, nonBlankText, optional, optionalText, textList } from './field-schemas';
import type { AdaptedRow, ParsedRow } from './row-fields';
import { adaptRow, commonRowFields, parseRow, presentText } from './row-fields';

const rowFields = { ...commonRowFields, answer: nonBlankText, keyClues: optional(textList), clue: optionalText };
const storyRow = z.object({ ...rowFields, story: nonBlankText }, { error: expected('a puzzle object') });
const questionRow = z.object({ ...rowFields, question: nonBlankText }, { error: expected('a puzzle object') });

export const PUZZLE_LIST_FORMAT = 'adapter:puzzle-list';

export function isPuzzleListRow(row: unknown): boolean {
  return isRecord(row) && (Object.hasOwn(row, 'story') || Object.hasOwn(row, 'question'));
}

// LatEval wraps each clue list in a Markdown code fence; the fence is markup, not the clue.
function cluePoints(clue: string | undefined): string[] {
  const text = presentText(clue);
  if (text === undefined) return [];
  const fenced = /^\s*```([\s\S]*?)```\s*$/.exec(text)?.[1];
  return splitKeyPoints(fenced ?? text);
}

function toAdaptedRow(parsed: ParsedRow<z.output<typeof storyRow> | z.output<typeof questionRow>>, story: string): AdaptedRow {
  const { answer, keyClues, clue } = parsed.values;
  return adaptRow(parsed, story, answer, [...(keyClues ?? []), ...cluePoints(clue)]);
}

export function readPuzzleListRow(raw: unknown, index: number, errors: ErrorList): AdaptedRow | undefined {
  if (isRecord(raw) && !Object.hasOwn(raw, 'story') && Object.hasOwn(raw, 'question')) {
    const parsed = parseRow(questionRow, raw, index, errors);
    return parsed && toAdaptedRow(parsed, parsed.values.question);
  }
  const parsed = parseRow(storyRow, raw, index, errors);
  return parsed && toAdaptedRow(parsed, parsed.values.story);
}
