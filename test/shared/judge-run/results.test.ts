// Judge-run results (issue 17 points 3-4), checked by hand: the majority over k samples and its
// tie rule, the self-agreement rate, the judge's name, and the study with the judge's labels and
// replies, which the bundle format reads back (unparseable replies kept as written).

import { describe, expect, it } from 'vitest';
import type { JudgeLabel } from '../../../shared/domain/model';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { studyBundleDocument } from '../../../shared/formats/importers/study-bundle';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { applyJudgeResults, judgeName, majorityLabel, meanSelfAgreement, selfAgreement, tallyAnswers } from '../../../shared/judge-run/results';
import { judgeStudy } from './judge-study';

const SCHEME = { answerUnknown: false };

describe('majority and self-agreement', () => {
  it('takes the most frequent label', () => {
    expect(majorityLabel(['no', 'yes', 'yes'])).toEqual({ label: 'yes', firstIndex: 1 });
    expect(majorityLabel(['unparseable', 'unparseable', 'no'])).toEqual({ label: 'unparseable', firstIndex: 0 });
    expect(majorityLabel([])).toBeUndefined();
  });

  it('gives a tie to the tied label whose first sample came first', () => {
    expect(majorityLabel(['no', 'yes'])?.label).toBe('no');
    expect(majorityLabel(['irrelevant', 'yes', 'no', 'yes', 'no'])?.label).toBe('yes');
    expect(majorityLabel(['irrelevant', 'no', 'yes', 'yes', 'no'])?.label).toBe('no');
  });

  it('counts agreeing pairs of samples over all pairs', () => {
    expect(selfAgreement(['yes'])).toBeNull();
    expect(selfAgreement(['yes', 'yes'])).toBe(1);
    expect(selfAgreement(['yes', 'no'])).toBe(0);
    // 3 yes, 1 no: 3*2 of 4*3 ordered pairs agree.
    expect(selfAgreement(['yes', 'no', 'yes', 'yes'])).toBe(0.5);
    // 2 yes, 2 no, 1 irrelevant: (2 + 2) / 20.
    expect(selfAgreement(['yes', 'no', 'yes', 'irrelevant', 'no'] as JudgeLabel[])).toBe(0.2);
    expect(meanSelfAgreement([{ selfAgreement: 1 }, { selfAgreement: null }, { selfAgreement: 0.5 }] as never)).toBe(0.75);
    expect(meanSelfAgreement([{ selfAgreement: null }] as never)).toBeNull();
  });
});

describe('applying a judge run', () => {
  const study = judgeStudy([
    {
      id: 's1',
      turns: [
        { id: 'q1', type: 'question', judgements: { 'model-j': 'yes' } },
        { id: 'q2', type: 'question' },
        { id: 'f1', type: 'final' },
        { id: 'q3', type: 'question', judgements: { 'gpt@studio-1': 'no' } },
      ],
    },
  ]);
  const turns = new Map(study.turns.map((turn) => [turn.id, turn]));

  it('reads replies as written, one verdict per turn, in sample order whatever order they came in', () => {
    const verdicts = tallyAnswers(
      [
        { turnId: 'q1', sample: 1, reply: 'No.' },
        { turnId: 'q1', sample: 0, reply: 'Yes, because she is blind' },
        { turnId: 'q1', sample: 2, reply: 'yes' },
        { turnId: 'q2', sample: 0, reply: 'Perhaps, in a way' },
        { turnId: 'f1', sample: 0, reply: 'Congratulations!' },
        { turnId: 'gone', sample: 0, reply: 'yes' },
      ],
      turns,
      SCHEME,
    );
    expect([...verdicts.values()]).toEqual([
      { turnId: 'q1', label: 'yes', reply: 'Yes, because she is blind', samples: 3, selfAgreement: 1 / 3 },
      { turnId: 'q2', label: 'unparseable', reply: 'Perhaps, in a way', samples: 1, selfAgreement: null },
      { turnId: 'f1', label: 'matched', reply: 'Congratulations!', samples: 1, selfAgreement: null },
    ]);
  });

  it('adds the judge beside the others, replaces its earlier labels, and the bundle reads back', () => {
    const verdicts = tallyAnswers(
      [
        { turnId: 'q1', sample: 0, reply: 'Yes' },
        { turnId: 'q2', sample: 0, reply: 'Perhaps' },
      ],
      turns,
      SCHEME,
    );
    const judged = applyJudgeResults(study, judgeName('gpt', 'studio-1'), verdicts);
    const text = serializeBundleDocument(studyBundleDocument(judged));
    const reread = parseTranscriptBundle({ name: 'out.json', text }, { now: '2026-11-24T10:00:00.000Z' });
    if (!reread.ok) throw new Error(JSON.stringify(reread.errors));
    const byId = new Map(reread.value.turns.map((turn) => [turn.id, turn]));
    expect(byId.get('q1')?.judgements).toEqual({ 'model-j': 'yes', 'gpt@studio-1': 'yes' });
    expect(byId.get('q1')?.judgeReplies).toEqual({ 'gpt@studio-1': 'Yes' });
    expect(byId.get('q2')?.judgements).toEqual({ 'gpt@studio-1': 'unparseable' });
    expect(byId.get('q2')?.judgeReplies).toEqual({ 'gpt@studio-1': 'Perhaps' });
    // No verdict this run: the judge's old label goes, so every label of the judge is this run's.
    expect(byId.get('q3')?.judgements).toEqual({});
    expect(byId.get('f1')?.judgements).toEqual({});
    expect(reread.value.study.id).toBe(study.study.id);
    expect(reread.value.puzzles).toEqual(study.puzzles);
  });

  it("keeps the benchmark's judge prompts and judge samples in the bundle it writes back", () => {
    const judgePrompts = [
      { name: 'SPLAT judge (config.yaml)', source: 'config.yaml: prompt.prompt_judge_init', question: '{{question}}', final: '{{finalAnswer}}' },
    ];
    const judgeSamples = [{ judge: 'model-j', samples: 3, source: 'config.yaml: game.judge_times' }];
    const judged = applyJudgeResults({ ...study, study: { ...study.study, judgeSamples }, judgePrompts }, judgeName('gpt', 'studio-1'), new Map());
    const reread = parseTranscriptBundle({ name: 'out.json', text: serializeBundleDocument(studyBundleDocument(judged)) });
    if (!reread.ok) throw new Error(JSON.stringify(reread.errors));
    expect(reread.value.judgePrompts).toEqual(judgePrompts);
    expect(reread.value.study.judgeSamples).toEqual(judgeSamples);
  });

  it('refuses a judge name the bundle could not hold', () => {
    expect(() => judgeName('a\u202eb', 'v1')).toThrow(/not usable as a model name/);
  });
});
