// The prompt searches a lead runs on a study (issue 34 point 3): each search's row in
// db.promptSearches (shared/judge-run/search-records.ts), the saving of its candidates as prompt
// versions with their parent, and the journal a resumed search replays: the model's proposals and
// the judge run of each step.
//
// Searches stay out of a study's backup, as its judge runs do (judge-runs.ts): the candidates they
// found are prompt versions and the labels their runs gave are on the turns, which the backup holds;
// a search is working state of this computer, tied to its endpoints and runs, which no backup holds.

import { judgeName } from '../../shared/judge-run/results';
import { builtInPrompt, promptHash, templateProblem } from '../../shared/judge-run/prompts';
import type { SearchStep, SearchVersion } from '../../shared/judge-run/prompt-search';
import type { JournaledProposal, PromptSearchRow, PromptSearchState } from '../../shared/judge-run/search-records';
import type { JudgeEndpoint, SavedPromptVersion } from '../../shared/judge-run/stored-records';
import type { StudioDatabase } from './database';
import { nameProblem, promptVersionByName, promptVersionUsableOn } from './prompt-versions';

export interface NewPromptSearch {
  studyId: string;
  endpoint: JudgeEndpoint;
  base: string;
  budget: { candidates: number; tokens: number | null };
  seed: number;
}

/** The name of a search's candidate of one step: `<base> search <number>.<step>`. */
export function candidateName(search: Pick<PromptSearchRow, 'base' | 'number'>, step: number): string {
  return `${search.base} search ${search.number}.${step}`;
}

function budgetProblem(budget: NewPromptSearch['budget']): string | undefined {
  if (!Number.isSafeInteger(budget.candidates) || budget.candidates < 1)
    return `the number of candidates must be a whole number of at least 1, not ${budget.candidates}`;
  if (budget.tokens !== null && (!Number.isSafeInteger(budget.tokens) || budget.tokens < 1))
    return `the token budget must be a whole number of at least 1, or none, not ${budget.tokens}`;
  return undefined;
}

/**
 * Stores a new search in state `running`, for a worker to run. Throws an Error with a plain
 * message for a missing study, a study without a judge split, a missing base version or one with
 * another study's few-shot examples, a budget that is not a whole number, or a base whose
 * candidates' names could not name a judge.
 */
export async function createPromptSearch(db: StudioDatabase, search: NewPromptSearch, now: string = new Date().toISOString()): Promise<PromptSearchRow> {
  const problem = budgetProblem(search.budget) ?? (Number.isSafeInteger(search.seed) ? undefined : `the seed must be a whole number, not ${search.seed}`);
  if (problem !== undefined) throw new Error(problem);
  const base = await promptVersionByName(db, search.base);
  if (base === undefined) throw new Error(`there is no prompt version named "${search.base}"`);
  if (!promptVersionUsableOn(base, search.studyId))
    throw new Error(
      `the prompt version "${search.base}" carries few-shot examples from another study and runs only on that study; start from a version usable on this one`,
    );
  return db.transaction('rw', [db.studies, db.promptSearches, db.promptVersions], async () => {
    const study = await db.studies.get(search.studyId);
    if (study === undefined) throw new Error(`The study "${search.studyId}" is not in the library.`);
    if (study.judgeSplit === undefined)
      throw new Error('the study has no judge split; set one on the Judges page first, for the search tunes on its development split');
    // The first number no search of this base took and no saved version's name starts with, so candidates never collide.
    const taken = new Set((await db.promptSearches.toArray()).filter((row) => row.base === search.base).map((row) => row.number));
    let number = 1;
    while (taken.has(number) || (await db.promptVersions.where(':id').startsWith(`${search.base} search ${number}.`).count()) > 0) number++;
    const row: PromptSearchRow = {
      id: crypto.randomUUID(),
      studyId: search.studyId,
      endpointId: search.endpoint.id,
      model: search.endpoint.model,
      base: search.base,
      number,
      budget: search.budget,
      seed: search.seed,
      state: 'running',
      proposals: {},
      runs: {},
      steps: [],
      tokens: 0,
      createdAt: now,
      updatedAt: now,
    };
    const name = candidateName(row, search.budget.candidates);
    const nameWrong = nameProblem(name);
    if (nameWrong !== undefined) throw new Error(`the base version's name is too long for its candidates' names: ${nameWrong}`);
    judgeName(search.endpoint.model, name);
    await db.promptSearches.add(row);
    return row;
  });
}

/** The study's searches, newest first. */
export async function listPromptSearches(db: StudioDatabase, studyId: string): Promise<PromptSearchRow[]> {
  const rows = await db.promptSearches.where('studyId').equals(studyId).toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** Changes the search's row in one transaction; throws when it is no longer in the library. */
async function updateSearch(
  db: StudioDatabase,
  searchId: string,
  change: (row: PromptSearchRow) => Partial<PromptSearchRow>,
  now: string = new Date().toISOString(),
): Promise<PromptSearchRow> {
  return db.transaction('rw', db.promptSearches, async () => {
    const row = await db.promptSearches.get(searchId);
    if (row === undefined) throw new Error('The prompt search is no longer in the library.');
    const next = { ...row, ...change(row), updatedAt: now };
    await db.promptSearches.put(next);
    return next;
  });
}

/** Keeps the model's proposal of a step durably, before the search reads it: a resumed search replays it. */
export async function journalProposal(db: StudioDatabase, searchId: string, step: number, proposal: JournaledProposal): Promise<void> {
  await updateSearch(db, searchId, (row) => ({ proposals: { ...row.proposals, [step]: proposal } }));
}

/** Keeps the judge run that evaluates a step's candidate, before it runs: a resumed search goes on with it. */
export async function journalSearchRun(db: StudioDatabase, searchId: string, step: number, runId: string): Promise<void> {
  await updateSearch(db, searchId, (row) => ({ runs: { ...row.runs, [step]: runId } }));
}

/** Keeps a step as the search reported it; a replayed step replaces itself. */
export async function recordSearchStep(db: StudioDatabase, searchId: string, step: SearchStep): Promise<void> {
  await updateSearch(db, searchId, (row) => ({ steps: [...row.steps.filter((kept) => kept.step !== step.step), step].sort((a, b) => a.step - b.step) }));
}

/** Keeps the best version and the tokens spent so far, for the page to show a search no worker runs. */
export async function recordSearchBest(db: StudioDatabase, searchId: string, best: string, tokens: number): Promise<void> {
  await updateSearch(db, searchId, () => ({ best, tokens }));
}

/** Marks a running search paused or running again; a search that has ended meanwhile keeps its end. */
export async function recordSearchPaused(db: StudioDatabase, searchId: string, paused: boolean): Promise<void> {
  await updateSearch(db, searchId, (row) => (row.state === 'running' || row.state === 'paused' ? { state: paused ? 'paused' : 'running' } : {}));
}

/** Sets the search's state; an end (cancelled, finished, failed) with why it stopped. */
export async function setPromptSearchState(
  db: StudioDatabase,
  searchId: string,
  state: PromptSearchState,
  end: Pick<PromptSearchRow, 'stoppedBy' | 'reason'> & { best?: string; tokens?: number } = {},
): Promise<void> {
  await updateSearch(db, searchId, () => {
    const { stoppedBy, reason, best, tokens } = end;
    // A search going on again forgets why it stopped before.
    if (state === 'running' || state === 'paused') return { state, stoppedBy: undefined, reason: undefined };
    return { state, stoppedBy, reason, ...(best !== undefined ? { best } : {}), ...(tokens !== undefined ? { tokens } : {}) };
  });
}

/**
 * Saves a search's candidate as a prompt version (idempotent: a resumed search finds it saved),
 * with its parent as `basedOn`, the search and step it came from, and the base version's few-shot
 * examples. A version the search did not propose (its base) is left as it is. Throws a plain
 * Error when the name is taken by another text, or the templates are unusable.
 */
export async function saveSearchCandidate(
  db: StudioDatabase,
  search: PromptSearchRow,
  version: SearchVersion,
  step: number,
  now: string = new Date().toISOString(),
): Promise<void> {
  if (version.parent === null) return;
  const questionProblem = templateProblem(version.question);
  const finalProblem = templateProblem(version.final);
  const problem =
    nameProblem(version.name) ??
    (questionProblem && `the question template: ${questionProblem}`) ??
    (finalProblem && `the final-answer template: ${finalProblem}`);
  if (problem !== undefined) throw new Error(problem);
  await db.transaction('rw', db.promptVersions, async () => {
    const base = await db.promptVersions.get(search.base);
    const examples = base?.examples;
    const saved: SavedPromptVersion = {
      name: version.name,
      question: version.question,
      final: version.final,
      hash: promptHash({ question: version.question, final: version.final, ...(examples !== undefined ? { examples } : {}) }),
      basedOn: version.parent ?? search.base,
      createdAt: now,
      ...(examples !== undefined ? { examples } : {}),
      search: { id: search.id, step },
    };
    const existing = builtInPrompt(version.name) ?? (await db.promptVersions.get(version.name));
    if (existing !== undefined) {
      if ('search' in existing && existing.search?.id === search.id && existing.hash === saved.hash) return;
      throw new Error(`a prompt version named "${version.name}" already exists with another text`);
    }
    await db.promptVersions.add(saved);
  });
}

/** Deletes every search of the study; for deleteStudy, inside its transaction. Their candidates stay, as every saved version does. */
export async function deletePromptSearchesOf(db: StudioDatabase, studyId: string): Promise<void> {
  await db.promptSearches.where('studyId').equals(studyId).delete();
}
