// writeTeamPacks against fake-indexeddb: byte-identical to the command line's packs for the same
// study, team, overlap, seed and time; blind; packs of the missing units only; built from the
// stored assignment (hand edits included); progress; and the messages when it cannot write.

import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSyntheticBundle } from '../../../shared/demo/synthetic-study';
import { DEFAULT_GUIDELINES } from '../../../shared/domain/default-guidelines';
import type { StudyData } from '../../../shared/domain/model';
import { formatErrorText } from '../../../shared/formats/errors';
import { parsePack, serializePack, type Pack } from '../../../shared/formats/pack';
import { loadStudyInputs } from '../../../shared/report/load-study-inputs';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { assignTeam, loadAssignments, setPuzzleAssignment } from '../../../renderer/db/team-setup';
import { writeTeamPacks } from '../../../renderer/db/team-packs';
import type { OutgoingFile, WorkProgress } from '../../../renderer/workers/team-protocol';
import { closeDatabases, demoStudy, freshDatabase, label, NOW } from './db-fixtures';

afterEach(closeDatabases);

const OPTIONS = { createdAt: '2026-11-22T12:00:00.000Z', app: 'agreement-studio 0.1.0' };
const team = (...ids: string[]) => ids.map((id) => ({ id, name: `Name of ${id}` }));
const DEMO_BUNDLE = JSON.parse(readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8')) as {
  puzzles: Array<{ id: string }>;
  sessions: Array<{ id: string }>;
};

/** The study as the command line reads it: the bundle file through loadStudyInputs. */
function cliStudy(bundle: unknown): StudyData {
  const loaded = loadStudyInputs([{ name: 'study.json', text: JSON.stringify(bundle) }], [], { now: NOW });
  if (!loaded.ok) throw new Error(loaded.errors.map(formatErrorText).join('\n'));
  return loaded.value.study;
}

/** The bytes `agreement-studio pack` writes, file name to text. */
function cliPacks(
  data: StudyData,
  annotators: Array<{ id: string; name: string }>,
  overlap: number,
  seed: number,
  difficultyOverlap?: number,
): Map<string, string> {
  const packs = buildStudyPacks({
    data,
    annotators,
    overlap,
    ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}),
    seed,
    guidelines: data.study.guidelines ?? DEFAULT_GUIDELINES,
    ...OPTIONS,
  });
  return new Map(packs.map((pack) => [`${pack.annotator.id}.pack.json`, serializePack(pack)]));
}

function parsed(file: OutgoingFile | undefined): Pack {
  if (!file) throw new Error('expected a pack file');
  const result = parsePack({ name: file.name, text: file.text });
  if (!result.ok) throw new Error(result.errors.map(formatErrorText).join('\n'));
  return result.value;
}

const byId = <T extends { id: string }>(items: readonly T[]): T[] => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe('writeTeamPacks: the same packs as the command line', () => {
  it.each([
    [3, 2, 11, undefined],
    [5, 2, 4, 3],
    [2, 1, 1, undefined],
  ])('a synthetic study, %i annotators, overlap %i, seed %i, difficulty overlap %s', async (size, overlap, seed, difficultyOverlap) => {
    // The generator lists records in id order, the order the library stores them in.
    const bundle = generateSyntheticBundle({ puzzles: 30, seed: 8 });
    const data = cliStudy(bundle);
    const db = freshDatabase();
    await importStudies(db, [data]);
    const annotators = team(...Array.from({ length: size }, (_, i) => `ann-${size - i}`));
    await assignTeam(db, data.study.id, { annotators, overlap, ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}), seed });

    const files = await writeTeamPacks(db, data.study.id, { annotatorIds: annotators.map((a) => a.id), missingOnly: false }, OPTIONS);
    const expected = cliPacks(data, annotators, overlap, seed, difficultyOverlap);
    expect(files.map((file) => file.name)).toEqual([...expected.keys()]);
    for (const file of files) {
      expect(file.mimeType).toBe('application/json');
      expect(file.text).toBe(expected.get(file.name));
    }
  });

  it('on the demo study, whose bundle does not list its records in the id order the library stores them in', async () => {
    expect(DEMO_BUNDLE.puzzles.map((p) => p.id)).not.toEqual(byId(DEMO_BUNDLE.puzzles).map((p) => p.id));
    const data = cliStudy(DEMO_BUNDLE);
    const db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    const annotators = team('ann-1', 'ann-2', 'ann-3', 'ann-4');
    await assignTeam(db, data.study.id, { annotators, overlap: 2, seed: 21 });
    const files = await writeTeamPacks(db, data.study.id, { missingOnly: false }, OPTIONS);
    expect(new Map(files.map((file) => [file.name, file.text]))).toEqual(cliPacks(data, annotators, 2, 21));
  });

  it('writes the stored assignment, so a hand edit shows in the packs and they no longer match the seed', async () => {
    const data = demoStudy();
    const db = freshDatabase();
    await importStudies(db, [data]);
    await assignTeam(db, data.study.id, { annotators: team('ann-1', 'ann-2'), overlap: 2, seed: 21 });
    const puzzle = byId(data.puzzles)[0]?.id ?? '';
    await setPuzzleAssignment(db, data.study.id, { annotatorId: 'ann-2', puzzleId: puzzle, part: 'turns', assigned: false });
    const [first, second] = (await writeTeamPacks(db, data.study.id, { missingOnly: false }, OPTIONS)).map(parsed);
    const stored = await loadAssignments(db, data.study.id);
    const units = (id: string, task: string) => stored.find((row) => row.annotatorId === id && row.task === task)?.units;
    expect(second?.tasks).toEqual({ answer: units('ann-2', 'answer'), match: units('ann-2', 'match'), difficulty: units('ann-2', 'difficulty') });
    expect(second?.sessions.some((session) => session.puzzleId === puzzle)).toBe(false);
    expect(second?.puzzles.map((p) => p.id)).toContain(puzzle);
    expect(first?.sessions.some((session) => session.puzzleId === puzzle)).toBe(true);
  });
});

describe('writeTeamPacks on the demo study', () => {
  const demo = demoStudy();
  const STUDY = demo.study.id;
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demo]);
    await assignTeam(db, STUDY, { annotators: team('ann-1', 'ann-2', 'ann-3'), overlap: 2, seed: 5 });
  });

  it('writes blind packs: no judge model, judge reply or judge field anywhere in the text', async () => {
    const files = await writeTeamPacks(db, STUDY, { missingOnly: false }, OPTIONS);
    expect(files).toHaveLength(3);
    const judges = [...new Set(demo.sessions.map((session) => session.judge).concat(demo.turns.flatMap((turn) => Object.keys(turn.judgements))))];
    const replies = demo.turns.flatMap((turn) => (turn.judgeReply !== undefined ? [turn.judgeReply] : []));
    expect(judges).toEqual(['arbiter-large', 'arbiter-mini', 'arbiter-large (order swapped)']);
    expect(replies.length).toBeGreaterThan(0);
    for (const file of files) {
      // The packs do carry the turns: what would leak is there to leak next to them.
      expect(parsed(file).turns.length).toBeGreaterThan(0);
      for (const judge of judges) expect(file.text).not.toContain(judge);
      for (const reply of replies) expect(file.text).not.toContain(reply);
      expect(file.text).not.toMatch(/"judgements"|"judgeReply"|"judge"/);
    }
  });

  it('with missingOnly, packs only the assigned units the annotator has not labelled', async () => {
    const stored = await loadAssignments(db, STUDY);
    const units = (id: string, task: 'answer' | 'match' | 'difficulty') => stored.find((row) => row.annotatorId === id && row.task === task)?.units ?? [];
    const answers = units('ann-1', 'answer');
    const matches = units('ann-1', 'match');
    const rated = units('ann-1', 'difficulty');
    // Every unit of ann-1's first puzzle, and a few more.
    const firstPuzzle = rated[0] ?? '';
    const ofFirst = (id: string) => demo.turns.find((turn) => turn.id === id)?.puzzleId === firstPuzzle;
    const labelled = [...answers.filter(ofFirst), answers.at(-1) ?? ''];
    const labelledMatches = [...matches.filter(ofFirst)];
    await db.labels.bulkPut([
      ...labelled.map((unit) => label(STUDY, 'ann-1', unit, 'answer', 'yes')),
      ...labelledMatches.map((unit) => label(STUDY, 'ann-1', unit, 'match', 'matched')),
      label(STUDY, 'ann-1', firstPuzzle, 'difficulty', 3),
      // Someone else's label does not stand in for ann-1's.
      label(STUDY, 'ann-2', answers[answers.length - 2] ?? '', 'answer', 'no'),
    ]);
    // ann-2 has labelled everything; ann-3 nothing.
    await db.labels.bulkPut(
      (['answer', 'match', 'difficulty'] as const).flatMap((task) =>
        units('ann-2', task).map((unit) => label(STUDY, 'ann-2', unit, task, task === 'difficulty' ? 5 : task === 'answer' ? 'no' : 'unmatched')),
      ),
    );

    const files = await writeTeamPacks(db, STUDY, { missingOnly: true }, OPTIONS);
    expect(files.map((file) => file.name)).toEqual(['ann-1.missing.pack.json', 'ann-3.missing.pack.json']);
    const pack = parsed(files[0]);
    const expectedAnswers = answers.filter((unit) => !labelled.includes(unit));
    expect(expectedAnswers.length).toBe(answers.length - labelled.length);
    expect(pack.tasks).toEqual({ answer: expectedAnswers, match: matches.filter((unit) => !labelledMatches.includes(unit)), difficulty: rated.slice(1) });
    // The puzzle with nothing left to label is not in the pack at all.
    expect(pack.puzzles.map((p) => p.id)).not.toContain(firstPuzzle);
    expect(pack.sessions.some((session) => session.puzzleId === firstPuzzle)).toBe(false);

    const full = await writeTeamPacks(db, STUDY, { annotatorIds: ['ann-3'], missingOnly: false }, OPTIONS);
    expect(files[1]?.text).toBe(full[0]?.text);
  });

  it('with onlyUnits, packs only those units of one task each annotator is assigned and has not labelled', async () => {
    const stored = await loadAssignments(db, STUDY);
    const units = (id: string, task: 'answer' | 'match') => stored.find((row) => row.annotatorId === id && row.task === task)?.units ?? [];
    // Two units of ann-1's, one of them labelled by ann-1; one of ann-2's not assigned to ann-1.
    const [first = '', second = ''] = units('ann-1', 'answer');
    const onlyAnn2 = units('ann-2', 'answer').find((unit) => !units('ann-1', 'answer').includes(unit)) ?? '';
    await db.labels.bulkPut([label(STUDY, 'ann-1', second, 'answer', 'yes')]);
    const escalated = [first, second, onlyAnn2];
    const files = await writeTeamPacks(db, STUDY, { missingOnly: true, onlyUnits: { task: 'answer', units: escalated } }, OPTIONS);
    const packs = new Map(files.map((file) => [file.name, parsed(file)]));
    const expected = (id: string) => units(id, 'answer').filter((unit) => escalated.includes(unit) && !(id === 'ann-1' && unit === second));
    expect([...packs.keys()]).toEqual(['ann-1', 'ann-2', 'ann-3'].filter((id) => expected(id).length > 0).map((id) => `${id}.escalated.pack.json`));
    expect(packs.get('ann-1.escalated.pack.json')?.tasks).toEqual({ answer: [first], match: [], difficulty: [] });
    for (const [name, pack] of packs) expect(pack.tasks, name).toEqual({ answer: expected(name.split('.')[0] ?? ''), match: [], difficulty: [] });
    // Units all labelled already: no pack.
    expect(await writeTeamPacks(db, STUDY, { annotatorIds: ['ann-1'], missingOnly: true, onlyUnits: { task: 'answer', units: [second] } }, OPTIONS)).toEqual(
      [],
    );
  });

  it('reports progress pack by pack', async () => {
    const progress: WorkProgress[] = [];
    await writeTeamPacks(db, STUDY, { annotatorIds: ['ann-3', 'ann-1'], missingOnly: false }, OPTIONS, (p) => progress.push(p));
    expect(progress).toEqual([
      { label: 'Writing pack 1 of 2', done: 0, total: 2 },
      { label: 'Writing pack 2 of 2', done: 1, total: 2 },
      { label: 'Wrote 2 packs', done: 2, total: 2 },
    ]);
  });

  it('says why it cannot write packs', async () => {
    const message = (call: Promise<unknown>) =>
      call.then(
        () => 'no error',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(await message(writeTeamPacks(db, STUDY, { annotatorIds: ['ann-1', 'ann-9'], missingOnly: false }, OPTIONS))).toBe(
      `The annotator "ann-9" has no assignment in the study "${demo.study.name}".`,
    );
    expect(await message(writeTeamPacks(db, 'nowhere', { missingOnly: false }, OPTIONS))).toBe('The study "nowhere" is not in the library.');

    const fresh = freshDatabase();
    await importStudies(fresh, [demo]);
    expect(await message(writeTeamPacks(fresh, STUDY, { missingOnly: false }, OPTIONS))).toBe(
      `The study "${demo.study.name}" is not assigned to a team yet; assign it before writing packs.`,
    );

    await db.studies.update(STUDY, { origin: { kind: 'pack', annotator: { id: 'ann-1', name: 'Ann' }, packs: [] } });
    expect(await message(writeTeamPacks(db, STUDY, { missingOnly: false }, OPTIONS))).toBe(
      `The study "${demo.study.name}" was opened from a pack; only the lead's own study can write packs.`,
    );
  });
});
