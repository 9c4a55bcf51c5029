// `agreement-studio reliability FILE.csv`: reads unit,rater,value ratings (docs/command-line.md, `reliability`) and prints
// one JSON object with every reliability statistic (docs/command-line.md), with bootstrap intervals when
// asked. Exit 0 on success, 1 for invalid input (located on stderr), 2 for bad usage.

import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { readReliabilityCsv, RELIABILITY_CSV_HEADER } from '../../shared/formats/reliability-csv';
import { computeReliabilityOfColumns, MEASUREMENT_LEVELS, ReliabilityInputError, type MeasurementLevel } from '../../shared/stats/reliability';
import { SET_SEPARATOR, setRatings } from '../../shared/stats/reliability/set-ratings';
import { parseCommandArgs, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readInputFile } from '../support/read-input-file';

const COMMAND = 'reliability';
const MAX_REPLICATES = 100_000;
const DEFAULT_SEED = 1;

// The help text, made when asked for: its figures are formatted with Intl, whose first use costs
// a short command about 14 ms of start-up.
function usage(): string {
  return `Usage: agreement-studio reliability FILE.csv [options]

Reads ratings from a CSV with the header ${RELIABILITY_CSV_HEADER} (one rating per row, columns
in any order; a unit may lack some raters; an empty value is a missing rating) and prints one
JSON object: units, raters, pairable values, percent agreement, Krippendorff's alpha, Fleiss'
kappa, Gwet's AC1, Brennan-Prediger, Conger's kappa, Cohen's kappa and Scott's pi per rater
pair. A statistic that is undefined is null, with the reason in "undefinedReasons".

A value may be a set of acceptable labels, written joined by ${SET_SEPARATOR}: no${SET_SEPARATOR}irrelevant is the set
{no, irrelevant}, its first label the rater's forced choice. When a value is a set, every
statistic above reads the forced choices, and "sets" adds Krippendorff's alpha with the MASI
distance (Passonneau 2006) and the share of rater pairs on a unit whose sets share a label.

Options:
  --level L        nominal, ordinal, interval or ratio (default nominal): the level of
                   "level" and of alpha's interval; alpha is reported at every level the
                   values allow (ordinal needs numbers or --order; interval, ratio need numbers)
  --order a,b,c    the categories in order (also declares unused ones, which count in q)
  --bootstrap N    95% studentized intervals from N unit resamples (1 to ${MAX_REPLICATES.toLocaleString('en')})
  --seed S         whole number seeding the resampling (default ${DEFAULT_SEED})
`;
}

export async function runReliability(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND, args, {
    help: { type: 'boolean', short: 'h' },
    level: { type: 'string' },
    order: { type: 'string' },
    bootstrap: { type: 'string' },
    seed: { type: 'string' },
  });
  if (values.help === true) {
    io.stdout.write(usage());
    return 0;
  }
  const [path, extra] = positionals;
  if (path === undefined) throw new UsageError('name the FILE.csv to read', COMMAND);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}; reliability reads one file`, COMMAND);
  const level = parseLevel(values.level);
  const order = values.order === undefined ? undefined : parseOrder(values.order);
  const replicates = parseWholeNumber(COMMAND, 'bootstrap', values.bootstrap, 0, 1, MAX_REPLICATES);
  const seed = parseWholeNumber(COMMAND, 'seed', values.seed, DEFAULT_SEED, -(2 ** 31), 2 ** 32 - 1);

  const file = await readInputFile(path);
  if (!file.ok) return fail(io, file.errors);
  const csv = readReliabilityCsv(file.value);
  if (!csv.ok) return fail(io, csv.errors);
  const sets = setRatings(csv.value.columns);
  if (sets?.ok === false) {
    const line = csv.value.lineOfRating[csv.value.columns.valueOf.indexOf(sets.value)];
    return fail(io, [{ file: path, ...(line === undefined ? {} : { line }), path: '', message: sets.message }]);
  }
  try {
    const result = computeReliabilityOfColumns(sets?.forcedChoices ?? csv.value.columns, {
      level,
      ...(order === undefined ? {} : { order }),
      ...(values.bootstrap === undefined ? {} : { bootstrap: { replicates, seed } }),
    });
    io.stdout.write(`${JSON.stringify(sets === undefined ? result : { ...result, sets: sets.agreement }, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ReliabilityInputError)) throw error;
    const lines = error.ratings.map((i) => csv.value.lineOfRating[i]).filter((line) => line !== undefined);
    const [line, ...others] = lines;
    const message = others.length > 0 ? `${error.message} (also line ${others.join(', ')})` : error.message;
    return fail(io, [{ file: path, ...(line === undefined ? {} : { line }), path: '', message }]);
  }
}

function parseLevel(text: string | undefined): MeasurementLevel {
  if (text === undefined) return 'nominal';
  const level = MEASUREMENT_LEVELS.find((known) => known === text.trim().toLowerCase());
  if (level === undefined) throw new UsageError(`--level takes ${MEASUREMENT_LEVELS.join(', ')}, not ${JSON.stringify(text)}`, COMMAND);
  return level;
}

function parseOrder(text: string): string[] {
  const order = text.split(',').map((category) => category.trim());
  if (order.some((category) => category === ''))
    throw new UsageError(`--order takes the categories separated by commas, such as low,mid,high, not ${JSON.stringify(text)}`, COMMAND);
  const twice = order.find((category, i) => order.indexOf(category) !== i);
  if (twice !== undefined) throw new UsageError(`--order names ${JSON.stringify(twice)} twice`, COMMAND);
  return order;
}

function fail(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
