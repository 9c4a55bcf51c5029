// `agreement-studio demo --out DIR ...`: writes a seeded synthetic study, DIR/demo-study.json
// and DIR/labels/<annotator>.labels.json, for trying the app and for benchmarks.
// The study itself comes from shared/demo; this module owns the options and the files.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSyntheticStudy, type SyntheticBundle } from '../../shared/demo/synthetic-study';
import { serializeLabelFile } from '../../shared/formats/label-file';
import { parseCommandArgs, parseRate, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';

const COMMAND = 'demo';

// About 4 KB of bundle per puzzle: 50,000 puzzles (about a million turns) stays under the
// 200 MB import limit.
const MAX_PUZZLES = 50_000;
const MAX_ANNOTATORS = 1_000;
// Judges are named synthetic-judge-a, -b, ...: one letter each.
const MAX_JUDGES = 26;

// The help text, made when asked for: its figures are formatted with Intl, whose first use costs
// a short command about 14 ms of start-up.
function usage(): string {
  return `Usage: agreement-studio demo --out DIR [options]

Writes a synthetic study: DIR/demo-study.json (transcript bundle) and
DIR/labels/<annotator>.labels.json (one label file per annotator). The same seed
always writes the same study.

Options:
  --out DIR              folder to write into (created if missing)
  --puzzles N            puzzles, 1 to ${MAX_PUZZLES.toLocaleString('en')} (default 24)
  --annotators K         annotators, 1 to ${MAX_ANNOTATORS} (default 3); each puzzle goes to min(3, K) of them
  --seed S               whole number seeding the generator (default 1)
  --human-error R        chance a human label is wrong, 0 to 1 (default 0.08)
  --judge-error R1,R2    chance each judge's label is wrong, one rate per judge (default 0.1,0.15)
`;
}

export async function runDemo(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND, args, {
    help: { type: 'boolean', short: 'h' },
    out: { type: 'string' },
    puzzles: { type: 'string' },
    annotators: { type: 'string' },
    seed: { type: 'string' },
    'human-error': { type: 'string' },
    'judge-error': { type: 'string' },
  });
  if (values.help === true) {
    io.stdout.write(usage());
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`, COMMAND);
  const out = values.out;
  if (out === undefined || out.trim() === '') throw new UsageError('--out DIR is required', COMMAND);
  const puzzles = parseWholeNumber(COMMAND, 'puzzles', values.puzzles, 24, 1, MAX_PUZZLES);
  const annotators = parseWholeNumber(COMMAND, 'annotators', values.annotators, 3, 1, MAX_ANNOTATORS);
  const seed = parseWholeNumber(COMMAND, 'seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1);
  const humanErrorRate = values['human-error'] === undefined ? undefined : parseRate(COMMAND, 'human-error', values['human-error']);
  const judgeErrorRates = values['judge-error'] === undefined ? undefined : parseJudgeRates(values['judge-error']);

  const study = generateSyntheticStudy({
    puzzles,
    annotators,
    seed,
    app: `agreement-studio ${__APP_VERSION__}`,
    ...(humanErrorRate !== undefined ? { humanErrorRate } : {}),
    ...(judgeErrorRates !== undefined ? { judgeErrorRates, judges: judgeErrorRates.map((_, j) => `synthetic-judge-${String.fromCharCode(0x61 + j)}`) } : {}),
  });

  const labelsDir = join(out, 'labels');
  const bundlePath = join(out, 'demo-study.json');
  try {
    await mkdir(labelsDir, { recursive: true });
    await writeFile(bundlePath, serializeBundleDocument(study.bundle));
    io.stdout.write(`wrote ${bundlePath}: ${describeBundle(study.bundle)}\n`);
    for (const file of study.labelFiles) {
      const path = join(labelsDir, `${file.annotator.id}.labels.json`);
      await writeFile(path, serializeLabelFile(file));
      io.stdout.write(`wrote ${path}: ${file.labels.length.toLocaleString('en')} labels by ${file.annotator.id}\n`);
    }
  } catch (error) {
    io.stderr.write(`agreement-studio demo: cannot write to ${out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  return 0;
}

function parseJudgeRates(text: string): number[] {
  const parts = text.split(',');
  if (parts.length > MAX_JUDGES) throw new UsageError(`--judge-error takes at most ${MAX_JUDGES} rates, one per judge`, COMMAND);
  return parts.map((part) => parseRate(COMMAND, 'judge-error', part));
}

function describeBundle(bundle: SyntheticBundle): string {
  const turns = bundle.sessions.reduce((sum, session) => sum + session.turns.length, 0);
  return `${bundle.puzzles.length.toLocaleString('en')} puzzles, ${bundle.sessions.length.toLocaleString('en')} sessions, ${turns.toLocaleString('en')} turns`;
}
