// `agreement-studio import FILE... --out bundle.json [--mapping PRESET.json] [--player NAME] [--judge NAME]`:
// turns a benchmark's own output files, our own bundle or a puzzle list (read as validate reads them),
// or any other records through a mapping preset, into our canonical bundle (with every judge's raw reply) and, where
// the source holds human labels, one label file per human rater beside it. Asks nothing: a name the
// files do not hold is an error naming its flag. The reading itself is shared/formats/importers.

import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FILE_SAFE_ID_RULE, idProblem } from '../../shared/domain/ids';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { serializeBundleDocument, type BenchmarkImport, type BenchmarkImportOptions, type ImportedStudy } from '../../shared/formats/importers/imported-study';
import type { SourceFile } from '../../shared/formats/limits';
import { benchmarkOf, importBenchmarkFiles, modelNamesRefusal } from '../../shared/formats/importers/benchmark-import';
import { importMappedFiles } from '../../shared/formats/importers/mapping';
import { parseMappingPreset } from '../../shared/formats/importers/mapping-preset';
import { raterColumns } from '../../shared/formats/importers/mapping-values';
import { raterLabelFiles } from '../../shared/formats/importers/stored-study';
import { serializeLabelFile } from '../../shared/formats/label-file';
import { contentsText, importPreview, leftOutText, leftoverCountText } from '../../shared/formats/importers/import-preview';
import { baseName } from '../../shared/formats/study-id';
import { detectFormat } from '../../shared/formats/detect-format';
import { PUZZLE_LIST_FORMAT } from '../../shared/formats/puzzle-list';
import { SURFACE_BOTTOM_FORMAT } from '../../shared/formats/surface-bottom';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { studyBundleDocument } from '../../shared/formats/importers/study-bundle';
import { parseCommandArgs, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { readImportFile, readInputFile } from '../support/read-input-file';
import { FILE_READERS } from '../support/file-readers';

const COMMAND = 'import';

const LAYOUTS_IN_WORDS = 'see agreement-studio import --help for the layouts it reads';

const USAGE = `Usage: agreement-studio import FILE... --out BUNDLE.json [--mapping PRESET.json] [--player NAME] [--judge NAME]

Reads a benchmark's own output files and writes our transcript bundle, keeping every judge's
reply as written. Where the files hold human labels, writes one label file per human rater
beside the bundle (BUNDLE.<rater>.labels.json), ready for \`report --labels\`. Prints what
was not imported, with counts.

Layouts, told from the content:
  TurtleBench: its wide table (stats/all_cases_<lang>_shot<k>.json) or per-model logs
  (logs_*.json, all_cases_<model>_<lang>_shot<k>_<n>.json), each with data/<lang>/stories.json;
  or the 1.5k layout (id, title, surface, bottom, user_guess, label) on its own.
  TurtleSoup-Bench: a run's game files ({dataset}/Q-{q}_R-{r}/{title}_..._{lang}.json), all
  as one study; the genre is the dataset folder, the models are the files' own. Its story
  files (data/<lang>/<Genre>.json: title, surface, bottom, tips), two or more given together,
  as one study of puzzles; the genre is each file's name.
  SPLAT: a run's log.json, with its log.csv (each puzzle's level) and config.yaml (the player
  and judge models, the round limit, judge_times and the judge's prompt) as further FILEs;
  without config.yaml, name the models with --player and --judge. Or SPLAT's puzzles.xlsx on
  its own, as a puzzle list with levels.
  GuessTheRuleBench: saved games (saved_games/<uuid>.json), all as one study; the judge is
  each game's judge_model, the player the people who played.

  A judge prompt the files hold (SPLAT's config.yaml, GuessTheRuleBench's judge_prompt) goes
  into the bundle's judgePrompts, with its placeholders written as ours; the app keeps it as
  a prompt version to run on an endpoint. SPLAT's judge_times goes into judgeSamples, and the
  report says each imported label of that judge is the majority of that many samples.
  GameArena: the backend's SQLite users.db, its Akinator games in game_sessions; the model
  is the player, the person who answered the judge (human:<username>).
  AgentBench lateral thinking: outputs/<time>/<agent>/ltp-*/runs.jsonl, with its error.jsonl,
  overall.json, the run's config.yaml and the task's .xlsx (its Answer keys as key clues); the
  agent (the folder) plays, gpt-3.5-turbo-0613 judges. Or the .xlsx alone, as a puzzle list.
  DeepTurtle: data/deep_turtle.json; one puzzle per title, each review a session of one
  question with the judge's reply; the human correction is the rater deepturtle-reviewer's
  label, its error_type the note. Judge "DeepSeek" and player "turtlenoir.com players"
  unless named.
  AR-Bench situation puzzles: logs/sp/log_{method}_{model}.json (zero_shot, few_shot,
  few_shot_inst, tot, proactive_cot, uot), several as one study, the tot log with its
  _tree.json; each record a session on puzzle-{idx}, each question with the judge's answer,
  pred a final answer with no verdict. The player is the file name's model; the judge is
  in no file: name it with --judge.

  Our transcript bundle (.json, .jsonl) or a public puzzle list, one file: read exactly as
  validate and the app read it, and written back as a bundle; what it does not read is named.

  Any other JSON, JSON lines, CSV or Excel workbook: with --mapping, a mapping preset
  (agreement-studio.mapping/2, or /1, saved by the app's "Export preset…") naming the field of
  each puzzle, session and turn value; one record is one turn. Its raters' label columns
  become one label file each, its judges' columns judgements, each value read through the
  column's value map (else as a judge's reply is read).

Options:
  --out FILE       the bundle to write (.json)
  --mapping FILE   read the files through this mapping preset instead of telling the layout
  --player NAME    the player of every session (TurtleBench: default "TurtleBench users";
                   SPLAT: needed without config.yaml, else must equal its model.player;
                   GuessTheRuleBench: default "GuessTheRuleBench players";
                   DeepTurtle: default "turtlenoir.com players"; AgentBench: the
                   agent's folder, needed when the file is not in it; AR-Bench: the model
                   of log_{method}_{model}.json, needed when the name is not that)
  --judge NAME     the session judge: one of the files' models (default the first), needed
                   when the files name none (SPLAT: needed without config.yaml;
                   DeepTurtle: default "DeepSeek"; AgentBench: "gpt-3.5-turbo-0613";
                   AR-Bench: needed when a record holds a judge's answer)
`;

export async function runImport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND, args, {
    help: { type: 'boolean', short: 'h' },
    out: { type: 'string' },
    mapping: { type: 'string' },
    player: { type: 'string' },
    judge: { type: 'string' },
  });
  if (values.help === true) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('name at least one FILE to import', COMMAND);
  const out = values.out;
  if (out === undefined || out.trim() === '') throw new UsageError('--out BUNDLE.json is required', COMMAND);
  for (const flag of ['player', 'judge'] as const) {
    const name = values[flag];
    const problem = name === undefined ? undefined : idProblem('model', name);
    if (problem !== undefined) throw new UsageError(`--${flag}: ${problem}`, COMMAND);
  }

  const read = await Promise.all(positionals.map(readImportFile));
  const failures = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (failures.length > 0) return invalid(io, failures);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const names = { ...(values.player !== undefined ? { player: values.player } : {}), ...(values.judge !== undefined ? { judge: values.judge } : {}) };
  if (values.mapping !== undefined) return importMapped(files, values.mapping, names, out, io);
  const system = benchmarkOf(files);
  if (system !== undefined && system.models !== 'caller') {
    for (const flag of ['player', 'judge'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag}: ${modelNamesRefusal(system)}; leave --${flag} out`, COMMAND);
    }
  }
  const result = await importBenchmarkFiles(files, names, FILE_READERS);
  if (result === undefined) return importOwnFile(files, out, io);
  return writeResult(result, out, io);
}

/**
 * Files no benchmark importer claims: our own transcript bundle or a public puzzle list, read as
 * `validate` and the app read it (same layout, same counts), written back as a bundle; every
 * member or field it does not read is named. Any other file is refused, saying what it is.
 */
function importOwnFile(files: readonly SourceFile[], out: string, io: CliIo): Promise<number> | number {
  const [file] = files;
  const format = file === undefined ? 'unknown' : detectFormat(file);
  const refuse = (message: string) => invalid(io, [{ file: files.map((f) => f.name).join(', '), path: '', message }]);
  if (file === undefined || (format !== 'transcripts' && format !== 'puzzle-list')) {
    const kind = OTHER_KINDS[format];
    return refuse(kind ?? `not a benchmark's output, a transcript bundle or a puzzle list that import reads; ${LAYOUTS_IN_WORDS}`);
  }
  if (files.length > 1) return refuse('a transcript bundle or puzzle list is imported one at a time; give one file (or a mapping preset with --mapping)');
  const parsed = parseTranscriptBundle(file);
  if (!parsed.ok) return invalid(io, parsed.errors);
  const data = parsed.value;
  const layout = OWN_LAYOUTS[data.study.format] ?? 'our transcript bundle (agreement-studio.transcripts/1)';
  for (const warning of parsed.warnings ?? []) io.stdout.write(`not read: ${formatErrorText(warning)}\n`);
  return writeOrFail({ layouts: [{ file: file.name, layout }], bundle: studyBundleDocument(data), raters: [], leftovers: [] }, out, io);
}

// What `import` says of one of our other formats: where it goes instead.
const OTHER_KINDS: Partial<Record<ReturnType<typeof detectFormat>, string>> = {
  labels: "this is a label file, not transcripts: give it to `report --labels`, or import it on the study's Team page",
  'labels-csv': "this is a label CSV, not transcripts: give it to `report --labels`, or import it on the study's Team page",
  pack: "this is a pack, an annotator's work: open it in the app",
  invitation: 'this is a team server invitation: open it in the app',
  report: 'this is an agreement report, not transcripts',
};

const OWN_LAYOUTS: Readonly<Record<string, string>> = {
  [PUZZLE_LIST_FORMAT]: 'a puzzle list (story or question, answer): puzzles only',
  [SURFACE_BOTTOM_FORMAT]: 'a surface/bottom puzzle list: puzzles only',
};

/** With --mapping, the preset says what each field is, and no layout is told from the content. */
async function importMapped(files: readonly SourceFile[], presetPath: string, names: BenchmarkImportOptions, out: string, io: CliIo): Promise<number> {
  const presetFile = await readInputFile(presetPath);
  if (!presetFile.ok) return invalid(io, presetFile.errors);
  const preset = parseMappingPreset(presetFile.value);
  if (!preset.ok) return invalid(io, preset.errors);
  const result = await importMappedFiles(files, preset.value, names, FILE_READERS);
  // A header that is not a valid annotator id gives the rater another id: said before the file named after it.
  if (result.ok)
    for (const rater of raterColumns(preset.value.raters ?? []))
      if (rater.renamed && preset.value.raters?.find((given) => given.field === rater.field)?.id === undefined)
        io.stdout.write(`the column ${JSON.stringify(rater.field)} is the rater ${rater.id}: an annotator's id is ${FILE_SAFE_ID_RULE}\n`);
  return writeResult(result, out, io);
}

function writeResult(result: BenchmarkImport, out: string, io: CliIo): Promise<number> | number {
  if (!result.ok) {
    if (result.needs !== undefined)
      throw new UsageError(
        `${result.errors[0]?.message ?? 'a model name is needed'}; name it with ${result.needs.map((name) => `--${name} NAME`).join(' and ')}`,
        COMMAND,
      );
    return invalid(io, result.errors);
  }
  return writeOrFail(result.value, out, io);
}

async function writeOrFail(study: ImportedStudy, out: string, io: CliIo): Promise<number> {
  try {
    await writeStudy(study, out, io);
  } catch (error) {
    io.stderr.write(`agreement-studio import: cannot write ${out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  return 0;
}

async function writeStudy(study: ImportedStudy, out: string, io: CliIo): Promise<void> {
  for (const { file, layout } of study.layouts) io.stdout.write(`read ${file}: ${layout}\n`);
  const { bundle } = study;
  const preview = importPreview('', undefined, 1, study);
  await writeFile(out, serializeBundleDocument(bundle));
  io.stdout.write(`wrote ${out}: ${contentsText(preview.counts)}\n`);
  // The benchmark's own judge prompts travel in the bundle (judgePrompts); the app stores them as prompt versions.
  for (const prompt of preview.prompts) io.stdout.write(`judge prompt found: ${prompt.name}, from ${prompt.source} (in the bundle's judgePrompts)\n`);
  for (const row of preview.judgeSamples)
    io.stdout.write(`judge labels: ${row.judge}'s are each the majority of ${count(row.samples, 'sample')} (${row.source}); the report says so\n`);
  for (const file of raterLabelFiles(bundle.id, study.raters, new Date().toISOString(), `agreement-studio ${__APP_VERSION__}`)) {
    const path = join(dirname(out), `${baseName(out)}.${file.annotator.id}.labels.json`);
    await writeFile(path, serializeLabelFile(file));
    io.stdout.write(`wrote ${path}: ${count(file.labels.length, 'label')} by ${file.annotator.id} (${file.annotator.name})\n`);
  }
  const { unparseable } = preview;
  if (unparseable.length > 0) {
    io.stdout.write('judge replies that could not be read (kept as written, left out of the figures):\n');
    for (const { judge, reply, count: times } of unparseable) io.stdout.write(`  ${judge}: ${JSON.stringify(reply)} ${times.toLocaleString('en')}x\n`);
  }
  const leftOut = leftOutText(study.leftovers);
  if (leftOut === undefined) {
    io.stdout.write('not imported: nothing\n');
    return;
  }
  io.stdout.write(`not imported: ${leftOut}\n`);
  for (const item of study.leftovers)
    io.stdout.write(`  ${item.file}: ${item.what}: ${leftoverCountText(item)} (for example ${item.examples.map((e) => JSON.stringify(e)).join(', ')})\n`);
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}
