// `agreement-studio dataset --transcripts FILE... --labels FILE...`: the labelled dataset export
// (docs/formats.md#labelled-dataset) of a study and its labels, as the app's lead export writes it: one row per unit
// with every annotator's label, the majority, the judges' labels and the soft labels (issue 33),
// as JSONL or CSV, printed or written to --out; with a judge split (--split-seed and the shares,
// as `judge --examples` takes them) each unit's part of it. Exit 1 with every located error on invalid input.

import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { datasetFile } from '../../shared/export/dataset';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import type { SplitRule } from '../../shared/study/judge-splits';
import { parseArgsWithFileLists, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { parseSplitRule, SPLIT_DEFAULTS, SPLIT_OPTIONS } from '../support/judge-options';
import { readInputFile } from '../support/read-input-file';
import { writeOutput } from '../support/write-output';

const COMMAND = 'dataset';

const USAGE = `Usage: agreement-studio dataset --transcripts FILE... --labels FILE... [options]

Writes the labelled dataset of a study (docs/formats.md, Labelled dataset): one row per unit
with its text, bucket, every annotator's label, the human majority, the judges' labels and
the puzzle's difficulty, then soft labels: each label's share of the people's labels,
Dawid-Skene's posterior fitted to the annotators' labels alone (no judge), and each
annotator's set of acceptable answers.

  --transcripts FILE...  transcript bundles (.json, .jsonl, puzzle lists), read as one study
  --labels FILE...       label files (.labels.json) and label CSVs (annotator,unit,task,value)
  --format F             jsonl (default) or csv
  --without-judges       leave every judge out (an annotator's export)
  --any-study            use label files made for another study id than the transcripts'
  --split-seed S         add each unit's part of the judge split (examples, development or
                         test) by its puzzle, the split \`judge --examples\` draws from for the
                         same seed and shares (default seed ${SPLIT_DEFAULTS.seed})
  --examples-share X     the examples split's share of the puzzles, 0.1 to 0.2 (default ${SPLIT_DEFAULTS.examplesShare})
  --test-share Y         the test split's share (default ${SPLIT_DEFAULTS.testShare}); development gets the rest
  --out FILE             write the dataset to FILE instead of printing it
`;

export async function runDataset(args: string[], io: CliIo): Promise<number> {
  const options = parseDatasetArgs(args);
  if (options === 'help') {
    io.stdout.write(USAGE);
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
  // A split given here is set now, and nothing has been run on it.
  const judgeSplit = options.split === undefined ? undefined : { ...options.split, setAt: now, developmentJudges: [], testRuns: [] };
  // Gold labels live in the app's database; the command line has none to add.
  const { text } = datasetFile({
    study: judgeSplit === undefined ? study : { ...study, study: { ...study.study, judgeSplit } },
    labels,
    gold: [],
    includeJudges: options.includeJudges,
    format: options.format,
    app: `agreement-studio ${__APP_VERSION__}`,
    now,
    inputs,
    annotatorNames,
  });
  return writeOutput(io, COMMAND, options.out, text);
}

interface DatasetOptions {
  transcripts: string[];
  labels: string[];
  format: 'jsonl' | 'csv';
  includeJudges: boolean;
  anyStudy: boolean;
  split?: SplitRule;
  out?: string;
}

function parseDatasetArgs(args: string[]): DatasetOptions | 'help' {
  const { values, files: lists } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string', multiple: true },
      labels: { type: 'string', multiple: true },
      format: { type: 'string' },
      'without-judges': { type: 'boolean' },
      'any-study': { type: 'boolean' },
      ...SPLIT_OPTIONS,
      out: { type: 'string' },
    },
    ['transcripts', 'labels'],
  );
  if (values.help === true) return 'help';
  if (lists.transcripts.length === 0) throw new UsageError('--transcripts FILE... is required', COMMAND);
  if (lists.labels.length === 0) throw new UsageError('--labels FILE... is required', COMMAND);
  const format = values.format ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--format takes jsonl or csv, not ${JSON.stringify(format)}`, COMMAND);
  const out = values.out;
  if (out !== undefined && out.trim() === '') throw new UsageError('--out takes a file name', COMMAND);
  const split = (Object.keys(SPLIT_OPTIONS) as Array<keyof typeof SPLIT_OPTIONS>).some((name) => values[name] !== undefined)
    ? parseSplitRule(COMMAND, values)
    : undefined;
  return {
    ...lists,
    format,
    includeJudges: values['without-judges'] !== true,
    anyStudy: values['any-study'] === true,
    ...(split !== undefined ? { split } : {}),
    ...(out !== undefined ? { out } : {}),
  };
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
