// A prompt search's row and candidates (renderer/db/prompt-searches.ts) over fake-indexeddb: a
// search is refused in words without a judge split, base version (or one with another study's
// examples) or whole-number budget; each search of a base takes the next number, past names
// already saved; a candidate is saved once with its parent, its step and the base's few-shot
// examples (hashed with them), and saving it again is a no-op; a name taken by another text is
// refused; deleting a study deletes its searches and no other's, and keeps the candidates; a
// backup holds no search.

import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeSplitSetting, StudyData } from '../../../shared/domain/model';
import { builtInPrompt, promptHash } from '../../../shared/judge-run/prompts';
import type { JudgeEndpoint, PromptExamples } from '../../../shared/judge-run/stored-records';
import { snapshotStudy } from '../../../renderer/db/backup';
import { deleteStudy } from '../../../renderer/db/import-study';
import { candidateName, createPromptSearch, listPromptSearches, saveSearchCandidate, type NewPromptSearch } from '../../../renderer/db/prompt-searches';
import { closeDatabases, databaseWith, demoStudy, NOW } from './db-fixtures';

afterEach(closeDatabases);

const SPLIT: JudgeSplitSetting = { seed: 7, shares: { examples: 0.2, development: 0.5, test: 0.3 }, setAt: NOW, developmentJudges: [], testRuns: [] };

const ENDPOINT: JudgeEndpoint = {
  id: 'ep-1',
  name: 'Loopback',
  url: 'http://127.0.0.1:9/v1',
  model: 'tiny',
  temperature: 0,
  maxTokens: 16,
  concurrency: 2,
  rpm: null,
  timeoutSeconds: 5,
  hasKey: false,
  createdAt: NOW,
  updatedAt: NOW,
};

function withSplit(data: StudyData, id = data.study.id): StudyData {
  return { ...data, study: { ...data.study, id, judgeSplit: SPLIT } };
}

function newSearch(studyId: string, more: Partial<NewPromptSearch> = {}): NewPromptSearch {
  return { studyId, endpoint: ENDPOINT, base: 'studio-1', budget: { candidates: 3, tokens: null }, seed: 1, ...more };
}

describe('prompt searches', () => {
  it("refuses, in words and storing nothing, a study without a split, a missing base or one with another study's examples, and a budget that is not a whole number", async () => {
    const demo = demoStudy();
    const db = await databaseWith([demo]);
    await expect(createPromptSearch(db, newSearch(demo.study.id))).rejects.toThrow(/no judge split; set one on the Judges page first/);
    await db.studies.update(demo.study.id, { judgeSplit: SPLIT });
    await expect(createPromptSearch(db, newSearch(demo.study.id, { base: 'nowhere' }))).rejects.toThrow('there is no prompt version named "nowhere"');
    await expect(createPromptSearch(db, newSearch(demo.study.id, { budget: { candidates: 0, tokens: null } }))).rejects.toThrow(
      /candidates must be a whole number of at least 1, not 0/,
    );
    await expect(createPromptSearch(db, newSearch(demo.study.id, { budget: { candidates: 2, tokens: 1.5 } }))).rejects.toThrow(
      /token budget must be a whole number/,
    );
    await expect(createPromptSearch(db, newSearch('elsewhere'))).rejects.toThrow(/"elsewhere" is not in the library/);
    const studio = builtInPrompt('studio-1')!;
    const examples: PromptExamples = { studyId: 'other-study', from: 'arbiter-large', count: 1, chosen: { answer: [], match: [] } };
    await db.promptVersions.add({
      name: 'elsewhere',
      question: studio.question,
      final: studio.final,
      hash: 'h',
      basedOn: 'studio-1',
      createdAt: NOW,
      examples,
    });
    await expect(createPromptSearch(db, newSearch(demo.study.id, { base: 'elsewhere' }))).rejects.toThrow(
      'the prompt version "elsewhere" carries few-shot examples from another study and runs only on that study; start from a version usable on this one',
    );
    expect(await db.promptSearches.count()).toBe(0);
  });

  it("numbers each search of a base after the numbers its searches and saved versions' names took", async () => {
    const demo = withSplit(demoStudy());
    const db = await databaseWith([demo]);
    const first = await createPromptSearch(db, newSearch(demo.study.id), NOW);
    expect(first).toMatchObject({ state: 'running', number: 1, base: 'studio-1', model: 'tiny', endpointId: 'ep-1', proposals: {}, runs: {}, steps: [] });
    const studio = builtInPrompt('studio-1')!;
    // A version a lead saved by hand under the name the next search would give its first candidate.
    await db.promptVersions.add({
      name: 'studio-1 search 2.1',
      question: `${studio.question} `,
      final: studio.final,
      hash: 'x',
      basedOn: 'studio-1',
      createdAt: NOW,
    });
    const second = await createPromptSearch(db, newSearch(demo.study.id), '2026-11-22T10:00:01.000Z');
    expect(second.number).toBe(3);
    expect(candidateName(second, 2)).toBe('studio-1 search 3.2');
    expect((await listPromptSearches(db, demo.study.id)).map((row) => row.id)).toEqual([second.id, first.id]);
  });

  it("saves a candidate once, under its parent with its step and the base's examples, and refuses a name another text took", async () => {
    const demo = withSplit(demoStudy());
    const db = await databaseWith([demo]);
    const studio = builtInPrompt('studio-1')!;
    const examples: PromptExamples = { studyId: demo.study.id, from: 'arbiter-large', count: 1, chosen: { answer: [], match: [] } };
    await db.promptVersions.add({
      name: 'with examples',
      question: studio.question,
      final: studio.final,
      hash: promptHash({ ...studio, examples }),
      basedOn: 'studio-1',
      createdAt: NOW,
      examples,
    });
    const search = await createPromptSearch(db, newSearch(demo.study.id, { base: 'with examples' }));
    // The base itself is the search's first step and is not saved again.
    await saveSearchCandidate(db, search, { name: 'with examples', parent: null, question: studio.question, final: studio.final }, 0);
    expect(await db.promptVersions.count()).toBe(1);

    const candidate = { name: candidateName(search, 1), parent: 'with examples', question: `${studio.question}\nBe strict.`, final: studio.final };
    await saveSearchCandidate(db, search, candidate, 1, NOW);
    const saved = await db.promptVersions.get(candidate.name);
    expect(saved).toEqual({
      name: 'with examples search 1.1',
      question: candidate.question,
      final: candidate.final,
      hash: promptHash({ question: candidate.question, final: candidate.final, examples }),
      basedOn: 'with examples',
      createdAt: NOW,
      examples,
      search: { id: search.id, step: 1 },
    });
    expect(saved?.hash).not.toBe(promptHash({ question: candidate.question, final: candidate.final }));
    // A resumed search saves it again: nothing changes.
    await saveSearchCandidate(db, search, candidate, 1, '2027-01-01T00:00:00.000Z');
    expect(await db.promptVersions.get(candidate.name)).toEqual(saved);
    await expect(saveSearchCandidate(db, search, { ...candidate, question: `${studio.question}\nBe lenient.` }, 1)).rejects.toThrow(
      'a prompt version named "with examples search 1.1" already exists with another text',
    );
    await expect(saveSearchCandidate(db, search, { ...candidate, name: 'a@b' }, 2)).rejects.toThrow(/must not contain "@"/);
    await expect(saveSearchCandidate(db, search, { ...candidate, name: 'unknown placeholder', question: '{{nothing}}' }, 2)).rejects.toThrow(
      /the question template/,
    );
  });

  it("goes with its study when the study is deleted, leaving other studies' searches and every candidate, and no backup holds it", async () => {
    const one = withSplit(demoStudy());
    const other = withSplit(demoStudy(), 'other-study');
    const db = await databaseWith([one, other]);
    const search = await createPromptSearch(db, newSearch(one.study.id));
    const kept = await createPromptSearch(db, newSearch(other.study.id));
    const studio = builtInPrompt('studio-1')!;
    await saveSearchCandidate(
      db,
      search,
      { name: candidateName(search, 1), parent: 'studio-1', question: `${studio.question}\nBe strict.`, final: studio.final },
      1,
    );

    const backup = await snapshotStudy(db, one.study.id, { app: 'test' });
    expect(backup.file.text).not.toContain(search.id);

    await deleteStudy(db, one.study.id);
    expect(await db.promptSearches.toArray()).toEqual([kept]);
    expect(await db.promptVersions.get(candidateName(search, 1))).toBeDefined();
  });
});
