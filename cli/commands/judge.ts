// `agreement-studio judge --transcripts F --endpoint URL --model M ... --out FILE` (issue 17 point
// 5): runs a judge model over the study's question and final turns through the shared judge-run
// engine and writes the bundle with the new judge's labels (`<model>@<prompt version>`). Owns the
// options, the API key (from the environment only), progress on stderr and the files: answers go
// to the journal beside --out as they arrive, so a rerun with the same settings resumes. With
// --examples (issue 34 point 2) the prompts carry few-shot examples from people's corrections.

import { writeFile } from 'node:fs/promises';
import { idProblem } from '../../shared/domain/ids';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { sha256Hex } from '../../shared/formats/sha256';
import { studyBundleDocument } from '../../shared/formats/importers/study-bundle';
import { createFetchSender, recordedEndpointUrl, type FetchLike } from '../../shared/judge-run/chat-completions';
import { chooseFewShotExamples, MAX_FEW_SHOT_EXAMPLES } from '../../shared/judge-run/few-shot-examples';
import { itemPromptSource, judgeAsker, NO_EXAMPLES, type RunExamples } from '../../shared/judge-run/item-prompt';
import { MAX_JUDGE_SAMPLES, type StudyData } from '../../shared/domain/model';
import { DEFAULT_SAMPLES, judgeItems, type ItemSelection } from '../../shared/judge-run/items';
import { BUILT_IN_PROMPTS, DEFAULT_PROMPT_NAME, promptHash } from '../../shared/judge-run/prompts';
import { answerIsCutOff, applyJudgeResults, cutOffAnswers, judgeName, judgeRunRecord, tallyAnswers } from '../../shared/judge-run/results';
import { loadStudyInputs, type HumanLabel } from '../../shared/report/load-study-inputs';
import { indexStudy } from '../../shared/stats/study/study-units';
import { labelledUnitSplits, splitCounts, type SplitRule } from '../../shared/study/judge-splits';
import { parseArgsWithFileLists, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
import { FileJournal } from '../support/judge-journal';
import {
  ASKING_USAGE,
  chatEndpointOf,
  ENDPOINT_OPTIONS,
  ENDPOINT_USAGE,
  KEY_USAGE,
  parseEndpointSettings,
  parseSplitRule,
  SPLIT_OPTIONS,
  SPLIT_USAGE,
  splitText,
  type EndpointSettings,
} from '../support/judge-options';
import { runJudgePass } from '../support/judge-pass';
import { loadPrompt } from '../support/prompt-file';
import { readInputFile } from '../support/read-input-file';

const COMMAND = 'judge';

export { API_KEY_VARIABLE } from '../support/judge-options';

const USAGE = `Usage: agreement-studio judge --transcripts FILE --endpoint URL --model M --out FILE [options]

Asks a judge model, through any endpoint that speaks the OpenAI chat-completions protocol
(Ollama, vLLM, llama.cpp's server, LM Studio, hosted APIs), about the study's question turns
(yes / no / irrelevant) and final answers (matched / unmatched), and writes the bundle with
the judge's labels added as "<model>@<prompt name>", each reply kept as written. Answers go
to FILE.judge-journal.jsonl as they arrive: rerun the same command after a crash or Ctrl-C
and it asks only what is still unanswered.

${KEY_USAGE}

  --transcripts FILE     the transcript bundle
${ENDPOINT_USAGE}
  --out FILE             the bundle to write, with the judge's labels
  --prompt NAME|FILE     a built-in prompt (${BUILT_IN_PROMPTS.map((prompt) => prompt.name).join(', ')}; default ${DEFAULT_PROMPT_NAME}), a
                         judge prompt the transcripts brought ("SPLAT judge (config.yaml)"),
                         or a JSON file {"name": ..., "question": ..., "final": ...}
  --only-labelled FILE...  only the turns people labelled in these label files (the
                         calibration set)
  --any-study            use label files made for another study id than the transcripts'
  --sample N             only N turns, drawn at random with --seed (default seed 1)
  --seed S               whole number seeding --sample
  --examples N           put N few-shot examples of each task (questions, final answers)
                         in every prompt: turns of the examples split where the judge of
                         --examples-from and the people's majority disagree, people's label
                         as the answer, taken label by label in turn. A turn is never shown
                         an example of its own puzzle. The examples go where the prompt's
                         {{examples}} is, or before its instructions when it has none.
                         Needs people's labels (--labels or --only-labelled)
  --labels FILE...       people's label files the examples are chosen by (with those of
                         --only-labelled); they do not choose the turns asked
  --examples-from JUDGE  the judge whose labels in the transcripts people corrected
                         (default "<model>@<prompt name>", this judge without examples)
${SPLIT_USAGE}
  --judge-name NAME      the name the labels get (default "<model>@<prompt name>", with
                         --examples "<model>@<prompt name> +N examples"); needed
                         when the transcripts already hold labels of that judge: the
                         same name replaces them, another (NAME~2) keeps both judges
  --samples K            ask each turn K times and keep the majority (default ${DEFAULT_SAMPLES}); with
                         K of 2 or more the bundle keeps every sample's label, which the
                         report's calibration and stability read
  --logprobs             ask for the log-probabilities of the reply's tokens (OpenAI, vLLM,
                         llama.cpp, Ollama 0.12.11 on) and keep the probability of each
                         label in the bundle; an endpoint that sends none gives none
${ASKING_USAGE}

Exit codes: 0 every item answered; 1 invalid input, or some items failed (the bundle is
written without their labels; rerunning asks them again); 2 bad usage.
`;

interface ExamplesOptions {
  count: number;
  /** The judge given with --examples-from; otherwise `<model>@<prompt name>`. */
  from?: string;
  split: SplitRule;
}

interface JudgeOptions extends EndpointSettings {
  transcripts: string;
  onlyLabelled: string[];
  labels: string[];
  examples?: ExamplesOptions;
  anyStudy: boolean;
  out: string;
  prompt: string;
  /** The rater name given on purpose; otherwise `<model>@<prompt name>`. */
  judgeName?: string;
  sample?: { size: number; seed: number };
  samples: number;
  logprobs: boolean;
}

export async function runJudge(args: string[], io: CliIo, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const options = parseJudgeArgs(args);
  if (options === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  const fail = (message: string) => {
    io.stderr.write(`agreement-studio judge: ${message}\n`);
    return 1;
  };

  const read = await Promise.all([options.transcripts, ...options.onlyLabelled, ...options.labels].map(readInputFile));
  const readErrors = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (readErrors.length > 0) return invalid(io, readErrors);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const loaded = loadStudyInputs(files.slice(0, 1), files.slice(1, 1 + options.onlyLabelled.length), { anyStudy: options.anyStudy });
  if (!loaded.ok) return invalid(io, loaded.errors);
  // The --only-labelled files choose the turns; people's labels for the examples are theirs and
  // --labels' together, read again only when --labels adds files.
  const people = options.labels.length === 0 ? loaded : loadStudyInputs(files.slice(0, 1), files.slice(1), { anyStudy: options.anyStudy });
  if (!people.ok) return invalid(io, people.errors);
  const study = loaded.value.study;
  const prompt = await loadPrompt(options.prompt, study.judgePrompts);
  if (typeof prompt === 'string') return fail(prompt);
  const turnIds = new Set(study.turns.map((turn) => turn.id));

  let selection: ItemSelection = { kind: 'all' };
  let selectionWords = 'all';
  if (options.onlyLabelled.length > 0) {
    const unitIds = new Set(loaded.value.labels.filter((label) => turnIds.has(label.unitId)).map((label) => label.unitId));
    if (unitIds.size === 0) return fail('the label files hold no label of a question or final turn of this study');
    selection = { kind: 'labelled', unitIds };
    selectionWords = `labelled ${sha256Hex([...unitIds].sort().join('\n'))}`;
  } else if (options.sample) {
    selection = { kind: 'sample', ...options.sample };
    selectionWords = `sample ${options.sample.size} seed ${options.sample.seed}`;
  }
  let judge: string;
  try {
    judge = judgeName(options.model, prompt.name);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  let examples: ChosenExamples | undefined;
  if (options.examples !== undefined) {
    const chosen = chooseRunExamples(study, people.value.labels, options.examples, judge, options.transcripts);
    if (typeof chosen === 'string') return fail(chosen);
    examples = chosen;
    // Examples change what the model reads, so the run is a judge of its own beside the one without.
    judge = `${judge} +${options.examples.count} examples`;
    io.stderr.write(`judge: ${examplesText(examples)}\n`);
    for (const task of ['answer', 'match'] as const)
      if (examples.examples[task].length < options.examples.count)
        io.stderr.write(
          `  only ${examples.examples[task].length} ${task === 'answer' ? 'question' : 'final-answer'} examples of the ${options.examples.count} asked: every turn of the examples split where "${examples.from}" and people disagree\n`,
        );
  }
  if (options.judgeName !== undefined) judge = options.judgeName;
  // The bundle keeps a judge's labels but not the endpoint and settings that gave them, so an
  // earlier judge of this name may have used others: mixing the two is the lead's choice to make.
  else if (study.turns.some((turn) => turn.judgements[judge] !== undefined))
    return fail(
      `${options.transcripts} already holds labels of the judge "${judge}", and a bundle does not keep the endpoint and settings that gave them: give --judge-name ${judge} to replace them with this run's, or --judge-name ${judge}~2 to keep this run apart as a judge of its own`,
    );
  const items = judgeItems(study, selection, options.samples);
  const hash = promptHash(prompt);
  const endpointUrl = recordedEndpointUrl(options.endpoint);
  const journalPath = `${options.out}.judge-journal.jsonl`;
  const opened = await FileJournal.open(journalPath, {
    transcripts: loaded.value.inputs[0]?.sha256 ?? '',
    endpoint: endpointUrl,
    model: options.model,
    promptName: prompt.name,
    promptHash: hash,
    temperature: options.temperature,
    maxTokens: options.maxTokens,
    samples: options.samples,
    selection: selectionWords,
    ...(examples !== undefined ? { examples: examplesText(examples) } : {}),
  });
  if (!opened.ok) return fail(opened.message);
  const { journal } = opened;

  const endpoint = chatEndpointOf(options, env, options.logprobs);
  const startedAt = new Date().toISOString();
  const pass = await runJudgePass({
    items,
    ask: judgeAsker(itemPromptSource(study, prompt, examples?.examples ?? NO_EXAMPLES), endpoint, createFetchSender(fetch as unknown as FetchLike)),
    isCutOff: (answer, item) => answerIsCutOff(answer, item.task, study.study.scheme),
    journal,
    concurrency: options.concurrency,
    ...(options.rpm !== undefined ? { rpm: options.rpm } : {}),
    label: `judge ${judge}`,
    io,
  });
  if (!pass.ok && pass.cancelled) {
    io.stderr.write(
      `agreement-studio judge: cancelled; ${pass.answers.toLocaleString('en')} answers are kept in ${journalPath}, rerun the same command to go on\n`,
    );
    return 1;
  }
  if (!pass.ok) return fail(pass.message);
  const { summary, answers } = pass;

  const itemKeys = new Set(items.map((item) => item.key));
  const runAnswers = answers.filter((answer) => itemKeys.has(answer.key));
  const turns = new Map(study.turns.map((turn) => [turn.id, turn]));
  const verdicts = tallyAnswers(runAnswers, turns, study.study.scheme);
  const judged = applyJudgeResults(study, judge, verdicts);
  try {
    await writeFile(options.out, serializeBundleDocument(studyBundleDocument(judged)));
  } catch (error) {
    return fail(`cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { failures } = summary;
  const cutOffList = cutOffAnswers(runAnswers, turns, study.study.scheme, options.maxTokens);
  const record = judgeRunRecord({
    judge,
    model: options.model,
    prompt: { name: prompt.name, hash },
    endpoint: endpointUrl,
    parameters: {
      temperature: options.temperature,
      maxTokens: options.maxTokens,
      samples: options.samples,
      concurrency: options.concurrency,
      rpm: options.rpm ?? null,
      timeoutSeconds: options.timeoutSeconds,
    },
    selection: selectionWords.startsWith('labelled') ? 'labelled' : selectionWords,
    startedAt,
    finishedAt: new Date().toISOString(),
    summary,
    verdicts,
    cutOff: cutOffList,
  });
  io.stdout.write(`${JSON.stringify(examples === undefined ? record : { ...record, examples: examplesRecord(examples) }, null, 2)}\n`);
  const cutOff = cutOffList.length;
  io.stderr.write(
    `wrote ${options.out}: ${verdicts.size.toLocaleString('en')} turns labelled by ${judge}, ${record.counts.unparseable.toLocaleString('en')} unparseable, ${cutOff.toLocaleString('en')} cut off at ${options.maxTokens.toLocaleString('en')} tokens${repliesCutText(record.counts.repliesCut)}\n`,
  );
  if (cutOff > 0)
    io.stderr.write(
      `  ${cutOff.toLocaleString('en')} ${cutOff === 1 ? 'reply was' : 'replies were'} cut off at --max-tokens ${options.maxTokens} before a verdict and give no label (listed as "cutOff" in the record on stdout); a reasoning model needs room to think: run again with a larger --max-tokens and another --out\n`,
    );
  if (failures.length === 0) return 0;
  for (const failure of failures.slice(0, 20)) io.stderr.write(`  ${failure.key}: ${failure.reason}\n`);
  if (failures.length > 20) io.stderr.write(`  ... and ${(failures.length - 20).toLocaleString('en')} more (listed in the record on stdout)\n`);
  return fail(`${failures.length.toLocaleString('en')} items failed and are left unlabelled; rerun the same command to ask them again`);
}

interface ChosenExamples {
  from: string;
  split: SplitRule;
  count: number;
  examples: RunExamples;
}

/**
 * The run's examples of each task from people's corrections of the judge `from`, or why there are
 * none to give: no labels of that judge, or no turn of the examples split where it and people disagree.
 */
function chooseRunExamples(
  study: StudyData,
  labels: readonly HumanLabel[],
  options: ExamplesOptions,
  judgeWithout: string,
  transcripts: string,
): ChosenExamples | string {
  const from = options.from ?? judgeWithout;
  if (!study.turns.some((turn) => turn.judgements[from] !== undefined)) {
    const judges = [...new Set(study.turns.flatMap((turn) => Object.keys(turn.judgements)))].sort();
    return `--examples takes its examples from people's corrections of a judge's labels, and ${transcripts} holds no labels of "${from}": give --examples-from with ${judges.length === 0 ? 'a judge the transcripts hold (they hold none: run judge without --examples first)' : `one of ${judges.map((name) => `"${name}"`).join(', ')}`}`;
  }
  const units = indexStudy(study, labels);
  const choose = (task: 'answer' | 'match') =>
    chooseFewShotExamples(study, units, { task, judge: from, split: options.split, count: options.count, seed: options.split.seed }).examples;
  const examples = { answer: choose('answer'), match: choose('match') };
  if (examples.answer.length + examples.match.length > 0) return { from, split: options.split, count: options.count, examples };
  const inSplit = splitCounts(labelledUnitSplits(options.split, study, labels)).examples;
  return `no examples to give: the examples split (${splitText(options.split)}) holds ${inSplit.units} turns people labelled, of ${inSplit.puzzles} puzzles, and on none of them do "${from}" and the people's majority disagree; try another --split-seed, a larger --examples-share or another --examples-from`;
}

/** The examples in one line, as the journal keeps them and stderr shows them: a rerun resumes only with the same. */
function examplesText({ from, split, count, examples }: ChosenExamples): string {
  const ids = (list: RunExamples['answer']) => `[${list.map((example) => example.unitId).join(', ')}]`;
  return `${count} examples a task from people's corrections of "${from}", split ${splitText(split)}: questions ${ids(examples.answer)}, final answers ${ids(examples.match)}`;
}

function examplesRecord({ from, split, count, examples }: ChosenExamples) {
  return {
    count,
    from,
    split: { seed: split.seed, shares: split.shares },
    units: { answer: examples.answer.map((example) => example.unitId), match: examples.match.map((example) => example.unitId) },
  };
}

/** Replies over the readers' limit are stored cut in the middle: said beside the counts, never silently. */
function repliesCutText(repliesCut = 0): string {
  return repliesCut === 0
    ? ''
    : `, ${repliesCut.toLocaleString('en')} ${repliesCut === 1 ? 'reply' : 'replies'} over 1 MB kept cut in the middle (the labels were read from the whole replies)`;
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}

function parseJudgeArgs(args: string[]): JudgeOptions | 'help' {
  const { values, files } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string' },
      'only-labelled': { type: 'string', multiple: true },
      labels: { type: 'string', multiple: true },
      examples: { type: 'string' },
      'examples-from': { type: 'string' },
      ...SPLIT_OPTIONS,
      'any-study': { type: 'boolean' },
      ...ENDPOINT_OPTIONS,
      out: { type: 'string' },
      prompt: { type: 'string' },
      'judge-name': { type: 'string' },
      sample: { type: 'string' },
      seed: { type: 'string' },
      samples: { type: 'string' },
      logprobs: { type: 'boolean' },
    },
    ['only-labelled', 'labels'],
  );
  if (values.help === true) return 'help';
  const required = (name: 'transcripts' | 'out', what: string): string => {
    const value = values[name];
    if (value === undefined || value.trim() === '') throw new UsageError(`--${name} ${what} is required`, COMMAND);
    return value;
  };
  const transcripts = required('transcripts', 'FILE');
  const endpointSettings = parseEndpointSettings(COMMAND, values);
  const out = required('out', 'FILE');
  if (files['only-labelled'].length > 0 && values.sample !== undefined)
    throw new UsageError('--only-labelled and --sample choose the turns two ways; give one', COMMAND);
  if (values.seed !== undefined && values.sample === undefined) throw new UsageError('--seed seeds --sample; give --sample N too', COMMAND);
  const examples = parseExamplesArgs(values, files.labels.length + files['only-labelled'].length > 0);
  if (examples === undefined && files.labels.length > 0)
    throw new UsageError('--labels gives people’s labels for --examples; give --examples N too, or --only-labelled to judge only the labelled turns', COMMAND);
  const judgeNameGiven = values['judge-name'];
  const judgeNameProblem = judgeNameGiven === undefined ? undefined : idProblem('model', judgeNameGiven);
  if (judgeNameProblem !== undefined) throw new UsageError(`--judge-name: the judge's name ${judgeNameProblem}`, COMMAND);
  return {
    transcripts,
    onlyLabelled: files['only-labelled'],
    labels: files.labels,
    ...(examples !== undefined ? { examples } : {}),
    ...(judgeNameGiven !== undefined ? { judgeName: judgeNameGiven } : {}),
    anyStudy: values['any-study'] === true,
    ...endpointSettings,
    out,
    prompt: values.prompt ?? DEFAULT_PROMPT_NAME,
    ...(values.sample !== undefined
      ? {
          sample: {
            size: parseWholeNumber(COMMAND, 'sample', values.sample, 1, 1, 10_000_000),
            seed: parseWholeNumber(COMMAND, 'seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1),
          },
        }
      : {}),
    samples: parseWholeNumber(COMMAND, 'samples', values.samples, DEFAULT_SAMPLES, 1, MAX_JUDGE_SAMPLES),
    logprobs: values.logprobs === true,
  };
}

function parseExamplesArgs(
  values: Partial<Record<'examples' | 'examples-from' | 'split-seed' | 'examples-share' | 'test-share', string>>,
  hasLabels: boolean,
): ExamplesOptions | undefined {
  if (values.examples === undefined) {
    const stray = (['examples-from', 'split-seed', 'examples-share', 'test-share'] as const).find((name) => values[name] !== undefined);
    if (stray !== undefined) throw new UsageError(`--${stray} goes with --examples N; give --examples too`, COMMAND);
    return undefined;
  }
  const count = parseWholeNumber(COMMAND, 'examples', values.examples, 1, 1, MAX_FEW_SHOT_EXAMPLES);
  if (!hasLabels) throw new UsageError('--examples chooses its examples by people’s labels: give their label files with --labels FILE...', COMMAND);
  const from = values['examples-from'];
  const fromProblem = from === undefined ? undefined : idProblem('model', from);
  if (fromProblem !== undefined) throw new UsageError(`--examples-from: the judge's name ${fromProblem}`, COMMAND);
  const split = parseSplitRule(COMMAND, values);
  return { count, ...(from !== undefined ? { from } : {}), split };
}
