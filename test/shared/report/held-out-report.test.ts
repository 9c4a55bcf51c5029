// The report's held-out verdict (issue 34 point 4): each part's figures counted again by hand and
// equal to the report of the study narrowed by hand to the part; development and test never share
// a puzzle; the denominator and the notes; the parts as phases of the progress; a report without a
// split (or without a test run) that is the report it was before; the Markdown, LaTeX and CSV; and
// the test part's agreement interval's coverage over seeded studies, printed.

import { describe, expect, it } from 'vitest';
import type { JudgeLabel, JudgeSplitPart, StudyData } from '../../../shared/domain/model';
import type { AltTestResult } from '../../../shared/stats/judge/alt-test';
import { readCsv } from '../../../shared/formats/csv';
import { buildReport, type ReportInput } from '../../../shared/report/build-report';
import { partInput } from '../../../shared/report/held-out-section';
import type { HeldOutFigures } from '../../../shared/report/model/held-out-model';
import type { AgreementReport, ReportTask } from '../../../shared/report/model/report-model';
import { REPORT_CSV_HEADER, renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { JUDGE_SPLITS, puzzleSplit } from '../../../shared/study/judge-splits';
import type { StudyLabel } from '../../../shared/stats/study/study-units';
import { reportInput, splitStudyData, SPLIT, withSplit } from './held-out-fixture';

const { study, labels } = splitStudyData({ puzzles: 40, seed: 7 });
const input = reportInput(withSplit(study, SPLIT), labels);
const report = buildReport(input);

function section(built: AgreementReport = report) {
  const heldOut = built.heldOut;
  if (heldOut === undefined) throw new Error('the report has no held-out verdict');
  return heldOut;
}

const TYPE_OF_TASK: Record<ReportTask, 'question' | 'final'> = { answer: 'question', match: 'final' };

/**
 * The study's puzzles of one part and everything on them, narrowed here without partInput; with
 * `judges`, the turns keep those judges' labels alone, as partInput keeps the judges run on test.
 */
function narrowedByHand(
  data: StudyData,
  all: readonly StudyLabel[],
  part: JudgeSplitPart,
  judges?: readonly string[],
): { study: StudyData; labels: StudyLabel[] } {
  const puzzles = data.puzzles.filter((puzzle) => puzzleSplit(SPLIT, puzzle.id) === part);
  const kept = new Set(puzzles.map((puzzle) => puzzle.id));
  const turns = data.turns
    .filter((turn) => kept.has(turn.puzzleId))
    .map((turn) => {
      if (judges === undefined) return turn;
      const judgements: Record<string, JudgeLabel> = {};
      for (const judge of judges) if (turn.judgements[judge] !== undefined) judgements[judge] = turn.judgements[judge];
      return { ...turn, judgements };
    });
  const turnIds = new Set(turns.map((turn) => turn.id));
  const record = { ...data.study };
  delete record.judgeSplit;
  return {
    study: { ...data, study: record, puzzles, sessions: data.sessions.filter((session) => kept.has(session.puzzleId)), turns },
    labels: all.filter((label) => (label.task === 'difficulty' ? kept.has(label.unitId) : turnIds.has(label.unitId))),
  };
}

/** Every number of a value, in order, for comparing two values to a few last bits. */
function numbersOf(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(numbersOf);
}

/** Agreement with people and Cohen's kappa with the strict human majority, counted over the part's units. */
function countedByHand(part: JudgeSplitPart, task: ReportTask, judge: string) {
  const narrowed = narrowedByHand(study, labels, part);
  let agreements = 0;
  let comparisons = 0;
  const pairs: Array<[string, string]> = [];
  for (const turn of narrowed.study.turns) {
    if (turn.type !== TYPE_OF_TASK[task]) continue;
    const label = turn.judgements[judge];
    const people = narrowed.labels.filter((one) => one.task === task && one.unitId === turn.id).map((one) => String(one.value));
    if (label === undefined || people.length === 0) continue;
    for (const value of people) {
      comparisons++;
      if (value === label) agreements++;
    }
    const counts = new Map<string, number>();
    for (const value of people) counts.set(value, (counts.get(value) ?? 0) + 1);
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    const [first, second] = ranked;
    if (first !== undefined && (second === undefined || second[1] < first[1])) pairs.push([label, first[0]]);
  }
  const categories = [...new Set(pairs.flat())];
  const observed = pairs.filter(([a, b]) => a === b).length / pairs.length;
  const share = (side: 0 | 1, category: string) => pairs.filter((pair) => pair[side] === category).length / pairs.length;
  const expected = categories.reduce((sum, category) => sum + share(0, category) * share(1, category), 0);
  return { agreement: agreements / comparisons, comparisons, kappa: (observed - expected) / (1 - expected), majorityUnits: pairs.length };
}

/** A judge's figures on one task as the report of a whole study gives them in its tables and Judges section. */
function reportFigures(built: AgreementReport, task: ReportTask, judge: string): HeldOutFigures {
  const row = built.tables[task].find((one) => one.bucket === 'all' && one.a === `judge:${judge}` && one.b === 'human');
  const kappa = built.judges?.fitness?.find((card) => card.judge === judge)?.tasks.find((one) => one.task === task)?.kappa;
  const people = built.judges?.againstPeople.find((one) => one.task === task && one.judge === judge && one.bucket === 'all');
  const alt = built.judges?.altTest.find((one) => one.task === task && one.judge === judge);
  if (row === undefined || kappa === undefined || people === undefined || alt === undefined) throw new Error(`the report lacks ${judge} on ${task}`);
  const altTest: AltTestResult & { task?: ReportTask; judge?: string } = { ...alt };
  delete altTest.task;
  delete altTest.judge;
  return {
    agreement: { value: row.agreement, ci95: row.ci95, n: row.n },
    kappa,
    netLeniency: { value: people.netLeniency.value, ci95: people.netLeniency.ci95, n: people.classification.n },
    altTest,
  };
}

describe('the held-out verdict', () => {
  it('counts the versions tried and the looks at the test split, the first run the verdict, each judge once in the order first run', () => {
    const heldOut = section();
    expect(heldOut.split).toEqual({ seed: SPLIT.seed, shares: SPLIT.shares });
    expect(report.settings.judgeSplit).toEqual({ seed: SPLIT.seed, shares: SPLIT.shares });
    expect(heldOut.versionsTried).toBe(3);
    expect(heldOut.testLooks).toBe(3);
    expect(heldOut.verdictJudge).toBe('judge-v2');
    expect(heldOut.judges.map(({ judge, testRuns }) => [judge, testRuns])).toEqual([
      ['judge-v2', 2],
      ['judge-v1', 1],
    ]);
    expect(heldOut.judges.map(({ tasks }) => tasks.map((one) => one.task))).toEqual([
      ['answer', 'match'],
      ['answer', 'match'],
    ]);
    expect(heldOut.notes[0]).toBe(
      'The development figures are of a version chosen among 3 versions tried on those same units, so they are optimistic; the test figures, on puzzles no version was tuned on, are the result.',
    );
    expect(heldOut.notes[1]).toBe(
      'The test split was run 3 times, on 2 versions: the first run, judge-v2, is the verdict. Choosing among versions by their test figures makes those optimistic too.',
    );
  });

  it('with one look at the test split, says nothing of looks', () => {
    const once = buildReport(reportInput(withSplit(study, { ...SPLIT, testRuns: SPLIT.testRuns.slice(0, 1) }), labels, 0));
    expect(section(once).testLooks).toBe(1);
    expect(section(once).judges.map((one) => one.judge)).toEqual(['judge-v2']);
    expect(section(once).notes).toHaveLength(1);
  });

  it('gives development and test no puzzle in common, and every session, turn and label of a part to a puzzle of that part', () => {
    const parts = JUDGE_SPLITS.map((part) => ({ part, narrowed: partInput(input, SPLIT, part) }));
    const puzzlesOf = parts.map(({ narrowed }) => new Set(narrowed.study.puzzles.map((puzzle) => puzzle.id)));
    const [examples, development, test] = puzzlesOf as [Set<string>, Set<string>, Set<string>];
    expect(development.size).toBeGreaterThan(5);
    expect(test.size).toBeGreaterThan(5);
    expect([...development].filter((id) => test.has(id))).toEqual([]);
    expect(examples.size + development.size + test.size).toBe(study.puzzles.length);
    for (const { part, narrowed } of parts) {
      const puzzles = new Set(narrowed.study.puzzles.map((puzzle) => puzzle.id));
      for (const id of puzzles) expect(puzzleSplit(SPLIT, id)).toBe(part);
      for (const session of narrowed.study.sessions) expect(puzzles.has(session.puzzleId)).toBe(true);
      for (const turn of narrowed.study.turns) expect(puzzles.has(turn.puzzleId)).toBe(true);
      const puzzleOfTurn = new Map(narrowed.study.turns.map((turn) => [turn.id, turn.puzzleId]));
      for (const label of narrowed.labels) expect(puzzles.has(label.task === 'difficulty' ? label.unitId : (puzzleOfTurn.get(label.unitId) ?? ''))).toBe(true);
      expect(narrowed.study.study.judgeSplit).toBeUndefined();
    }
    // Every label of the study is on exactly one part.
    expect(parts.reduce((sum, { narrowed }) => sum + narrowed.labels.length, 0)).toBe(labels.length);
  });

  it("counts each part's agreement with people and kappa with the majority as a plain count over the part's units does", () => {
    let checked = 0;
    for (const { judge, tasks } of section().judges)
      for (const { task, development, test } of tasks)
        for (const [part, figures] of [
          ['development', development],
          ['test', test],
        ] as const) {
          const counted = countedByHand(part, task, judge);
          expect(figures.agreement.n, `${judge} ${task} ${part}`).toBe(counted.comparisons);
          expect(figures.agreement.value).toBeCloseTo(counted.agreement, 12);
          expect(figures.kappa.n).toBe(counted.majorityUnits);
          expect(figures.kappa.value).toBeCloseTo(counted.kappa, 12);
          checked++;
        }
    expect(checked).toBe(8);
  });

  it('equals, figure for figure and interval for interval, the report of the study narrowed by hand to each part', () => {
    const tested = section().judges.map((one) => one.judge);
    for (const part of ['development', 'test'] as const) {
      const narrowed = narrowedByHand(study, labels, part, tested);
      const partReport = buildReport({ ...input, study: narrowed.study, labels: narrowed.labels });
      for (const { judge, tasks } of section().judges)
        for (const one of tasks) expect(one[part], `${judge} ${one.task} ${part}`).toEqual(reportFigures(partReport, one.task, judge));
    }
  });

  it('equals, to the last bits of a sum, the report of each part with every judge, judge-v0 tried on development alone too', () => {
    for (const part of ['development', 'test'] as const) {
      const narrowed = narrowedByHand(study, labels, part);
      const partReport = buildReport({ ...input, study: narrowed.study, labels: narrowed.labels });
      expect(partReport.tables.answer.some((row) => row.a === 'judge:judge-v0')).toBe(true);
      for (const { judge, tasks } of section().judges)
        for (const one of tasks) {
          const expected = reportFigures(partReport, one.task, judge);
          const [got, want] = [numbersOf(one[part]), numbersOf(expected)];
          expect(got.length, `${judge} ${one.task} ${part}`).toBe(want.length);
          got.forEach((value, i) => expect(value).toBeCloseTo(want[i] ?? Number.NaN, 12));
          expect(one[part].altTest).toEqual(expected.altTest);
        }
    }
  });

  it("reports each part's report as a phase of the progress, which still ends at its total", () => {
    const phases: Array<[string, number, number]> = [];
    buildReport({ ...reportInput(withSplit(study, SPLIT), labels, 0), onProgress: (label, done, total) => phases.push([label, done, total]) });
    const withoutSplit: number[] = [];
    buildReport({ ...reportInput(study, labels, 0), onProgress: (_, __, total) => withoutSplit.push(total) });
    const total = phases[0]?.[2] ?? 0;
    expect(total).toBe((withoutSplit[0] ?? 0) + 2);
    expect(phases.map(([label]) => label).filter((label) => label.startsWith('Held-out'))).toEqual([
      'Held-out verdict: the development part',
      'Held-out verdict: the test part',
    ]);
    expect(phases.map(([, done]) => done)).toEqual(phases.map((_, i) => i));
    expect(phases.at(-1)).toEqual(['Laying out the report', total, total]);
  });

  it('leaves the report as it was without a split, and its figures as they were with one', () => {
    const without = buildReport(reportInput(study, labels));
    const json = JSON.stringify(without);
    expect(json).not.toContain('judgeSplit');
    expect(json).not.toContain('heldOut');
    for (const rendered of [renderMarkdown(without), renderCsv(without), renderLatex(without)]) {
      expect(rendered).not.toMatch(/held.out/i);
      expect(rendered).not.toContain('judge split');
    }
    // A split without a test run adds its setting alone; with test runs, the verdict too, every other byte the same.
    const notRun = buildReport(reportInput(withSplit(study, { ...SPLIT, testRuns: [] }), labels));
    expect(notRun.heldOut).toBeUndefined();
    expect(notRun.settings.judgeSplit).toEqual({ seed: SPLIT.seed, shares: SPLIT.shares });
    const withoutSplit = (built: AgreementReport): AgreementReport => {
      const settings = { ...built.settings };
      delete settings.judgeSplit;
      const rest = { ...built, settings };
      delete rest.heldOut;
      return rest;
    };
    expect(JSON.stringify(withoutSplit(notRun))).toBe(json);
    expect(JSON.stringify(withoutSplit(report))).toBe(json);
  });
});

function csvRecords(csv: string): Array<Record<string, string>> {
  const table = readCsv(csv);
  if (!table.ok) throw new Error(`CSV does not parse: line ${table.line}: ${table.message}`);
  const [header, ...rows] = table.rows.filter((fields) => !(fields[0] ?? '').startsWith('#'));
  expect(header).toEqual([...REPORT_CSV_HEADER]);
  return rows.map((fields) => Object.fromEntries(REPORT_CSV_HEADER.map((name, i) => [name, fields[i] ?? ''])));
}

describe('the held-out verdict in the renderings', () => {
  const heldOut = section();
  const v2 = heldOut.judges[0]?.tasks.find((one) => one.task === 'answer');
  const percent = (share: number | null | undefined) => (100 * (share ?? Number.NaN)).toFixed(1);

  it('Markdown: a section with development beside test, the denominator, the notes and the split in the settings line', () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('- settings: bootstrap 60, seed 3, average micro');
    expect(markdown).toContain('judge split seed 34 (examples 15%, development 45%, test 40% of the puzzles)');
    expect(markdown).toContain('## Held-out verdict');
    expect(markdown).toContain('### Held-out verdict: judge-v2 on the test split');
    expect(markdown).toContain('3 versions tried on the development split; 3 runs on the test split, the first the verdict.');
    expect(markdown).toContain('| Judge | Task | Figure | Development | Test |');
    const { development, test } = v2 ?? {};
    expect(markdown).toContain(
      `| judge-v2 | R (questions) | Agreement with people, % | ${percent(development?.agreement.value)} (n=${development?.agreement.n}) [${percent(development?.agreement.ci95?.[0])}, ${percent(development?.agreement.ci95?.[1])}] | ${percent(test?.agreement.value)} (n=${test?.agreement.n}) [`,
    );
    expect(markdown).toContain(
      `| judge-v2 | R (questions) | Cohen's kappa with the majority | ${development?.kappa.value?.toFixed(3)} (n=${development?.kappa.n})`,
    );
    expect(markdown).toContain('- The development figures are of a version chosen among 3 versions tried');
    expect(markdown).toContain('- The test split was run 3 times, on 2 versions: the first run, judge-v2, is the verdict.');
    expect(markdown).toContain('- Runs on the test split: judge-v2 2, judge-v1 1;');
  });

  it('LaTeX: the table with its label, and the split in the settings comment', () => {
    const latex = renderLatex(report);
    expect(latex).toContain('\\label{tab:held-out}');
    expect(latex).toMatch(/^% settings: .*judge split seed 34 \(examples 15%, development 45%, test 40% of the puzzles\)$/m);
  });

  it('CSV: every figure of both parts reads back to the report, with the denominator and the verdict', () => {
    const csv = renderCsv(report);
    expect(csv).toMatch(/^# settings: .*judge split seed 34 \(examples 15%, development 45%, test 40% of the puzzles\)\r$/m);
    expect(csv).toContain('# held_out: b development is the part the versions_tried were tuned on');
    const records = csvRecords(csv).filter((record) => record.section === 'held_out');
    const value = (measure: string, a = '', b = '', task = 'all') =>
      records.find((record) => record.measure === measure && record.a === a && record.b === b && record.task === task);
    expect(Number(value('versions_tried')?.value)).toBe(3);
    expect(Number(value('test_looks')?.value)).toBe(3);
    expect(value('verdict', 'judge:judge-v2')?.value).toBe('1');
    expect(Number(value('test_runs', 'judge:judge-v1')?.value)).toBe(1);
    expect(Number(value('share', '', 'development')?.value)).toBe(0.45);
    expect(Number(value('puzzles', '', 'test')?.value)).toBe(heldOut.puzzles.test);
    for (const { judge, tasks } of heldOut.judges)
      for (const one of tasks)
        for (const part of ['development', 'test'] as const) {
          const figures = one[part];
          const agreement = value('agreement', `judge:${judge}`, part, one.task);
          expect(Number(agreement?.value)).toBe(figures.agreement.value);
          expect(Number(agreement?.n)).toBe(figures.agreement.n);
          expect(Number(agreement?.ci_low)).toBe(figures.agreement.ci95?.[0]);
          expect(Number(value('kappa', `judge:${judge}`, part, one.task)?.ci_high)).toBe(figures.kappa.ci95?.[1]);
          expect(Number(value('net_leniency', `judge:${judge}`, part, one.task)?.value)).toBe(figures.netLeniency.value);
          expect(Number(value('alt_test_winning_rate', `judge:${judge}`, part, one.task)?.value)).toBe(figures.altTest?.winningRate);
        }
  });
});

describe("the test part's agreement interval", () => {
  it('prints its coverage over 200 seeded studies with a known judge accuracy', { timeout: 120_000 }, () => {
    // People never err here, so a judge's agreement with them is its accuracy; the accuracy the
    // generator's error rates and puzzle difficulties make is read off one study of 3,000 puzzles.
    const options = { puzzles: 36, judgeErrorRates: [0.2, 0.2], humanErrorRate: 0, annotators: 2 };
    const large = splitStudyData({ ...options, puzzles: 3000, seed: 1 });
    const truth = accuracyOf(large.study, large.labels, 'judge-v1');
    let covered = 0;
    let studies = 0;
    const started = performance.now();
    for (let seed = 1; seed <= 200; seed++) {
      const one = splitStudyData({ ...options, seed: 1000 + seed });
      const testPart: ReportInput = partInput(reportInput(withSplit(one.study, SPLIT), one.labels, 200), SPLIT, 'test');
      const row = buildReport(testPart).tables.answer.find((r) => r.bucket === 'all' && r.a === 'judge:judge-v1' && r.b === 'human');
      if (row?.ci95 === null || row?.ci95 === undefined) continue;
      studies++;
      if (row.ci95[0] <= truth && truth <= row.ci95[1]) covered++;
    }
    const coverage = covered / studies;
    console.log(
      `test-part agreement CI (answer task, judge accuracy ${(100 * truth).toFixed(1)}%): covered ${covered} of ${studies} studies = ${(100 * coverage).toFixed(1)}% (B = 200, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    // A loose bound: 200 studies resolve coverage to about 1.5 points; the report's intervals are checked at 95% elsewhere.
    expect(coverage).toBeGreaterThan(0.88);
  });
});

/** The share of answer units where the judge gives people's label (people agree: they never err). */
function accuracyOf(data: StudyData, all: readonly StudyLabel[], judge: string): number {
  const byUnit = new Map(all.filter((label) => label.task === 'answer').map((label) => [label.unitId, String(label.value)]));
  let right = 0;
  let units = 0;
  for (const turn of data.turns) {
    const person = byUnit.get(turn.id);
    if (turn.type !== 'question' || person === undefined) continue;
    units++;
    if (turn.judgements[judge] === person) right++;
  }
  return right / units;
}
