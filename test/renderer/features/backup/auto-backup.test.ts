// The desktop app's automatic snapshots against fake-indexeddb and a fake host store: the first
// pass writes every study, a quiet pass writes nothing, a changed study is written again, a
// failed write is reported and retried next time, and passes never overlap.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBackup } from '../../../../shared/formats/backup';
import type { BackupWriteRequest, StoredBackup } from '../../../../shared/platform/studio-platform';
import { snapshotIfChanged } from '../../../../renderer/db/backup';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { readLastAutoBackup } from '../../../../renderer/db/backup';
import { createAutoBackup, snapshotChangedStudies, type AutoBackupDeps } from '../../../../renderer/features/backup/auto-backup';
import { writeLabelChange } from '../../../../renderer/features/labelling/label-writer';
import { closeDatabases, demoStudy, freshDatabase, NOW, syntheticStudy } from '../../db/db-fixtures';

afterEach(closeDatabases);

function fakeStore(fail?: (request: BackupWriteRequest) => boolean) {
  const written: BackupWriteRequest[] = [];
  const write = vi.fn(async (request: BackupWriteRequest): Promise<StoredBackup> => {
    if (fail?.(request)) throw new Error('ENOSPC: no space left on device');
    written.push(request);
    return { studyId: request.studyId, name: request.name, size: request.text.length, createdAt: NOW };
  });
  return { written, write };
}

async function library(): Promise<{ db: StudioDatabase; ids: string[] }> {
  const db = freshDatabase();
  const studies = [demoStudy(), syntheticStudy(10, 4)];
  await importStudies(db, studies);
  return { db, ids: studies.map((data) => data.study.id).sort() };
}

function deps(db: StudioDatabase, store: ReturnType<typeof fakeStore>, overrides: Partial<AutoBackupDeps> = {}): AutoBackupDeps {
  return { db, store, snapshot: (studyId) => snapshotIfChanged(db, studyId, 'snapshot', { app: 'agreement-studio test' }), now: () => NOW, ...overrides };
}

describe('automatic snapshots', () => {
  it('writes every study once, then only what changed', async () => {
    const { db, ids } = await library();
    const store = fakeStore();

    expect(await snapshotChangedStudies(deps(db, store))).toEqual({ at: NOW, written: ids, failures: [] });
    expect(store.written.map((request) => request.studyId)).toEqual(ids);
    for (const request of store.written) {
      expect(request.name.startsWith(`${request.studyId}.`)).toBe(true);
      expect(parseBackup({ name: request.name, text: request.text }).ok).toBe(true);
    }
    expect(await readLastAutoBackup(db)).toEqual({ at: NOW, written: ids, failures: [] });

    const metaBefore = await db.meta.toArray();
    expect(await snapshotChangedStudies(deps(db, store, { now: () => '2026-11-22T10:30:00.000Z' }))).toMatchObject({ written: [], failures: [] });
    expect(store.written).toHaveLength(2);
    // A quiet pass leaves the meta table alone, so it wakes no live query.
    expect(await db.meta.toArray()).toEqual(metaBefore);

    const demo = demoStudy();
    const unitId = demo.turns.find((turn) => turn.type === 'question')?.id ?? '';
    await writeLabelChange(
      db,
      { studyId: demo.study.id, annotatorId: 'ann-1', task: 'answer', unitId },
      { kind: 'label:set', value: 'yes', ms: 5 },
      { annotatorName: 'Ann', now: NOW },
    );
    expect((await snapshotChangedStudies(deps(db, store))).written).toEqual([demo.study.id]);
  });

  it('reports a study whose snapshot could not be stored, still writes the others, and retries it next time', async () => {
    const { db, ids } = await library();
    const [failing = '', fine = ''] = ids;
    let full = true;
    const store = fakeStore((request) => full && request.studyId === failing);

    const run = await snapshotChangedStudies(deps(db, store));
    expect(run.written).toEqual([fine]);
    expect(run.failures).toEqual([{ studyId: failing, message: 'ENOSPC: no space left on device' }]);
    expect((await readLastAutoBackup(db))?.failures).toEqual(run.failures);

    full = false;
    expect((await snapshotChangedStudies(deps(db, store))).written).toEqual([failing]);
  });

  it('runs one pass after another, never two at once', async () => {
    const { db } = await library();
    let active = 0;
    let most = 0;
    const store = fakeStore();
    const slow = vi.fn(async (request: BackupWriteRequest) => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return store.write(request);
    });
    const auto = createAutoBackup(deps(db, { ...store, write: slow }));
    const [first, second] = await Promise.all([auto.run(), auto.run()]);
    expect(first.written).toHaveLength(2);
    expect(second.written).toEqual([]);
    expect(most).toBe(1);
  });
});
