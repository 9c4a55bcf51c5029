// importStudies against fake-indexeddb: every record of a parsed bundle lands in its table,
// progress follows every chunk, and any failure (existing study, duplicate in the batch, a bad
// record after earlier chunks were written, a full disk) leaves the database exactly as it was.

import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudyData, Turn } from '../../../shared/domain/model';
import type { StudioDatabase } from '../../../renderer/db/database';
import { countRecords, importStudies, StudyExistsError, type ImportProgress } from '../../../renderer/db/import-study';
import { describeStorageError, isQuotaError } from '../../../renderer/db/storage';
import { byId, closeDatabases, countTables, demoStudy, dumpTables, freshDatabase, studyRows, syntheticStudy } from './db-fixtures';
import { interceptWrites } from './middleware-fixtures';
import { QUOTA_FAILURES } from './quota-failure';

const CHUNK = 5_000;
// Large imports through fake-indexeddb take a few seconds.
const LARGE = 60_000;

afterEach(closeDatabases);

/** Sizes of the chunks a list of n records is written in. */
function chunkSizes(n: number): number[] {
  const sizes: number[] = [];
  for (let start = 0; start < n; start += CHUNK) sizes.push(Math.min(CHUNK, n - start));
  return sizes;
}

async function expectStored(db: StudioDatabase, data: StudyData): Promise<void> {
  const id = data.study.id;
  expect(await db.studies.get(id)).toEqual(data.study);
  expect(byId(await studyRows(db.puzzles, id))).toEqual(byId(data.puzzles));
  expect(byId(await studyRows(db.sessions, id))).toEqual(byId(data.sessions));
  expect(byId(await studyRows(db.turns, id))).toEqual(byId(data.turns));
}

async function expectFailsLeavingDatabaseUnchanged(db: StudioDatabase, batch: StudyData[], onProgress?: (p: ImportProgress) => void): Promise<unknown> {
  const before = await dumpTables(db);
  const error: unknown = await importStudies(db, batch, onProgress).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'the import should have failed').toBeDefined();
  expect(await dumpTables(db)).toEqual(before);
  return error;
}

/** A copy of a study with a turn that has no id (so no primary key) inserted at `position`. */
function withKeylessTurn(data: StudyData, position: number): StudyData {
  const model = data.turns[0] as Turn;
  const broken = { ...model, id: undefined } as unknown as Turn;
  const turns = [...data.turns.slice(0, position), broken, ...data.turns.slice(position)];
  return { ...data, turns };
}

describe('importStudies: what it stores', () => {
  const demo = demoStudy();
  const large = syntheticStudy();

  it('stores the demo study: the study record with its counts, every puzzle, session and turn', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);

    await expectStored(db, demo);
    const study = await db.studies.get('demo-study');
    expect(study?.counts).toEqual({ puzzles: 15, sessions: 30, turns: 323, questions: 280, finals: 43 });
    expect(await countTables(db)).toEqual({
      studies: 1,
      puzzles: 15,
      sessions: 30,
      turns: 323,
      annotators: 0,
      labels: 0,
      audit: 1,
      meta: 0,
      assignments: 0,
      gold: 0,
      judgeEndpoints: 0,
      promptVersions: 0,
      judgeRuns: 0,
      judgeAnswers: 0,
      syncConnections: 0,
      teamDatabases: 0,
      promptSearches: 0,
    });
  });

  it("stores the judges' raw replies and unparseable labels on the turn records, with no schema change", async () => {
    const [first, ...rest] = demo.turns as [Turn, ...Turn[]];
    const withReplies: StudyData = {
      ...demo,
      turns: [{ ...first, judgements: { ...first.judgements, 'model-x': 'unparseable' }, judgeReplies: { 'model-x': 'Hmm, maybe?' } }, ...rest],
    };
    const db = freshDatabase();
    await importStudies(db, [withReplies]);

    await expectStored(db, withReplies);
    expect((await db.turns.get([demo.study.id, first.id]))?.judgeReplies).toEqual({ 'model-x': 'Hmm, maybe?' });
  });

  it('stores a bundle of about 12,000 turns written in several chunks, with counts that match the rows', { timeout: LARGE }, async () => {
    expect(large.turns.length).toBeGreaterThan(2 * CHUNK);
    const db = freshDatabase();
    await importStudies(db, [large]);

    await expectStored(db, large);
    const { counts } = (await db.studies.get(large.study.id)) ?? { counts: undefined };
    expect(counts).toMatchObject({ puzzles: large.puzzles.length, sessions: large.sessions.length, turns: large.turns.length });
    expect(counts?.turns).toBe((await studyRows(db.turns, large.study.id)).length);
    expect((counts?.questions ?? 0) + (counts?.finals ?? 0)).toBe(counts?.turns);
    expect(await db.turns.where('[studyId+type]').equals([large.study.id, 'final']).count()).toBe(counts?.finals);
  });

  it('stores two studies of one batch side by side', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    await importStudies(db, [demo, large]);

    await expectStored(db, demo);
    await expectStored(db, large);
    expect(await db.studies.toCollection().primaryKeys()).toEqual(['demo-study', large.study.id].sort());
    expect(await db.turns.count()).toBe(demo.turns.length + large.turns.length);
  });

  it('reads the turns of a session in order through [studyId+sessionId+index]', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    await importStudies(db, [demo, large]);

    for (const data of [demo, large]) {
      const studyId = data.study.id;
      // Whole study: sessions in key order, turns by position within each.
      const all = await db.turns
        .where('[studyId+sessionId+index]')
        .between([studyId, Dexie.minKey, Dexie.minKey], [studyId, Dexie.maxKey, Dexie.maxKey])
        .toArray();
      expect(all).toHaveLength(data.turns.length);
      const expected = [...data.turns].sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : a.index - b.index));
      expect(all.map((turn) => turn.id)).toEqual(expected.map((turn) => turn.id));
    }

    // One session: its turns in bundle order, indexes 0..n-1. Synthetic turn ids such as
    // "s-001-1/10" sort before "s-001-1/2", so primary-key order would get this wrong.
    const longSession = large.sessions.find((session) => session.turnCount >= 11);
    expect(longSession).toBeDefined();
    for (const session of [...demo.sessions, longSession]) {
      if (!session) continue;
      const turns = await db.turns
        .where('[studyId+sessionId+index]')
        .between([session.studyId, session.id, Dexie.minKey], [session.studyId, session.id, Dexie.maxKey])
        .toArray();
      expect(turns.map((turn) => turn.index)).toEqual(Array.from({ length: session.turnCount }, (_, i) => i));
      const source = session.studyId === demo.study.id ? demo : large;
      expect(turns.map((turn) => turn.id)).toEqual(source.turns.filter((turn) => turn.sessionId === session.id).map((turn) => turn.id));
    }
    const byKey = await db.turns
      .where('[studyId+id]')
      .between([large.study.id, `${longSession?.id}/`], [large.study.id, `${longSession?.id}/\uffff`])
      .toArray();
    expect(byKey.map((turn) => turn.index)).not.toEqual([...byKey.map((turn) => turn.index)].sort((a, b) => a - b));
  });

  it('writes one study:import audit entry per study, naming the file and the counts', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    const started = Date.now();
    await importStudies(db, [demo, large]);

    const audit = await db.audit.toArray();
    expect(audit.map(({ studyId, kind }) => ({ studyId, kind }))).toEqual([
      { studyId: 'demo-study', kind: 'study:import' },
      { studyId: large.study.id, kind: 'study:import' },
    ]);
    expect(audit[0]?.detail).toContain('demo-study.json');
    expect(audit[0]?.detail).toContain('15 puzzles, 30 sessions, 323 turns');
    expect(audit[1]?.detail).toContain(`${large.puzzles.length} puzzles, ${large.sessions.length} sessions, ${large.turns.length} turns`);
    for (const entry of audit) {
      expect(typeof entry.id).toBe('number');
      expect(new Date(entry.at).toISOString()).toBe(entry.at);
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1);
    }
  });

  it('writes nothing for an empty batch', async () => {
    const db = freshDatabase();
    const progress: ImportProgress[] = [];
    await importStudies(db, [], (p) => progress.push(p));
    expect(progress).toEqual([]);
    expect(Object.values(await countTables(db)).every((n) => n === 0)).toBe(true);
  });
});

describe('importStudies: progress', () => {
  const demo = demoStudy();
  const large = syntheticStudy();

  it('reports after every chunk, increasing, ending at done === total === records written', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    const progress: ImportProgress[] = [];
    await importStudies(db, [demo, large], (p) => progress.push({ ...p }));

    const written = (await db.puzzles.count()) + (await db.sessions.count()) + (await db.turns.count());
    const total = countRecords([demo, large]);
    expect(written).toBe(total);
    expect(total).toBe(demo.puzzles.length + demo.sessions.length + demo.turns.length + large.puzzles.length + large.sessions.length + large.turns.length);

    // One report per chunk: demo 15 puzzles, 30 sessions, 323 turns; large 600, 1200, 5000 + 5000 + 2037.
    const expectedChunks = [demo, large].flatMap((data) => [
      ...chunkSizes(data.puzzles.length),
      ...chunkSizes(data.sessions.length),
      ...chunkSizes(data.turns.length),
    ]);
    expect(chunkSizes(large.turns.length).length).toBeGreaterThanOrEqual(3);
    expect(progress).toHaveLength(expectedChunks.length);

    expect(progress.every((p) => p.total === total)).toBe(true);
    const steps = progress.map((p, i) => p.done - (i === 0 ? 0 : (progress[i - 1] as ImportProgress).done));
    expect(steps.every((step) => step > 0 && step <= CHUNK)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual([...expectedChunks].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ done: total, total });
  });

  it('counts a study with no sessions or turns, still ending at done === total', async () => {
    const db = freshDatabase();
    const bare: StudyData = {
      ...demo,
      study: { ...demo.study, id: 'bare' },
      sessions: [],
      turns: [],
      puzzles: demo.puzzles.map((p) => ({ ...p, studyId: 'bare' })),
    };
    const progress: ImportProgress[] = [];
    await importStudies(db, [bare], (p) => progress.push({ ...p }));
    expect(progress).toEqual([{ done: 15, total: 15 }]);
  });
});

describe('importStudies: all or nothing', () => {
  const demo = demoStudy();
  const large = syntheticStudy();
  const small = syntheticStudy(30, 5);

  it('rejects a batch whose second study is already stored, leaving every table as it was', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    const progress: ImportProgress[] = [];

    const error = await expectFailsLeavingDatabaseUnchanged(db, [large, demo], (p) => progress.push({ ...p }));

    expect(error).toBeInstanceOf(StudyExistsError);
    expect(error).toMatchObject({ name: 'StudyExistsError', studyId: 'demo-study', studyName: demo.study.name });
    expect((error as Error).message).toContain('delete it first');
    // The first study's records had been written inside the transaction before the abort.
    expect(progress.at(-1)?.done).toBe(countRecords([large]));
    expect(await db.studies.get(large.study.id)).toBeUndefined();
    expect(await studyRows(db.turns, large.study.id)).toEqual([]);
  });

  it('rejects re-importing a stored study on its own', async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    const again = { ...demo, study: { ...demo.study, name: 'A renamed copy' } };
    const error = await expectFailsLeavingDatabaseUnchanged(db, [again]);
    // The message names the study already in the library, not the incoming copy.
    expect(error).toMatchObject({ studyId: 'demo-study', studyName: demo.study.name });
  });

  it('rejects a batch holding the same study twice and writes nothing', async () => {
    const db = freshDatabase();
    await importStudies(db, [small]);
    const error = await expectFailsLeavingDatabaseUnchanged(db, [demo, demo]);
    expect(error).toBeInstanceOf(StudyExistsError);
    expect(error).toMatchObject({ studyId: 'demo-study' });
    expect(await db.studies.get('demo-study')).toBeUndefined();
  });

  it('rejects a batch holding the same study twice into an empty database, leaving it empty', async () => {
    const db = freshDatabase();
    const error = await expectFailsLeavingDatabaseUnchanged(db, [demo, demo]);
    expect(error).toBeInstanceOf(StudyExistsError);
    expect(Object.values(await countTables(db)).every((n) => n === 0)).toBe(true);
  });

  it('rolls back a record that breaks the key path after more than 5,000 turns were written', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    await importStudies(db, [demo]);
    const broken = withKeylessTurn(large, CHUNK + 500);
    const progress: ImportProgress[] = [];

    const error = await expectFailsLeavingDatabaseUnchanged(db, [small, broken], (p) => progress.push({ ...p }));
    // IndexedDB's own error for a record without a usable key, not some other failure.
    expect(error).toMatchObject({ name: 'DataError' });

    // The small study and the first turn chunk of the broken one were written before the failure.
    const beforeBrokenTurns = countRecords([small]) + large.puzzles.length + large.sessions.length;
    expect(progress.map((p) => p.done)).toContain(beforeBrokenTurns + CHUNK);
    expect(await db.studies.toCollection().primaryKeys()).toEqual(['demo-study']);
    expect(await db.audit.count()).toBe(1);
  });

  it('rolls back when the disk fills up mid-import, with an error the user is told about', { timeout: LARGE }, async () => {
    const db = freshDatabase();
    let armed = false;
    let turnWrites = 0;
    db.use(
      interceptWrites('quota-after-one-turn-chunk', (table, req, write) => {
        if (armed && table === 'turns' && req.type === 'put' && ++turnWrites === 2) return Promise.reject(QUOTA_FAILURES.direct());
        return write();
      }),
    );
    await importStudies(db, [demo]);
    armed = true;

    const error = await expectFailsLeavingDatabaseUnchanged(db, [large]);

    expect(turnWrites).toBe(2);
    expect(isQuotaError(error)).toBe(true);
    expect(describeStorageError(error)).toMatch(/disk space/);
  });
});
