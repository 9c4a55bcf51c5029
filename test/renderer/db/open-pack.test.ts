// openPack against fake-indexeddb, with packs of the demo study: a pack becomes a blind
// annotator's copy of the study with that annotator's assignment; the same pack again changes
// nothing; a later pack of missing units merges; every refusal leaves the database as it was.

import { afterEach, describe, expect, it } from 'vitest';
import { TASKS } from '../../../shared/domain/model';
import type { StudyData } from '../../../shared/domain/model';
import { buildPack, PACK_FORMAT, type Pack, type PackTasks } from '../../../shared/formats/pack';
import { buildAnnotatorPack, buildStudyPacks } from '../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { openPack, PackOpenError } from '../../../renderer/db/open-pack';
import { markSampleStudies } from '../../../renderer/db/sample-study';
import { assignTeam } from '../../../renderer/db/team-setup';
import { setGoldLabel } from '../../../renderer/db/gold';
import { saveGuidelines } from '../../../renderer/features/labelling/guidelines-writer';
import { closeDatabases, demoStudy, dumpTables, freshDatabase, NOW, refusedUnchanged } from './db-fixtures';

afterEach(closeDatabases);

const demo: StudyData = demoStudy();
const STUDY = demo.study.id;
const ANNOTATORS = [
  { id: 'ann-01', name: 'Annotator 1' },
  { id: 'ann-02', name: 'Annotator 2' },
  { id: 'ann-03', name: 'Annotator 3' },
];
const OPTIONS = { guidelines: '', createdAt: '2026-11-22T09:00:00Z', app: 'agreement-studio test' };

function demoPacks(guidelines = ''): Pack[] {
  return buildStudyPacks({ data: demo, annotators: ANNOTATORS, overlap: 2, seed: 7, ...OPTIONS, guidelines });
}

function packOf(index: number, guidelines = ''): Pack {
  const pack = demoPacks(guidelines)[index];
  if (!pack) throw new Error(`no pack ${index}`);
  return pack;
}

const unitCount = (tasks: PackTasks) => tasks.answer.length + tasks.match.length + tasks.difficulty.length;

/** The first `share` of each task's units, and the rest, as a lead's first pack and later "missing units" pack would hold them. */
function split(tasks: PackTasks, share = 0.5): [PackTasks, PackTasks] {
  const cut = (units: string[]) => Math.ceil(units.length * share);
  return [
    {
      answer: tasks.answer.slice(0, cut(tasks.answer)),
      match: tasks.match.slice(0, cut(tasks.match)),
      difficulty: tasks.difficulty.slice(0, cut(tasks.difficulty)),
    },
    { answer: tasks.answer.slice(cut(tasks.answer)), match: tasks.match.slice(cut(tasks.match)), difficulty: tasks.difficulty.slice(cut(tasks.difficulty)) },
  ];
}

async function refusal(db: StudioDatabase, pack: Pack, fileName = 'ann.pack.json'): Promise<PackOpenError> {
  const error = await refusedUnchanged(db, () => openPack(db, pack, { fileName, now: NOW }), PackOpenError);
  expect(error.message).toContain(fileName);
  return error;
}

/** Every string anywhere in a value, for "this text is nowhere in the database" checks. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)]);
  return [];
}

describe('openPack: a first pack', () => {
  it("stores the pack as the annotator's copy of the study, with their assignment", async () => {
    const db = freshDatabase();
    const pack = packOf(0);
    const opened = await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW });
    const questions = pack.turns.filter((turn) => turn.type === 'question').length;
    const counts = { puzzles: pack.puzzles.length, sessions: pack.sessions.length, turns: pack.turns.length, questions, finals: pack.turns.length - questions };
    expect(opened).toEqual({
      studyId: STUDY,
      studyName: demo.study.name,
      annotator: ANNOTATORS[0],
      newUnits: unitCount(pack.tasks),
      alreadyOpened: false,
      counts,
      replacedSample: false,
    });

    expect(await db.studies.toArray()).toEqual([
      {
        id: STUDY,
        name: demo.study.name,
        format: PACK_FORMAT,
        scheme: demo.study.scheme,
        importedAt: NOW,
        sourceFiles: ['ann-01.pack.json'],
        counts,
        origin: { kind: 'pack', annotator: ANNOTATORS[0], packs: [pack.sha256] },
      },
    ]);
    expect(await db.annotators.toArray()).toEqual([{ studyId: STUDY, ...ANNOTATORS[0] }]);
    expect(await db.assignments.toArray()).toEqual(
      expect.arrayContaining(TASKS.map((task) => ({ studyId: STUDY, annotatorId: 'ann-01', task, units: pack.tasks[task] }))),
    );
    expect(await db.assignments.count()).toBe(3);

    const turn = pack.turns[0];
    const session = pack.sessions.find((s) => s.id === turn?.sessionId);
    expect(await db.turns.get([STUDY, turn?.id ?? ''])).toEqual({ studyId: STUDY, ...turn, puzzleId: session?.puzzleId, judgements: {} });
    expect(await db.sessions.get([STUDY, session?.id ?? ''])).toEqual({
      studyId: STUDY,
      ...session,
      judge: '',
      turnCount: pack.turns.filter((t) => t.sessionId === session?.id).length,
    });
    expect(await db.puzzles.count()).toBe(pack.puzzles.length);
    expect(await db.sessions.count()).toBe(pack.sessions.length);
    expect(await db.turns.count()).toBe(pack.turns.length);
    const audit = await db.audit.toArray();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ studyId: STUDY, at: NOW, kind: 'pack:open' });
    expect(audit[0]?.detail).toContain('ann-01.pack.json');
  });

  it('holds no judge model, judge reply, judge label or bundle difficulty anywhere', async () => {
    const db = freshDatabase();
    await openPack(db, packOf(0), { fileName: 'ann-01.pack.json', now: NOW });
    const judges = new Set([...demo.sessions.map((session) => session.judge), ...demo.turns.flatMap((turn) => Object.keys(turn.judgements))]);
    const replies = demo.turns.flatMap((turn) => (turn.judgeReply ? [turn.judgeReply] : []));
    const verdicts = new Set(demo.turns.flatMap((turn) => Object.values(turn.judgements)));
    expect(judges.size).toBeGreaterThan(0);
    expect(replies.length).toBeGreaterThan(0);
    expect(verdicts.size).toBeGreaterThan(0);

    const dump = await dumpTables(db);
    const texts = strings(dump);
    for (const judge of judges) expect(texts.filter((text) => text.includes(judge))).toEqual([]);
    for (const reply of replies) expect(texts.filter((text) => text.includes(reply))).toEqual([]);
    for (const verdict of verdicts) expect(texts.filter((text) => text === verdict)).toEqual([]);
    for (const turn of await db.turns.toArray()) {
      expect(turn.judgements).toEqual({});
      expect(turn).not.toHaveProperty('judgeReply');
    }
    for (const puzzle of await db.puzzles.toArray()) expect(puzzle).not.toHaveProperty('difficulty');
  });

  it("keeps the pack's guidelines, and none when the pack's are empty (the app shows its defaults)", async () => {
    const withText = freshDatabase();
    await openPack(withText, packOf(0, 'Label what the judge should have said.'), { fileName: 'a.pack.json', now: NOW });
    expect((await withText.studies.get(STUDY))?.guidelines).toBe('Label what the judge should have said.');
    const without = freshDatabase();
    await openPack(without, packOf(0), { fileName: 'a.pack.json', now: NOW });
    expect(await without.studies.get(STUDY)).not.toHaveProperty('guidelines');
  });
});

describe('openPack: opening again and merging', () => {
  it('changes nothing when the same pack is opened again', async () => {
    const db = freshDatabase();
    const pack = packOf(1);
    await openPack(db, pack, { fileName: 'ann-02.pack.json', now: NOW });
    const before = await dumpTables(db);
    const again = await openPack(db, pack, { fileName: 'copy of ann-02.pack.json', now: '2026-11-23T08:00:00.000Z' });
    expect(again).toMatchObject({ studyId: STUDY, annotator: ANNOTATORS[1], newUnits: 0, alreadyOpened: true });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('merges a later pack of the missing units: new records, units appended in order, the checksum appended', async () => {
    const db = freshDatabase();
    const full = packOf(0);
    const [firstTasks, restTasks] = split(full.tasks);
    const first = buildAnnotatorPack(demo, ANNOTATORS[0] as { id: string; name: string }, firstTasks, OPTIONS);
    const rest = buildAnnotatorPack(demo, ANNOTATORS[0] as { id: string; name: string }, restTasks, { ...OPTIONS, createdAt: '2026-11-25T09:00:00Z' });
    expect(unitCount(restTasks)).toBeGreaterThan(0);

    await openPack(db, first, { fileName: 'ann-01.pack.json', now: NOW });
    const firstTurns = await db.turns.count();
    expect(firstTurns).toBeLessThan(full.turns.length);
    const merged = await openPack(db, rest, { fileName: 'ann-01.missing.pack.json', now: '2026-11-25T10:00:00.000Z' });
    expect(merged).toMatchObject({ newUnits: unitCount(restTasks), alreadyOpened: false });

    for (const task of TASKS) expect((await db.assignments.get([STUDY, 'ann-01', task]))?.units).toEqual(full.tasks[task]);
    const study = await db.studies.get(STUDY);
    expect(study?.origin?.packs).toEqual([first.sha256, rest.sha256]);
    expect(study?.sourceFiles).toEqual(['ann-01.pack.json', 'ann-01.missing.pack.json']);
    expect(study?.importedAt).toBe(NOW);
    // The two packs together hold what the full pack holds, so the stored study is the full pack's.
    expect(await db.turns.count()).toBe(full.turns.length);
    expect(await db.sessions.count()).toBe(full.sessions.length);
    expect(await db.puzzles.count()).toBe(full.puzzles.length);
    const fullDb = freshDatabase();
    const fromFull = await openPack(fullDb, full, { fileName: 'ann-01.pack.json', now: NOW });
    expect(study?.counts).toEqual(fromFull.counts);
    expect(await db.turns.toArray()).toEqual(await fullDb.turns.toArray());
    expect((await db.audit.toArray()).map((entry) => entry.kind)).toEqual(['pack:open', 'pack:open']);
  });

  it("keeps the pack's multipleAnswers on the study, and a later pack's setting replaces it (issue 33)", async () => {
    const db = freshDatabase();
    const [firstTasks, restTasks] = split(packOf(0).tasks);
    const annotator = ANNOTATORS[0] as { id: string; name: string };
    const withScheme = (multipleAnswers: boolean): StudyData => ({ ...demo, study: { ...demo.study, scheme: { ...demo.study.scheme, multipleAnswers } } });
    const first = buildAnnotatorPack(withScheme(true), annotator, firstTasks, OPTIONS);
    expect(first.scheme.multipleAnswers).toBe(true);
    await openPack(db, first, { fileName: 'ann-01.pack.json', now: NOW });
    expect((await db.studies.get(STUDY))?.scheme).toEqual({ answerUnknown: demo.study.scheme.answerUnknown, multipleAnswers: true });
    const rest = buildAnnotatorPack(withScheme(false), annotator, restTasks, { ...OPTIONS, createdAt: '2026-11-25T09:00:00Z' });
    await openPack(db, rest, { fileName: 'ann-01.missing.pack.json', now: NOW });
    expect((await db.studies.get(STUDY))?.scheme).toEqual({ answerUnknown: demo.study.scheme.answerUnknown, multipleAnswers: false });
  });

  it('appends only units not yet assigned when a later pack repeats some', async () => {
    const db = freshDatabase();
    const full = packOf(0);
    const [firstTasks] = split(full.tasks);
    await openPack(db, buildAnnotatorPack(demo, ANNOTATORS[0] as { id: string; name: string }, firstTasks, OPTIONS), { fileName: 'a.pack.json', now: NOW });
    const opened = await openPack(db, full, { fileName: 'b.pack.json', now: NOW });
    expect(opened.newUnits).toBe(unitCount(full.tasks) - unitCount(firstTasks));
    for (const task of TASKS) {
      const units = (await db.assignments.get([STUDY, 'ann-01', task]))?.units ?? [];
      expect(units.slice(0, firstTasks[task].length)).toEqual(firstTasks[task]);
      expect(new Set(units)).toEqual(new Set(full.tasks[task]));
      expect(units).toHaveLength(full.tasks[task].length);
    }
  });
});

describe('openPack: refusals leave the database unchanged', () => {
  it("refuses a pack of a study this computer holds as the lead's copy", async () => {
    const db = freshDatabase();
    // The lead imported the study from their own file: not the first start's demo, so never replaced.
    await importStudies(db, [{ ...demo, study: { ...demo.study, sourceFiles: ['lead-study.json'] } }]);
    const error = await refusal(db, packOf(0), 'ann-01.pack.json');
    expect(error.reason).toMatch(/lead's copy of study "demo-/);
    expect(error.reason).toContain('own copy of Agreement Studio');
  });

  it('refuses a pack for another annotator than the one whose copy is here', async () => {
    const db = freshDatabase();
    await openPack(db, packOf(0), { fileName: 'ann-01.pack.json', now: NOW });
    const error = await refusal(db, packOf(1), 'ann-02.pack.json');
    expect(error.reason).toContain('Annotator 1 (ann-01)');
    expect(error.reason).toContain('Annotator 2 (ann-02)');
  });

  it('refuses a pack whose record contradicts a stored one, naming it', async () => {
    const db = freshDatabase();
    const pack = packOf(0);
    await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW });
    const changed = pack.turns[2];
    if (!changed) throw new Error('the pack has too few turns');
    const edited = demo.turns.map((turn) => (turn.id === changed.id ? { ...turn, text: `${turn.text} (edited)` } : turn));
    const other = buildPack({
      ...OPTIONS,
      study: demo.study,
      scheme: demo.study.scheme,
      annotator: pack.annotator,
      puzzles: demo.puzzles,
      sessions: demo.sessions,
      turns: edited,
      tasks: pack.tasks,
    });
    const error = await refusal(db, other);
    expect(error.reason).toContain(`the turn "${changed.id}" (turns[${other.turns.findIndex((turn) => turn.id === changed.id)}]) has a different text`);
  });

  it('refuses a pack with another label scheme', async () => {
    const db = freshDatabase();
    const pack = packOf(0);
    await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW });
    const other = buildPack({
      ...OPTIONS,
      study: demo.study,
      scheme: { answerUnknown: !demo.study.scheme.answerUnknown },
      annotator: pack.annotator,
      puzzles: demo.puzzles,
      sessions: demo.sessions,
      turns: demo.turns,
      tasks: pack.tasks,
    });
    expect((await refusal(db, other)).reason).toContain('label scheme');
  });
});

describe('openPack: the demo study of a first start gives way to a pack', () => {
  /** A profile's first start: the demo imported as demo-study.json and flagged as the sample. */
  async function firstStart(): Promise<StudioDatabase> {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    await markSampleStudies(db, [STUDY]);
    return db;
  }

  async function expectAnnotatorCopy(db: StudioDatabase, pack: Pack): Promise<void> {
    const [study] = await db.studies.toArray();
    expect(study).toMatchObject({ id: STUDY, format: PACK_FORMAT, origin: { kind: 'pack', annotator: ANNOTATORS[0], packs: [pack.sha256] } });
    expect(study?.sample).toBeUndefined();
    expect(await db.puzzles.count()).toBe(pack.puzzles.length);
    expect(await db.sessions.count()).toBe(pack.sessions.length);
    expect(await db.turns.count()).toBe(pack.turns.length);
    // Nothing of the lead's copy stays behind: no judge model, no judgement.
    const judges = new Set(demo.sessions.map((session) => session.judge));
    const tables = await dumpTables(db);
    const stored = strings({ studies: tables.studies, puzzles: tables.puzzles, sessions: tables.sessions, turns: tables.turns });
    for (const judge of judges) expect(stored).not.toContain(judge);
    expect((await db.turns.toArray()).every((turn) => Object.keys(turn.judgements).length === 0)).toBe(true);
  }

  it("flags the first start's demo study as the sample", async () => {
    const db = await firstStart();
    expect((await db.studies.get(STUDY))?.sample).toBe(true);
  });

  it("replaces the untouched sample with the annotator's copy, and says so", async () => {
    const db = await firstStart();
    const pack = packOf(0);
    const opened = await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW });
    expect(opened).toMatchObject({ studyId: STUDY, annotator: ANNOTATORS[0], newUnits: unitCount(pack.tasks), alreadyOpened: false, replacedSample: true });
    await expectAnnotatorCopy(db, pack);
    const audit = await db.audit.where('studyId').equals(STUDY).toArray();
    expect(audit.map((entry) => entry.kind)).toEqual(['study:import', 'study:sample-replaced', 'pack:open']);
    // A second pack merges into the annotator's copy as usual.
    const again = await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW });
    expect(again).toMatchObject({ alreadyOpened: true, replacedSample: false });
  });

  it("replaces an unflagged demo study of an older database when it holds exactly the pack's records", async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    const pack = packOf(0);
    expect(await openPack(db, pack, { fileName: 'ann-01.pack.json', now: NOW })).toMatchObject({ replacedSample: true });
    await expectAnnotatorCopy(db, pack);
  });

  it('refuses, as today, an unflagged demo study whose records differ from the pack', async () => {
    const db = freshDatabase();
    const [first] = demo.puzzles;
    if (!first) throw new Error('the demo has no puzzles');
    await importStudies(db, [
      { ...demo, puzzles: demo.puzzles.map((puzzle) => (puzzle.id === first.id ? { ...puzzle, story: `${puzzle.story} (the lead's edit)` } : puzzle)) },
    ]);
    expect((await refusal(db, packOf(0), 'ann-01.pack.json')).reason).toMatch(/lead's copy of study "demo-/);
  });

  const leadWork: Array<[string, (db: StudioDatabase) => Promise<unknown>]> = [
    [
      'a label',
      (db) =>
        db.labels.add({
          studyId: STUDY,
          annotatorId: 'lead',
          unitId: demo.puzzles[0]?.id ?? '',
          task: 'difficulty',
          value: 5,
          at: NOW,
          rev: 1,
          unsure: false,
          note: '',
        }),
    ],
    ['a team assignment', (db) => assignTeam(db, STUDY, { annotators: ANNOTATORS, overlap: 2, seed: 7, now: NOW })],
    [
      'a gold label',
      (db) => setGoldLabel(db, { studyId: STUDY, task: 'difficulty', unitId: demo.puzzles[0]?.id ?? '', value: 5, note: '', by: 'Lead', basis: [], now: NOW }),
    ],
    ['edited guidelines', (db) => saveGuidelines(db, STUDY, 'Answer from the story alone.', NOW)],
  ];

  for (const [work, doWork] of leadWork) {
    it(`refuses the pack, changing nothing, when the demo study holds the lead's work: ${work}`, async () => {
      const db = await firstStart();
      await doWork(db);
      expect((await refusal(db, packOf(0), 'ann-01.pack.json')).reason).toMatch(/lead's copy of study "demo-/);
    });
  }
});
