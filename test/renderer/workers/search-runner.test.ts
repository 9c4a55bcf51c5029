// The judge worker's prompt search (search-runner.ts through createJudgeRunner) over fake-indexeddb
// against the loopback judge server grading by a helping instruction and proposing templates: a
// search of three candidates on a synthetic study with a split saves every candidate with its
// parent and runs each on the development split only (each counted as a version tried), its
// figures the runs' labels against people's majority counted plainly, and keeps the helping
// version; a search cancelled mid-way and resumed replays its proposals from the journal (the
// server is asked no proposal twice, and no judge item answered before the cancel); a pause holds
// the next proposal until resumed; a proposal the server fails is asked again after a wait; a study
// without a split is refused in words.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { JudgeSplitSetting, Label, StudyData } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { PROPOSAL_MARKER } from '../../../shared/judge-run/prompt-search';
import { builtInPrompt } from '../../../shared/judge-run/prompts';
import type { PromptSearchRow } from '../../../shared/judge-run/search-records';
import { humanMajority } from '../../../shared/stats/study/majority';
import { indexStudy } from '../../../shared/stats/study/study-units';
import { puzzleSplit } from '../../../shared/study/judge-splits';
import type { StudioDatabase } from '../../../renderer/db/database';
import { createPromptSearch } from '../../../renderer/db/prompt-searches';
import { savePromptVersion } from '../../../renderer/db/prompt-versions';
import { createJudgeRunner } from '../../../renderer/workers/judge-runner';
import type { SearchLiveProgress } from '../../../renderer/workers/judge-protocol';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';
import { annotator, closeDatabases, databaseWith, label, NOW } from '../db/db-fixtures';
import { hostSend, savedEndpoint } from './judge-fixtures';

const SPLIT: JudgeSplitSetting = { seed: 7, shares: { examples: 0.2, development: 0.4, test: 0.4 }, setAt: NOW, developmentJudges: [], testRuns: [] };
const HELP = 'Before you reply, read the answer again and check the question against it, word by word.';
const PROPOSALS = ['Reply in English.', HELP];

/** A synthetic study with its split and three annotators' labels, each turn's text made its own so the server knows which turn a prompt is about. */
function searchStudy(): { data: StudyData; labels: Label[] } {
  const generated = generateSyntheticStudy({ puzzles: 24, annotators: 3, seed: 34 });
  for (const session of generated.bundle.sessions) for (const turn of session.turns) turn.text = `${turn.text} (turn ${turn.id})`;
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const data = { ...parsed.value, study: { ...parsed.value.study, judgeSplit: SPLIT } };
  const labels = generated.labelFiles.flatMap((file) => file.labels.map((each) => label(data.study.id, file.annotator.id, each.unit, each.task, each.value)));
  return { data, labels };
}

const { data, labels } = searchStudy();
const STUDY = data.study.id;
const turnsById = new Map(data.turns.map((turn) => [turn.id, turn]));
/** The turns people labelled and those of the development split: what its runs ask. */
const labelled = new Set(labels.filter((each) => each.task !== 'difficulty').map((each) => each.unitId));
const developmentLabelled = new Set([...labelled].filter((id) => puzzleSplit(SPLIT, turnsById.get(id)!.puzzleId) === 'development'));
/** Every labelled turn's people's majority where there is one, whatever its split; the development turns among them, which the search scores. */
const majority = new Map<string, string>();
const development = new Set<string>();
for (const task of ['answer', 'match'] as const)
  for (const unit of indexStudy(data, labels).units[task]) {
    const answer = humanMajority(unit);
    if (answer === null) continue;
    majority.set(unit.id, answer);
    if (puzzleSplit(SPLIT, unit.puzzleId) === 'development') development.add(unit.id);
  }

function truth(): Map<string, string> {
  return new Map([...majority].map(([turnId, answer]) => [turnsById.get(turnId)!.text, `${answer[0]!.toUpperCase()}${answer.slice(1)}`]));
}

let server: FakeChatServer;
beforeEach(async () => {
  server = await startFakeChatServer({ grading: { truth: truth(), helps: [HELP], rightShare: { helped: 0.95, unhelped: 0.5 } }, proposals: PROPOSALS });
});
afterEach(async () => {
  closeDatabases();
  await server.close();
});

async function searchDatabase(): Promise<StudioDatabase> {
  const db = await databaseWith([data]);
  await db.labels.bulkPut(labels);
  await db.annotators.bulkPut([...new Set(labels.map((each) => each.annotatorId))].map((id) => annotator(STUDY, id)));
  return db;
}

async function newSearch(db: StudioDatabase, candidates: number): Promise<PromptSearchRow> {
  const endpoint = await savedEndpoint(db, server.url, { timeoutSeconds: 30 });
  return createPromptSearch(db, { studyId: STUDY, endpoint, base: 'studio-1', budget: { candidates, tokens: null }, seed: 1 });
}

const runner = (db: StudioDatabase) => createJudgeRunner(db, { backoffMs: 10, progressEveryMs: 0 });

const promptOf = (body: string) => (JSON.parse(body) as { messages: Array<{ content: string }> }).messages.map((message) => message.content).join('\n');
const isProposal = (body: string) => promptOf(body).startsWith(PROPOSAL_MARKER);
const proposalsAsked = () => server.log.filter((entry) => isProposal(entry.body));
const judgeRequests = () => server.log.filter((entry) => !isProposal(entry.body));

describe('the prompt search in the judge worker', () => {
  it('saves every candidate under its parent, runs each on the development split only, and keeps the helping version', { timeout: 120_000 }, async () => {
    const db = await searchDatabase();
    const search = await newSearch(db, 3);
    const progress: SearchLiveProgress[] = [];
    const outcome = await runner(db).runSearch(search.id, hostSend().send, (p) => progress.push(p));
    expect(outcome).toMatchObject({ ran: true, state: 'finished', stoppedBy: 'candidates' });
    const row = (await db.promptSearches.get(search.id))!;
    expect(row).toMatchObject({ state: 'finished', stoppedBy: 'candidates', best: outcome.ran ? outcome.best : '' });
    expect(row.steps.map((step) => step.step)).toEqual([0, 1, 2, 3]);
    expect(Object.keys(row.proposals).map(Number)).toEqual([1, 2, 3]);
    expect(proposalsAsked()).toHaveLength(3);
    expect(progress.some((p) => p.search?.phase === 'proposing')).toBe(true);

    for (const step of row.steps.slice(1)) {
      expect(step.version.name).toBe(`studio-1 search 1.${step.step}`);
      if (step.refused !== undefined) continue;
      const saved = await db.promptVersions.get(step.version.name);
      expect(saved).toMatchObject({ basedOn: step.version.parent, search: { id: search.id, step: step.step }, question: step.version.question });
    }
    // Each evaluated step's run is on the development split, and its figures are its labels against people's majority, counted here plainly.
    for (const step of row.steps.filter((each) => each.score !== undefined)) {
      const run = (await db.judgeRuns.get(row.runs[step.step]!))!;
      expect(run).toMatchObject({ state: 'finished', selection: { kind: 'split', part: 'development' }, prompt: { name: step.version.name } });
      const turns = await db.turns.where(':id').between([STUDY, ''], [STUDY, '\uffff']).toArray();
      for (const task of ['answer', 'match'] as const) {
        const units = turns.filter((turn) => development.has(turn.id) && (task === 'answer') === (turn.type === 'question'));
        const agreeing = units.filter((turn) => turn.judgements[run.judge] === majority.get(turn.id)).length;
        expect(step.score!.tasks[task].n, `${step.version.name} ${task}`).toBe(units.length);
        expect(step.score!.tasks[task].agreement, `${step.version.name} ${task}`).toBeCloseTo(agreeing / units.length, 12);
      }
    }
    // Every version measured is counted on the study's split as a version tried on development: the held-out verdict's denominator.
    const measured = await Promise.all(
      row.steps.filter((step) => step.score !== undefined).map(async (step) => (await db.judgeRuns.get(row.runs[step.step]!))!.judge),
    );
    expect((await db.studies.get(STUDY))?.judgeSplit?.developmentJudges).toEqual(measured);
    expect(measured).toHaveLength(new Set(measured).size);
    // No judge request asked about a labelled turn outside the development split.
    const outside = [...labelled].filter((id) => !developmentLabelled.has(id)).map((id) => turnsById.get(id)!.text);
    expect(outside.length).toBeGreaterThan(0);
    expect(judgeRequests().filter((entry) => outside.some((text) => promptOf(entry.body).includes(text)))).toEqual([]);
    // The helping instruction's candidate, or a child of it, is the best, above every version without it (deterministic: the server's draws are keyed by the prompt).
    const best = row.steps.find((step) => step.version.name === row.best)!;
    expect(best.version.question.includes(HELP) || best.version.final.includes(HELP)).toBe(true);
    for (const step of row.steps.filter((each) => each.score !== undefined && !each.version.question.includes(HELP) && !each.version.final.includes(HELP)))
      expect(best.score!.kappa!).toBeGreaterThan(step.score!.kappa! + 0.1);
  });

  it('resumes a search cancelled mid-way from its journal: no proposal asked twice, no answered judge item asked again', { timeout: 120_000 }, async () => {
    const db = await searchDatabase();
    const search = await newSearch(db, 3);
    const judgeRunner = runner(db);
    const first = await judgeRunner.runSearch(search.id, hostSend().send, (progress) => {
      // Halfway through the second candidate's run: its proposal is journaled, its run part answered.
      if (progress.search?.step === 2 && progress.search.phase === 'evaluating' && (progress.run?.done ?? 0) >= 3) judgeRunner.cancelSearch(search.id);
    });
    expect(first).toMatchObject({ ran: true, state: 'cancelled', stoppedBy: 'cancelled' });
    const cancelled = (await db.promptSearches.get(search.id))!;
    expect(cancelled).toMatchObject({ state: 'cancelled', reason: 'the lead cancelled the search' });
    expect(Object.keys(cancelled.proposals).map(Number)).toEqual([1, 2]);
    expect(cancelled.steps.map((step) => step.step)).toEqual([0, 1]);
    expect(await db.judgeRuns.get(cancelled.runs[2]!)).toMatchObject({ state: 'cancelled' });
    const answeredBefore = await db.judgeAnswers.where(':id').between([cancelled.runs[2]!, ''], [cancelled.runs[2]!, '\uffff']).count();
    expect(answeredBefore).toBeGreaterThanOrEqual(3);
    expect(answeredBefore).toBeLessThan(developmentLabelled.size);
    expect(proposalsAsked()).toHaveLength(2);

    // As if the window had closed after the second candidate's run started but before the search journaled it: it is found by its name.
    await db.promptSearches.update(search.id, { runs: { 0: cancelled.runs[0]!, 1: cancelled.runs[1]! } });
    const second = await judgeRunner.runSearch(search.id, hostSend().send, () => {});
    expect(second).toMatchObject({ ran: true, state: 'finished', stoppedBy: 'candidates' });
    const finished = (await db.promptSearches.get(search.id))!;
    expect(finished.steps.map((step) => step.step)).toEqual([0, 1, 2, 3]);
    // Only the third proposal was asked anew; the second candidate's run went on from its journal.
    expect(proposalsAsked()).toHaveLength(3);
    expect(finished.runs[2]).toBe(cancelled.runs[2]);
    expect(await db.judgeRuns.get(finished.runs[2]!)).toMatchObject({ state: 'finished', record: { counts: { alreadyAnswered: answeredBefore } } });
    // Each evaluated step's run asked every development turn once; beyond that only the requests in flight at the cancel, whose late answers were dropped.
    const evaluated = finished.steps.filter((step) => step.score !== undefined).length;
    const extra = judgeRequests().length - evaluated * developmentLabelled.size;
    expect(extra).toBeGreaterThanOrEqual(0);
    expect(extra).toBeLessThanOrEqual(4);
  });

  it('holds the next proposal while paused, and goes on once resumed', { timeout: 120_000 }, async () => {
    const db = await searchDatabase();
    const search = await newSearch(db, 1);
    const judgeRunner = runner(db);
    const progress: SearchLiveProgress[] = [];
    let paused = false;
    const outcome = judgeRunner.runSearch(search.id, hostSend().send, (p) => {
      progress.push(p);
      if (!paused && p.search?.phase === 'proposing') {
        paused = true;
        judgeRunner.pauseSearch(search.id);
      }
    });
    await expect.poll(async () => (await db.promptSearches.get(search.id))?.state).toBe('paused');
    expect(progress.at(-1)).toMatchObject({ paused: true });
    // Other work on the same server meanwhile: a search of its own to its end, while this one holds.
    const other = await searchDatabase();
    const otherSearch = await newSearch(other, 1);
    expect(await runner(other).runSearch(otherSearch.id, hostSend().send, () => {})).toMatchObject({ ran: true, state: 'finished' });
    expect(Object.keys((await db.promptSearches.get(search.id))!.proposals)).toEqual([]);
    expect(proposalsAsked()).toHaveLength(1);

    judgeRunner.resumeSearch(search.id);
    await expect(outcome).resolves.toMatchObject({ ran: true, state: 'finished', stoppedBy: 'candidates' });
    expect(proposalsAsked()).toHaveLength(2);
    expect(Object.keys((await db.promptSearches.get(search.id))!.proposals)).toEqual(['1']);
  });

  it('asks a proposal again while the server fails it, as the runner asks an answer again', { timeout: 120_000 }, async () => {
    const db = await searchDatabase();
    const studio = builtInPrompt('studio-1')!;
    // The directive rides in both templates, so whichever one the proposal shows fails its first two requests.
    await savePromptVersion(db, { name: 'flaky', question: `${studio.question}\n[fake:500*2]`, final: `${studio.final}\n[fake:500*2]`, basedOn: 'studio-1' });
    const endpoint = await savedEndpoint(db, server.url, { timeoutSeconds: 30 });
    const search = await createPromptSearch(db, { studyId: STUDY, endpoint, base: 'flaky', budget: { candidates: 1, tokens: null }, seed: 1 });
    const outcome = await runner(db).runSearch(search.id, hostSend().send, () => {});
    expect(outcome).toMatchObject({ ran: true, state: 'finished', stoppedBy: 'candidates' });
    expect(proposalsAsked().map((entry) => entry.status)).toEqual([500, 500, 200]);
    expect(Object.keys((await db.promptSearches.get(search.id))!.proposals)).toEqual(['1']);
  });

  it('refuses in words a search whose study no longer has a split', async () => {
    const db = await searchDatabase();
    const search = await newSearch(db, 1);
    await db.studies.update(STUDY, { judgeSplit: undefined });
    expect(await runner(db).runSearch(search.id, hostSend().send, () => {})).toEqual({
      ran: false,
      reason: 'the study has no judge split; set one on the Judges page first, for the search tunes on its development split',
    });
    expect(server.log).toEqual([]);
  });
});
