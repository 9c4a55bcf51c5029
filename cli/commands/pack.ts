// `agreement-studio pack --transcripts FILE... --annotators a,b,c --overlap K --out DIR`: reads
// the study, assigns its puzzles to annotators with the seeded balanced assignment the app uses,
// and writes one blind pack per annotator, DIR/<annotator>.pack.json, with a summary.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_SAFE_ID_RULE, isAnnotatorId } from '../../shared/domain/ids';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { serializePack, type Pack } from '../../shared/formats/pack';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { buildStudyPacks } from '../../shared/study/study-packs';
import { parseArgsWithFileLists, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readInputFile } from '../support/read-input-file';
import { DEFAULT_GUIDELINES } from '../../shared/domain/default-guidelines';

const COMMAND = 'pack';

const MAX_ANNOTATORS = 1_000;

const USAGE = `Usage: agreement-studio pack --transcripts FILE... --annotators a,b,c --overlap K --out DIR [options]

Writes one blind pack per annotator, DIR/<annotator>.pack.json: the puzzles, sessions and
turns assigned to them, with every judge label, judge reply and judge model removed.
Each puzzle (with all its question and final turns) goes to K different annotators, and
every annotator gets the same number of puzzles, give or take one. The same seed always
gives the same assignment.

  --transcripts FILE...   transcript bundles (.json, .jsonl, puzzle lists), read as one study
  --annotators LIST       comma-separated annotator ids, each optionally id=Display Name
  --overlap K             annotators per puzzle, 1 to the number of annotators
  --difficulty-overlap D  annotators who rate each puzzle's difficulty, 1 to all of them
                          (default: the K annotators who label the puzzle)
  --seed S                whole number seeding the assignment (default 1)
  --multiple-answers      let annotators mark every acceptable answer on a question
                          (the keys toggle answers, Enter saves); default: one key, one answer
  --out DIR               folder to write the packs into (created if missing)
`;

interface PackOptions {
  transcripts: string[];
  annotators: Array<{ id: string; name: string }>;
  overlap: number;
  difficultyOverlap?: number;
  seed: number;
  multipleAnswers: boolean;
  out: string;
}

export async function runPack(args: string[], io: CliIo): Promise<number> {
  const options = parsePackArgs(args);
  if (options === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  const now = new Date().toISOString();
  const read = await Promise.all(options.transcripts.map(readInputFile));
  const failures = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (failures.length > 0) return invalid(io, failures);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const loaded = loadStudyInputs(files, [], { now });
  if (!loaded.ok) return invalid(io, loaded.errors);
  const { study } = loaded.value;
  const scheme = { ...study.study.scheme, ...(options.multipleAnswers ? { multipleAnswers: true } : {}) };

  const packs = buildStudyPacks({
    data: { ...study, study: { ...study.study, scheme } },
    annotators: options.annotators,
    overlap: options.overlap,
    ...(options.difficultyOverlap !== undefined ? { difficultyOverlap: options.difficultyOverlap } : {}),
    seed: options.seed,
    // A pack is all an annotator has: it carries the guidelines text itself, the default where the study has none.
    guidelines: study.study.guidelines ?? DEFAULT_GUIDELINES,
    createdAt: now,
    app: `agreement-studio ${__APP_VERSION__}`,
  });

  try {
    await mkdir(options.out, { recursive: true });
    for (const pack of packs) await writeFile(join(options.out, `${pack.annotator.id}.pack.json`), serializePack(pack));
  } catch (error) {
    io.stderr.write(`agreement-studio pack: cannot write to ${options.out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stdout.write(summary(packs, options.out));
  return 0;
}

function summary(packs: readonly Pack[], out: string): string {
  const header = ['annotator', 'puzzles', 'answer units', 'match units', 'difficulty units'];
  const rows = packs.map((pack) => [
    pack.annotator.id,
    String(new Set(pack.sessions.map((session) => session.puzzleId)).size),
    String(pack.tasks.answer.length),
    String(pack.tasks.match.length),
    String(pack.tasks.difficulty.length),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return `wrote ${packs.length} pack${packs.length === 1 ? '' : 's'} to ${out}\n${[header, ...rows].map(line).join('\n')}\n`;
}

function parsePackArgs(args: string[]): PackOptions | 'help' {
  const { values, files } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string', multiple: true },
      annotators: { type: 'string' },
      overlap: { type: 'string' },
      'difficulty-overlap': { type: 'string' },
      seed: { type: 'string' },
      'multiple-answers': { type: 'boolean' },
      out: { type: 'string' },
    },
    ['transcripts'],
  );
  if (values.help === true) return 'help';
  const { transcripts } = files;

  if (transcripts.length === 0) throw new UsageError('--transcripts FILE... is required', COMMAND);
  if (values.annotators === undefined) throw new UsageError('--annotators a,b,c is required', COMMAND);
  const annotators = parseAnnotators(values.annotators);
  if (values.overlap === undefined) throw new UsageError('--overlap K is required', COMMAND);
  const overlap = parseWholeNumber(COMMAND, 'overlap', values.overlap, 1, 1, annotators.length);
  const difficultyOverlap =
    values['difficulty-overlap'] === undefined
      ? undefined
      : parseWholeNumber(COMMAND, 'difficulty-overlap', values['difficulty-overlap'], 1, 1, annotators.length);
  const out = values.out;
  if (out === undefined || out.trim() === '') throw new UsageError('--out DIR is required', COMMAND);
  return {
    transcripts,
    annotators,
    overlap,
    ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
    seed: parseWholeNumber(COMMAND, 'seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1),
    multipleAnswers: values['multiple-answers'] === true,
    out,
  };
}

function parseAnnotators(list: string): Array<{ id: string; name: string }> {
  const annotators = list.split(',').map((entry) => {
    const equals = entry.indexOf('=');
    const id = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    const name = equals < 0 ? id : entry.slice(equals + 1).trim();
    if (!isAnnotatorId(id)) {
      throw new UsageError(`--annotators: ${JSON.stringify(id)} is not a usable annotator id; use ${FILE_SAFE_ID_RULE} (it names the pack file)`, COMMAND);
    }
    return { id, name: name === '' ? id : name };
  });
  if (annotators.length > MAX_ANNOTATORS) throw new UsageError(`--annotators takes at most ${MAX_ANNOTATORS.toLocaleString('en')} annotators`, COMMAND);
  const seen = new Set<string>();
  for (const { id } of annotators) {
    // Pack files are named by id, and some file systems ignore case.
    const key = id.toLowerCase();
    if (seen.has(key)) throw new UsageError(`--annotators names ${JSON.stringify(id)} twice`, COMMAND);
    seen.add(key);
  }
  return annotators;
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
