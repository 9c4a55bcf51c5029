// Reads the label values people and scripts actually write ("Yes.", "CORRECT!", true, 1) as the
// canonical answer and match labels of FORMATS §1, and a judge model's reply as written ("No, he
// is not.", "Congratulations!", TurtleBench's T/F/N) as a label or `unparseable`. Shared by the
// transcript bundle, label files and the importers.

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

// The first word of a reply, when a punctuation mark or the end follows it: "No, because ..."
// reads as no, but "No one knows" does not (a judge's sentence is not a verdict).
const LEADING_WORD = /^([\p{L}\p{N}]+)(?:$|[\s]*[.!?,;:。！？，；：、…])/u;

// Verdict words judges write for a question, beside the canonical labels: TurtleBench's
// Correct/Incorrect/Unknown and its Chinese T/F/N (对/错/不知道, eval.py L189-208).
const ANSWER_REPLY_WORDS: ReadonlyMap<string, AnswerLabel> = new Map([
  ['yes', 'yes'],
  ['correct', 'yes'],
  ['t', 'yes'],
  ['对', 'yes'],
  ['是', 'yes'],
  ['no', 'no'],
  ['incorrect', 'no'],
  ['f', 'no'],
  ['错', 'no'],
  ['不是', 'no'],
  ['irrelevant', 'irrelevant'],
  ['unknown', 'unknown'],
  ['n', 'unknown'],
  ['不知道', 'unknown'],
  ['无关', 'irrelevant'],
]);

// For a final answer, SPLAT's judge says "congratulations" when the guess matches the reference.
const MATCH_REPLY_WORDS: ReadonlyMap<string, MatchLabel> = new Map([
  ...MATCH_WORDS,
  ['congratulations', 'matched'],
  ['yes', 'matched'],
  ['no', 'unmatched'],
  ['t', 'matched'],
  ['f', 'unmatched'],
]);

/**
 * A judge's reply as written, read as the label of a question (`answer`) or final (`match`) turn:
 * the whole reply or its leading word when it is a verdict word, else `unparseable`. `unknown`
 * reads as irrelevant unless the scheme enables it, as in bundles.
 */
export function readJudgeReply(reply: string, task: 'answer' | 'match', scheme: LabelScheme): JudgeLabel {
  const text = normaliseLabelText(reply);
  const word = replyWords(task).get(text) ?? leadingWordLabel(text, task);
  if (word === undefined) return UNPARSEABLE;
  return word === 'unknown' && !scheme.answerUnknown ? 'irrelevant' : word;
}

function replyWords(task: 'answer' | 'match'): ReadonlyMap<string, AnswerLabel | MatchLabel> {
  return task === 'answer' ? ANSWER_REPLY_WORDS : MATCH_REPLY_WORDS;
}

function leadingWordLabel(text: string, task: 'answer' | 'match'): AnswerLabel | MatchLabel | undefined {
  const word = LEADING_WORD.exec(text)?.[1];
  return word === undefined ? undefined : replyWords(task).get(word);
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
