// Reads the label values people and scripts actually write ("Yes.", "CORRECT!", true, 1) as the
// canonical answer and match labels of FORMATS §1, and lists the judge replies that read as
// `unparseable` (judge-reply.ts reads a reply). Shared by the transcript bundle, label files and the importers.

import { UNPARSEABLE, type AnswerLabel, type JudgeLabel, type LabelScheme, type MatchLabel } from '../domain/model';

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

export const MATCH_WORDS: ReadonlyMap<string, MatchLabel> = new Map([
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

export interface UnparseableReply {
  judge: string;
  reply: string;
  count: number;
}

/**
 * The replies that read as `unparseable`, one row per judge and distinct reply text with how
 * often it came, most frequent first, so a lead sees what the normaliser could not read.
 */
export function listUnparseableReplies(
  turns: Iterable<{ judgements: Readonly<Record<string, JudgeLabel>>; judgeReplies?: Readonly<Record<string, string>> }>,
): UnparseableReply[] {
  const counts = new Map<string, UnparseableReply>();
  for (const turn of turns) {
    for (const [judge, label] of Object.entries(turn.judgements)) {
      if (label !== UNPARSEABLE) continue;
      const reply = turn.judgeReplies?.[judge] ?? '';
      const key = `${judge}\u0000${reply}`;
      const row = counts.get(key);
      if (row) row.count++;
      else counts.set(key, { judge, reply, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.judge.localeCompare(b.judge) || a.reply.localeCompare(b.reply));
}
