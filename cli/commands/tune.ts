// `agreement-studio tune --transcripts F --labels ... --endpoint URL --model M --budget K --out DIR`
// (issue 34 point 5): the prompt search of shared/judge-run/prompt-search.ts over the lead's
// endpoint, then the held-out verdict. Each version is run on the development split's labelled
// turns; the best is run once on the test split's, and the report gives its test figures beside
// its development figures with the number of versions tried. Owns the options, the folder and its
// journals (every proposal and answer on disk as it arrives, so a rerun resumes), and progress.

import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeSplitSetting, StudyData } from '../../shared/domain/model';
import { formatErrorText, type FormatError } from '../../shared/formats/errors';
import { serializeBundleDocument } from '../../shared/formats/importers/imported-study';
import { studyBundleDocument } from '../../shared/formats/importers/study-bundle';
import { sha256Hex } from '../../shared/formats/sha256';
import { createFetchSender, recordedEndpointUrl, type ChatOutcome, type FetchLike } from '../../shared/judge-run/chat-completions';
import { itemPromptSource, judgeAsker } from '../../shared/judge-run/item-prompt';
import { judgeItems } from '../../shared/judge-run/items';
import { developmentUnits, runPromptSearch, type SearchStep, type SearchVersion } from '../../shared/judge-run/prompt-search';
import { DEFAULT_PROMPT_NAME, promptHash } from '../../shared/judge-run/prompts';
import { proposeWithRetries } from '../../shared/judge-run/proposal-retries';
import { answerIsCutOff, applyJudgeResults, judgeName, tallyAnswers, type TurnVerdict } from '../../shared/judge-run/results';
import { buildReport } from '../../shared/report/build-report';
import { loadStudyInputs } from '../../shared/report/load-study-inputs';
import { renderMarkdown } from '../../shared/report/render-markdown';
import { indexStudy } from '../../shared/stats/study/study-units';
import { labelledUnitSplits, splitCounts, type SplitRule } from '../../shared/study/judge-splits';
import { parseArgsWithFileLists, parseWholeNumber, UsageError } from '../support/args';
import type { CliIo } from '../support/io';
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
import { FileJournal } from '../support/judge-journal';
import { runJudgePass } from '../support/judge-pass';
import { loadPrompt } from '../support/prompt-file';
import { readInputFile } from '../support/read-input-file';
import { SearchJournal } from '../support/search-journal';

const COMMAND = 'tune';
/** Each candidate is a run over the whole development split: more than this is a search no lead waits for. */
const MAX_BUDGET = 50;

const USAGE = `Usage: agreement-studio tune --transcripts FILE --labels FILE... --endpoint URL --model M --budget K --out DIR [options]

Searches for a better judge prompt without fooling itself. The study's puzzles are split by a
seeded number of each puzzle's id into examples, development and a held-out test part. From
--prompt, each step shows the model the development turns where the best version so far and
people's majority disagree and asks it for a revised template (a reflective step, as GEPA does);
the revision is run on the development turns and becomes the best if its chance-corrected
agreement with people (Cohen's kappa with their majority) is the highest so far. After K
candidates (or --max-search-tokens), the best version is run once on the test part's turns,
and the report gives its test figures, the result, beside its development figures, which are
optimistic: they are of the best of the versions tried on those same turns, and it says how
many that was.

Everything goes to DIR as it arrives: rerun the same command after a crash or Ctrl-C and it
asks only what is still unanswered; rerun it with a larger --budget and the search goes on.
If the best version then changes, it too is run on the test part: every version run there is
counted, and the report says how many were looked at.

${KEY_USAGE}

  --transcripts FILE     the transcript bundle
  --labels FILE...       people's label files (their majority is what versions are scored against)
  --any-study            use label files made for another study id than the transcripts'
${ENDPOINT_USAGE}
  --budget K             candidate versions to propose, 1 to ${MAX_BUDGET}
  --out DIR              the folder for the search (created if missing)
  --prompt NAME|FILE     the version to start from: a built-in prompt (default ${DEFAULT_PROMPT_NAME}), a judge
                         prompt the transcripts brought, or a JSON file {"name": ...,
                         "question": ..., "final": ...}
  --max-search-tokens N  propose no more once the search has spent N tokens (sent and received,
                         proposals and runs together); the candidate under way finishes
  --seed S               whole number choosing which disagreements each step shows (default 1)
${SPLIT_USAGE}
${ASKING_USAGE}

DIR holds versions/step-N.json (each version tried, with its parent and development score: a
prompt file for judge --prompt), search-journal.jsonl (the model's proposals), the answers in
candidates/ and test/, test-looks.jsonl (each version run on the test part), tuned.bundle.json
(the transcripts with every version's labels, each "<model>@<version>"), report.json and
report.md. The summary on stdout is JSON.

Exit codes: 0 done; 1 invalid input, or a request or items failed or the search was stopped
(rerun the same command to go on); 2 bad usage.
`;

interface TuneOptions extends EndpointSettings {
  transcripts: string;
  labels: string[];
  anyStudy: boolean;
  budget: number;
  maxSearchTokens?: number;
  out: string;
  prompt: string;
  seed: number;
  split: SplitRule;
}

/** A version run on the test part, in the order run: the first is the verdict. */
interface TestLook {
  judge: string;
  version: string;
  step: number;
  at: string;
}

export async function runTune(args: string[], io: CliIo, env: Readonly<Record<string, string | undefined>> = process.env): Promise<number> {
  const options = parseTuneArgs(args);
  if (options === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }
  const fail = (message: string) => {
    io.stderr.write(`agreement-studio tune: ${message}\n`);
    return 1;
  };

  const read = await Promise.all([options.transcripts, ...options.labels].map(readInputFile));
  const readErrors = read.flatMap((result) => (result.ok ? [] : result.errors));
  if (readErrors.length > 0) return invalid(io, readErrors);
  const files = read.flatMap((result) => (result.ok ? [result.value] : []));
  const now = new Date().toISOString();
  const loaded = loadStudyInputs(files.slice(0, 1), files.slice(1), { anyStudy: options.anyStudy, now });
  if (!loaded.ok) return invalid(io, loaded.errors);
  const { study, labels, annotatorNames, inputs } = loaded.value;
  const prompt = await loadPrompt(options.prompt, study.judgePrompts);
  if (typeof prompt === 'string') return fail(prompt);

  const units = indexStudy(study, labels);
  const development = developmentUnits(units, options.split);
  const parts = splitCounts(labelledUnitSplits(options.split, study, labels));
  const testTurnIds = new Set(
    labelledUnitSplits(options.split, study, labels)
      .filter((unit) => unit.split === 'test' && unit.task !== 'difficulty')
      .map((unit) => unit.unitId),
  );
  io.stderr.write(
    `tune: split ${splitText(options.split)}: development ${parts.development.units.toLocaleString('en')} labelled units of ${parts.development.puzzles.toLocaleString('en')} puzzles, test ${parts.test.units.toLocaleString('en')} of ${parts.test.puzzles.toLocaleString('en')}\n`,
  );
  if (development.length === 0)
    return fail(
      `the development split holds no question or final turn with a majority of people's labels (${parts.development.units} labelled units of ${parts.development.puzzles} puzzles): label more, or try another --split-seed`,
    );
  if (testTurnIds.size === 0)
    return fail(
      `the test split holds no question or final turn people labelled, so there would be no held-out verdict: label more, or try another --split-seed`,
    );

  // Every version is named after the one the search started from, the start included, so the
  // tune's judges never take the name of a judge the transcripts already hold.
  const versionName = (step: number) => `${prompt.name} tune ${step}`;
  const judgeOf = (version: string) => judgeName(options.model, version);
  let baseJudge: string;
  try {
    baseJudge = judgeOf(versionName(0));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const held = study.turns.find((turn) => Object.keys(turn.judgements).some((judge) => judge.startsWith(`${options.model}@${prompt.name} tune `)));
  if (held !== undefined)
    return fail(
      `${options.transcripts} already holds labels of a tune of "${prompt.name}" by ${options.model} (such as "${baseJudge}"); give the transcripts without them, as tune adds its own`,
    );

  const folders = { versions: join(options.out, 'versions'), candidates: join(options.out, 'candidates'), test: join(options.out, 'test') };
  try {
    for (const folder of Object.values(folders)) await mkdir(folder, { recursive: true });
  } catch (error) {
    return fail(`cannot make ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const endpointUrl = recordedEndpointUrl(options.endpoint);
  const transcriptsSha = inputs[0]?.sha256 ?? '';
  const opened = await SearchJournal.open(join(options.out, 'search-journal.jsonl'), {
    transcripts: transcriptsSha,
    labels: inputs.slice(1).map((input) => input.sha256),
    endpoint: endpointUrl,
    model: options.model,
    promptName: prompt.name,
    promptHash: promptHash(prompt),
    temperature: options.temperature,
    maxTokens: options.maxTokens,
    split: splitText(options.split),
    seed: options.seed,
  });
  if (!opened.ok) return fail(opened.message);
  const searchJournal = opened.journal;

  const endpoint = chatEndpointOf(options, env);
  const send = createFetchSender(fetch as unknown as FetchLike);
  const turns = new Map(study.turns.map((turn) => [turn.id, turn]));

  /** One pass of a version over some turns, with its journal in `folder`; its verdicts, or why there are none. */
  const runVersion = async (
    version: SearchVersion,
    step: number,
    turnIds: ReadonlySet<string>,
    folder: string,
    part: string,
  ): Promise<{ verdicts: Map<string, TurnVerdict>; tokens: number } | { stopped: 'cancelled' | 'failed'; reason: string }> => {
    const items = judgeItems(study, { kind: 'labelled', unitIds: turnIds });
    const journalPath = join(folder, `step-${step}.judge-journal.jsonl`);
    const journalOpened = await FileJournal.open(journalPath, {
      transcripts: transcriptsSha,
      endpoint: endpointUrl,
      model: options.model,
      promptName: version.name,
      promptHash: promptHash(version),
      temperature: options.temperature,
      maxTokens: options.maxTokens,
      samples: 1,
      selection: `${part} split ${sha256Hex([...turnIds].sort().join('\n'))}`,
    });
    if (!journalOpened.ok) return { stopped: 'failed', reason: journalOpened.message };
    const pass = await runJudgePass({
      items,
      ask: judgeAsker(itemPromptSource(study, version), endpoint, send),
      isCutOff: (answer, item) => answerIsCutOff(answer, item.task, study.study.scheme),
      journal: journalOpened.journal,
      concurrency: options.concurrency,
      ...(options.rpm !== undefined ? { rpm: options.rpm } : {}),
      label: `${part} ${version.name}`,
      io,
    });
    if (!pass.ok && pass.cancelled) return { stopped: 'cancelled', reason: `cancelled; the answers so far are kept in ${journalPath}` };
    if (!pass.ok) return { stopped: 'failed', reason: pass.message };
    const failed = pass.summary.failures;
    if (failed.length > 0)
      return {
        stopped: 'failed',
        reason: `${failed.length.toLocaleString('en')} requests of ${version.name} failed (the first: ${failed[0]?.reason ?? ''}); their answers are not in ${journalPath} yet`,
      };
    const itemKeys = new Set(items.map((item) => item.key));
    const answers = pass.answers.filter((answer) => itemKeys.has(answer.key));
    // Counted from the journal, earlier sittings included, so a resumed search spends the same tokens and stops where it would have.
    const tokens = answers.reduce((sum, answer) => sum + answer.tokensIn + answer.tokensOut, 0);
    return { verdicts: tallyAnswers(answers, turns, study.study.scheme), tokens };
  };

  const developmentTurnIds = new Set(development.map((unit) => unit.turnId));
  const developmentVerdicts = new Map<string, Map<string, TurnVerdict>>();
  const interrupt = new AbortController();
  const onInterrupt = () => interrupt.abort();
  process.once('SIGINT', onInterrupt);
  let result;
  try {
    result = await runPromptSearch({
      base: { name: versionName(0), parent: null, question: prompt.question, final: prompt.final },
      data: study,
      units: development,
      categories: units.categories,
      budget: { candidates: options.budget, tokens: options.maxSearchTokens ?? null },
      seed: options.seed,
      nameOf: versionName,
      propose: (step, messages) =>
        proposal(searchJournal, step, () =>
          proposeWithRetries(send, endpoint, messages, interrupt.signal, { sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)) }),
        ),
      evaluate: async (version, step) => {
        const outcome = await runVersion(version, step, developmentTurnIds, folders.candidates, 'development');
        if ('stopped' in outcome) return outcome;
        developmentVerdicts.set(version.name, outcome.verdicts);
        const labelsOf = new Map([...outcome.verdicts].map(([turnId, verdict]) => [turnId, verdict.label as string]));
        const replies = new Map([...outcome.verdicts].map(([turnId, verdict]) => [turnId, verdict.reply]));
        return { labels: labelsOf, replies, tokens: outcome.tokens };
      },
      onStep: async (step) => {
        await writeFile(join(folders.versions, `step-${step.step}.json`), `${JSON.stringify(versionFile(step), null, 2)}\n`);
        io.stderr.write(`tune: ${stepText(step)}\n`);
      },
      signal: interrupt.signal,
    });
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
  if (result.stoppedBy === 'cancelled' || result.stoppedBy === 'failed')
    return fail(`the search stopped at step ${result.steps.length}: ${result.reason ?? result.stoppedBy}; rerun the same command to go on`);

  // The held-out verdict: the best version on the test part, once; a later best is another look, counted.
  const looksPath = join(options.out, 'test-looks.jsonl');
  const looks = await readLooks(looksPath);
  if (typeof looks === 'string') return fail(looks);
  const best = result.best;
  if (!looks.some((look) => look.version === best.version.name)) {
    const look: TestLook = { judge: judgeOf(best.version.name), version: best.version.name, step: best.step, at: new Date().toISOString() };
    await appendFile(looksPath, `${JSON.stringify(look)}\n`);
    looks.push(look);
    if (looks.length > 1)
      io.stderr.write(
        `tune: the best version is now ${best.version.name}, which the test part has not seen: running it there too, look ${looks.length}; the report counts every look\n`,
      );
  }
  const testVerdicts = new Map<string, Map<string, TurnVerdict>>();
  for (const look of looks) {
    const step = result.steps.find((candidate) => candidate.version.name === look.version);
    if (step === undefined) return fail(`${looksPath} names the version "${look.version}", which this search did not try: choose another --out`);
    const outcome = await runVersion(step.version, step.step, testTurnIds, folders.test, 'test');
    if ('stopped' in outcome) return fail(`the test run of ${look.version} stopped: ${outcome.reason}; rerun the same command to go on`);
    testVerdicts.set(look.version, outcome.verdicts);
  }

  // Every version tried keeps its development labels; those run on the test part, their test labels too.
  let tuned: StudyData = study;
  const tried = result.steps.filter((step) => step.score !== undefined);
  for (const step of tried) {
    const verdicts = new Map([...(developmentVerdicts.get(step.version.name) ?? []), ...(testVerdicts.get(step.version.name) ?? [])]);
    tuned = applyJudgeResults(tuned, judgeOf(step.version.name), verdicts);
  }
  const judgeSplit: JudgeSplitSetting = {
    seed: options.split.seed,
    shares: options.split.shares,
    setAt: now,
    developmentJudges: tried.map((step) => judgeOf(step.version.name)),
    testRuns: looks.map((look) => ({ judge: look.judge, at: look.at })),
  };
  tuned = { ...tuned, study: { ...tuned.study, judgeSplit } };
  const report = buildReport({
    study: tuned,
    labels,
    annotatorNames,
    settings: { bootstrap: 1000, seed: 1, average: 'micro' },
    inputs,
    app: `agreement-studio ${__APP_VERSION__}`,
    now,
  });
  try {
    await writeFile(join(options.out, 'tuned.bundle.json'), serializeBundleDocument(studyBundleDocument(tuned)));
    await writeFile(join(options.out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    await writeFile(join(options.out, 'report.md'), renderMarkdown(report));
  } catch (error) {
    return fail(`cannot write into ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
  }
  io.stdout.write(
    `${JSON.stringify(
      {
        best: { version: best.version.name, judge: judgeOf(best.version.name), step: best.step, developmentKappa: best.score?.kappa ?? null },
        versionsTried: tried.length,
        testLooks: looks.length,
        stoppedBy: result.stoppedBy,
        tokens: result.tokens,
        steps: result.steps.map((step) => versionFile(step)),
        heldOut: report.heldOut ?? null,
      },
      null,
      2,
    )}\n`,
  );
  io.stderr.write(
    `tune: best ${best.version.name} of ${tried.length} versions tried; ${looks.length} ${looks.length === 1 ? 'version' : 'versions'} run on the test part; wrote ${join(options.out, 'report.md')}\n`,
  );
  return 0;
}

/** The step's proposal from the journal, or asked now and kept there before the search reads it. */
async function proposal(journal: SearchJournal, step: number, ask: () => Promise<ChatOutcome>): Promise<ChatOutcome> {
  const kept = journal.proposal(step);
  if (kept !== undefined) return { ok: true, ...kept };
  const outcome = await ask();
  if (outcome.ok) await journal.record(step, { reply: outcome.reply, tokensIn: outcome.tokensIn, tokensOut: outcome.tokensOut });
  return outcome;
}

async function readLooks(path: string): Promise<TestLook[] | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const looks: TestLook[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    try {
      const look = JSON.parse(line) as TestLook;
      if (typeof look.judge !== 'string' || typeof look.version !== 'string' || typeof look.at !== 'string') throw new Error('fields');
      looks.push(look);
    } catch {
      return `${path} line ${index + 1} is not a test look this program wrote (judge, version, step, at): choose another --out`;
    }
  }
  return looks;
}

/** A version as versions/step-N.json keeps it: a prompt file judge --prompt reads, with where it came from and how it scored. */
function versionFile(step: SearchStep) {
  return {
    name: step.version.name,
    question: step.version.question,
    final: step.version.final,
    step: step.step,
    parent: step.version.parent,
    revised: step.revised,
    ...(step.rationale !== undefined ? { rationale: step.rationale } : {}),
    ...(step.refused !== undefined ? { refused: step.refused } : {}),
    ...(step.score !== undefined ? { developmentScore: step.score } : {}),
    tokens: step.proposalTokens + step.evaluationTokens,
  };
}

function stepText(step: SearchStep): string {
  const from = step.version.parent === null ? 'the start' : `from ${step.version.parent}`;
  if (step.refused !== undefined) return `step ${step.step} (${from}) gave no version: ${step.refused}`;
  const figure = (value: number | null | undefined) => (value === null || value === undefined ? 'undefined' : value.toFixed(3));
  const tasks =
    step.score === undefined
      ? ''
      : ` (R ${figure(step.score.tasks.answer.kappa)} n=${step.score.tasks.answer.n}, M ${figure(step.score.tasks.match.kappa)} n=${step.score.tasks.match.n})`;
  return `step ${step.step} ${step.version.name} (${from}${step.revised === null ? '' : `, ${step.revised === 'answer' ? 'question' : 'final-answer'} template revised`}): development kappa ${figure(step.score?.kappa)}${tasks}`;
}

function invalid(io: CliIo, errors: readonly FormatError[]): number {
  for (const error of errors) io.stderr.write(`${formatErrorText(error)}\n`);
  return 1;
}

function parseTuneArgs(args: string[]): TuneOptions | 'help' {
  const { values, files } = parseArgsWithFileLists(
    COMMAND,
    args,
    {
      help: { type: 'boolean', short: 'h' },
      transcripts: { type: 'string' },
      labels: { type: 'string', multiple: true },
      'any-study': { type: 'boolean' },
      ...ENDPOINT_OPTIONS,
      ...SPLIT_OPTIONS,
      budget: { type: 'string' },
      'max-search-tokens': { type: 'string' },
      out: { type: 'string' },
      prompt: { type: 'string' },
      seed: { type: 'string' },
    },
    ['labels'],
  );
  if (values.help === true) return 'help';
  const transcripts = values.transcripts;
  if (transcripts === undefined || transcripts.trim() === '') throw new UsageError('--transcripts FILE is required', COMMAND);
  if (files.labels.length === 0) throw new UsageError('--labels FILE... is required: versions are scored against people’s labels', COMMAND);
  const endpointSettings = parseEndpointSettings(COMMAND, values);
  if (values.budget === undefined) throw new UsageError('--budget K is required: how many candidate versions to propose', COMMAND);
  const out = values.out;
  if (out === undefined || out.trim() === '') throw new UsageError('--out DIR is required', COMMAND);
  return {
    transcripts,
    labels: files.labels,
    anyStudy: values['any-study'] === true,
    ...endpointSettings,
    budget: parseWholeNumber(COMMAND, 'budget', values.budget, 1, 1, MAX_BUDGET),
    ...(values['max-search-tokens'] !== undefined
      ? { maxSearchTokens: parseWholeNumber(COMMAND, 'max-search-tokens', values['max-search-tokens'], 1, 1, Number.MAX_SAFE_INTEGER) }
      : {}),
    out,
    prompt: values.prompt ?? DEFAULT_PROMPT_NAME,
    seed: parseWholeNumber(COMMAND, 'seed', values.seed, 1, -(2 ** 31), 2 ** 32 - 1),
    split: parseSplitRule(COMMAND, values),
  };
}
