// Judge replies as written (issue 14 point 3): the normaliser, the optional bundle field
// `judgeReplies` with the `unparseable` label, backups keep them, packs never carry them, and the
// report leaves unparseable labels out and says how many.

import { describe, expect, it } from 'vitest';
import type { JudgeLabel, LabelScheme, LabelValue, Task } from '../../../shared/domain/model';
import { buildBackup, parseBackup, serializeBackup } from '../../../shared/formats/backup';
import { readJudgeReply } from '../../../shared/formats/judge-reply';
import { listUnparseableReplies } from '../../../shared/formats/label-values';
import { buildPack, serializePack } from '../../../shared/formats/pack';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { valueOf } from './parse-results';

const NOW = '2026-11-24T10:00:00.000Z';
const THREE: LabelScheme = { answerUnknown: false };
const FOUR: LabelScheme = { answerUnknown: true };

function bundle(turns: unknown[]): string {
  return JSON.stringify({
    format: 'agreement-studio.transcripts/1',
    id: 'replies',
    name: 'Replies',
    puzzles: [{ id: 'p1', story: 'S', reference: 'R' }],
    sessions: [{ id: 's1', puzzleId: 'p1', player: 'model-a', judge: 'model-j', turns }],
  });
}

const withReplies = bundle([
  {
    id: 't1',
    type: 'question',
    text: 'Q1?',
    judgements: { 'model-j': 'yes', 'model-k': 'unparseable' },
    judgeReplies: { 'model-j': 'Yes.', 'model-k': 'Hmm, hard to say' },
  },
  { id: 't2', type: 'question', text: 'Q2?', judgements: { 'model-j': 'no', 'model-k': 'no' } },
  { id: 't3', type: 'final', text: 'F', judgements: { 'model-j': 'matched', 'model-k': 'unparseable' }, judgeReplies: { 'model-k': '???' } },
]);

describe('reading judge replies as written', () => {
  it.each([
    ['Yes.', 'yes'],
    ['no, because he was alone', 'no'],
    ['NO!', 'no'],
    ['Irrelevant', 'irrelevant'],
    ['Correct', 'yes'],
    ['Incorrect.', 'no'],
    ['T', 'yes'],
    ['F', 'no'],
    ['对', 'yes'],
    ['不知道', 'irrelevant'],
  ])('reads the question reply %j as %s', (reply, label) => {
    expect(readJudgeReply(reply, 'answer', THREE)).toBe(label);
  });

  it('reads Unknown and N as unknown when the scheme has it, else as irrelevant', () => {
    expect(readJudgeReply('Unknown', 'answer', FOUR)).toBe('unknown');
    expect(readJudgeReply('N', 'answer', FOUR)).toBe('unknown');
    expect(readJudgeReply('Unknown', 'answer', THREE)).toBe('irrelevant');
  });

  it('reads congratulations and correct as a matched final answer', () => {
    expect(readJudgeReply('Congratulations! You got it.', 'match', THREE)).toBe('matched');
    expect(readJudgeReply('Correct', 'match', THREE)).toBe('matched');
    expect(readJudgeReply('Incorrect', 'match', THREE)).toBe('unmatched');
  });

  it.each(['Invalid', '', 'No one knows', 'Yes and no', 'I cannot answer that', 'maybe'])('marks %j unparseable', (reply) => {
    expect(readJudgeReply(reply, 'answer', THREE)).toBe('unparseable');
  });

  it('lists unparseable replies per judge and text with counts, most frequent first', () => {
    const turns: { judgements: Record<string, JudgeLabel>; judgeReplies: Record<string, string> }[] = [
      { judgements: { a: 'unparseable', b: 'yes' }, judgeReplies: { a: 'Invalid' } },
      { judgements: { a: 'unparseable' }, judgeReplies: { a: 'Invalid' } },
      { judgements: { a: 'unparseable', b: 'unparseable' }, judgeReplies: { a: 'What?', b: 'Invalid' } },
    ];
    expect(listUnparseableReplies(turns)).toEqual([
      { judge: 'a', reply: 'Invalid', count: 2 },
      { judge: 'a', reply: 'What?', count: 1 },
      { judge: 'b', reply: 'Invalid', count: 1 },
    ]);
  });
});

describe('judge replies in a transcript bundle', () => {
  it('keeps every raw reply and reads unparseable when its reply is given', () => {
    const data = valueOf(parseTranscriptBundle({ name: 'b.json', text: withReplies }, { now: NOW }));
    expect(data.turns[0]?.judgements).toEqual({ 'model-j': 'yes', 'model-k': 'unparseable' });
    expect(data.turns[0]?.judgeReplies).toEqual({ 'model-j': 'Yes.', 'model-k': 'Hmm, hard to say' });
    expect(data.turns[1]).not.toHaveProperty('judgeReplies');
    expect(data.turns[2]?.judgements['model-k']).toBe('unparseable');
  });

  it('refuses unparseable without the reply, and a reply that is not text', () => {
    const result = parseTranscriptBundle(
      {
        name: 'b.json',
        text: bundle([
          { id: 't1', type: 'question', text: 'Q', judgements: { 'model-j': 'unparseable' } },
          { id: 't2', type: 'question', text: 'Q', judgements: { 'model-j': 'yes' }, judgeReplies: { 'model-j': 3 } },
        ]),
      },
      { now: NOW },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => [error.path, error.message])).toEqual([
      ['sessions[0].turns[0].judgements["model-j"]', 'turn t1: "unparseable" needs the judge\'s reply as written, in judgeReplies'],
      ['sessions[0].turns[1].judgeReplies["model-j"]', 'expected text, got the number 3'],
    ]);
  });
});

describe('hostile judge replies', () => {
  it('refuses a prototype key as a judge model in judgeReplies, and leaves every prototype alone', () => {
    // An object under "__proto__" is what would pollute Object.prototype if it were ever assigned.
    const text = bundle([
      { id: 't1', type: 'question', text: 'Q', judgements: { 'model-j': 'yes' }, judgeReplies: { 'model-j': 'Yes', placeholder: 'x' } },
    ]).replace('"placeholder":"x"', '"__proto__":{"polluted":true}');
    const result = parseTranscriptBundle({ name: 'b.json', text }, { now: NOW });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.path).toBe('sessions[0].turns[0].judgeReplies.__proto__');
    expect(text).toContain('"__proto__":{"polluted":true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('judge replies in backups, packs and the report', () => {
  const data = valueOf(parseTranscriptBundle({ name: 'b.json', text: withReplies }, { now: NOW }));

  it('a backup keeps the raw replies and the unparseable labels', () => {
    const content = { ...data, annotators: [], labels: [], assignments: [], gold: [], audit: [] };
    const parsed = valueOf(parseBackup({ name: 'x.backup.json', text: serializeBackup(buildBackup(content, { createdAt: NOW, app: 'test' })) }));
    expect(parsed.turns).toEqual(data.turns);
  });

  it("a backup keeps the study's setting for unparseable replies, and refuses a value it does not know", () => {
    const content = {
      ...data,
      study: { ...data.study, unparseableReplies: 'disagreement' as const },
      annotators: [],
      labels: [],
      assignments: [],
      gold: [],
      audit: [],
    };
    const text = serializeBackup(buildBackup(content, { createdAt: NOW, app: 'test' }));
    expect(valueOf(parseBackup({ name: 'x.backup.json', text })).study.unparseableReplies).toBe('disagreement');
    const plain = serializeBackup(buildBackup({ ...content, study: data.study }, { createdAt: NOW, app: 'test' }));
    expect(valueOf(parseBackup({ name: 'x.backup.json', text: plain })).study).not.toHaveProperty('unparseableReplies');
    const wrong = parseBackup({ name: 'x.backup.json', text: text.replace('"unparseableReplies":"disagreement"', '"unparseableReplies":"ignored"') });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok)
      expect(wrong.errors.map((error) => [error.path, error.message])).toContainEqual([
        'study.unparseableReplies',
        expect.stringContaining('left-out or disagreement'),
      ]);
  });

  it('a pack carries no raw reply and no judge label', () => {
    const pack = buildPack({
      study: { id: data.study.id, name: 'S' },
      guidelines: '',
      scheme: THREE,
      annotator: { id: 'a', name: 'A' },
      puzzles: data.puzzles,
      sessions: data.sessions,
      turns: data.turns,
      tasks: { answer: ['t1', 't2'], match: ['t3'], difficulty: [] },
      createdAt: NOW,
      app: 'test',
    });
    const text = serializePack(pack);
    for (const secret of ['judgeReplies', 'Hmm, hard to say', 'Yes.', '???', 'unparseable', 'unparseableReplies', 'disagreement', 'model-k'])
      expect(text).not.toContain(secret);
  });

  it('the report leaves unparseable labels out, counts them per judge and task and says so', () => {
    const labels: { annotatorId: string; unitId: string; task: Task; value: LabelValue }[] = [
      { annotatorId: 'h1', unitId: 't1', task: 'answer', value: 'no' },
      { annotatorId: 'h1', unitId: 't2', task: 'answer', value: 'no' },
      { annotatorId: 'h1', unitId: 't3', task: 'match', value: 'matched' },
    ];
    const report = buildReport({ study: data, labels, settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
    expect(report.unparseableJudgeReplies).toEqual([
      { task: 'answer', judge: 'model-k', count: 1 },
      { task: 'match', judge: 'model-k', count: 1 },
    ]);
    const modelK = report.tables.answer.find((row) => row.bucket === 'all' && row.a === 'judge:model-k' && row.b === 'human');
    expect(modelK).toMatchObject({ n: 1, agreement: 1 });
    expect(renderMarkdown(report)).toContain('1 reply of judge model-k could not be read and is left out.');
  });

  it('a report without unparseable labels has no trace of them', () => {
    const plain = valueOf(
      parseTranscriptBundle({ name: 'b.json', text: bundle([{ id: 't1', type: 'question', text: 'Q', judgements: { 'model-j': 'yes' } }]) }, { now: NOW }),
    );
    const report = buildReport({ study: plain, labels: [], settings: { bootstrap: 0, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
    expect(report).not.toHaveProperty('unparseableJudgeReplies');
  });
});
