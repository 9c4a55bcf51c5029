// Judge-run results (issue 17 points 3-4), checked by hand: the majority over k samples and its
// tie rule, the self-agreement rate, the judge's name, and the study with the judge's labels and
// replies, which the bundle format reads back (unparseable replies kept as written); a reply over
// 1 MB is labelled from the whole reply, stored cut, counted in the run's record, and reads back.
// Issue 26: the label is read from the content alone, reasoning sent apart is kept before it in a
// <think> block, and a reply cut off at max tokens with no verdict gives no label and is listed with its reason.
// Issue 28: a run differing from the study's earlier judges of its name in endpoint, prompt text,
// temperature, max tokens or samples gets `~2`, `~3`; an identical one keeps its earlier name.
// Issue 34: a run on a part of the judge split changes only its scope of turns.

import { describe, expect, it } from 'vitest';
import type { JudgeLabel } from '../../../shared/domain/model';
import { serializeBundleDocument } from '../../../shared/formats/importers/imported-study';
import { studyBundleDocument } from '../../../shared/formats/importers/study-bundle';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { INPUT_LIMITS } from '../../../shared/formats/limits';
import {
  answerIsCutOff,
  applyJudgeResults,
  cutOffAnswers,
  distinctJudgeName,
  judgeName,
  judgeRunRecord,
  majorityLabel,
  meanSelfAgreement,
  replyAsWritten,
  selfAgreement,
  tallyAnswers,
} from '../../../shared/judge-run/results';
import type { RunSummary } from '../../../shared/judge-run/runner';
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
      { turnId: 'q1', label: 'yes', reply: 'Yes, because she is blind', cutChars: 0, samples: 3, sampleLabels: ['yes', 'no', 'yes'], selfAgreement: 1 / 3 },
      { turnId: 'q2', label: 'unparseable', reply: 'Perhaps, in a way', cutChars: 0, samples: 1, sampleLabels: ['unparseable'], selfAgreement: null },
      { turnId: 'f1', label: 'matched', reply: 'Congratulations!', cutChars: 0, samples: 1, sampleLabels: ['matched'], selfAgreement: null },
    ]);
  });

  it('reads the verdict from the content alone, keeps reasoning sent apart before it, and sets cut-off replies aside', () => {
    const answers = [
      // Reasoning apart that itself says "No": the content's "Yes" is the verdict.
      { key: 'q1#0', turnId: 'q1', sample: 0, reply: 'Yes', reasoning: 'No light, no lamp… No.', finishReason: 'stop' },
      // Cut off while thinking: no verdict, no label.
      { key: 'q2#0', turnId: 'q2', sample: 0, reply: '', reasoning: 'Let me think', finishReason: 'length' },
      // Cut off, but after its verdict: the verdict stands.
      { key: 'f1#0', turnId: 'f1', sample: 0, reply: 'Correct. Because', finishReason: 'length' },
      // Of three samples one cut off: the majority is of the two read.
      { key: 'q3#0', turnId: 'q3', sample: 0, reply: 'The story says', finishReason: 'length' },
      { key: 'q3#1', turnId: 'q3', sample: 1, reply: 'No.', finishReason: 'stop' },
      { key: 'q3#2', turnId: 'q3', sample: 2, reply: 'No', finishReason: 'stop' },
    ];
    const verdicts = tallyAnswers(answers, turns, SCHEME);
    expect([...verdicts.values()]).toEqual([
      { turnId: 'q1', label: 'yes', reply: '<think>No light, no lamp… No.</think>\nYes', cutChars: 0, samples: 1, sampleLabels: ['yes'], selfAgreement: null },
      { turnId: 'f1', label: 'matched', reply: 'Correct. Because', cutChars: 0, samples: 1, sampleLabels: ['matched'], selfAgreement: null },
      { turnId: 'q3', label: 'no', reply: 'No.', cutChars: 0, samples: 2, sampleLabels: ['no', 'no'], selfAgreement: 1 },
    ]);
    expect(cutOffAnswers(answers, turns, SCHEME, 512)).toEqual([
      { key: 'q2#0', turnId: 'q2', sample: 0, reason: 'cut off at 512 tokens before a verdict (raise Max tokens: a reasoning model thinks first)' },
      { key: 'q3#0', turnId: 'q3', sample: 0, reason: 'cut off at 512 tokens before a verdict (raise Max tokens: a reasoning model thinks first)' },
    ]);
    // An unreadable reply that ended on its own is unparseable, not cut off.
    expect(answerIsCutOff({ reply: 'Perhaps', finishReason: 'stop' }, 'answer', SCHEME)).toBe(false);
    expect(answerIsCutOff({ reply: 'Perhaps' }, 'answer', SCHEME)).toBe(false);
    expect(replyAsWritten({ reply: 'No.' })).toBe('No.');
    // No label for the cut-off turn, and none left from before.
    const judged = applyJudgeResults(study, 'gpt@studio-1', verdicts);
    expect(judged.turns.find((turn) => turn.id === 'q2')?.judgements).toEqual({});
    // Two samples read: their labels kept for the report's calibration and stability; one sample keeps none.
    expect(judged.turns.find((turn) => turn.id === 'q3')?.judgeConfidence).toEqual({ 'gpt@studio-1': { samples: ['no', 'no'] } });
    expect(judged.turns.find((turn) => turn.id === 'q1')?.judgeConfidence).toBeUndefined();
  });

  it("with a scope of turns, replaces the judge's labels on those turns only", () => {
    const earlier = applyJudgeResults(
      study,
      'gpt@studio-1',
      tallyAnswers(
        [
          { turnId: 'q1', sample: 0, reply: 'Yes' },
          { turnId: 'q2', sample: 0, reply: 'No' },
        ],
        turns,
        SCHEME,
      ),
    );
    const scoped = applyJudgeResults(earlier, 'gpt@studio-1', tallyAnswers([{ turnId: 'q2', sample: 0, reply: 'Yes' }], turns, SCHEME), new Set(['q2', 'q3']));
    const labelOf = (data: typeof study, id: string) => data.turns.find((turn) => turn.id === id)?.judgements['gpt@studio-1'];
    expect(['q1', 'q2', 'q3'].map((id) => labelOf(scoped, id))).toEqual(['yes', 'yes', undefined]);
    // Out of scope a turn is the very same object: nothing of it is rewritten.
    expect(scoped.turns.find((turn) => turn.id === 'q1')).toBe(earlier.turns.find((turn) => turn.id === 'q1'));
    // Without a scope the same verdicts drop q1's label, as a run over every turn does.
    expect(labelOf(applyJudgeResults(earlier, 'gpt@studio-1', tallyAnswers([{ turnId: 'q2', sample: 0, reply: 'Yes' }], turns, SCHEME)), 'q1')).toBeUndefined();
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

  it('labels a 2 MB reply from the whole of it, stores it cut, counts it in the record, and the bundle reads back', () => {
    // The verdict is at the start of the first sample's explanation; the kept reply keeps the start.
    const long = `Yes, because she is blind. ${'She reads with her fingers. '.repeat(80_000)}`;
    const thinking = `<think>${'Is there light? The story says none. '.repeat(60_000)}</think>\n\nNo.`;
    expect(long.length).toBeGreaterThan(2_000_000);
    const verdicts = tallyAnswers(
      [
        { turnId: 'q1', sample: 0, reply: long },
        { turnId: 'q2', sample: 0, reply: thinking },
        { turnId: 'f1', sample: 0, reply: 'Congratulations!' },
      ],
      turns,
      SCHEME,
    );
    expect(verdicts.get('q1')).toMatchObject({ label: 'yes', cutChars: expect.any(Number) });
    expect(verdicts.get('q2')?.label).toBe('no');
    expect(verdicts.get('f1')?.cutChars).toBe(0);
    for (const id of ['q1', 'q2']) {
      const verdict = verdicts.get(id);
      expect(verdict?.cutChars, id).toBeGreaterThan(0);
      expect(verdict?.reply.length, id).toBeLessThanOrEqual(INPUT_LIMITS.maxStringChars);
    }
    const summary: RunSummary = {
      progress: {
        state: 'finished',
        total: 3,
        alreadyAnswered: 0,
        done: 3,
        cutOff: 0,
        failed: 0,
        inFlight: 0,
        retries: 0,
        tokensIn: 0,
        tokensOut: 0,
        elapsedMs: 1,
      },
      failures: [],
      startedAt: 0,
      finishedAt: 1,
    };
    const parameters = { temperature: 0, maxTokens: 64, samples: 1, concurrency: 1, rpm: null, timeoutSeconds: 60 };
    const run = { judge: 'r1@studio-1', model: 'r1', prompt: { name: 'studio-1', hash: 'h' }, endpoint: 'http://127.0.0.1/v1', parameters };
    const times = { selection: 'all', startedAt: '2026-11-24T10:00:00.000Z', finishedAt: '2026-11-24T10:01:00.000Z' };
    expect(judgeRunRecord({ ...run, ...times, summary, verdicts, cutOff: [] }).counts).toMatchObject({ turnsLabelled: 3, unparseable: 0, repliesCut: 2 });

    const text = serializeBundleDocument(studyBundleDocument(applyJudgeResults(study, run.judge, verdicts)));
    const reread = parseTranscriptBundle({ name: 'out.json', text }, { now: '2026-11-24T10:00:00.000Z' });
    if (!reread.ok) throw new Error(JSON.stringify(reread.errors));
    const q1 = reread.value.turns.find((turn) => turn.id === 'q1');
    expect(q1?.judgements[run.judge]).toBe('yes');
    expect(q1?.judgeReplies?.[run.judge]).toBe(verdicts.get('q1')?.reply);
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

  describe('distinct judge names', () => {
    const identity = {
      model: 'gpt',
      prompt: { name: 'studio-1', hash: 'h1' },
      endpoint: 'http://127.0.0.1:8000/v1',
      parameters: { temperature: 0, maxTokens: 512, samples: 1 },
    };
    const first = { ...identity, judge: 'gpt@studio-1' };

    it('gives the first run `<model>@<prompt>`, and a run identical to an earlier one its name', () => {
      expect(distinctJudgeName(identity, [])).toBe('gpt@studio-1');
      expect(distinctJudgeName(identity, [first])).toBe('gpt@studio-1');
      const second = { ...first, judge: 'gpt@studio-1~2', parameters: { ...first.parameters, samples: 3 } };
      expect(distinctJudgeName({ ...identity, parameters: { ...identity.parameters, samples: 3 } }, [first, second])).toBe('gpt@studio-1~2');
    });

    it.each([
      ['endpoint', { endpoint: 'http://10.0.0.2:8000/v1' }],
      ['prompt text', { prompt: { name: 'studio-1', hash: 'h2' } }],
      ['temperature', { parameters: { temperature: 0.7, maxTokens: 512, samples: 1 } }],
      ['max tokens', { parameters: { temperature: 0, maxTokens: 4096, samples: 1 } }],
      ['samples', { parameters: { temperature: 0, maxTokens: 512, samples: 3 } }],
    ])('names a run with another %s `~2`, then the next one `~3`', (_what, change) => {
      const other = { ...identity, ...change };
      expect(distinctJudgeName(other, [first])).toBe('gpt@studio-1~2');
      const third = { ...other, endpoint: 'http://10.0.0.3:8000/v1' };
      expect(distinctJudgeName(third, [first, { ...other, judge: 'gpt@studio-1~2' }])).toBe('gpt@studio-1~3');
    });

    it('never takes the name of labels no run of this computer produced', () => {
      expect(distinctJudgeName(identity, [], new Set(['gpt@studio-1']))).toBe('gpt@studio-1~2');
      expect(distinctJudgeName(identity, [], new Set(['model-j']))).toBe('gpt@studio-1');
    });

    it('ignores other judges, and earlier runs whose settings were as this one but under another model or prompt', () => {
      const strict = { ...first, judge: 'gpt@strict', prompt: { name: 'strict', hash: 'h1' } };
      expect(distinctJudgeName(identity, [strict, { ...first, judge: 'gpt@studio-1.5' }])).toBe('gpt@studio-1');
    });
  });
});
