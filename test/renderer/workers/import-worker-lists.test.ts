// The import worker's own api against fake-indexeddb (issue 26 point 7): records read as a puzzle
// list that left fields unread are held, nothing written, with a preview naming each field left
// out with its count and examples; Cancel drops them (the database unchanged); Import anyway
// stores the study once; a list with nothing left out goes straight in. The backup worker names
// the members of a backup it does not read, when checking it and when restoring it.

import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import { StudioDatabase } from '../../../renderer/db/database';
import type { BackupWorkerApi } from '../../../renderer/workers/backup.worker';
import type { ImportStart } from '../../../renderer/workers/import-protocol';
import type { ImportWorkerApi } from '../../../renderer/workers/import.worker';
import { dumpTables } from '../db/db-fixtures';

const exposed = vi.hoisted(() => ({ apis: [] as unknown[] }));
vi.mock('comlink', () => ({
  expose: (api: unknown) => {
    exposed.apis.push(api);
  },
}));

const DEMO_TEXT = readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8');
const noProgress = () => undefined;

const REVIEWED = [
  { title: 'The lamp', story: 'A man turns off a lamp.', answer: 'He keeps a lighthouse.', hints: [{ question: 'At sea?', reply: 'yes' }] },
  { title: 'The note', story: 'A note on a door.', answer: 'A proposal.', hints: [{ question: 'A letter?', reply: 'no' }], reviewer: 'Ada' },
];
const listFile = (rows: unknown[], name = 'review.json') => {
  const text = JSON.stringify(rows);
  return { name, text, size: text.length };
};

let importApi: ImportWorkerApi;
let backupApi: BackupWorkerApi;
const opened: StudioDatabase[] = [];
let count = 0;

beforeAll(async () => {
  await import('../../../renderer/workers/import.worker');
  await import('../../../renderer/workers/backup.worker');
  [importApi, backupApi] = exposed.apis as [ImportWorkerApi, BackupWorkerApi];
});

afterAll(() => {
  for (const db of opened) db.close();
});

/** A database the workers open by its name, as the app's do. */
function database(): StudioDatabase {
  count += 1;
  const db = new StudioDatabase(`import-worker-lists-${count}`);
  opened.push(db);
  return db;
}

function held(start: ImportStart): Extract<ImportStart, { preview: unknown }> {
  if (!('requestId' in start) || !('preview' in start)) throw new Error(`expected a held preview: ${JSON.stringify(start).slice(0, 300)}`);
  return start;
}

describe('a puzzle list that left fields unread', () => {
  it('is held with a preview of what would be imported and each field left out, and writes nothing', async () => {
    const db = database();
    const before = await dumpTables(db);
    const start = held(await importApi.importFiles(db.name, [listFile(REVIEWED)], noProgress));
    expect(start.unreadFields).toBe(true);
    expect(start.preview.counts).toMatchObject({ puzzles: 2, sessions: 0, turns: 0 });
    expect(start.preview.layouts).toEqual([{ file: 'review.json', layout: 'a puzzle list (a story or question and an answer in each row), no games' }]);
    expect(start.preview.leftovers).toEqual([
      { file: 'review.json', what: 'field "hints"', count: 2, examples: ['[{"question":"At sea?","reply":"yes"}]', '[{"question":"A letter?","reply":"no"}]'] },
      { file: 'review.json', what: 'field "reviewer"', count: 1, examples: ['Ada'] },
    ]);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('Cancel drops it: the database is unchanged and it cannot be committed after', async () => {
    const db = database();
    const before = await dumpTables(db);
    const { requestId } = held(await importApi.importFiles(db.name, [listFile(REVIEWED)], noProgress));
    importApi.cancelImport(requestId);
    const late = await importApi.commitImport(db.name, requestId, noProgress);
    expect(late).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/cancelled or already done/) as unknown }] });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('Import anyway stores the study once, naming what it did not read', async () => {
    const db = database();
    const { requestId } = held(await importApi.importFiles(db.name, [listFile(REVIEWED)], noProgress));
    const outcome = await importApi.commitImport(db.name, requestId, noProgress);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.studies).toHaveLength(1);
    expect(outcome.studies[0]?.notes?.filter((note) => note.startsWith('not read: review.json: [].'))).toHaveLength(2);
    expect(await db.studies.count()).toBe(1);
    expect(await db.puzzles.count()).toBe(2);
    expect((await importApi.commitImport(db.name, requestId, noProgress)).ok).toBe(false);
    expect(await db.studies.count()).toBe(1);
  });

  it('a list with nothing left out goes straight in, as does a transcript bundle', async () => {
    const db = database();
    const plain = REVIEWED.map(({ title, story, answer }) => ({ title, story, answer }));
    const outcome = await importApi.importFiles(db.name, [listFile(plain, 'plain.json')], noProgress);
    expect('requestId' in outcome).toBe(false);
    expect(outcome).toMatchObject({ ok: true, studies: [{ counts: { puzzles: 2 } }] });
    const demo = await importApi.importFiles(db.name, [{ name: 'demo-study.json', text: DEMO_TEXT, size: DEMO_TEXT.length }], noProgress);
    expect(demo).toMatchObject({ ok: true });
    expect(await db.studies.count()).toBe(2);
  });
});

describe('a backup with members this version does not read', () => {
  it('names each of them when checking the file and when restoring it', async () => {
    const db = database();
    const demo = await importApi.importFiles(db.name, [{ name: 'demo-study.json', text: DEMO_TEXT, size: DEMO_TEXT.length }], noProgress);
    if (!('ok' in demo) || !demo.ok) throw new Error('the demo study does not import');
    const studyId = demo.studies[0]?.id ?? '';
    const snapshot = await backupApi.snapshot(db.name, studyId);
    const body = JSON.parse(snapshot.file.text) as Record<string, unknown>;
    delete body.sha256;
    const content = { ...body, comment: 'written by a later app' };
    const text = JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
    const file = { name: 'demo.backup.json', text, size: text.length };

    const inspected = backupApi.inspect(file);
    if (!inspected.ok) throw new Error(JSON.stringify(inspected.errors));
    expect(inspected.summary.notRead?.map((warning) => [warning.file, warning.path])).toEqual([['demo.backup.json', 'comment']]);
    const restored = await backupApi.restore(db.name, file, noProgress);
    if (!restored.ok) throw new Error(JSON.stringify(restored.errors));
    expect(restored.summary.notRead?.map((warning) => warning.path)).toEqual(['comment']);
    expect(backupApi.inspect({ ...snapshot.file, size: snapshot.file.text.length })).not.toHaveProperty('summary.notRead');
  });
});
