// Prompt versions against fake-indexeddb: the built-in versions come first with their hashes,
// saved ones follow oldest first and are found by name, and a save is refused (nothing stored)
// for a name in use or unusable in a judge's name, a template with an unknown placeholder, or
// text identical to the version it was edited from.

import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_IN_PROMPTS, builtInPrompt, promptHash } from '../../../shared/judge-run/prompts';
import { listPromptVersions, promptVersionByName, savePromptVersion } from '../../../renderer/db/prompt-versions';
import { closeDatabases, freshDatabase, NOW } from './db-fixtures';

afterEach(closeDatabases);

const studio = builtInPrompt('studio-1')!;
const edit = (name: string, basedOn = 'studio-1') => ({ name, question: `${studio.question}\nBe strict.`, final: studio.final, basedOn });

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
});
