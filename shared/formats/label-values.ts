// Reads the label values people and scripts actually write ("Yes.", "CORRECT!", true, 1) as the
// canonical answer and match labels of FORMATS §1. Shared by the transcript bundle and label files.

import type { AnswerLabel, LabelScheme, MatchLabel } from '../domain/model';

// Trailing punctuation a judge model or a spreadsheet leaves after the word, including the
// full-width forms Chinese and Japanese transcripts use and the ellipsis.
const TRAILING_PUNCTUATION = /[\s.!?,;:。！？，；：、…]+$/u;

export function normaliseLabelText(raw: string): string {
  return raw.trim().toLowerCase().replace(TRAILING_PUNCTUATION, '');
}

export function normaliseAnswerLabel(raw: unknown, scheme: LabelScheme): AnswerLabel | undefined {
  if (typeof raw !== 'string') return undefined;
  // Most labels are already canonical; skip the regex for them (bundles hold millions).
  const text = raw === 'yes' || raw === 'no' || raw === 'irrelevant' ? raw : normaliseLabelText(raw);
  if (text === 'yes' || text === 'no' || text === 'irrelevant') return text;
  if (text === 'unknown') return scheme.answerUnknown ? 'unknown' : 'irrelevant';
  return undefined;
}

const MATCH_WORDS: ReadonlyMap<string, MatchLabel> = new Map([
  ['matched', 'matched'],
  ['correct', 'matched'],
  ['true', 'matched'],
  ['1', 'matched'],
  ['unmatched', 'unmatched'],
  ['incorrect', 'unmatched'],
  ['false', 'unmatched'],
  ['0', 'unmatched'],
]);

export function normaliseMatchLabel(raw: unknown): MatchLabel | undefined {
  if (typeof raw === 'boolean') return raw ? 'matched' : 'unmatched';
  if (typeof raw === 'number') return raw === 1 ? 'matched' : raw === 0 ? 'unmatched' : undefined;
  if (typeof raw !== 'string') return undefined;
  return MATCH_WORDS.get(normaliseLabelText(raw));
}
