// Reads the label values people and scripts actually write ("Yes.", "CORRECT!", true, 1) as the
// canonical answer and match labels of docs/formats.md#transcript-bundle, checks that a stored value is one of them, and
// lists the judge replies that read as `unparseable` (judge-reply.ts reads a reply). Shared by the
// transcript bundle, label files, backups, the team server's documents and the importers.

import {
  answerLabelsOf,
  MATCH_LABELS,
  MAX_DIFFICULTY,
  MIN_DIFFICULTY,
  UNPARSEABLE,
  type AnswerLabel,
  type JudgeLabel,
  type LabelScheme,
  type LabelValue,
  type MatchLabel,
  type Task,
} from '../domain/model';

// Trailing punctuation a judge model or a spreadsheet leaves after the word, including the
// full-width forms Chinese and Japanese transcripts use and the ellipsis.
export const TRAILING_PUNCTUATION = /[\s.!?,;:。！？，；：、…]+$/u;

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

/**
 * `raw` when it is already one of the task's canonical values under the scheme, else undefined.
 * What the app itself wrote (a stored label, a backup, a team server document) is never read
 * loosely: anything else there was not written by the app, so it is refused, not repaired.
 */
export function canonicalLabelValue(task: Task, raw: unknown, scheme: LabelScheme): LabelValue | undefined {
  switch (task) {
    case 'answer':
      return answerLabelsOf(scheme).find((label) => label === raw);
    case 'match':
      return MATCH_LABELS.find((label) => label === raw);
    case 'difficulty':
      return typeof raw === 'number' && Number.isInteger(raw) && raw >= MIN_DIFFICULTY && raw <= MAX_DIFFICULTY ? raw : undefined;
  }
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
