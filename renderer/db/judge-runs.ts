// The judge runs a lead starts on a study (issue 17 points 3 and 4): each run's row (settings,
// state, last progress, and its record once applied), its journal of answers in db.judgeAnswers,
// and the applying of its labels to the study's turns as `<model>@<prompt version>`, or `~2`, `~3`
// after it for a run whose endpoint, prompt or label-changing settings differ from the study's earlier runs of that name.
//
// Runs and answers stay out of a study's backup: the labels a run gave are on the turns, which the
// backup holds, and the backup format (docs/formats.md#backup) has no place for a run; a run is working state
// of this computer, like its endpoints. Neither table can hold an API key (stored-records.ts).

import { MAX_JUDGE_SAMPLES, type JudgeSplitSetting, type Label, type Study, type Turn } from '../../shared/domain/model';
import { recordedEndpointUrl } from '../../shared/judge-run/chat-completions';
import type { ItemSelection } from '../../shared/judge-run/items';
import { batchedAppends } from '../../shared/judge-run/journal-batch';
import {
  applyJudgeResults,
  cutOffAnswers,
  distinctJudgeName,
  judgeName,
  judgeRunRecord,
  tallyAnswers,
  type JudgeIdentity,
  type JudgeRunRecord,
} from '../../shared/judge-run/results';
import type { AnswerJournal, JudgeAnswer, RunProgress, RunSummary } from '../../shared/judge-run/runner';
import type { JudgeEndpoint, JudgeRunRow, JudgeRunState, StoredSelection } from '../../shared/judge-run/stored-records';
import { puzzleSplit } from '../../shared/study/judge-splits';
import { byStudy } from './by-study';
import type { StudioDatabase } from './database';
import { withPrefix } from './key-range';
import { promptVersionByName, promptVersionUsableOn } from './prompt-versions';
import { forgetTranscriptsChecksum } from './report-inputs';

export interface NewJudgeRun {
  studyId: string;
  endpoint: JudgeEndpoint;
  promptName: string;
  selection: StoredSelection;
  samples: number;
}

/** The progress of a run no worker has started yet. */
function notStarted(): RunProgress {
  return { state: 'starting', total: 0, alreadyAnswered: 0, done: 0, cutOff: 0, failed: 0, inFlight: 0, retries: 0, tokensIn: 0, tokensOut: 0, elapsedMs: 0 };
}

/** A random run id; crypto.randomUUID is in every browser, worker and Node the app runs in. */
function newRunId(): string {
  return crypto.randomUUID();
}

/**
 * Stores a new run in state `running`, for a worker to run, and counts a run on a part of the
 * judge split on the study (countedSplitRun). Throws an Error with a plain message for a missing
 * study or prompt version, a version whose few-shot examples came from another study, a model and
 * version that make no judge name, or a run on a split part of a study without a split.
 */
export async function createJudgeRun(db: StudioDatabase, run: NewJudgeRun, now: string = new Date().toISOString()): Promise<JudgeRunRow> {
  const { endpoint } = run;
  if (!Number.isSafeInteger(run.samples) || run.samples < 1 || run.samples > MAX_JUDGE_SAMPLES)
    throw new Error(`samples must be a whole number from 1 to ${MAX_JUDGE_SAMPLES}, not ${run.samples}`);
  // Throws before any lookup for a model and version that make no judge name.
  judgeName(endpoint.model, run.promptName);
  const prompt = await promptVersionByName(db, run.promptName);
  if (prompt === undefined) throw new Error(`there is no prompt version named "${run.promptName}"`);
  const identity: JudgeIdentity = {
    model: endpoint.model,
    prompt: { name: prompt.name, hash: prompt.hash },
    endpoint: recordedEndpointUrl(endpoint.url),
    parameters: { temperature: endpoint.temperature, maxTokens: endpoint.maxTokens, samples: run.samples },
  };
  return db.transaction('rw', [db.studies, db.judgeRuns, db.turns], async () => {
    const study = await db.studies.get(run.studyId);
    if (study === undefined) throw new Error(`The study "${run.studyId}" is not in the library.`);
    if (!promptVersionUsableOn(prompt, run.studyId)) {
      const from = prompt.examples && (await db.studies.get(prompt.examples.studyId));
      throw new Error(
        `the prompt version "${prompt.name}" carries few-shot examples from ${from === undefined ? 'another study' : `the study "${from.name}"`} and runs only on that study; save a version with examples from this study's corrections instead`,
      );
    }
    if (run.selection.kind === 'split' && study.judgeSplit === undefined) throw new Error('The study has no judge split; set one on the Judges page first.');
    // The study's earlier runs keep what produced their labels: a run like none of them is a new judge.
    const earlier = (await listJudgeRuns(db, run.studyId)).reverse();
    const row: JudgeRunRow = {
      id: newRunId(),
      studyId: run.studyId,
      endpointId: endpoint.id,
      judge: distinctJudgeName(identity, earlier, await namesNotToReuse(db, run.studyId, earlier)),
      ...identity,
      parameters: { ...identity.parameters, concurrency: endpoint.concurrency, rpm: endpoint.rpm, timeoutSeconds: endpoint.timeoutSeconds },
      selection: run.selection,
      state: 'running',
      createdAt: now,
      updatedAt: now,
      progress: notStarted(),
    };
    await db.judgeRuns.add(row);
    if (run.selection.kind === 'split' && study.judgeSplit !== undefined)
      await db.studies.put({ ...study, judgeSplit: countedSplitRun(study.judgeSplit, run.selection.part, row.judge, now) });
    return row;
  });
}

/**
 * The split with a run on its part counted, in the run's own transaction so no run goes uncounted:
 * on development its judge is a version tried (once, however often it runs), on test every run is a
 * look at the held-out puzzles.
 */
function countedSplitRun(split: JudgeSplitSetting, part: 'development' | 'test', judge: string, at: string): JudgeSplitSetting {
  if (part === 'test') return { ...split, testRuns: [...split.testRuns, { judge, at }] };
  return split.developmentJudges.includes(judge) ? split : { ...split, developmentJudges: [...split.developmentJudges, judge] };
}

/**
 * The judges whose labels the study's turns carry with no run of this computer behind them (an
 * imported bundle, a restored backup): what produced them is unknown, so a new run never takes
 * their name and replaces their labels. Also the names of judges merged into others.
 */
async function namesNotToReuse(db: StudioDatabase, studyId: string, runs: readonly JudgeRunRow[]): Promise<Set<string>> {
  const ran = new Set(runs.map((run) => run.judge));
  // A judge the lead merged away keeps its name in the audit log and its runs' rows: a new run
  // under it would read as that judge back again.
  const names = new Set(runs.flatMap((run) => (run.ranAs === undefined ? [] : [run.ranAs])));
  await byStudy(db.turns, studyId).each((turn) => {
    for (const judge of Object.keys(turn.judgements)) if (!ran.has(judge)) names.add(judge);
  });
  return names;
}

/** The study's runs, newest first. */
export async function listJudgeRuns(db: StudioDatabase, studyId: string): Promise<JudgeRunRow[]> {
  const runs = await db.judgeRuns.where('studyId').equals(studyId).toArray();
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

function runAnswers(db: StudioDatabase, runId: string) {
  return withPrefix(db.judgeAnswers.where(':id'), [runId]);
}

/**
 * The run's journal over db.judgeAnswers: each answer is put in a transaction of its own, which
 * the database commits durably (strict), so an answer the runner counts survives a closed window.
 */
export function judgeRunJournal(db: StudioDatabase, runId: string): AnswerJournal {
  // Answers arriving during one transaction go into the next together: one commit per batch.
  const appends = batchedAppends<JudgeAnswer>(async (batch) => {
    await db.transaction('rw', db.judgeAnswers, () => db.judgeAnswers.bulkPut(batch.map((answer) => ({ ...answer, runId }))));
  });
  return {
    // One answer at a time, so a resumed run with long replies does not hold them all at once.
    readEarlier: (visit) => runAnswers(db, runId).each((row) => visit(row)),
    append: (answer) => appends.append(answer),
  };
}

/**
 * Sets the run's state (and its last progress, when given), for the page to show a run no worker
 * is running. A run whose labels are applied keeps its final state and progress.
 */
export async function recordJudgeRunProgress(
  db: StudioDatabase,
  runId: string,
  update: { state: 'running' | 'paused'; progress?: RunProgress },
  now: string = new Date().toISOString(),
): Promise<void> {
  await db.transaction('rw', db.judgeRuns, async () => {
    const run = await db.judgeRuns.get(runId);
    if (run === undefined || isEnded(run)) return;
    await db.judgeRuns.put({ ...run, state: update.state, progress: update.progress ?? run.progress, updatedAt: now });
  });
}

/** A run applied (finished or cancelled): a late progress report must not turn it back to running. */
export function isEnded(run: JudgeRunRow): boolean {
  return run.state === 'finished' || run.state === 'cancelled';
}

/** Starts a finished or cancelled run again: it goes back to `running` and asks only what its journal lacks. */
export async function reopenJudgeRun(db: StudioDatabase, runId: string, now: string = new Date().toISOString()): Promise<void> {
  await db.transaction('rw', db.judgeRuns, async () => {
    const run = await db.judgeRuns.get(runId);
    if (run === undefined || !isEnded(run)) return;
    await db.judgeRuns.put({ ...run, state: 'running', updatedAt: now });
  });
}

/** The turn ids people labelled in the study, for the `labelled` selection: the answer and match tasks' units. */
export async function labelledUnitIds(db: StudioDatabase, studyId: string): Promise<Set<string>> {
  const labels: Label[] = await byStudy(db.labels, studyId).toArray();
  return new Set(labels.filter((label) => label.task === 'answer' || label.task === 'match').map((label) => label.unitId));
}

/**
 * A stored selection as the runner takes it; `labelled` reads the units labelled now, and `split` those
 * of them whose puzzle is in its part of the study's judge split (a label added since joins by its puzzle).
 */
export async function itemSelection(db: StudioDatabase, run: Pick<JudgeRunRow, 'studyId' | 'selection'>): Promise<ItemSelection> {
  const { selection } = run;
  if (selection.kind === 'all' || selection.kind === 'sample') return selection;
  const unitIds = await labelledUnitIds(db, run.studyId);
  if (selection.kind === 'labelled') return { kind: 'labelled', unitIds };
  const split = (await db.studies.get(run.studyId))?.judgeSplit;
  if (split === undefined) throw new Error('the study has no judge split; set one on the Judges page first');
  const turns = await byStudy(db.turns, run.studyId).toArray();
  const inPart = turns.filter((turn) => unitIds.has(turn.id) && puzzleSplit(split, turn.puzzleId) === selection.part).map((turn) => turn.id);
  return { kind: 'labelled', unitIds: new Set(inPart) };
}

function selectionWords(selection: StoredSelection): string {
  if (selection.kind === 'sample') return `sample of ${selection.size}, seed ${selection.seed}`;
  return selection.kind === 'split' ? `${selection.part} split` : selection.kind;
}

function sameLabels(a: Turn, b: Turn): boolean {
  return (
    JSON.stringify([a.judgements, a.judgeReplies ?? {}, a.judgeConfidence ?? {}]) ===
    JSON.stringify([b.judgements, b.judgeReplies ?? {}, b.judgeConfidence ?? {}])
  );
}

/**
 * Applies a run that ended (finished or cancelled) in one transaction: tallies every answer of its
 * journal, sets the judge's labels on the study's turns (a turn without a verdict keeps no label of
 * this judge) writing only the turns that change, stores the record and the state, and adds an
 * audit entry (which also marks the study changed for its next backup). Returns the record.
 */
export async function applyJudgeRun(db: StudioDatabase, runId: string, summary: RunSummary, now: string = new Date().toISOString()): Promise<JudgeRunRecord> {
  const tables = [db.judgeRuns, db.judgeAnswers, db.studies, db.turns, db.labels, db.audit, db.meta];
  return db.transaction('rw', tables, async () => {
    const run = await db.judgeRuns.get(runId);
    if (run === undefined) throw new Error('The judge run is no longer in the library.');
    const study: Study | undefined = await db.studies.get(run.studyId);
    if (study === undefined) throw new Error(`The study "${run.studyId}" is not in the library.`);
    const [answers, turns] = await Promise.all([runAnswers(db, runId).toArray(), byStudy(db.turns, run.studyId).toArray()]);
    const turnsById = new Map(turns.map((turn) => [turn.id, turn]));
    const verdicts = tallyAnswers(answers, turnsById, study.scheme);
    const scope = run.selection.kind === 'split' ? await splitRunTurns(db, run, answers) : undefined;
    const judged = applyJudgeResults({ study, puzzles: [], sessions: [], turns }, run.judge, verdicts, scope).turns;
    const changed = judged.filter((turn, index) => !sameLabels(turn, turns[index] as Turn));
    if (changed.length > 0) {
      await db.turns.bulkPut(changed);
      // The report's cached checksum of the transcripts would name the turns before the labels.
      await forgetTranscriptsChecksum(db, study);
    }
    const record = judgeRunRecord({
      judge: run.judge,
      model: run.model,
      prompt: run.prompt,
      endpoint: run.endpoint,
      parameters: run.parameters,
      selection: selectionWords(run.selection),
      startedAt: run.createdAt,
      finishedAt: now,
      summary,
      verdicts,
      cutOff: cutOffAnswers(answers, turnsById, study.scheme, run.parameters.maxTokens),
    });
    const state: JudgeRunState = summary.progress.state === 'cancelled' ? 'cancelled' : 'finished';
    await db.judgeRuns.put({ ...run, state, progress: summary.progress, record, updatedAt: now });
    await db.audit.add({
      studyId: run.studyId,
      at: now,
      kind: 'judge:run',
      detail: `${state} judge ${run.judge} (${run.endpoint}): ${record.counts.turnsLabelled} turns labelled, ${record.counts.unparseable} unparseable, ${record.counts.cutOff ?? 0} cut off at max tokens, ${record.counts.failed} items failed${record.counts.repliesCut ? `, ${record.counts.repliesCut} replies over 1 MB kept cut` : ''}`,
    });
    return record;
  });
}

/**
 * The turns a run on a split part was asked about: its part's labelled turns now, and any turn it
 * answered (a label removed since still had its answer). The same judge's labels on the other part
 * are not this run's to replace.
 */
async function splitRunTurns(db: StudioDatabase, run: JudgeRunRow, answers: readonly JudgeAnswer[]): Promise<Set<string>> {
  const selection = await itemSelection(db, run);
  const turnIds = new Set(selection.kind === 'labelled' ? selection.unitIds : []);
  for (const answer of answers) turnIds.add(answer.turnId);
  return turnIds;
}

/** Deletes every run of the study and their answers; for deleteStudy, inside its transaction. */
export async function deleteJudgeRunsOf(db: StudioDatabase, studyId: string): Promise<void> {
  const runIds = await db.judgeRuns.where('studyId').equals(studyId).primaryKeys();
  await Promise.all(runIds.map((runId) => runAnswers(db, runId).delete()));
  await db.judgeRuns.where('studyId').equals(studyId).delete();
}
