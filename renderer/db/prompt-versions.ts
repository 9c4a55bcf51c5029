// The judge prompt versions a lead can run (issue 17 point 2): the built-in ones from
// shared/judge-run/prompts.ts, those the lead saved, and the benchmarks' own judge prompts imported
// with a study (issue 26), all in db.promptVersions. A saved version is never changed: an edit is
// saved under a new name, so a judge's name always means one text and one set of few-shot examples.

import { idProblem } from '../../shared/domain/ids';
import { BUILT_IN_PROMPTS, builtInPrompt, promptHash, templateProblem } from '../../shared/judge-run/prompts';
import type { PromptExamples, SavedPromptVersion } from '../../shared/judge-run/stored-records';
import type { JudgePrompt, Study } from '../../shared/domain/model';
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
  importedWith?: SavedPromptVersion['importedWith'];
  note?: string;
  examples?: PromptExamples;
}

function savedEntry(version: SavedPromptVersion): PromptVersionEntry {
  const { name, question, final, hash, basedOn, createdAt, importedWith, note, examples } = version;
  return {
    name,
    question,
    final,
    hash,
    builtIn: false,
    basedOn,
    createdAt,
    ...(importedWith !== undefined ? { importedWith } : {}),
    ...(note !== undefined ? { note } : {}),
    ...(examples !== undefined ? { examples } : {}),
  };
}

/** Whether a run on the study may use the version: one with few-shot examples runs only on the study they came from. */
export function promptVersionUsableOn(version: Pick<PromptVersionEntry, 'examples'>, studyId: string): boolean {
  return version.examples === undefined || version.examples.studyId === studyId;
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
export function nameProblem(name: string): string | undefined {
  const problem = idProblem('record', name);
  if (problem !== undefined) return `the version's name: ${problem}`;
  if (name.includes('@')) return `the version's name must not contain "@", which separates the model from the version in a judge's name`;
  return undefined;
}

/**
 * Saves an edited version under a new name, with the few-shot examples chosen for it if any.
 * Refuses, with a plain message: a name already used (built-in or saved) or unusable, a template
 * with an unknown placeholder, examples of which none was chosen, and text and examples identical
 * to the version it was edited from (it would be a second name for the same judge).
 */
export async function savePromptVersion(
  db: StudioDatabase,
  version: { name: string; question: string; final: string; basedOn: string; examples?: PromptExamples },
  now: string = new Date().toISOString(),
): Promise<SavedPromptVersion> {
  const questionProblem = templateProblem(version.question);
  const finalProblem = templateProblem(version.final);
  const problem =
    nameProblem(version.name) ??
    (questionProblem && `the question template: ${questionProblem}`) ??
    (finalProblem && `the final-answer template: ${finalProblem}`) ??
    (version.examples !== undefined && version.examples.chosen.answer.length + version.examples.chosen.match.length === 0
      ? 'no few-shot examples were chosen; save the version without examples, or choose them from another judge'
      : undefined);
  if (problem !== undefined) throw new Error(problem);
  const { examples } = version;
  const hash = promptHash(version);
  const saved: SavedPromptVersion = {
    name: version.name,
    question: version.question,
    final: version.final,
    hash,
    basedOn: version.basedOn,
    createdAt: now,
    ...(examples !== undefined ? { examples } : {}),
  };
  return db.transaction('rw', db.promptVersions, async () => {
    if (builtInPrompt(version.name) !== undefined || (await db.promptVersions.get(version.name)) !== undefined)
      throw new Error(`a prompt version named "${version.name}" already exists; give the edit a new name`);
    const base = builtInPrompt(version.basedOn) ?? (await db.promptVersions.get(version.basedOn));
    if (base !== undefined && promptHash(base) === hash)
      throw new Error(
        examples === undefined
          ? `the text is the same as "${version.basedOn}"; edit it before saving a new version`
          : `the text and the few-shot examples are the same as "${version.basedOn}"; edit the text or choose other examples before saving a new version`,
      );
    await db.promptVersions.add(saved);
    return saved;
  });
}

/**
 * Stores the judge prompts a study's files brought as prompt versions, inside the caller's
 * transaction (the study's import). The same text under the same name is there already (a second
 * run of the same benchmark); a name taken by another text gets the next free number, ` 2`, ` 3`.
 * Returns the names stored, in order.
 */
export async function storeJudgePrompts(
  db: StudioDatabase,
  study: Pick<Study, 'id' | 'name'>,
  prompts: readonly JudgePrompt[],
  now: string,
): Promise<string[]> {
  const names: string[] = [];
  for (const prompt of prompts) {
    const hash = promptHash(prompt);
    let name = prompt.name;
    for (let n = 2; ; n++) {
      const taken = builtInPrompt(name) ?? (await db.promptVersions.get(name));
      if (taken === undefined || promptHash(taken) === hash) break;
      name = `${prompt.name} ${n}`;
    }
    names.push(name);
    if ((await db.promptVersions.get(name)) !== undefined) continue;
    await db.promptVersions.add({
      name,
      question: prompt.question,
      final: prompt.final,
      hash,
      basedOn: prompt.source,
      createdAt: now,
      importedWith: { studyId: study.id, studyName: study.name },
      ...(prompt.note !== undefined ? { note: prompt.note } : {}),
    });
  }
  return names;
}
