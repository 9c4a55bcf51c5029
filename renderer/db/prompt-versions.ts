// The judge prompt versions a lead can run (issue 17 point 2): the built-in ones from
// shared/judge-run/prompts.ts and those the lead saved in db.promptVersions. A saved version is
// never changed: an edit is saved under a new name, so a judge's name always means one text.

import { idProblem } from '../../shared/domain/ids';
import { BUILT_IN_PROMPTS, builtInPrompt, promptHash, templateProblem } from '../../shared/judge-run/prompts';
import type { SavedPromptVersion } from '../../shared/judge-run/stored-records';
import type { StudioDatabase } from './database';

/** A version as the Judges page lists it, built-in or saved. */
export interface PromptVersionEntry {
  name: string;
  question: string;
  final: string;
  hash: string;
  builtIn: boolean;
  basedOn?: string;
  createdAt?: string;
}

function savedEntry(version: SavedPromptVersion): PromptVersionEntry {
  const { name, question, final, hash, basedOn, createdAt } = version;
  return { name, question, final, hash, builtIn: false, basedOn, createdAt };
}

function builtInEntries(): PromptVersionEntry[] {
  return BUILT_IN_PROMPTS.map(({ name, question, final }) => ({ name, question, final, hash: promptHash({ question, final }), builtIn: true }));
}

/** The built-in versions first, in their order, then the saved ones, oldest first. */
export async function listPromptVersions(db: StudioDatabase): Promise<PromptVersionEntry[]> {
  const saved = await db.promptVersions.toArray();
  saved.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
  return [...builtInEntries(), ...saved.map(savedEntry)];
}

export async function promptVersionByName(db: StudioDatabase, name: string): Promise<PromptVersionEntry | undefined> {
  const builtIn = builtInEntries().find((entry) => entry.name === name);
  if (builtIn !== undefined) return builtIn;
  const saved = await db.promptVersions.get(name);
  return saved && savedEntry(saved);
}

/** Why `name` cannot name a version: it ends a judge's name (`<model>@<name>`), so it follows the model-name rule and has no '@'. */
function nameProblem(name: string): string | undefined {
  const problem = idProblem('record', name);
  if (problem !== undefined) return `the version's name: ${problem}`;
  if (name.includes('@')) return `the version's name must not contain "@", which separates the model from the version in a judge's name`;
  return undefined;
}

/**
 * Saves an edited version under a new name. Refuses, with a plain message: a name already used
 * (built-in or saved) or unusable, a template with an unknown placeholder, and text identical to
 * the version it was edited from (it would be a second name for the same judge).
 */
export async function savePromptVersion(
  db: StudioDatabase,
  version: { name: string; question: string; final: string; basedOn: string },
  now: string = new Date().toISOString(),
): Promise<SavedPromptVersion> {
  const questionProblem = templateProblem(version.question);
  const finalProblem = templateProblem(version.final);
  const problem =
    nameProblem(version.name) ??
    (questionProblem && `the question template: ${questionProblem}`) ??
    (finalProblem && `the final-answer template: ${finalProblem}`);
  if (problem !== undefined) throw new Error(problem);
  const hash = promptHash(version);
  const saved: SavedPromptVersion = { name: version.name, question: version.question, final: version.final, hash, basedOn: version.basedOn, createdAt: now };
  return db.transaction('rw', db.promptVersions, async () => {
    if (builtInPrompt(version.name) !== undefined || (await db.promptVersions.get(version.name)) !== undefined)
      throw new Error(`a prompt version named "${version.name}" already exists; give the edit a new name`);
    const base = builtInPrompt(version.basedOn) ?? (await db.promptVersions.get(version.basedOn));
    if (base !== undefined && promptHash(base) === hash) throw new Error(`the text is the same as "${version.basedOn}"; edit it before saving a new version`);
    await db.promptVersions.add(saved);
    return saved;
  });
}
