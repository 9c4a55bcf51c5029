// `agreement-studio report --transcripts FILE... --labels FILE...`: reads the study and its
// labels, computes the agreement report with the engine the app uses, and prints it (or writes
// --out) as JSON, Markdown, CSV or LaTeX. Exit 1 with every located error on invalid input.

import type { UnparseableReplies } from '../../shared/domain/model';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { buildReport } from '../../shared/report/build-report';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { renderCsv } from '../../shared/report/render-csv';
import { renderLatex } from '../../shared/report/render-latex';
import { renderMarkdown } from '../../shared/report/render-markdown';
import type { TruthRaters } from '../../shared/report/model/estimated-truth';
import type { AgreementReport, PairedTest, Resampling } from '../../shared/report/model/report-model';
import { parseArgsWithFileLists, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readInputFile } from '../support/read-input-file';
import { writeOutput } from '../support/write-output';

const COMMAND = 'report';

const MAX_BOOTSTRAP = 100_000;

type ReportFormat = 'json' | 'md' | 'csv' | 'latex';

const RENDERERS: Record<ReportFormat, (report: AgreementReport) => string> = {
  json: (report) => `${JSON.stringify(report, null, 2)}\n`,
  md: renderMarkdown,
  csv: renderCsv,
  latex: renderLatex,
};

// The help text, made when asked for: its figures are formatted with Intl, whose first use costs
// a short command about 14 ms of start-up.
function usage(): string {
  return `Usage: agreement-studio report --transcripts FILE... --labels FILE... [options]

Computes the agreement report of a study (docs/formats.md, Report): M (final answers) and R
(questions) agreement per difficulty bucket for every pair of rater groups, with n and 95%
bootstrap intervals, chance-corrected statistics, per-annotator reliability and player
outcomes; then the judges: each against the human majority and against each other, the
Alternative Annotator Test, and each player's solve rate corrected for each judge's errors.

  --transcripts FILE...  transcript bundles (.json, .jsonl, puzzle lists), read as one study;
                         ids must be unique across them
  --labels FILE...       label files (.labels.json) and label CSVs (annotator,unit,task,value);
                         a label in several files counts once, its highest revision
  --format F             json (default), md, csv or latex
  --bootstrap N          bootstrap resamples for the intervals, 0 to ${MAX_BOOTSTRAP.toLocaleString('en')} (default 1000)
  --seed S               whole number seeding the bootstrap (default 1)
  --resample WHAT        puzzles (default): a bootstrap replicate draws whole puzzles, keeping
                         a puzzle's questions and final answers together; units: single units
  --paired-test WHAT     the test of judge against judge and of leniency against severity:
                         bootstrap-t (default), from the same replicates as the interval
                         beside it, so p < 0.05 exactly when the 95% CI leaves 0 out;
                         exact-mcnemar, which takes the units as independent (only for data
                         whose units are: a puzzle's units usually are not)
  --macro                tables show macro agreement (mean of per-unit agreement)
  --leave-out-unsure     leave labels marked unsure out of every figure (default: they
                         count like any other); the report's settings say which was used
  --unparseable WHAT     left-out (default): judge replies that could not be read are left
                         out of every figure; disagreement: each counts as disagreeing with
                         every human label, as TurtleBench scores them
  --alt-test-epsilon X   the Alternative Annotator Test's epsilon, from 0 to below 1 (default
                         0.2): how much worse than an annotator a judge may be and still
                         pass; 0.2 suits expert, 0.15 skilled and 0.1 crowd annotators
  --selective-agreement X  selective evaluation's target: the agreement with people a judge's
                         kept labels must reach, between 0 and 1 (default 0.9)
  --selective-risk X     the chance the target may fail, between 0 and 1 (default 0.1)
  --estimated-truth      add the Estimated truth section: the true label of each unit as
                         Dawid-Skene and MACE estimate it from the raters' labels, each
                         rater's estimated accuracy, and each judge against that truth beside
                         the human majority; every interval fits the truth again in each
                         bootstrap replicate, so this takes seconds to minutes
  --truth-raters WHO     with --estimated-truth: people (default), the annotators alone; or
                         people-and-judges, the judges as more raters (each judge is then
                         measured against the truth fitted without its own labels)
  --any-study            use label files made for another study id than the transcripts'
  --out FILE             write the report to FILE instead of printing it
`;
}

export async function runReport(args: string[], io: CliIo): Promise<number> {
  const options = parseReportArgs(args);
  if (options === 'help') {
    io.stdout.write(usage());
    return 0;
  }
  const now = new Date().toISOString();
  const read = await Promise.all([...options.transcripts, ...options.labels].map(readInputFile));
  const failures = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (failures.length > 0) return invalid(io, failures);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const loaded = loadStudyInputs(files.slice(0, options.transcripts.length), files.slice(options.transcripts.length), { anyStudy: options.anyStudy, now });
  if (!loaded.ok) return invalid(io, loaded.errors);

  const { study, labels, annotatorNames, inputs } = loaded.value;
  const report = buildReport({
    study,
    labels,
    annotatorNames,
    settings: {
      bootstrap: options.bootstrap,
      seed: options.seed,
      average: options.macro ? 'macro' : 'micro',
      unsure: options.leaveOutUnsure ? 'left-out' : 'counted',
      unparseable: options.unparseable,
      resample: options.resample,
      pairedTest: options.pairedTest,
      ...(options.altTestEpsilon !== undefined ? { altTestEpsilon: options.altTestEpsilon } : {}),
      ...(options.selectiveAgreement !== undefined ? { selectiveAgreement: options.selectiveAgreement } : {}),
      ...(options.selectiveRisk !== undefined ? { selectiveRisk: options.selectiveRisk } : {}),
      ...(options.estimatedTruth !== undefined ? { estimatedTruth: options.estimatedTruth } : {}),
    },
    inputs,
    app: `agreement-studio ${__APP_VERSION__}`,
    now,
  });
  const text = RENDERERS[options.format](report);
  return writeOutput(io, COMMAND, options.out, text);
}

interface ReportOptions {
  transcripts: string[];
  labels: string[];
  format: ReportFormat;
  bootstrap: number;
  seed: number;
  macro: boolean;
  leaveOutUnsure: boolean;
  unparseable: UnparseableReplies;
  altTestEpsilon?: number;
  selectiveAgreement?: number;
  selectiveRisk?: number;
  resample: Resampling;
  pairedTest: PairedTest;
  /** Who the estimated truth is fitted to; absent: no Estimated truth section. */
  estimatedTruth?: TruthRaters;
  anyStudy: boolean;
  out?: string;
}

function parseReportArgs(args: string[]): ReportOptions | 'help' {
  const { values, files: lists } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string', multiple: true },
      labels: { type: 'string', multiple: true },
      format: { type: 'string' },
      bootstrap: { type: 'string' },
      seed: { type: 'string' },
      macro: { type: 'boolean' },
      'leave-out-unsure': { type: 'boolean' },
      unparseable: { type: 'string' },
      'alt-test-epsilon': { type: 'string' },
      'selective-agreement': { type: 'string' },
      'selective-risk': { type: 'string' },
      resample: { type: 'string' },
      'paired-test': { type: 'string' },
      'estimated-truth': { type: 'boolean' },
      'truth-raters': { type: 'string' },
      'any-study': { type: 'boolean' },
      out: { type: 'string' },
    },
    ['transcripts', 'labels'],
  );
  if (values.help === true) return 'help';
  if (lists.transcripts.length === 0) throw new UsageError('--transcripts FILE... is required', COMMAND);
  if (lists.labels.length === 0) throw new UsageError('--labels FILE... is required', COMMAND);
  const format = values.format ?? 'json';
  if (!isReportFormat(format)) throw new UsageError(`--format takes json, md, csv or latex, not ${JSON.stringify(format)}`, COMMAND);
  const unparseable = values.unparseable ?? 'left-out';
  if (unparseable !== 'left-out' && unparseable !== 'disagreement')
    throw new UsageError(`--unparseable takes left-out or disagreement, not ${JSON.stringify(unparseable)}`, COMMAND);
  const altTestEpsilon = parseEpsilon(values['alt-test-epsilon']);
  const selectiveAgreement = parseShare(
    'selective-agreement',
    values['selective-agreement'],
    "0.9 (the judge's kept labels agree with people 90% of the time)",
  );
  const selectiveRisk = parseShare('selective-risk', values['selective-risk'], '0.1 (a 10% chance that they do not)');
  const resample = values.resample ?? 'puzzles';
  if (resample !== 'puzzles' && resample !== 'units') throw new UsageError(`--resample takes puzzles or units, not ${JSON.stringify(resample)}`, COMMAND);
  const pairedTest = values['paired-test'] ?? 'bootstrap-t';
  if (pairedTest !== 'bootstrap-t' && pairedTest !== 'exact-mcnemar')
    throw new UsageError(`--paired-test takes bootstrap-t or exact-mcnemar, not ${JSON.stringify(pairedTest)}`, COMMAND);
  const estimatedTruth = parseTruthRaters(values['estimated-truth'] === true, values['truth-raters']);
  const out = values.out;
  if (out !== undefined && out.trim() === '') throw new UsageError('--out takes a file name', COMMAND);
  return {
    ...lists,
    format,
    bootstrap: parseWholeNumber(COMMAND, 'bootstrap', values.bootstrap, 1000, 0, MAX_BOOTSTRAP),
    seed: parseWholeNumber(COMMAND, 'seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1),
    macro: values.macro === true,
    leaveOutUnsure: values['leave-out-unsure'] === true,
    unparseable,
    resample,
    pairedTest,
    anyStudy: values['any-study'] === true,
    ...(altTestEpsilon !== undefined ? { altTestEpsilon } : {}),
    ...(selectiveAgreement !== undefined ? { selectiveAgreement } : {}),
    ...(selectiveRisk !== undefined ? { selectiveRisk } : {}),
    ...(estimatedTruth !== undefined ? { estimatedTruth } : {}),
    ...(out !== undefined ? { out } : {}),
  };
}

/** Who the truth is fitted to, when --estimated-truth asks for it; --truth-raters alone would be silently ignored, so it is refused. */
function parseTruthRaters(asked: boolean, raters: string | undefined): TruthRaters | undefined {
  if (!asked) {
    if (raters !== undefined) throw new UsageError('--truth-raters needs --estimated-truth, which adds the section it sets', COMMAND);
    return undefined;
  }
  const value = raters ?? 'people';
  if (value !== 'people' && value !== 'people-and-judges')
    throw new UsageError(`--truth-raters takes people or people-and-judges, not ${JSON.stringify(value)}`, COMMAND);
  return value;
}

/**
 * The Alt-Test's epsilon: a decimal from 0 up to 1. At 0 the judge must represent the others at
 * least as well as the annotator, with no allowance (the authors' notebook runs it); at 1 every
 * judge short of losing on every unit would pass, so 1 is refused.
 */
function parseEpsilon(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const value = /^(0?\.\d+|0)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(value >= 0 && value < 1))
    throw new UsageError(
      `--alt-test-epsilon takes a number from 0 up to but not including 1, such as 0.2 (expert), 0.15 (skilled) or 0.1 (crowd annotators), not ${JSON.stringify(text)}`,
      COMMAND,
    );
  return value;
}

/** Selective evaluation's target agreement or risk: a decimal between 0 and 1, both left out (neither can be met or both always are). */
function parseShare(option: string, text: string | undefined, example: string): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const value = /^0?\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(value > 0 && value < 1)) throw new UsageError(`--${option} takes a number between 0 and 1, such as ${example}, not ${JSON.stringify(text)}`, COMMAND);
  return value;
}

function isReportFormat(text: string): text is ReportFormat {
  return Object.hasOwn(RENDERERS, text);
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
