// The one rule for reading a judge's reply (issue 26 point 1), on replies as real judges write
// them: reasoning blocks of DeepSeek-R1, Qwen3 and QwQ set aside (closed, empty, several, a closing
// tag alone, cut off unclosed); a verdict leading the reply or closing an explanation read; Chinese
// verdicts with full-width punctuation read longest word first; anything else, or two different
// verdicts, unparseable; TurtleBench's cells and DeepTurtle's replies read as their authors meant;
// every example in the lead's guide's table (docs/lead.md) reads as the guide says.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LabelScheme } from '../../../shared/domain/model';
import { readJudgeReply } from '../../../shared/formats/judge-reply';

const THREE: LabelScheme = { answerUnknown: false };
const FOUR: LabelScheme = { answerUnknown: true };

const question = (reply: string) => readJudgeReply(reply, 'answer', THREE);
const final = (reply: string) => readJudgeReply(reply, 'match', THREE);

// A DeepSeek-R1 reply as Ollama and vLLM without a reasoning parser pass it on.
const R1_THINKING = `<think>
Okay, let's see. The story says the man lived alone in the lighthouse, and the user asks whether
someone else turned the light off. The reference answer says he turned it off himself, so nobody
else was there. Yes, that settles it: no one else.
</think>

No.`;

describe('reasoning is set aside before the verdict is read', () => {
  it.each([
    ['a DeepSeek-R1 reply: thinking, then the verdict', R1_THINKING, 'no'],
    ["Qwen3's empty block with thinking off", '<think>\n\n</think>\n\nYes.', 'yes'],
    ['a <thinking> block in capitals', '<THINKING>The guess names the braille.</THINKING>Irrelevant', 'irrelevant'],
    ['a <reasoning> block', '<reasoning>He was alone.</reasoning>\nNo, he was alone.', 'no'],
    ['several blocks', '<think>first</think><think>second, with "Yes"</think>\nNo', 'no'],
    ['a nested block', '<think>outer <think>inner: Yes</think> still thinking, Yes</think>No', 'no'],
    // DeepSeek-R1-0528's and QwQ's chat templates put <think> in the prompt: the reply has only the closing tag.
    ['a closing tag alone (the opening one was in the prompt)', 'The user asks whether he died. Yes, he did, so...\n</think>\n\nNo', 'no'],
    ['a Chinese reply after its thinking', '<think>\n用户问他是不是自杀。汤底说他是被谋杀的。\n</think>\n\n不是。', 'no'],
  ])('%s', (_name, reply, label) => {
    expect(question(reply)).toBe(label);
  });

  it.each([
    ['an unclosed block at the start (cut off while thinking)', '<think>\nOkay, the user asks whether he was alone. Yes, the story says'],
    ['an unclosed block after an empty one', '<think></think><think>Still thinking: No'],
    ['nothing but a block', '<think>No.</think>'],
    ['a verdict only inside the thinking, none after it', '<think>The answer is yes.</think>\nLet me explain the story first.'],
  ])('%s leaves no verdict: unparseable', (_name, reply) => {
    expect(question(reply)).toBe('unparseable');
  });

  it('reads the reply as written: the verdict word inside the thinking is not read, the one after it is', () => {
    expect(final('<think>Congratulations would be wrong here; the guess misses the braille.</think>\nIncorrect.')).toBe('unmatched');
    expect(final('<think>Incorrect? No, it names the braille.</think>\nCorrect')).toBe('matched');
  });
});

describe('a verdict at the start or the end of an explanation', () => {
  it.each([
    ['a verdict word alone', 'No', 'no'],
    ['with trailing punctuation', 'Yes.', 'yes'],
    ['in capitals with exclamation marks', 'NO!!', 'no'],
    ['followed by a reason', 'No, because he was alone.', 'no'],
    ['followed by a sentence', 'Yes. She cannot see.', 'yes'],
    ['followed by a dash', 'No - the door was locked from inside.', 'no'],
    ['in markdown bold', '**No**', 'no'],
    ['in markdown bold with its reason', '**No.** He never left the room.', 'no'],
    ['in quotes', '"Irrelevant"', 'irrelevant'],
    ['on its own first line', 'Yes\n\nShe is blind, so she reads braille.', 'yes'],
    ['on the last line after an explanation', 'He was alone in the lighthouse all night.\n\nNo.', 'no'],
    ['after a colon closing the explanation', 'He was alone in the room, so: No.', 'no'],
    ['after "the answer is"', 'The man had no reason to lie, so the answer is yes.', 'yes'],
    ['after Answer: on the last line', 'The story never mentions a dog.\n\nAnswer: Irrelevant', 'irrelevant'],
    ['after a bold **Answer:**', 'The reference says he drowned.\n\n**Answer:** Yes', 'yes'],
    ['after Answer: on the first line, with the reason below', 'Answer: No\nReason: the lamp was never lit.', 'no'],
    ['after Answer: with its reason on the same line', 'Answer: No, the lamp was never lit.', 'no'],
    ['as a markdown heading', '### Verdict: No', 'no'],
    ['not relevant', 'Not relevant.', 'irrelevant'],
  ])('reads %s: %j', (_name, reply, label) => {
    expect(question(reply)).toBe(label);
  });

  it.each([
    ['Final verdict: incorrect', 'The guess says he fell; the reference says he was pushed.\n\nFinal verdict: incorrect', 'unmatched'],
    ['Correct!', 'Correct! The man was a dwarf.', 'matched'],
    ['Right', 'Right, that is the whole story.', 'matched'],
    ['Wrong', 'Wrong.', 'unmatched'],
    ['Congratulations', 'Congratulations! You got it.', 'matched'],
    ['matched after an explanation', 'The guess names the braille and the blindness.\nMatched', 'matched'],
    ['Yes for a final answer', 'Yes, that is what happened.', 'matched'],
    ['a bold No for a final answer', '**No**, the reference has a second man.', 'unmatched'],
  ])('reads the final-answer verdict %s', (_name, reply, label) => {
    expect(final(reply)).toBe(label);
  });

  it.each([
    ['a sentence that starts with a verdict word', 'No one knows'],
    ['a word that starts with one', 'Yesterday he was here.'],
    ['a hyphenated word', 'No-one was there.'],
    ['yes and no', 'Yes and no'],
    ['a hedge', 'Perhaps, in a manner of speaking'],
    ['a refusal', 'I cannot answer that'],
    ['a verdict in the middle of an explanation only', 'He was alone.\nNo.\nThe door was locked, which matters.'],
    ['two different verdicts at the start and the end', 'Yes, I understand the story.\n\nThe lamp was never lit.\n\nAnswer: No'],
    ['two different verdicts in one line', 'Yes, it is tricky, but he died. So: no.'],
    ['an introducer inside a word ("also")', 'He also no'],
    ['a verdict word the introducer does not end with', 'The answer to your question is definitely no.'],
    ['an empty reply', ''],
    ['only whitespace and emphasis', '  **  **  '],
  ])('marks %s unparseable: %j', (_name, reply) => {
    expect(question(reply)).toBe('unparseable');
  });

  it('reads one Latin letter or a digit only as the whole reply', () => {
    expect(question('T')).toBe('yes');
    expect(question('F')).toBe('no');
    expect(final('1')).toBe('matched');
    expect(final('0')).toBe('unmatched');
    expect(question('N.B. the story never says')).toBe('unparseable');
    expect(final('1. He was alone.\n2. The lamp was off.')).toBe('unparseable');
    expect(question('The man was alone.\nT')).toBe('unparseable');
  });

  it('reads unknown as irrelevant unless the scheme has it, in every form', () => {
    expect(readJudgeReply('<think>hmm</think>\nUnknown.', 'answer', THREE)).toBe('irrelevant');
    expect(readJudgeReply('<think>hmm</think>\nUnknown.', 'answer', FOUR)).toBe('unknown');
    expect(readJudgeReply('The story does not say.\n\nAnswer: unknown', 'answer', FOUR)).toBe('unknown');
    expect(readJudgeReply('不知道', 'answer', FOUR)).toBe('unknown');
  });

  it('reads a 2 MB reply with its verdict at the end, and one with none, at once', () => {
    const explanation = 'He was alone in the lighthouse. '.repeat(65_536);
    expect(explanation.length).toBeGreaterThan(2_000_000);
    expect(question(`<think>${explanation}</think>\n\nNo.`)).toBe('no');
    expect(question(`${explanation}\n\nAnswer: Yes`)).toBe('yes');
    expect(question(explanation)).toBe('unparseable');
    expect(question(' '.repeat(2_000_000))).toBe('unparseable');
  });
});

describe('Chinese verdicts', () => {
  it.each([
    ['是', 'yes'],
    ['是。', 'yes'],
    ['是的，他一直一个人。', 'yes'],
    ['对', 'yes'],
    ['不是', 'no'],
    ['不是，他是自杀的', 'no'],
    ['不是（死的是情妇）', 'no'],
    ['否。', 'no'],
    ['不对！', 'no'],
    ['不，汤底里没有狗。', 'no'],
    ['错', 'no'],
    ['无关', 'irrelevant'],
    ['不相关。', 'irrelevant'],
    ['不重要，汤底未提及具体动机', 'irrelevant'],
    ['没有关系', 'irrelevant'],
    ['他一个人在房间里，所以不是。', 'no'],
    ['汤底说他是被谋杀的。\n\n答案：不是', 'no'],
    ['**回答：** 是', 'yes'],
    ['「是」', 'yes'],
  ])('reads the question reply %j as %s', (reply, label) => {
    expect(question(reply)).toBe(label);
  });

  it.each([
    ['正确', 'matched'],
    ['正确！你猜对了。', 'matched'],
    ['错误。', 'unmatched'],
    ['对', 'matched'],
    ['不对，凶手另有其人。', 'unmatched'],
    ['符合', 'matched'],
    ['不符合', 'unmatched'],
    ['是', 'matched'],
    ['否', 'unmatched'],
    ['不是', 'unmatched'],
    ['恭喜！', 'matched'],
    ['玩家的猜测和汤底一致。\n\n结论：符合', 'matched'],
  ])('reads the final-answer reply %j as %s', (reply, label) => {
    expect(final(reply)).toBe(label);
  });

  it.each([
    ['yes and no', '是也不是'],
    ['yes and no, explained', '是也不是（失手和误杀不是一回事情）'],
    ['a verdict word starting a sentence without a mark', '不是他杀的'],
    ['a question, not a verdict', '答案是否正确'],
    ['an introducer without its colon', '答案是是'],
  ])('marks %s unparseable: %j', (_name, reply) => {
    expect(question(reply)).toBe('unparseable');
  });
});

describe('the benchmarks read as their authors meant', () => {
  // TurtleBench's cells (mazzzystar/TurtleBench, Apache-2.0): eval.py's en and zh verdicts, and Invalid.
  it.each([
    ['Correct', 'yes'],
    ['Incorrect', 'no'],
    ['Unknown', 'irrelevant'],
    ['T', 'yes'],
    ['F', 'no'],
    ['N', 'irrelevant'],
    ['对', 'yes'],
    ['错', 'no'],
    ['不知道', 'irrelevant'],
    ['Invalid', 'unparseable'],
  ])('a TurtleBench cell %j reads as %s', (cell, label) => {
    expect(question(cell)).toBe(label);
  });

  // DeepTurtle's review data (Yuikij/DeepTurtle, MIT): the DeepSeek judge's replies and the human corrections.
  it.each([
    ['是', 'yes'],
    ['不是', 'no'],
    ['是也不是', 'unparseable'],
    ['没有关系', 'irrelevant'],
    ['是，好奇心重的人往往会读完它', 'yes'],
    ['不是（是情妇的尸体）', 'no'],
    ['不重要，汤底未提及亲生父亲的下落', 'irrelevant'],
    ['是也不是（复杂的关系）', 'unparseable'],
  ])('a DeepTurtle reply %j reads as %s', (reply, label) => {
    expect(question(reply)).toBe(label);
  });

  it("reads GuessTheRule's and SPLAT's judge replies as before", () => {
    expect(question('Correct! You can bring an apple.')).toBe('yes');
    expect(question('Incorrect. You cannot bring a banana.')).toBe('no');
    expect(question('You guessed the rule correctly! Well done.')).toBe('unparseable');
    expect(question('Irrelevant.')).toBe('irrelevant');
  });
});

describe("the lead's guide's examples", () => {
  const guide = readFileSync(new URL('../../../docs/lead.md', import.meta.url), 'utf8');
  const table = guide.slice(guide.indexOf('| reply | read as |'));
  const rows = table
    .slice(0, table.indexOf('\n\n'))
    .split('\n')
    .slice(2)
    .map((row) => row.split(' | ').map((cell) => cell.replace(/^\| |\s*\|$/g, '')));

  it('has its examples', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it.each(rows)('reads %s as %s', (replies, labels) => {
    const task = replies?.includes('(final answer)') ? 'match' : 'answer';
    const examples = [...(replies ?? '').matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replaceAll('\\n', '\n'));
    const expected = (labels ?? '').split(' · ');
    examples.forEach((reply, i) => expect(readJudgeReply(reply, task, THREE), reply).toBe(expected.length === 1 ? expected[0] : expected[i]));
  });
});
