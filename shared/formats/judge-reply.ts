// The one rule for reading a judge model's reply as written as the label of a question (`answer`)
// or final (`match`) turn, shared by every importer and the judge runner: reasoning set aside,
// then a verdict word at the start or at the end of what is left, else `unparseable`.

import { UNPARSEABLE, type AnswerLabel, type JudgeLabel, type LabelScheme, type MatchLabel } from '../domain/model';
import { MATCH_WORDS, normaliseLabelText } from './label-values';

// Verdict words for a question, beside the canonical labels: TurtleBench's Correct/Incorrect/Unknown
// and its Chinese T/F/N (对/错/不知道, eval.py L189-208), and the Chinese judges' 是/否/不是/无关/不重要
// (DeepTurtle's replies and corrections, AgentBench's ZHPrompter).
const ANSWER_REPLY_WORDS: ReadonlyMap<string, AnswerLabel> = new Map([
  ['yes', 'yes'],
  ['correct', 'yes'],
  ['t', 'yes'],
  ['对', 'yes'],
  ['是', 'yes'],
  ['是的', 'yes'],
  ['no', 'no'],
  ['incorrect', 'no'],
  ['f', 'no'],
  ['错', 'no'],
  ['不对', 'no'],
  ['不是', 'no'],
  ['否', 'no'],
  ['不', 'no'],
  ['irrelevant', 'irrelevant'],
  ['not relevant', 'irrelevant'],
  ['无关', 'irrelevant'],
  ['不相关', 'irrelevant'],
  ['不重要', 'irrelevant'],
  ['没有关系', 'irrelevant'],
  ['没关系', 'irrelevant'],
  ['unknown', 'unknown'],
  ['n', 'unknown'],
  ['不知道', 'unknown'],
  ['未知', 'unknown'],
]);

// For a final answer: SPLAT's judge says "congratulations" when the guess matches the reference.
const MATCH_REPLY_WORDS: ReadonlyMap<string, MatchLabel> = new Map([
  ...MATCH_WORDS,
  ['congratulations', 'matched'],
  ['恭喜', 'matched'],
  ['yes', 'matched'],
  ['right', 'matched'],
  ['t', 'matched'],
  ['正确', 'matched'],
  ['对', 'matched'],
  ['符合', 'matched'],
  ['是', 'matched'],
  ['no', 'unmatched'],
  ['wrong', 'unmatched'],
  ['f', 'unmatched'],
  ['错误', 'unmatched'],
  ['错', 'unmatched'],
  ['不对', 'unmatched'],
  ['不符合', 'unmatched'],
  ['否', 'unmatched'],
  ['不是', 'unmatched'],
]);

type Verdict = AnswerLabel | MatchLabel;

interface VerdictWords {
  words: ReadonlyMap<string, Verdict>;
  /** A verdict word, or an introducer and one, at the start of a line, followed by the line's end or a punctuation mark. */
  leading: RegExp;
  /** An introducer and a verdict word at the end of a line. */
  closing: RegExp;
}

// What may follow a verdict word for it to be the verdict: the line's end, or a punctuation mark
// ("No, he was alone", "不是，他是自杀的", "不是（死的是情妇）", "No - he was alone"), never a
// further word or letter ("No one knows", "是也不是", "Yesterday", "No-one").
const AFTER_VERDICT = String.raw`(?=$|\s*[.!?,;:。！？，；：、…（(—–]|\s+-(?:\s|$))`;
// Quotes and brackets around a verdict: "No", 「不是」, [Yes], (No).
const OPEN = String.raw`["'“‘「『【\[(（]*`;
const CLOSE = String.raw`["'”’」』】\])）]*`;
const TRAILING = String.raw`[\s.!?,;:。！？，；：、…]*$`;
// What may introduce a verdict: "Answer: Yes", "Final verdict: incorrect", "so: No.", "the answer is
// no", "答案：是", "所以不是。" A Latin one must start a word ("also no" is not "so no"); a Chinese one
// needs its colon ("答案是否…" asks whether).
const INTRODUCER = String.raw`(?:(?<![\p{L}\p{N}])(?:answer|verdict|judgement|judgment|label|result|conclusion|decision|response|reply|so|therefore|thus|hence)\s*(?:(?:is|would be|will be)\s*)?[:：,，]?|(?:答案|回答|答复|结论|判断|判定|结果|裁决)\s*(?:是|为)?\s*[:：]|(?:所以|因此)\s*[,，:：]?)\s*`;

// One Latin letter or a digit is a verdict only as the whole reply ("T", "1"): "N.B." and "1." begin sentences and lists.
const SINGLE_CHARACTER = /^[a-z0-9]$/;

function verdictWords(words: ReadonlyMap<string, Verdict>): VerdictWords {
  // Longest first, so 不是 is tried before 是, 不符合 before 符合 and "not relevant" before "no".
  const alternatives = [...words.keys()]
    .filter((word) => !SINGLE_CHARACTER.test(word))
    .sort((a, b) => b.length - a.length)
    .join('|');
  const word = String.raw`${OPEN}(${alternatives})${CLOSE}`;
  return {
    words,
    leading: new RegExp(String.raw`^(?:${INTRODUCER})?${word}${AFTER_VERDICT}`, 'iu'),
    closing: new RegExp(String.raw`${INTRODUCER}${word}${TRAILING}`, 'iu'),
  };
}

const ANSWER_WORDS = verdictWords(ANSWER_REPLY_WORDS);
const MATCH_VERDICT_WORDS = verdictWords(MATCH_REPLY_WORDS);

// A verdict word alone is short: a longer reply is not compared whole (a 2 MB reply stays fast).
const LONGEST_WORD = 40;
// A verdict at the end of a line is looked for in its last characters only, for the same reason.
const CLOSING_WINDOW = 200;

/**
 * A judge's reply as written, read as the label of a question (`answer`) or final (`match`) turn.
 * First the model's reasoning is set aside (see `visibleReply`), then a verdict is looked for in
 * what is left, in these forms only (case, markdown emphasis, quotes and trailing punctuation aside):
 *
 * 1. the whole reply is a verdict word: "No", "**No**", "是。", "not relevant", TurtleBench's "T";
 * 2. its first or last line starts with one, alone or after an introducer, followed by the line's
 *    end or a punctuation mark: "No, he was alone.", "不是，他是自杀的", "不是（死的是情妇）",
 *    "…\n\nNo.", "Answer: No, because he was alone.", "**Answer:** Yes";
 * 3. its last line ends with one after an introducer: "He was alone in the room, so: No.",
 *    "Final verdict: incorrect", "the answer is no", "答案：是", "所以不是。"
 *
 * Introducers: answer, verdict, judgement, judgment, label, result, conclusion, decision, response,
 * reply, so, therefore, thus, hence (each optionally followed by "is", and a colon or comma);
 * 答案, 回答, 答复, 结论, 判断, 判定, 结果, 裁决 with a colon; 所以, 因此.
 * Where these forms find two different verdicts ("Yes, I see.\n…\nAnswer: No") the reply is
 * `unparseable`, as is one with none: a word that merely starts a sentence ("No one knows", "是也不是"),
 * or a verdict in the middle of an explanation. One Latin letter or a digit ("T", "N", "1") counts
 * only as the whole reply. `unknown` reads as irrelevant unless the scheme enables it, as in bundles.
 */
export function readJudgeReply(reply: string, task: 'answer' | 'match', scheme: LabelScheme): JudgeLabel {
  const words = task === 'answer' ? ANSWER_WORDS : MATCH_VERDICT_WORDS;
  const lines = visibleReply(reply)
    .split('\n')
    .map((line) => line.replace(/^[\s#>]+/, '').trim())
    .filter((line) => line !== '');
  const first = lines[0];
  const last = lines.at(-1);
  if (first === undefined || last === undefined) return UNPARSEABLE;
  const found = new Set<Verdict | undefined>([
    lines.length === 1 && first.length <= LONGEST_WORD ? words.words.get(normaliseLabelText(unquoted(first))) : undefined,
    verdictOf(words.leading.exec(first), words),
    verdictOf(words.leading.exec(last), words),
    verdictOf(words.closing.exec(last.slice(-CLOSING_WINDOW)), words),
  ]);
  found.delete(undefined);
  const [verdict, other] = found;
  if (verdict === undefined || other !== undefined) return UNPARSEABLE;
  return verdict === 'unknown' && !scheme.answerUnknown ? 'irrelevant' : verdict;
}

function verdictOf(match: RegExpExecArray | null, words: VerdictWords): Verdict | undefined {
  const word = match?.[1];
  return word === undefined ? undefined : words.words.get(word.toLowerCase());
}

const OPENING_QUOTES = new RegExp(`^${OPEN}`, 'u');
const CLOSING_QUOTES = new RegExp(`${CLOSE}(?=${TRAILING})`, 'u');

/** A whole reply without the quotes or brackets around it. */
function unquoted(line: string): string {
  return line.replace(OPENING_QUOTES, '').replace(CLOSING_QUOTES, '');
}

// Reasoning models write their thinking between these tags (DeepSeek-R1, Qwen3, QwQ and any model
// served without a reasoning parser); some chat templates put the opening tag in the prompt, so
// the reply holds only the closing one.
const REASONING_TAG = /<\s*(\/?)\s*(?:think|thinking|reasoning)\s*>/gi;

/** The reply with its reasoning set aside (withoutReasoning), and markdown emphasis (`**`, `` ` ``) gone. */
function visibleReply(reply: string): string {
  return withoutReasoning(reply).replace(/\*+|`+/g, '');
}

/**
 * The reply with its reasoning set aside: every `<think>…</think>` block (also `<thinking>`,
 * `<reasoning>`, any case, several, nested) is dropped; a closing tag with no opening one drops
 * everything before it; an opening tag never closed drops everything after it, so a reply cut off
 * while thinking leaves nothing to read. The prompt search reads a proposal's template from it.
 */
export function withoutReasoning(reply: string): string {
  let kept = '';
  let depth = 0;
  let from = 0;
  for (const match of reply.matchAll(REASONING_TAG)) {
    const closing = match[1] === '/';
    if (depth === 0) kept += reply.slice(from, match.index);
    if (closing) {
      if (depth === 0) kept = '';
      else depth--;
    } else {
      depth++;
    }
    from = match.index + match[0].length;
    // Text either side of a block stays apart.
    if (depth === 0) kept += '\n';
  }
  if (depth === 0) kept += reply.slice(from);
  return kept;
}
