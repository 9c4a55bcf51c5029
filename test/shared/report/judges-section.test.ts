// The Judges section of buildReport, on hand-made and generated studies: each judge against the
// human majority, judge pairs against a plainly written paired cluster bootstrap, the Alt-Test and
// corrected scores against their modules called directly, and Holm adjustment per task.

import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport, type ReportInput } from '../../../shared/report/build-report';
import type { AgreementReport, JudgeComparisonRow, Resampling } from '../../../shared/report/model/report-model';
import { altTest } from '../../../shared/stats/judge/alt-test';
import { correctedScore } from '../../../shared/stats/judge/corrected-score';
import { holm, mcnemarExact } from '../../../shared/stats/judge/mcnemar';
import { CLUSTER_TEST_REASONS } from '../../../shared/stats/cluster-ratio-test';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { indexStudy, type StudyLabel } from '../../../shared/stats/study/study-units';
import { plainClusterBootstrapT } from '../stats/plain-cluster-bootstrap-t';
import { bucketStudy, easySessionStudy, NOW, rejudgedFinalsStudy } from '../stats/study/study-fixtures';

function report(data: { study: StudyData; labels: StudyLabel[] }, settings: Partial<ReportInput['settings']> = {}): AgreementReport {
  return buildReport({
    study: data.study,
    labels: data.labels,
    settings: { bootstrap: 0, seed: 1, average: 'micro', ...settings },
    inputs: [],
    app: 'test',
    now: NOW,
  });
}

function synthetic(options: { puzzles: number; annotators: number; seed: number; judges?: string[] }): { study: StudyData; labels: StudyLabel[] } {
  const generated = generateSyntheticStudy({ sessionsPerPuzzle: 2, ...options });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return { study: parsed.value, labels };
}

function judgesOf(built: AgreementReport) {
  if (built.judges === undefined) throw new Error('the report has no Judges section');
  return built.judges;
}

/** The strictly most frequent of the labels, written out plainly; null on a tie or without labels. */
function plainMajority(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts.values()].sort((a, b) => b - a);
  if (sorted.length === 0 || sorted[0] === sorted[1]) return null;
  return [...counts].find(([, count]) => count === sorted[0])?.[0] ?? null;
}

describe('the Judges section: each judge against people', () => {
  it('scores each judge on the units with a strict human majority, per bucket, counting ties apart', () => {
    const judges = judgesOf(report(bucketStudy()));
    const row = (judge: string, bucket: string) => judges.againstPeople.find((r) => r.task === 'answer' && r.judge === judge && r.bucket === bucket);
    // j1 on the answer task: e1 yes/yes, e2 irrelevant/irrelevant, h1 yes where people say no (lenient); m1 is a three-way tie.
    const j1 = row('j1', 'all');
    expect(j1?.classification.n).toBe(3);
    expect(j1?.classification.accuracy.value).toBeCloseTo(2 / 3, 12);
    expect(j1?.unitsWithoutMajority).toBe(1);
    expect([j1?.errors.lenient, j1?.errors.severe]).toEqual([1, 0]);
    expect(row('j1', 'easy')?.classification.n).toBe(2);
    expect(row('j1', 'medium')?.unitsWithoutMajority).toBe(1);
    // j2: e1 yes/yes, e2 no where people say irrelevant, h1 no/no.
    const j2 = row('j2', 'all');
    expect(j2?.classification.perLabel.find((s) => s.label === 'no')?.precision.value).toBe(0.5);
    expect([j2?.errors.lenient, j2?.errors.severe]).toEqual([0, 0]);
    // Rows run task, judge, bucket.
    expect(judges.againstPeople.map((r) => `${r.task} ${r.judge} ${r.bucket}`).slice(0, 6)).toEqual([
      'answer j1 easy',
      'answer j1 medium',
      'answer j1 hard',
      'answer j1 unrated',
      'answer j1 all',
      'answer j2 easy',
    ]);
  });

  it('adjusts the tested leniency p-values of one task together with Holm, and says which family', () => {
    const judges = judgesOf(report(synthetic({ puzzles: 30, annotators: 3, seed: 7 }), { pairedTest: 'exact-mcnemar' }));
    for (const task of ['answer', 'match'] as const) {
      const rows = judges.againstPeople.filter((r) => r.task === task);
      const tested = rows.filter((r) => r.errors.lenient + r.errors.severe > 0);
      const expected = holm(tested.map((r) => mcnemarExact(r.errors.lenient, r.errors.severe).pValue));
      expect(tested.map((r) => r.holmP)).toEqual(expected);
      expect(rows.filter((r) => r.errors.lenient + r.errors.severe === 0).every((r) => r.holmP === null)).toBe(true);
    }
    expect(judges.holmFamilies[0]).toMatch(/^R \(questions\): leniency against severity tests of 2 judges x 4 buckets/);
  });

  it('leaves unparseable replies out, or counts them as misses, as the unparseable setting says', () => {
    const data = easySessionStudy('j', [
      { id: 'q1', judges: { j: 'yes' }, humans: { a: 'yes' } },
      { id: 'q2', judges: { j: 'unparseable' }, humans: { a: 'no' } },
    ]);
    const all = (built: AgreementReport) => judgesOf(built).againstPeople.find((r) => r.task === 'answer' && r.bucket === 'all');
    expect(all(report(data))?.classification.n).toBe(1);
    const counted = all(report(data, { unparseable: 'disagreement' }));
    expect(counted?.classification.n).toBe(2);
    expect(counted?.classification.accuracy.value).toBe(0.5);
    expect(counted?.classification.perLabel.find((s) => s.label === 'no')?.recall.value).toBe(0);
  });

  it('has no Judges section when no judge labelled a unit people labelled', () => {
    const data = bucketStudy();
    expect(report({ study: data.study, labels: [] }).judges).toBeUndefined();
  });
});

describe('the Judges section: judges against each other', () => {
  const judgeNames = ['judge-a', 'judge-b', 'judge-c'];

  function plainInterval(data: { study: StudyData; labels: StudyLabel[] }, row: JudgeComparisonRow, resample: Resampling, replicates: number, seed: number) {
    const units = indexStudy(data.study, data.labels).units[row.task].flatMap((unit) => {
      const majority = plainMajority(unit.humans.map((human) => human.value));
      const a = unit.judgements.get(row.a);
      const b = unit.judgements.get(row.b);
      if (majority === null || a === undefined || b === undefined || (row.bucket !== 'all' && unit.bucket !== row.bucket)) return [];
      return [{ cluster: resample === 'puzzles' ? unit.puzzleId : unit.id, aAgrees: a === majority, bAgrees: b === majority }];
    });
    const plain = plainClusterBootstrapT(
      units.map((unit) => ({ cluster: unit.cluster, value: Number(unit.aAgrees) - Number(unit.bAgrees) })),
      replicates,
      seed,
    );
    return { units, ...plain };
  }

  for (const resample of ['puzzles', 'units'] as const) {
    it(`reproduces a plainly written studentized cluster bootstrap, its interval and p, resampling ${resample}`, () => {
      const data = synthetic({ puzzles: 24, annotators: 4, seed: 31, judges: judgeNames });
      const judges = judgesOf(report(data, { bootstrap: 200, seed: 5, resample }));
      expect(judges.comparisons.filter((r) => r.task === 'answer' && r.bucket === 'all').map((r) => `${r.a} ${r.b}`)).toEqual([
        'judge-a judge-b',
        'judge-a judge-c',
        'judge-b judge-c',
      ]);
      let tested = 0;
      for (const row of judges.comparisons) {
        const plain = plainInterval(data, row, resample, 200, 5);
        expect(row.n).toBe(plain.units.length);
        expect(row.onlyA).toBe(plain.units.filter((u) => u.aAgrees && !u.bAgrees).length);
        expect(row.onlyB).toBe(plain.units.filter((u) => !u.aAgrees && u.bAgrees).length);
        expect(row.difference).toBe(plain.estimate);
        if (plain.ci95 === null) expect(row.differenceCi95).toBeNull();
        else {
          // The report ends an infinite end (replicates of one alike puzzle) where a difference can: at -1 or 1.
          expect(row.differenceCi95?.[0]).toBeCloseTo(Math.max(-1, plain.ci95[0]), 12);
          expect(row.differenceCi95?.[1]).toBeCloseTo(Math.min(1, plain.ci95[1]), 12);
        }
        // A difference every puzzle repeats has no interval, and says why.
        expect(row.differenceCi95Reason !== undefined).toBe(plain.se === 0);
        if (row.onlyA + row.onlyB === 0 || plain.pValue === null) expect(row.test.pValue).toBeNull();
        else {
          tested++;
          expect(row.test.pValue).toBeCloseTo(plain.pValue, 9);
          expect((row.test.pValue ?? 1) < 0.05).toBe(plain.ci95 !== null && (plain.ci95[0] > 0 || plain.ci95[1] < 0));
        }
        expect(row.undefinedReplicates).toBe(plain.se === 0 ? 0 : plain.undefinedReplicates);
      }
      expect(tested).toBeGreaterThan(10);
    });
  }

  it('gives two judges that never part no interval for their difference of 0, and says why', () => {
    const data = synthetic({ puzzles: 12, annotators: 3, seed: 4, judges: ['judge-a', 'judge-b'] });
    // judge-b says what judge-a says on every turn.
    const twin = {
      ...data,
      study: {
        ...data.study,
        turns: data.study.turns.map((turn) => ({
          ...turn,
          judgements: { ...turn.judgements, 'judge-b': turn.judgements['judge-a'] as (typeof turn.judgements)[string] },
        })),
      },
    };
    const built = report(twin, { bootstrap: 100, seed: 3 });
    const row = judgesOf(built).comparisons.find((r) => r.task === 'answer' && r.bucket === 'all');
    expect(row).toMatchObject({ difference: 0, onlyA: 0, onlyB: 0, differenceCi95: null, differenceCi95Reason: CLUSTER_TEST_REASONS.noSpread });
    expect(renderMarkdown(built)).toContain(
      `No interval for judge-a − judge-b, Easy; judge-a − judge-b, Medium; judge-a − judge-b, Hard; judge-a − judge-b, All: ${CLUSTER_TEST_REASONS.noSpread}.`,
    );
  });

  it('resamples puzzles by default, and the intervals differ from resampling units', () => {
    const data = synthetic({ puzzles: 24, annotators: 3, seed: 8, judges: judgeNames });
    const byDefault = judgesOf(report(data, { bootstrap: 100, seed: 2 })).comparisons;
    expect(byDefault).toEqual(judgesOf(report(data, { bootstrap: 100, seed: 2, resample: 'puzzles' })).comparisons);
    expect(byDefault).not.toEqual(judgesOf(report(data, { bootstrap: 100, seed: 2, resample: 'units' })).comparisons);
  });

  it('adjusts the comparisons of one task together with Holm, from the p of the test the settings name', () => {
    const data = synthetic({ puzzles: 30, annotators: 3, seed: 9, judges: judgeNames });
    const bootstrapT = judgesOf(report(data, { bootstrap: 200 }));
    const rows = bootstrapT.comparisons.filter((r) => r.task === 'match' && r.test.pValue !== null);
    expect(rows.every((r) => r.test.method === 'bootstrap-t')).toBe(true);
    expect(rows.length).toBeGreaterThan(6);
    expect(rows.map((r) => r.holmP)).toEqual(holm(rows.map((r) => r.test.pValue as number)));
    expect(bootstrapT.holmFamilies.some((family) => family.startsWith('M (final answers): tests of 3 pairs of judges x 4 buckets'))).toBe(true);
    const exact = judgesOf(report(data, { bootstrap: 200, pairedTest: 'exact-mcnemar' }));
    const exactRows = exact.comparisons.filter((r) => r.task === 'match' && r.mcnemar.reason === undefined);
    expect(exactRows.map((r) => r.test)).toEqual(exactRows.map((r) => ({ method: 'exact-mcnemar', pValue: r.mcnemar.pValue })));
    expect(exactRows.map((r) => r.holmP)).toEqual(holm(exactRows.map((r) => r.mcnemar.pValue)));
    // The interval is the same whichever test stands beside it.
    expect(exact.comparisons.map((r) => r.differenceCi95)).toEqual(bootstrapT.comparisons.map((r) => r.differenceCi95));
  });
});

describe('the Judges section: Holm families count each set of units once', () => {
  const judgeNames = ['judge-a', 'judge-b', 'judge-c'];

  /** The study as TurtleBench's: no puzzle rated, so Unrated and All hold the same units. */
  function unrated(data: { study: StudyData; labels: StudyLabel[] }): { study: StudyData; labels: StudyLabel[] } {
    const puzzles = data.study.puzzles.map(({ difficulty: _difficulty, ...puzzle }) => puzzle);
    return { study: { ...data.study, puzzles }, labels: data.labels.filter((label) => label.task !== 'difficulty') };
  }

  it('with every puzzle unrated, adjusts over All only, gives Unrated the same Holm p, and says so', () => {
    const judges = judgesOf(report(unrated(synthetic({ puzzles: 30, annotators: 3, seed: 9, judges: judgeNames })), { bootstrap: 200 }));
    for (const task of ['answer', 'match'] as const) {
      const pairs = judges.comparisons.filter((r) => r.task === task);
      // Easy, medium and hard are shown, and empty.
      expect(new Set(pairs.filter((r) => r.n > 0).map((r) => r.bucket))).toEqual(new Set(['unrated', 'all']));
      const tested = pairs.filter((r) => r.bucket === 'all' && r.test.pValue !== null);
      expect(tested.length).toBeGreaterThan(0);
      expect(tested.map((r) => r.holmP)).toEqual(holm(tested.map((r) => r.test.pValue as number)));
      for (const row of pairs.filter((r) => r.bucket === 'unrated')) {
        const twin = pairs.find((r) => r.bucket === 'all' && r.a === row.a && r.b === row.b);
        expect(row.holmP).toBe(twin?.holmP);
      }
      const lenient = judges.againstPeople.filter((r) => r.task === task);
      const testedLenient = lenient.filter((r) => r.bucket === 'all' && r.leniencyTest.pValue !== null);
      expect(testedLenient.length).toBeGreaterThan(0);
      expect(testedLenient.map((r) => r.holmP)).toEqual(holm(testedLenient.map((r) => r.leniencyTest.pValue as number)));
      for (const row of lenient.filter((r) => r.bucket === 'unrated')) {
        expect(row.holmP).toBe(lenient.find((r) => r.bucket === 'all' && r.judge === row.judge)?.holmP);
      }
    }
    const once = '; Unrated holds the same units as All, so its tests are counted once';
    expect(judges.holmFamilies).toContain(`M (final answers): tests of 3 pairs of judges x 1 bucket${once}`);
    expect(judges.holmFamilies).toContain(`R (questions): leniency against severity tests of 3 judges x 1 bucket${once}`);
  });

  it('in a study with rated and unrated puzzles, counts every bucket and names no bucket as the same units', () => {
    const data = synthetic({ puzzles: 30, annotators: 3, seed: 9, judges: judgeNames });
    // Unrate the puzzles of one story in three: Unrated then has units of its own beside the rated buckets.
    const puzzles = data.study.puzzles.map((puzzle, i) => (i % 3 === 0 ? (({ difficulty: _difficulty, ...rest }) => rest)(puzzle) : puzzle));
    const unratedIds = new Set(data.study.puzzles.filter((_, i) => i % 3 === 0).map((puzzle) => puzzle.id));
    const labels = data.labels.filter((label) => !(label.task === 'difficulty' && unratedIds.has(label.unitId)));
    const judges = judgesOf(report({ study: { ...data.study, puzzles }, labels }, { pairedTest: 'exact-mcnemar' }));
    const rows = judges.comparisons.filter((r) => r.task === 'match');
    expect(new Set(rows.map((r) => r.bucket)).size).toBeGreaterThan(2);
    const tested = rows.filter((r) => r.mcnemar.reason === undefined);
    expect(tested.map((r) => r.holmP)).toEqual(holm(tested.map((r) => r.mcnemar.pValue)));
    expect(judges.holmFamilies.some((family) => family.includes('same units'))).toBe(false);
  });
});

describe('the Judges section: the Alt-Test', () => {
  it('runs per task and judge over every bucket with the epsilon set, and echoes it', () => {
    const data = synthetic({ puzzles: 40, annotators: 3, seed: 12 });
    const judges = judgesOf(report(data, { altTestEpsilon: 0.1 }));
    expect(judges.altTestEpsilon).toBe(0.1);
    const row = judges.altTest.find((r) => r.task === 'answer' && r.judge === 'synthetic-judge-b');
    const units = indexStudy(data.study, data.labels).units.answer;
    const direct = altTest(
      units.map((unit) => ({ judge: unit.judgements.get('synthetic-judge-b'), humans: unit.humans })),
      { epsilon: 0.1 },
    );
    expect(row).toEqual({ task: 'answer', judge: 'synthetic-judge-b', ...direct });
    expect(row?.reason).toBeNull();
    expect(row?.winningRate).not.toBeNull();
    expect(judgesOf(report(data)).altTestEpsilon).toBe(0.2);
  });

  it('keeps the refusal and its reason below three annotators', () => {
    const judges = judgesOf(report(synthetic({ puzzles: 10, annotators: 2, seed: 3 })));
    expect(judges.altTest.length).toBe(4);
    for (const row of judges.altTest) {
      expect(row.passed).toBeNull();
      expect(row.reason).toMatch(/needs at least 3 annotators and this has two/);
    }
  });

  it("runs at epsilon 0, as the authors' notebook does, and refuses an epsilon below 0 or from 1 up", () => {
    const data = synthetic({ puzzles: 40, annotators: 3, seed: 12 });
    const judges = judgesOf(report(data, { altTestEpsilon: 0 }));
    expect(judges.altTestEpsilon).toBe(0);
    const units = indexStudy(data.study, data.labels).units.answer;
    const direct = altTest(
      units.map((unit) => ({ judge: unit.judgements.get('synthetic-judge-b'), humans: unit.humans })),
      { epsilon: 0 },
    );
    expect(judges.altTest.find((r) => r.task === 'answer' && r.judge === 'synthetic-judge-b')).toEqual({
      task: 'answer',
      judge: 'synthetic-judge-b',
      ...direct,
    });
    expect(direct.reason).toBeNull();
    expect(() => report(bucketStudy(), { altTestEpsilon: -0.1 })).toThrow(RangeError);
    expect(() => report(bucketStudy(), { altTestEpsilon: 1 })).toThrow(RangeError);
  });
});

describe('the Judges section: corrected player scores', () => {
  // Five sessions on one easy puzzle, j1 their judge and j2 re-judging: each final is a session's only one.
  const data = rejudgedFinalsStudy(5);

  it('corrects each player under every judge of the finals, with calibration pooled over the bucket', () => {
    const rows = judgesOf(report(data)).correctedScores;
    const row = (judge: string, player: string) => rows.find((r) => r.judge === judge && r.player === player && r.bucket === 'all');
    // j1: sensitivity 2/2 (s1, s3), specificity 1/2 (s2 yes, s4 no).
    const j1Calibration = { humanMatched: 2, judgeMatchedOfHumanMatched: 2, humanUnmatched: 2, judgeUnmatchedOfHumanUnmatched: 1 };
    expect(row('j1', 'P1')).toMatchObject({ sessions: 2, calibrationSessions: 4, rawScore: 0.5, sensitivity: 1, specificity: 0.5, theta: 0 });
    expect(row('j1', 'P2')?.theta).toBeCloseTo(1 / 3, 12);
    expect(row('j1', 'P2')?.ci95).toEqual(correctedScore({ judged: 3, judgeMatched: 2 }, j1Calibration).ci95);
    // j2, not the sessions' judge: sensitivity 1/2 (s3 only), specificity 2/2; P2 solved s3 and s5 of 3, theta 4/3 clamped to 1.
    expect(row('j2', 'P2')).toMatchObject({ sessions: 3, calibrationSessions: 4, sensitivity: 0.5, specificity: 1, theta: 1 });
    expect(row('j2', 'P2')?.unclampedTheta).toBeCloseTo(4 / 3, 12);
    expect(rows.map((r) => `${r.judge} ${r.player} ${r.bucket}`)).toEqual(
      ['j1', 'j2'].flatMap((judge) => ['P1', 'P2'].flatMap((player) => ['easy', 'medium', 'hard', 'all'].map((bucket) => `${judge} ${player} ${bucket}`))),
    );
  });

  it('says why a score is undefined when a bucket has no session of the player', () => {
    const medium = judgesOf(report(data)).correctedScores.find((r) => r.judge === 'j1' && r.player === 'P1' && r.bucket === 'medium');
    expect(medium).toMatchObject({ sessions: 0, calibrationSessions: 0, theta: null, ci95: null });
    expect(medium?.undefinedReasons.theta).toBeTruthy();
  });
});
