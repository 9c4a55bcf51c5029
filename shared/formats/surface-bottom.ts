// The surface/bottom layout of the "turtle soup" datasets: `surface` (the story), `bottom` or
// `truth` (the reference answer) and `tips` (key clues). Some repeat each puzzle once per user guess.

import { z } from 'zod';
import type { ErrorList } from './error-list';
import { expected, isRecord, nonBlankText, optional, text, textList } from './field-schemas';
import type { AdaptedRow, ParsedRow } from './row-fields';
import { adaptRow, commonRowFields, parseRow } from './row-fields';

const rowFields = {
  ...commonRowFields,
  surface: nonBlankText,
  tips: optional(z.union([text, textList], { error: expected('a tip or a list of tips') })),
};
const bottomRow = z.object({ ...rowFields, bottom: nonBlankText }, { error: expected('a puzzle object') });
const truthRow = z.object({ ...rowFields, truth: nonBlankText }, { error: expected('a puzzle object') });

export const SURFACE_BOTTOM_FORMAT = 'adapter:surface-bottom';

export function isSurfaceBottomRow(row: unknown): boolean {
  return isRecord(row) && (Object.hasOwn(row, 'surface') || Object.hasOwn(row, 'bottom') || Object.hasOwn(row, 'truth'));
}

function toAdaptedRow(parsed: ParsedRow<z.output<typeof bottomRow> | z.output<typeof truthRow>>, reference: string): AdaptedRow {
  const { surface, tips } = parsed.values;
  const tipList = typeof tips === 'string' ? [tips] : (tips ?? []);
  return adaptRow(
    parsed,
    surface,
    reference,
    tipList.filter((tip) => tip.trim() !== ''),
  );
}

export function readSurfaceBottomRow(raw: unknown, index: number, errors: ErrorList): AdaptedRow | undefined {
  if (isRecord(raw) && !Object.hasOwn(raw, 'bottom') && Object.hasOwn(raw, 'truth')) {
    const parsed = parseRow(truthRow, raw, index, errors);
    return parsed && toAdaptedRow(parsed, parsed.values.truth);
  }
  const parsed = parseRow(bottomRow, raw, index, errors);
  return parsed && toAdaptedRow(parsed, parsed.values.bottom);
}
