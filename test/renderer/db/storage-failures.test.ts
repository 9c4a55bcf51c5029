// A full disk as the data layer and the workers meet it: a label write that fails with
// QuotaExceededError (itself or inside Dexie's AbortError) rejects and stores nothing, and the
// imports of bundles, packs and label files report describeStorageError's advice, changing nothing.

import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildLabelFile, serializeLabelFile } from '../../../shared/formats/label-file';
import type { SourceFile } from '../../../shared/formats/limits';
import { serializePack } from '../../../shared/formats/pack';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import { StudioDatabase } from '../../../renderer/db/database';
import { importStudies } from '../../../renderer/db/import-study';
import { describeStorageError, isQuotaError } from '../../../renderer/db/storage';
import { writeLabelChange } from '../../../renderer/features/labelling/label-writer';
import type { ImportWorkerApi } from '../../../renderer/workers/import.worker';
import type { TeamWorkerApi } from '../../../renderer/workers/team.worker';
import { countTables, demoStudy, dumpTables, NOW } from './db-fixtures';
import { quotaMiddleware, QUOTA_FAILURES, type QuotaForm } from './quota-failure';

const exposed = vi.hoisted(() => ({ apis: [] as unknown[] }));
vi.mock('comlink', () => ({
  expose: (api: unknown) => {
    exposed.apis.push(api);
  },
}));

const PREFIX = 'storage-failures';
const FORMS: QuotaForm[] = ['direct', 'inner'];
const QUOTA_MESSAGE = describeStorageError(QUOTA_FAILURES.direct());
const DEMO_TEXT = readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8');
const demo = demoStudy();
const STUDY = demo.study.id;
const QUESTION = demo.turns.find((turn) => turn.type === 'question')?.id ?? '';

/** Which table fails, and how; set only around the write under test. */
let failing: { table: string; form: QuotaForm } | undefined;
// The workers open their own database by name, so the failure goes into every database of these tests as it is made.
const addon = (db: Dexie) => {
  if (db.name.startsWith(PREFIX)) db.use(quotaMiddleware((table) => (failing?.table === table ? failing.form : undefined)));
};

let importApi: ImportWorkerApi;
let teamApi: TeamWorkerApi;
const opened: StudioDatabase[] = [];
let counter = 0;

beforeAll(async () => {
  Dexie.addons.push(addon);
  await import('../../../renderer/workers/import.worker');
  await import('../../../renderer/workers/team.worker');
  [importApi, teamApi] = exposed.apis as [ImportWorkerApi, TeamWorkerApi];
});

afterAll(() => {
  Dexie.addons.splice(Dexie.addons.indexOf(addon), 1);
  for (const db of opened) db.close();
});

function database(): StudioDatabase {
  counter += 1;
  const db = new StudioDatabase(`${PREFIX}-${counter}`);
  opened.push(db);
  return db;
}

async function whileFull<T>(table: string, form: QuotaForm, work: () => Promise<T>): Promise<T> {
  failing = { table, form };
  try {
    return await work();
  } finally {
    failing = undefined;
  }
}

it('gives advice for a full disk that says what to do', () => {
  expect(QUOTA_MESSAGE).toMatch(/nothing was saved/);
  expect(QUOTA_MESSAGE).toMatch(/Free some disk space/);
  expect(QUOTA_MESSAGE).toMatch(/delete a study/);
  expect(QUOTA_MESSAGE).toMatch(/export a backup/);
});

describe.each(FORMS)('a full disk (QuotaExceededError, %s)', (form) => {
  it('fails a label write whole: no label, audit entry, annotator or position is stored', async () => {
    const db = database();
    await importStudies(db, [demo]);
    const before = await dumpTables(db);
    const key = { studyId: STUDY, annotatorId: 'ann-1', task: 'answer' as const, unitId: QUESTION };
    const write = whileFull('labels', form, () =>
      writeLabelChange(db, key, { kind: 'label:set', value: 'yes', ms: 900 }, { annotatorName: 'Ada', now: NOW, position: QUESTION }),
    );
    const error: unknown = await write.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(isQuotaError(error)).toBe(true);
    expect(describeStorageError(error)).toBe(QUOTA_MESSAGE);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('rejects a transcript bundle import with the advice and stores none of it', async () => {
    const db = database();
    const file: SourceFile = { name: 'demo-study.json', size: DEMO_TEXT.length, text: DEMO_TEXT };
    const outcome = await whileFull('turns', form, () => importApi.importFiles(db.name, [file], () => undefined));
    expect(outcome).toEqual({ ok: false, errors: [{ file: 'demo-study.json', path: '', message: QUOTA_MESSAGE }] });
    expect(await db.studies.count()).toBe(0);
    expect(await db.turns.count()).toBe(0);
    expect(await db.audit.count()).toBe(0);
  });

  it('rejects a pack with the advice and opens no copy of the study', async () => {
    const db = database();
    const [pack] = buildStudyPacks({
      data: demo,
      annotators: [{ id: 'ann-01', name: 'Annotator 1' }],
      overlap: 1,
      seed: 7,
      guidelines: '',
      createdAt: NOW,
      app: 'agreement-studio test',
    });
    const text = serializePack(pack!);
    const outcome = await whileFull('turns', form, () =>
      importApi.importFiles(db.name, [{ name: 'ann-01.pack.json', size: text.length, text }], () => undefined),
    );
    expect(outcome).toEqual({ ok: false, errors: [{ file: 'ann-01.pack.json', path: '', message: QUOTA_MESSAGE }] });
    const counts = await countTables(db);
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((table) => [table, 0])));
  });

  it('rejects a label file with the advice and stores none of its labels', async () => {
    const db = database();
    await importStudies(db, [demo]);
    const before = await dumpTables(db);
    const labels = [{ unit: QUESTION, task: 'answer' as const, value: 'no' as const, at: NOW, rev: 1, unsure: false, note: '' }];
    const text = serializeLabelFile(
      buildLabelFile({ studyId: STUDY, annotator: { id: 'ann-01', name: 'Annotator 1' }, exportedAt: NOW, app: 'agreement-studio test', labels }),
    );
    const file: SourceFile = { name: 'ann-01.labels.json', size: text.length, text };
    const report = await whileFull('labels', form, () => teamApi.importLabelFiles(db.name, STUDY, [file], () => undefined));
    expect(report.totals).toMatchObject({ files: 0, labels: 0, rejected: 1 });
    expect(report.rejected).toEqual([{ file: 'ann-01.labels.json', errors: [{ file: 'ann-01.labels.json', path: '', message: QUOTA_MESSAGE }] }]);
    expect(await dumpTables(db)).toEqual(before);
  });
});
