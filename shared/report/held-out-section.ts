// The report's held-out verdict (issue 34 point 4): the report's input narrowed to one part of the
// study's judge split, and each judge run on the test split read off the reports of the two parts,
// development beside test, with the count of versions tried and of looks at the test part.

import type { JudgeSplitPart, JudgeSplitSetting, StudyData, Turn } from '../domain/model';
import type { AltTestResult } from '../stats/judge/alt-test';
import { labelledUnitSplits, puzzleSplit, splitCounts } from '../study/judge-splits';
import type { ReportInput } from './build-report';
import type { HeldOutFigures, HeldOutJudge, HeldOutVerdict, ReportJudgeSplit } from './model/held-out-model';
import type { AgreementReport, ReportTask } from './model/report-model';

/** The split as a report's settings name it. */
export function reportJudgeSplit({ seed, shares }: JudgeSplitSetting): ReportJudgeSplit {
  return { seed, shares: { ...shares } };
}

/**
 * The report's input on the puzzles of one part alone: their sessions and turns, the labels and
 * gold labels on those units (turns, or puzzles for difficulty), the same settings but the
 * estimated truth, and a study without its split, so the part's report holds no verdict of its own.
 * The turns keep the labels of the judges run on the test split alone: every figure the verdict
 * reads is of one judge against people, which no other judge changes, and a prompt search leaves
 * many versions on the development turns whose comparisons with each other would cost the most.
 */
export function partInput(input: ReportInput, split: JudgeSplitSetting, part: JudgeSplitPart): ReportInput {
  const { study } = input;
  const puzzles = study.puzzles.filter((puzzle) => puzzleSplit(split, puzzle.id) === part);
  const puzzleIds = new Set(puzzles.map((puzzle) => puzzle.id));
  const judges = new Set(split.testRuns.map((run) => run.judge));
  const turns = study.turns.filter((turn) => puzzleIds.has(turn.puzzleId)).map((turn) => withJudges(turn, judges));
  const turnIds = new Set(turns.map((turn) => turn.id));
  const onPart = ({ task, unitId }: { task: string; unitId: string }) => (task === 'difficulty' ? puzzleIds.has(unitId) : turnIds.has(unitId));
  const record = { ...study.study };
  delete record.judgeSplit;
  const settings = { ...input.settings };
  delete settings.estimatedTruth;
  const partStudy: StudyData = {
    ...study,
    study: record,
    puzzles,
    sessions: study.sessions.filter((session) => puzzleIds.has(session.puzzleId)),
    turns,
  };
  return {
    study: partStudy,
    labels: input.labels.filter(onPart),
    ...(input.gold === undefined ? {} : { gold: input.gold.filter(onPart) }),
    settings,
    ...(input.annotatorNames === undefined ? {} : { annotatorNames: input.annotatorNames }),
    ...(input.judgeRuns === undefined ? {} : { judgeRuns: input.judgeRuns }),
    inputs: input.inputs,
    app: input.app,
    now: input.now,
  };
}

/**
 * The turn with the labels of `judges` alone, without the judges' replies and confidence: none of
 * the verdict's figures reads them, and the calibration and bias checks they feed cost the most.
 */
function withJudges(turn: Turn, judges: ReadonlySet<string>): Turn {
  const judgements = Object.fromEntries(Object.entries(turn.judgements).filter(([judge]) => judges.has(judge)));
  const kept: Turn = { ...turn, judgements };
  delete kept.judgeReplies;
  delete kept.judgeConfidence;
  return kept;
}

/** Each judge run on the test split, in the order first run, read off the development part's report and the test part's. */
export function heldOutVerdict(input: ReportInput, split: JudgeSplitSetting, development: AgreementReport, test: AgreementReport): HeldOutVerdict {
  const verdictJudge = split.testRuns[0]?.judge;
  if (verdictJudge === undefined) throw new RangeError('a held-out verdict needs a run on the test split');
  const judges = [...new Set(split.testRuns.map((run) => run.judge))];
  const counts = splitCounts(labelledUnitSplits(split, input.study, input.labels));
  const versionsTried = split.developmentJudges.length;
  const testLooks = split.testRuns.length;
  return {
    split: reportJudgeSplit(split),
    versionsTried,
    testLooks,
    verdictJudge,
    puzzles: { development: counts.development.puzzles, test: counts.test.puzzles },
    judges: judges.map((judge): HeldOutJudge => ({
      judge,
      testRuns: split.testRuns.filter((run) => run.judge === judge).length,
      tasks: HELD_OUT_TASKS.filter((task) => judgedIn(development, task, judge) || judgedIn(test, task, judge)).map((task) => ({
        task,
        development: figuresOf(development, task, judge),
        test: figuresOf(test, task, judge),
      })),
    })),
    notes: heldOutNotes(versionsTried, testLooks, judges.length, verdictJudge),
  };
}

/** R (questions), then M (final answers), as the report computes them. */
const HELD_OUT_TASKS: readonly ReportTask[] = ['answer', 'match'];

function heldOutNotes(versionsTried: number, testLooks: number, looked: number, verdictJudge: string): string[] {
  const tried = versionsTried === 1 ? 'the one version tried' : `${versionsTried} versions tried`;
  return [
    `The development figures are of a version chosen among ${tried} on those same units, so they are optimistic; the test figures, on puzzles no version was tuned on, are the result.`,
    ...(testLooks > 1
      ? [
          `The test split was run ${testLooks} times, on ${looked === 1 ? 'one version' : `${looked} versions`}: the first run, ${verdictJudge}, is the verdict. Choosing among versions by their test figures makes those optimistic too.`,
        ]
      : []),
  ];
}

/** The agreement table's judge vs Humans row on every bucket: where the judge was compared with people on the task. */
function agreementRowOf(report: AgreementReport, task: ReportTask, judge: string) {
  return report.tables[task].find((row) => row.bucket === 'all' && row.a === `judge:${judge}` && row.b === 'human');
}

function judgedIn(report: AgreementReport, task: ReportTask, judge: string): boolean {
  return (agreementRowOf(report, task, judge)?.n ?? 0) > 0;
}

function figuresOf(report: AgreementReport, task: ReportTask, judge: string): HeldOutFigures {
  const agreement = agreementRowOf(report, task, judge);
  const kappa = report.judges?.fitness?.find((card) => card.judge === judge)?.tasks.find((card) => card.task === task)?.kappa;
  const people = report.judges?.againstPeople.find((row) => row.task === task && row.judge === judge && row.bucket === 'all');
  return {
    agreement: { value: agreement?.agreement ?? null, ci95: agreement?.ci95 ?? null, n: agreement?.n ?? 0 },
    kappa: kappa ?? { value: null, ci95: null, n: 0 },
    netLeniency: { value: people?.netLeniency.value ?? null, ci95: people?.netLeniency.ci95 ?? null, n: people?.classification.n ?? 0 },
    altTest: altTestOf(report, task, judge),
  };
}

function altTestOf(report: AgreementReport, task: ReportTask, judge: string): AltTestResult | null {
  const row = report.judges?.altTest.find((one) => one.task === task && one.judge === judge);
  if (row === undefined) return null;
  const result: AltTestResult & { task?: ReportTask; judge?: string } = { ...row };
  delete result.task;
  delete result.judge;
  return result;
}
