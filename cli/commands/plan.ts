// `agreement-studio plan --transcripts FILE... --labels FILE... --target width=0.05`: reads a study as
// the report does, estimates what the planner needs of one task and bucket, and says how many more
// puzzles (or people per puzzle) a target needs, by simulation; progress on stderr, JSON or text out.

import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import type { ReportBucket, ReportTask } from '../../shared/report/model/report-model';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { countedLabels } from '../../shared/report/unsure-labels';
import { DEFAULT_ALT_TEST_EPSILON } from '../../shared/stats/judge/alt-test';
import { formatPercent, PLAN_DEFAULTS, planStudy, type PlanTarget, type PlanTrial, type StudyPlan } from '../../shared/stats/planner/plan';
import { estimateStudy } from '../../shared/stats/planner/study-estimates';
import { inLabelOrder, inStudyOrder } from '../../shared/stats/study/study-order';
import { indexStudy } from '../../shared/stats/study/study-units';
import { parseArgsWithFileLists, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readInputFile } from '../support/read-input-file';

const COMMAND = 'plan';

const BUCKETS: readonly ReportBucket[] = ['all', 'easy', 'medium', 'hard', 'unrated'];

function usage(): string {
  return `Usage: agreement-studio plan --transcripts FILE... --labels FILE... --target TARGET [options]

How many more puzzles (or people per puzzle) the study needs for a target, by simulating studies
drawn from its own estimates: each judge's confusion with the human majority, how often people
agree, and how much the judge's agreement moves from puzzle to puzzle. The plan states its
assumptions. The recommended size is the smallest whose simulated studies reach the target in
at least 80% of them (for a power target, in that share).

  --transcripts FILE...  transcript bundles, as for report
  --labels FILE...       label files and label CSVs, as for report
  --target TARGET        width=W: the 95% interval of the judge's agreement with the human
                         majority at most W wide (such as width=0.05);
                         power=P: the judge passes the Alt-Test with chance P (such as power=0.8);
                         difference=D: the paired test finds a difference of D between two
                         judges (--judges) with 80% power; difference alone: the smallest
                         difference it finds with 80% power at the study's size
  --task T               match (final answers, M; default) or answer (questions, R)
  --bucket B             all (default), easy, medium, hard or unrated
  --judge NAME           the judge of a width or power target (default: the task's only judge)
  --judges A,B           the two judges of a difference target
  --vary WHAT            puzzles (default) or annotators: people per puzzle at the study's puzzles
                         (width and power targets)
  --alt-test-epsilon X   the Alt-Test's epsilon (default ${DEFAULT_ALT_TEST_EPSILON})
  --repeats N            simulated studies per size tried (default ${PLAN_DEFAULTS.repeats})
  --replicates N         bootstrap replicates in each simulated study (default ${PLAN_DEFAULTS.replicates})
  --seed S               whole number seeding the simulation (default ${PLAN_DEFAULTS.seed})
  --max-puzzles N        the most puzzles tried (default 10 times the bucket's, at least 200)
  --max-annotators N     the most people per puzzle tried (default ${PLAN_DEFAULTS.maxAnnotators})
  --exact-estimates      take the judge's estimated error rate as exact (default: each simulated
                         study draws it as precisely as the study's units are worth)
  --leave-out-unsure     leave labels marked unsure out, as for report
  --unparseable WHAT     left-out (default) or disagreement, as for report
  --any-study            use label files made for another study id than the transcripts'
  --json                 print the plan as JSON (default: text)
`;
}

interface PlanArgs {
  transcripts: string[];
  labels: string[];
  target: PlanTarget;
  task: ReportTask;
  bucket: ReportBucket;
  vary: 'puzzles' | 'annotators';
  repeats: number;
  replicates: number;
  seed: number;
  maxPuzzles?: number;
  maxAnnotators?: number;
  exact: boolean;
  leaveOutUnsure: boolean;
  unparseable: 'left-out' | 'disagreement';
  anyStudy: boolean;
  json: boolean;
  /** The judge flag as given, resolved once the study is read. */
  judge?: string;
}

export async function runPlan(args: string[], io: CliIo): Promise<number> {
  const options = parsePlanArgs(args);
  if (options === 'help') {
    io.stdout.write(usage());
    return 0;
  }
  const read = await Promise.all([...options.transcripts, ...options.labels].map(readInputFile));
  const failures = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (failures.length > 0) return invalid(io, failures);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const loaded = loadStudyInputs(files.slice(0, options.transcripts.length), files.slice(options.transcripts.length), {
    anyStudy: options.anyStudy,
    now: new Date().toISOString(),
  });
  if (!loaded.ok) return invalid(io, loaded.errors);

  const labels = countedLabels(inLabelOrder(loaded.value.labels), options.leaveOutUnsure ? 'left-out' : 'counted');
  const units = indexStudy(inStudyOrder(loaded.value.study), labels, [], options.unparseable);
  const estimates = estimateStudy(units, options.task, options.bucket);
  const target = withJudge(
    options.target,
    options.judge,
    estimates.judges.map((judge) => judge.judge),
  );

  let shown = -1;
  let plan: StudyPlan;
  try {
    plan = planStudy(
      estimates,
      target,
      {
        vary: options.vary,
        seed: options.seed,
        repeats: options.repeats,
        replicates: options.replicates,
        estimates: options.exact ? 'exact' : 'uncertain',
        ...(options.maxPuzzles === undefined ? {} : { maxPuzzles: options.maxPuzzles }),
        ...(options.maxAnnotators === undefined ? {} : { maxAnnotators: options.maxAnnotators }),
      },
      (done, total) => {
        // A line per tenth: the bound is what the plan may draw, so the last step can jump.
        const tenth = Math.floor((10 * done) / total);
        if (tenth === shown) return;
        shown = tenth;
        io.stderr.write(`plan: ${tenth * 10}% (${done} of at most ${total} simulated studies)\n`);
      },
    );
  } catch (error) {
    // The planner's RangeErrors say what the study or the target lacks: the command's usage is at fault.
    if (error instanceof RangeError) throw new UsageError(error.message, COMMAND);
    throw error;
  }
  io.stdout.write(options.json ? `${JSON.stringify({ plan, estimates: estimatesSummary(estimates) }, null, 2)}\n` : planText(plan));
  return 0;
}

/** The judge of a width or power target, from --judge or the task's only judge. */
function withJudge(target: PlanTarget, judge: string | undefined, judges: readonly string[]): PlanTarget {
  if (target.kind === 'difference') return target;
  if (judge !== undefined) return { ...target, judge };
  if (judges.length === 1) return { ...target, judge: judges[0] as string };
  throw new UsageError(
    judges.length === 0
      ? 'no judge labelled this task, so there is nothing to plan'
      : `--judge NAME is required: the task has several judges (${judges.join(', ')})`,
    COMMAND,
  );
}

/** What the JSON carries of the estimates: every figure but the per-unit and per-puzzle lists, summarised. */
function estimatesSummary(estimates: ReturnType<typeof estimateStudy>) {
  const { unitsPerPuzzle, annotatorsPerUnit, pairs, ...rest } = estimates;
  const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  return {
    ...rest,
    units: annotatorsPerUnit.length,
    meanUnitsPerPuzzle: mean(unitsPerPuzzle),
    meanAnnotatorsPerUnit: mean(annotatorsPerUnit),
    pairs: pairs.map(({ unitsPerPuzzle: paired, ...pair }) => ({ ...pair, puzzles: paired.length })),
  };
}

const TASK_WORDS: Record<ReportTask, string> = { match: 'M (final answers)', answer: 'R (questions)' };

function targetWords(target: PlanTarget): string {
  switch (target.kind) {
    case 'width':
      return `the 95% interval of ${target.judge}'s agreement with the human majority at most ${target.width} wide`;
    case 'power':
      return `${target.judge} passes the Alt-Test (epsilon ${target.epsilon}) with chance ${formatPercent(target.power)}`;
    case 'difference':
      return target.difference === undefined
        ? `the smallest difference between ${target.judges[0]} and ${target.judges[1]} the paired test finds with 80% power`
        : `the paired test finds a difference of ${target.difference} between ${target.judges[0]} and ${target.judges[1]} with 80% power`;
  }
}

function trialWords(plan: StudyPlan, trial: PlanTrial): string {
  const reached =
    plan.target.kind === 'width'
      ? `${formatPercent(trial.share)} of ${trial.repeats} simulated studies reach it`
      : `power ${formatPercent(trial.share)} (${trial.repeats} simulated studies)`;
  const width =
    trial.width === undefined
      ? ''
      : `; width ${trial.width.atLevel.toFixed(3)} or less in ${formatPercent(plan.level)} of them, median ${trial.width.median.toFixed(3)}`;
  return `${reached}${width}`;
}

function planText(plan: StudyPlan): string {
  const bucket = plan.bucket === 'all' ? 'all buckets' : `the ${plan.bucket} bucket`;
  const { current } = plan;
  const size = (puzzles: number, study: number, people: number) =>
    `${puzzles} puzzles${plan.bucket === 'all' ? '' : ` in the bucket (${study} in the study)`}, ${people} people per puzzle`;
  const lines = [`Plan for ${TASK_WORDS[plan.task]}, ${bucket}: ${targetWords(plan.target)}.`, ''];
  lines.push(`Now: ${size(current.puzzles, current.studyPuzzles, current.annotatorsPerPuzzle)}: ${trialWords(plan, plan.atCurrent)}.`);
  if (plan.detectableDifference !== undefined) {
    lines.push(
      plan.detectableDifference === null
        ? `Smallest difference found: none (${plan.reason ?? ''}).`
        : `Smallest difference found with ${formatPercent(plan.level)} power at ${current.puzzles} puzzles: ${plan.detectableDifference}.`,
    );
  } else if (plan.recommended === null || plan.more === null || plan.atRecommended === null) {
    lines.push(`Recommended: none: ${plan.reason ?? ''}.`);
  } else {
    const { recommended, more } = plan;
    const extra =
      plan.vary === 'puzzles'
        ? more.puzzles === 0
          ? 'the study is already large enough'
          : `${more.puzzles} more${plan.bucket === 'all' ? '' : ` in the bucket, about ${more.studyPuzzles} more in the study`}`
        : more.annotatorsPerPuzzle === 0
          ? 'as many people as now are enough'
          : `${more.annotatorsPerPuzzle} more people per puzzle`;
    lines.push(
      `Recommended: ${size(recommended.puzzles, recommended.studyPuzzles, recommended.annotatorsPerPuzzle)} (${extra}): ${trialWords(plan, plan.atRecommended)}.`,
    );
  }
  lines.push('', 'Assumptions:', ...plan.assumptions.map((sentence) => `  - ${sentence}`), '');
  lines.push(
    `Settings: seed ${plan.settings.seed}, up to ${plan.settings.repeats} simulated studies per size, ${plan.settings.replicates} bootstrap replicates each; sizes tried: ${plan.trials.map((trial) => trial.size).join(', ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

function parsePlanArgs(args: string[]): PlanArgs | 'help' {
  const { values, files: lists } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string', multiple: true },
      labels: { type: 'string', multiple: true },
      target: { type: 'string' },
      task: { type: 'string' },
      bucket: { type: 'string' },
      judge: { type: 'string' },
      judges: { type: 'string' },
      vary: { type: 'string' },
      'alt-test-epsilon': { type: 'string' },
      repeats: { type: 'string' },
      replicates: { type: 'string' },
      seed: { type: 'string' },
      'max-puzzles': { type: 'string' },
      'max-annotators': { type: 'string' },
      'exact-estimates': { type: 'boolean' },
      'leave-out-unsure': { type: 'boolean' },
      unparseable: { type: 'string' },
      'any-study': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    ['transcripts', 'labels'],
  );
  if (values.help === true) return 'help';
  if (lists.transcripts.length === 0) throw new UsageError('--transcripts FILE... is required', COMMAND);
  if (lists.labels.length === 0) throw new UsageError('--labels FILE... is required', COMMAND);
  const task = values.task ?? 'match';
  if (task !== 'match' && task !== 'answer') throw new UsageError(`--task takes match or answer, not ${JSON.stringify(task)}`, COMMAND);
  const bucket = values.bucket ?? 'all';
  if (!(BUCKETS as readonly string[]).includes(bucket)) throw new UsageError(`--bucket takes ${BUCKETS.join(', ')}, not ${JSON.stringify(bucket)}`, COMMAND);
  const vary = values.vary ?? 'puzzles';
  if (vary !== 'puzzles' && vary !== 'annotators') throw new UsageError(`--vary takes puzzles or annotators, not ${JSON.stringify(vary)}`, COMMAND);
  const unparseable = values.unparseable ?? 'left-out';
  if (unparseable !== 'left-out' && unparseable !== 'disagreement')
    throw new UsageError(`--unparseable takes left-out or disagreement, not ${JSON.stringify(unparseable)}`, COMMAND);
  const epsilon =
    values['alt-test-epsilon'] === undefined
      ? DEFAULT_ALT_TEST_EPSILON
      : decimal('alt-test-epsilon', values['alt-test-epsilon'], 'from 0 up to but not including 1, such as 0.2', (x) => x >= 0 && x < 1);
  if (values.target === undefined)
    throw new UsageError('--target is required: width=W (such as width=0.05), power=P (such as power=0.8) or difference[=D]', COMMAND);
  const target = parseTarget(values.target, epsilon, values.judges);
  if (target.kind !== 'difference' && values.judges !== undefined)
    throw new UsageError('--judges A,B goes with --target difference; a width or power target takes --judge NAME', COMMAND);
  return {
    ...lists,
    target,
    task,
    bucket: bucket as ReportBucket,
    vary,
    repeats: parseWholeNumber(COMMAND, 'repeats', values.repeats, PLAN_DEFAULTS.repeats, 20, 10_000),
    replicates: parseWholeNumber(COMMAND, 'replicates', values.replicates, PLAN_DEFAULTS.replicates, 50, 10_000),
    seed: parseWholeNumber(COMMAND, 'seed', values.seed, PLAN_DEFAULTS.seed, -(2 ** 31), 2 ** 32 - 1),
    ...(values['max-puzzles'] === undefined ? {} : { maxPuzzles: parseWholeNumber(COMMAND, 'max-puzzles', values['max-puzzles'], 0, 2, 1_000_000) }),
    ...(values['max-annotators'] === undefined ? {} : { maxAnnotators: parseWholeNumber(COMMAND, 'max-annotators', values['max-annotators'], 0, 1, 50) }),
    exact: values['exact-estimates'] === true,
    leaveOutUnsure: values['leave-out-unsure'] === true,
    unparseable,
    anyStudy: values['any-study'] === true,
    json: values.json === true,
    ...(values.judge === undefined ? {} : { judge: values.judge }),
  };
}

/** --target width=W, power=P or difference[=D]; the judge of a width or power target is filled in once the study is read. */
function parseTarget(text: string, epsilon: number, judges: string | undefined): PlanTarget {
  const [name, value, ...rest] = text.split('=');
  const expected = 'width=W (such as width=0.05), power=P (such as power=0.8) or difference[=D] (such as difference=0.05)';
  if (rest.length > 0) throw new UsageError(`--target takes ${expected}, not ${JSON.stringify(text)}`, COMMAND);
  switch (name?.trim()) {
    case 'width':
      return { kind: 'width', width: decimal('target width', value, 'above 0 and below 1, such as 0.05', (x) => x > 0 && x < 1), judge: '' };
    case 'power':
      return { kind: 'power', power: decimal('target power', value, 'above 0 and below 1, such as 0.8', (x) => x > 0 && x < 1), judge: '', epsilon };
    case 'difference': {
      const pair = (judges ?? '').split(',').map((judge) => judge.trim());
      if (pair.length !== 2 || pair.some((judge) => judge === ''))
        throw new UsageError('--target difference needs --judges A,B: the two judges to compare', COMMAND);
      const difference = value === undefined ? undefined : decimal('target difference', value, 'above 0 and at most 1, such as 0.05', (x) => x > 0 && x <= 1);
      return { kind: 'difference', judges: [pair[0] as string, pair[1] as string], ...(difference === undefined ? {} : { difference }) };
    }
    default:
      throw new UsageError(`--target takes ${expected}, not ${JSON.stringify(text)}`, COMMAND);
  }
}

function decimal(what: string, text: string | undefined, expected: string, ok: (value: number) => boolean): number {
  const trimmed = (text ?? '').trim();
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!ok(value)) throw new UsageError(`the ${what} must be a number ${expected}, not ${JSON.stringify(text ?? '')}`, COMMAND);
  return value;
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
