// Prompt versions against fake-indexeddb: the built-in versions come first with their hashes,
// saved ones follow oldest first and are found by name, and a save is refused (nothing stored)
// for a name in use or unusable in a judge's name, a template with an unknown placeholder, or
// text identical to the version it was edited from. A version with few-shot examples (issue 34
// point 2) keeps them, hashes apart from its text alone, is refused with no example chosen or with
// text and examples both those of its base, and runs only on its own study.

import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_PROMPTS, builtInPrompt, promptHash } from '../../../shared/judge-run/prompts';
import type { FewShotExample } from '../../../shared/judge-run/few-shot-examples';
import type { PromptExamples } from '../../../shared/judge-run/stored-records';
import { listPromptVersions, promptVersionByName, promptVersionUsableOn, savePromptVersion } from '../../../renderer/db/prompt-versions';
import { closeDatabases, freshDatabase, NOW } from './db-fixtures';

afterEach(closeDatabases);

const studio = builtInPrompt('studio-1')!;
const edit = (name: string, basedOn = 'studio-1') => ({ name, question: `${studio.question}\nBe strict.`, final: studio.final, basedOn });

function example(unitId: string, answer: string): FewShotExample {
  return {
    task: 'answer',
    unitId,
    puzzleId: `p-${unitId}`,
    story: `The story of ${unitId}.`,
    reference: 'The answer.',
    keyClues: [],
    question: 'Is it?',
    finalAnswer: '',
    answer,
    judged: 'yes',
  };
}

function examples(...answers: string[]): PromptExamples {
  return { studyId: 'demo-study', from: 'arbiter-large', count: 2, chosen: { answer: answers.map((answer, i) => example(`t${i}`, answer)), match: [] } };
}

describe('prompt versions', () => {
  it('lists the built-in versions first, then the saved ones oldest first, and finds each by name', async () => {
    const db = freshDatabase();
    await savePromptVersion(db, edit('strict-2'), '2026-11-22T11:00:00.000Z');
    const first = await savePromptVersion(db, { ...edit('strict-1'), final: `${studio.final}\nBe kind.` }, NOW);
    expect(first).toEqual({
      ...edit('strict-1'),
      final: `${studio.final}\nBe kind.`,
      hash: promptHash({ question: edit('').question, final: `${studio.final}\nBe kind.` }),
      createdAt: NOW,
    });
    const list = await listPromptVersions(db);
    expect(list.map((v) => [v.name, v.builtIn])).toEqual([...BUILT_IN_PROMPTS.map((p) => [p.name, true]), ['strict-1', false], ['strict-2', false]]);
    expect(list[0]).toEqual({ name: 'studio-1', question: studio.question, final: studio.final, hash: promptHash(studio), builtIn: true });
    expect(await promptVersionByName(db, 'turtlebench')).toMatchObject({ builtIn: true, hash: promptHash(builtInPrompt('turtlebench')!) });
    expect(await promptVersionByName(db, 'strict-2')).toMatchObject({ builtIn: false, basedOn: 'studio-1', hash: promptHash(edit('strict-2')) });
    expect(await promptVersionByName(db, 'nothing')).toBeUndefined();
  });

  it('saves an edit of a saved version', async () => {
    const db = freshDatabase();
    await savePromptVersion(db, edit('strict'), NOW);
    const again = await savePromptVersion(db, { ...edit('stricter', 'strict'), question: `${edit('').question} Very.` }, NOW);
    expect(again.basedOn).toBe('strict');
  });

  it.each([
    ['a built-in name', { ...edit('studio-1') }, /already exists/],
    ['a name with "@"', edit('v@2'), /must not contain "@"/],
    ['an empty name', edit(' '), /must not be empty/],
    ['a reserved name', edit('__proto__'), /not allowed/],
    ['an unknown placeholder in the question', { ...edit('typo'), question: 'Is it {{questoin}}?' }, /question template: unknown placeholder \{\{questoin\}\}/],
    ['an unknown placeholder in the final', { ...edit('typo'), final: '{{final}}' }, /final-answer template: unknown placeholder \{\{final\}\}/],
    ['text identical to the built-in it is based on', { ...studio, name: 'same', basedOn: 'studio-1' }, /the same as "studio-1"/],
  ])('refuses %s and stores nothing', async (_, version, message) => {
    const db = freshDatabase();
    await expect(savePromptVersion(db, version, NOW)).rejects.toThrow(message);
    expect(await db.promptVersions.count()).toBe(0);
  });

  it('refuses a name already saved, keeping the first text', async () => {
    const db = freshDatabase();
    const first = await savePromptVersion(db, edit('mine'), NOW);
    await expect(savePromptVersion(db, { ...edit('mine'), final: 'Other {{finalAnswer}}' }, NOW)).rejects.toThrow(/already exists/);
    expect(await db.promptVersions.get('mine')).toEqual(first);
  });

  it('refuses text identical to the saved version it is based on', async () => {
    const db = freshDatabase();
    await savePromptVersion(db, edit('mine'), NOW);
    await expect(savePromptVersion(db, edit('mine-again', 'mine'), NOW)).rejects.toThrow(/the same as "mine"/);
  });

  it('saves a version with few-shot examples, hashed apart from the same text without, and lists it with them', async () => {
    const db = freshDatabase();
    const withExamples = { ...studio, name: 'studio-1-examples', basedOn: 'studio-1', examples: examples('no', 'irrelevant') };
    const saved = await savePromptVersion(db, withExamples, NOW);
    expect(saved.examples).toEqual(examples('no', 'irrelevant'));
    expect(saved.hash).toBe(promptHash(withExamples));
    expect(saved.hash).not.toBe(promptHash(studio));
    expect(await promptVersionByName(db, 'studio-1-examples')).toMatchObject({ builtIn: false, basedOn: 'studio-1', examples: examples('no', 'irrelevant') });
    // Other examples are another version of the same text.
    const other = await savePromptVersion(db, { ...withExamples, name: 'other-examples', basedOn: 'studio-1-examples', examples: examples('no') }, NOW);
    expect(other.hash).not.toBe(saved.hash);
  });

  it('refuses text and examples both those of the version it is based on, and examples of which none was chosen, storing nothing', async () => {
    const db = freshDatabase();
    await savePromptVersion(db, { ...studio, name: 'base', basedOn: 'studio-1', examples: examples('no') }, NOW);
    await expect(savePromptVersion(db, { ...studio, name: 'same', basedOn: 'base', examples: examples('no') }, NOW)).rejects.toThrow(
      'the text and the few-shot examples are the same as "base"; edit the text or choose other examples before saving a new version',
    );
    await expect(savePromptVersion(db, { ...edit('none'), examples: examples() }, NOW)).rejects.toThrow(/^no few-shot examples were chosen/);
    expect((await db.promptVersions.toArray()).map((version) => version.name)).toEqual(['base']);
  });

  it('runs a version with examples only on the study they came from', () => {
    expect(promptVersionUsableOn({ examples: examples('no') }, 'demo-study')).toBe(true);
    expect(promptVersionUsableOn({ examples: examples('no') }, 'other-study')).toBe(false);
    expect(promptVersionUsableOn({}, 'other-study')).toBe(true);
  });
});
