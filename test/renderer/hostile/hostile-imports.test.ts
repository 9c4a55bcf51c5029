// The hostile-input suite at the app's imports: every generated bundle, pack and label file, read
// from its bytes as the app reads them, through the import worker's and the team worker's own api
// (captured from Comlink.expose) into a fake-indexeddb database that already holds the demo study
// and labels. Rejected files leave every table as it was; inert files go in with their payload as
// text. Reliability CSVs have no import in the app (only the CLI reads them): the parser suite has them.

import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormatError } from '../../../shared/formats/errors';
import { buildLabelFile, serializeLabelFile } from '../../../shared/formats/label-file';
import type { SourceFile } from '../../../shared/formats/limits';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';
import { StudioDatabase } from '../../../renderer/db/database';
import type { ImportWorkerApi } from '../../../renderer/workers/import.worker';
import type { TeamWorkerApi } from '../../../renderer/workers/team.worker';
import { expectAllHandled, expectHandled, Figure, holdsKey, holdsText, REJECTION_VERDICTS, rejectionProblem, type Verdict } from '../../hostile/check';
import { DEMO_STUDY_ID, hostileCases, type HostileCase } from '../../hostile/generate';
import { demoStudy, dumpTables, NOW } from '../db/db-fixtures';

const exposed = vi.hoisted(() => ({ apis: [] as unknown[] }));
vi.mock('comlink', () => ({
  expose: (api: unknown) => {
    exposed.apis.push(api);
  },
}));

const cases = hostileCases().filter((hostile) => hostile.kind !== 'reliability-csv');
const figure = new Figure('imports', 'every rejected file left the database unchanged');
const DEMO_TEXT = readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8');
const noProgress = () => undefined;

let importApi: ImportWorkerApi;
let teamApi: TeamWorkerApi;
const opened: StudioDatabase[] = [];
let databaseCount = 0;

/** The labels the seeded database holds before any hostile file: another annotator's, on other units. */
function seedLabelFile(): SourceFile {
  const questions = demoStudy().turns.filter((turn) => turn.type === 'question');
  const file = buildLabelFile({
    studyId: DEMO_STUDY_ID,
    annotator: { id: 'ann-seed', name: 'Seed Annotator' },
    exportedAt: NOW,
    app: 'agreement-studio test',
    labels: questions.slice(20, 26).map((turn, i) => ({
      unit: turn.id,
      task: 'answer' as const,
      value: i % 2 === 0 ? ('yes' as const) : ('no' as const),
      at: NOW,
      ms: 900,
      rev: 1,
      unsure: false,
      note: '',
    })),
  });
  return { name: 'seed.labels.json', text: serializeLabelFile(file) };
}

/** A database of its own, through the workers' api, holding the demo study (as the lead's copy) and one annotator's labels. */
async function seededDatabase(): Promise<StudioDatabase> {
  databaseCount++;
  const name = `hostile-imports-${databaseCount}`;
  const db = new StudioDatabase(name);
  opened.push(db);
  const demo = await importApi.importFiles(name, [{ name: 'demo-study.json', text: DEMO_TEXT, size: DEMO_TEXT.length }], noProgress);
  if (!('ok' in demo) || !demo.ok) throw new Error('the demo study does not import');
  const labels = await teamApi.importLabelFiles(name, DEMO_STUDY_ID, [seedLabelFile()], noProgress);
  if (labels.totals.added === 0 || labels.totals.rejected > 0) throw new Error('the seed labels do not import');
  return db;
}

/** The case through the app's import of its kind: the errors of a rejection, or undefined when it went in. */
async function importCase(name: string, hostile: HostileCase, file: SourceFile): Promise<FormatError[] | undefined> {
  if (hostile.kind === 'labels-json' || hostile.kind === 'labels-csv') {
    const report = await teamApi.importLabelFiles(name, DEMO_STUDY_ID, [file], noProgress);
    if (report.totals.rejected === 0) return undefined;
    return report.rejected.flatMap((rejected) => rejected.errors);
  }
  const outcome = await importApi.importFiles(name, [file], noProgress);
  // A benchmark's file waits in the worker for the lead's go-ahead: nothing is written, as in a rejection.
  if ('requestId' in outcome) return [{ file: file.name, path: '', message: 'held for the lead to agree to its preview; nothing written' }];
  return outcome.ok ? undefined : outcome.errors;
}

let shared: StudioDatabase;
let before: Record<string, unknown[]>;

async function judge(hostile: HostileCase): Promise<{ verdict: Verdict; problem: string | undefined }> {
  const file = sourceFileFromBytes(hostile.name, hostile.bytes());
  const expectation = hostile.expect;
  if (expectation.outcome === 'inert') {
    // Each inert file goes into a database of its own: it adds a study or labels, and the next must meet the same state.
    const db = await seededDatabase();
    const errors = await importCase(db.name, hostile, file);
    if (errors) return { verdict: 'inert', problem: `the import rejected it: ${errors.map((error) => `${error.path}: ${error.message}`).join('; ')}` };
    const dump = await dumpTables(db);
    const kept = expectation.keeps === 'text' ? holdsText(dump, expectation.payload) : !holdsKey(dump, expectation.payload);
    return { verdict: 'inert', problem: kept ? undefined : expectation.keeps === 'text' ? 'the payload is not stored as text' : 'the hostile key was stored' };
  }
  const verdict = REJECTION_VERDICTS[expectation.stage];
  const errors = await importCase(shared.name, hostile, file);
  if (!errors) return { verdict, problem: 'the import accepted it' };
  const problem = rejectionProblem(hostile.name, errors, expectation.app ?? expectation.error);
  if (problem) return { verdict, problem };
  return { verdict, problem: isDeepStrictEqual(await dumpTables(shared), before) ? undefined : 'the database changed' };
}

beforeAll(async () => {
  await import('../../../renderer/workers/import.worker');
  await import('../../../renderer/workers/team.worker');
  [importApi, teamApi] = exposed.apis as [ImportWorkerApi, TeamWorkerApi];
  shared = await seededDatabase();
  before = await dumpTables(shared);
}, 60_000);

afterAll(() => {
  for (const db of opened) db.close();
});

describe('hostile-input suite: the app imports', () => {
  it('starts from a database holding the demo study and labels', () => {
    expect(before.studies?.length).toBe(1);
    expect(before.labels?.length).toBeGreaterThan(0);
    expect(before.audit?.length).toBeGreaterThan(0);
  });

  it.each(cases.map((hostile) => [hostile.name, hostile] as const))('%s', async (_name, hostile) => {
    expectHandled(figure, hostile, await judge(hostile));
  });

  it('prints its figure: every file handled correctly', () => {
    expectAllHandled(figure, cases.length);
  });
});
