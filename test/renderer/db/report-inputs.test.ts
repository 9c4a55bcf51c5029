// loadReportData and loadReportInputs against fake-indexeddb: one stored study whole, its labels
// in key order and its gold labels, with provenance entries whose checksums follow the content;
// a unit in conflict between an annotator's devices is left out of their labels and counted apart.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { sha256Hex } from '../../../shared/formats/sha256';
import type { StudioDatabase } from '../../../renderer/db/database';
import { setGoldLabel } from '../../../renderer/db/gold';
import { importStudies } from '../../../renderer/db/import-study';
import { loadReportData, loadReportInputs } from '../../../renderer/db/report-inputs';
import { annotator, closeDatabases, demoStudy, freshDatabase, label, NOW, studyRows, teamDatabase } from './db-fixtures';

afterEach(closeDatabases);

const DEMO = 'demo-study';
const QUESTION = 's-coffee-orca/1';
const FINAL = 's-coffee-orca/10';

describe('loadReportInputs', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demoStudy()]);
    await db.annotators.bulkAdd([annotator(DEMO, 'ann-2'), annotator(DEMO, 'ann-1')]);
    await db.labels.bulkAdd([
      label(DEMO, 'ann-2', QUESTION, 'answer', 'no'),
      label(DEMO, 'ann-1', FINAL, 'match', 'matched'),
      label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'),
    ]);
  });

  it("leaves out and counts a label whose unit the annotator's devices disagree on", async () => {
    expect((await loadReportData(db, DEMO)).conflictingLabels).toBe(0);
    const labels = [
      { value: 'yes' as const, at: NOW, rev: 2, unsure: false, note: '', couchRev: '2-a' },
      { value: 'no' as const, at: NOW, rev: 2, unsure: false, note: '', couchRev: '2-b' },
    ];
    await db.teamDatabases.add(
      teamDatabase(DEMO, 'ann-1', { labelsPulled: 2, openConflicts: { [`label:answer:${QUESTION}`]: { task: 'answer', unit: QUESTION, labels } } }),
    );
    const data = await loadReportData(db, DEMO);
    expect(data.conflictingLabels).toBe(1);
    expect(data.labels.map((l) => [l.annotatorId, l.task, l.unitId])).toEqual([
      ['ann-1', 'match', FINAL],
      ['ann-2', 'answer', QUESTION],
    ]);
  });

  it('reads the study, its labels in key order and its gold labels, and names them with checksums', async () => {
    await setGoldLabel(db, { studyId: DEMO, task: 'answer', unitId: QUESTION, value: 'no', note: '', by: 'Lead', basis: [], now: NOW });
    const { study, labels, gold, inputs } = await loadReportInputs(db, DEMO);
    expect(study.study.id).toBe(DEMO);
    expect(study.turns).toHaveLength(323);
    expect(labels.map((l) => [l.annotatorId, l.task, l.unitId])).toEqual([
      ['ann-1', 'answer', QUESTION],
      ['ann-1', 'match', FINAL],
      ['ann-2', 'answer', QUESTION],
    ]);
    expect(gold.map((g) => [g.task, g.unitId, g.value])).toEqual([['answer', QUESTION, 'no']]);
    const { puzzles, sessions, turns } = study;
    expect(inputs).toEqual([
      { file: 'transcripts: demo-study.json', sha256: sha256Hex(canonicalJson({ puzzles, sessions, turns })) },
      {
        file: 'labels: 3 labels by 2 annotators',
        sha256: sha256Hex(canonicalJson(labels.map(({ annotatorId, unitId, task, value }) => ({ annotatorId, unitId, task, value })))),
      },
      { file: 'gold: 1 gold label', sha256: sha256Hex(canonicalJson([{ task: 'answer', unitId: QUESTION, value: 'no' }])) },
    ]);
  });

  it('reads every label of the study in key order, in parts: annotators the study does not list, every task, none of another study', async () => {
    await db.labels.bulkAdd([
      label(DEMO, 'ann-0', QUESTION, 'answer', 'yes'),
      label(DEMO, 'ann-15', 'p-cold-coffee', 'difficulty', 4),
      label(DEMO, 'ann-15', FINAL, 'match', 'unmatched'),
      label(DEMO, 'ann-2', 'p-cold-coffee', 'difficulty', 3),
      label(DEMO, 'ann-3', QUESTION, 'answer', 'no'),
      label(DEMO, 'zz', FINAL, 'match', 'matched'),
      label(`${DEMO}-2`, 'ann-1', QUESTION, 'answer', 'no'),
      label('demo', 'ann-1', QUESTION, 'answer', 'no'),
    ]);
    // The second computation: every record of the table, filtered and sorted here by primary key
    // (string components compare by code units, in IndexedDB as with <).
    const key = (l: { annotatorId: string; task: string; unitId: string }) => [l.annotatorId, l.task, l.unitId];
    const byKey = (a: string[], b: string[]) => {
      const at = a.findIndex((part, i) => part !== b[i]);
      return at < 0 ? 0 : (a[at] as string) < (b[at] as string) ? -1 : 1;
    };
    const expected = (await studyRows(db.labels, DEMO)).map(key).sort(byKey);
    const { labels } = await loadReportData(db, DEMO);
    expect(labels.map(key)).toEqual(expected);
    expect(labels).toHaveLength(9);
  });

  it('hashes the transcripts once per import: later reports read the checksum kept in the meta table', async () => {
    const first = (await loadReportInputs(db, DEMO)).inputs[0];
    const study = await db.studies.get(DEMO);
    const key = `provenance.transcripts/${DEMO}/${study?.importedAt}`;
    expect(await db.meta.get(key)).toEqual({ key, value: first?.sha256 });
    // The kept checksum is what the next report names, without hashing again.
    await db.meta.put({ key, value: 'kept' });
    expect((await loadReportInputs(db, DEMO)).inputs[0]?.sha256).toBe('kept');
    // A study imported again (another import time) is hashed afresh.
    await db.studies.update(DEMO, { importedAt: '2027-01-01T00:00:00.000Z' });
    expect((await loadReportInputs(db, DEMO)).inputs[0]?.sha256).toBe(first?.sha256);
  });

  it('gives the same checksums for the same content, another for a changed label; bookkeeping does not count', async () => {
    const before = (await loadReportInputs(db, DEMO)).inputs;
    expect((await loadReportInputs(db, DEMO)).inputs).toEqual(before);
    await db.labels.put({ ...label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'), note: 'a second look', rev: 2, at: '2026-11-23T08:00:00.000Z' });
    expect((await loadReportInputs(db, DEMO)).inputs).toEqual(before);
    await db.labels.put(label(DEMO, 'ann-1', QUESTION, 'answer', 'irrelevant'));
    const after = (await loadReportInputs(db, DEMO)).inputs;
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.file).toBe(before[1]?.file);
    expect(after[1]?.sha256).not.toBe(before[1]?.sha256);
    // No gold labels: no gold entry.
    expect(after).toHaveLength(2);
  });

  it("covers a label's set of acceptable answers in the labels' checksum, and leaves a study without sets its checksum (issue 33)", async () => {
    const before = (await loadReportInputs(db, DEMO)).inputs;
    const keys = ['annotatorId', 'task', 'unitId', 'value'] as const;
    expect(before[1]?.sha256).toBe(
      sha256Hex(canonicalJson((await loadReportData(db, DEMO)).labels.map((one) => Object.fromEntries(keys.map((key) => [key, one[key]]))))),
    );
    await db.labels.put({ ...label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'), acceptable: ['yes', 'irrelevant'] });
    const withSet = (await loadReportInputs(db, DEMO)).inputs;
    expect(withSet[1]?.sha256).not.toBe(before[1]?.sha256);
    await db.labels.put({ ...label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'), acceptable: ['yes', 'no'] });
    expect((await loadReportInputs(db, DEMO)).inputs[1]?.sha256).not.toBe(withSet[1]?.sha256);
    await db.labels.put(label(DEMO, 'ann-1', QUESTION, 'answer', 'yes'));
    expect((await loadReportInputs(db, DEMO)).inputs[1]?.sha256).toBe(before[1]?.sha256);
  });

  it("keeps the labels' and gold checksums until their data changes, then hashes afresh", async () => {
    await setGoldLabel(db, { studyId: DEMO, task: 'answer', unitId: QUESTION, value: 'no', note: '', by: 'Lead', basis: [], now: NOW });
    const first = (await loadReportInputs(db, DEMO)).inputs;
    // A kept checksum replaced by a marker: the next report names the marker, so it was not hashed again.
    const keep = async (key: string) => {
      const entry = await db.meta.get(key);
      await db.meta.put({ key, value: { ...(entry?.value as object), sha256: 'kept' } });
    };
    await keep(`provenance.labels/${DEMO}`);
    await keep(`provenance.gold/${DEMO}`);
    expect((await loadReportInputs(db, DEMO)).inputs.map((input) => input.sha256)).toEqual([first[0]?.sha256, 'kept', 'kept']);

    // One changed label: the labels are hashed afresh; the gold checksum stays kept.
    await db.labels.put(label(DEMO, 'ann-2', QUESTION, 'answer', 'yes'));
    const changed = await loadReportInputs(db, DEMO);
    const labelsSha256 = sha256Hex(canonicalJson(changed.labels.map(({ annotatorId, unitId, task, value }) => ({ annotatorId, unitId, task, value }))));
    expect(changed.inputs[1]?.sha256).toBe(labelsSha256);
    expect(labelsSha256).not.toBe(first[1]?.sha256);
    expect(changed.inputs[2]?.sha256).toBe('kept');

    // A label deleted, an open conflict recorded and a gold label changed each make the kept checksum stale.
    await keep(`provenance.labels/${DEMO}`);
    await db.labels.delete([DEMO, 'ann-2', 'answer', QUESTION]);
    expect((await loadReportInputs(db, DEMO)).inputs[1]?.sha256).not.toBe('kept');
    await keep(`provenance.labels/${DEMO}`);
    await db.teamDatabases.add(teamDatabase(DEMO, 'ann-1'));
    expect((await loadReportInputs(db, DEMO)).inputs[1]?.sha256).not.toBe('kept');
    await setGoldLabel(db, { studyId: DEMO, task: 'answer', unitId: QUESTION, value: 'yes', note: '', by: 'Lead', basis: [], now: NOW });
    expect((await loadReportInputs(db, DEMO)).inputs[2]?.sha256).toBe(sha256Hex(canonicalJson([{ task: 'answer', unitId: QUESTION, value: 'yes' }])));
  });

  it('runs whileReading once, while the study is read (before the read is back)', async () => {
    const order: string[] = [];
    const reading = loadReportInputs(db, DEMO, { whileReading: () => order.push('while reading') }).then((inputs) => {
      order.push('read');
      return inputs;
    });
    expect((await reading).labels).toHaveLength(3);
    expect(order).toEqual(['while reading', 'read']);
  });

  it('leaves the gold labels out when asked to, from the data and from the provenance', async () => {
    await setGoldLabel(db, { studyId: DEMO, task: 'match', unitId: FINAL, value: 'unmatched', note: '', by: 'Lead', basis: [], now: NOW });
    const without = await loadReportInputs(db, DEMO, { gold: false });
    expect(without.gold).toEqual([]);
    expect(without.inputs.map((input) => input.file)).toEqual(['transcripts: demo-study.json', 'labels: 3 labels by 2 annotators']);
    expect((await loadReportData(db, DEMO)).gold).toHaveLength(1);
  });

  it('rejects a study that is not in the library', async () => {
    await expect(loadReportInputs(db, 'no-such-study')).rejects.toThrow('The study "no-such-study" is not in the library.');
  });
});
