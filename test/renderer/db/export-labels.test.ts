// exportLabelFile against fake-indexeddb: an annotator's labels become a label file that parses
// with a valid checksum, in task and assignment order; and the whole way round, pack -> labels ->
// export -> import into the lead's database gives the lead exactly the annotator's labels, also
// for a label already at the highest revision that is labelled once more.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_REVISION, type Label, type StudyData } from '../../../shared/domain/model';
import { formatErrorText } from '../../../shared/formats/errors';
import { LABELS_FORMAT, parseLabelFile, type LabelFile } from '../../../shared/formats/label-file';
import type { Pack } from '../../../shared/formats/pack';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import type { StudioDatabase } from '../../../renderer/db/database';
import { exportLabelFile } from '../../../renderer/db/export-labels';
import { importLabelSources } from '../../../renderer/db/import-label-files';
import { importLabelFiles } from '../../../renderer/db/import-labels';
import { importStudies } from '../../../renderer/db/import-study';
import { openPack } from '../../../renderer/db/open-pack';
import { writeLabelChange } from '../../../renderer/features/labelling/label-writer';
import { loadStudyInputs } from '../../../shared/report/load-study-inputs';
import { closeDatabases, demoStudy, freshDatabase, NOW } from './db-fixtures';

afterEach(closeDatabases);

const demo: StudyData = demoStudy();
const STUDY = demo.study.id;
const APP = 'agreement-studio test';
const ANNOTATORS = [
  { id: 'ann-01', name: 'Annotator 1' },
  { id: 'ann-02', name: 'Annotator 2' },
];
const [PACK] = buildStudyPacks({ data: demo, annotators: ANNOTATORS, overlap: 1, seed: 3, guidelines: '', createdAt: '2026-11-22T09:00:00Z', app: APP }) as [
  Pack,
  Pack,
];

function parsed(text: string, name = 'export.labels.json'): LabelFile {
  const result = parseLabelFile({ name, text }, { scheme: demo.study.scheme });
  if (!result.ok) throw new Error(`expected the export to parse:\n${result.errors.map(formatErrorText).join('\n')}`);
  return result.value;
}

/** Labels as the workspace writes them (with createdAt), on the last, first and a middle unit of each task, stored out of order. */
function annotatorLabels(annotatorId: string): Label[] {
  const at = (minute: number) => `2026-11-22T09:${String(minute).padStart(2, '0')}:00.000Z`;
  const base = { studyId: STUDY, annotatorId, unsure: false, note: '' };
  const pick = (units: string[]) =>
    [units[units.length - 1], units[0], units[Math.floor(units.length / 2)]].filter(
      (unit, i, all): unit is string => unit !== undefined && all.indexOf(unit) === i,
    );
  const answers = ['no', 'yes', 'irrelevant'] as const;
  return [
    ...pick(PACK.tasks.answer).map((unitId, i): Label => ({
      ...base,
      unitId,
      task: 'answer',
      value: answers[i % 3] ?? 'yes',
      at: at(i),
      createdAt: at(i),
      ms: 1200 + i,
      rev: 1 + i,
    })),
    ...pick(PACK.tasks.match).map((unitId, i): Label => ({
      ...base,
      unitId,
      task: 'match',
      value: i % 2 === 0 ? 'matched' : 'unmatched',
      at: at(10 + i),
      rev: 1,
      unsure: true,
      note: `note ${i}`,
    })),
    ...pick(PACK.tasks.difficulty).map((unitId, i): Label => ({ ...base, unitId, task: 'difficulty', value: 1 + i * 3, at: at(20 + i), ms: 9000, rev: 1 })),
  ];
}

async function annotatorDatabase(): Promise<{ db: StudioDatabase; labels: Label[] }> {
  const db = freshDatabase();
  await openPack(db, PACK, { fileName: 'ann-01.pack.json', now: NOW });
  const labels = annotatorLabels('ann-01');
  await db.labels.bulkPut(labels);
  return { db, labels };
}

/** Labels in key order without what a label file does not carry (createdAt), for comparing sets. */
function sorted(labels: readonly Label[]): Array<Omit<Label, 'createdAt'>> {
  const key = (label: Label) => `${label.task}\u0000${label.unitId}`;
  return [...labels].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map(({ createdAt: _createdAt, ...rest }) => rest);
}

describe('exportLabelFile', () => {
  it('writes every label of the annotator as a label file with a valid checksum, in task and assignment order', async () => {
    const { db, labels } = await annotatorDatabase();
    await db.labels.bulkPut(annotatorLabels('someone-else'));
    const out = await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP });
    expect(out.name).toBe(`${STUDY}.ann-01.labels.json`);
    expect(out.mimeType).toBe('application/json');

    const file = parsed(out.text);
    expect(file).toMatchObject({ format: LABELS_FORMAT, studyId: STUDY, annotator: { id: 'ann-01', name: 'Annotator 1' }, exportedAt: NOW, app: APP });
    // parseLabelFile checked the checksum; the file's own equals the one of its content.
    expect((JSON.parse(out.text) as { sha256: string }).sha256).toBe(file.sha256);
    expect(file.labels).toHaveLength(labels.length);

    const order = (task: Label['task']) => PACK.tasks[task];
    const expected = (['answer', 'match', 'difficulty'] as const).flatMap((task) =>
      labels.filter((label) => label.task === task).sort((a, b) => order(task).indexOf(a.unitId) - order(task).indexOf(b.unitId)),
    );
    expect(file.labels.map((label) => [label.task, label.unit])).toEqual(expected.map((label) => [label.task, label.unitId]));
    const first = expected[0];
    expect(file.labels[0]).toEqual({
      unit: first?.unitId,
      task: first?.task,
      value: first?.value,
      at: first?.at,
      ms: first?.ms,
      rev: first?.rev,
      unsure: false,
      note: '',
    });
  });

  it('names the annotator from the study origin, or by id, when the annotators table does not', async () => {
    const { db } = await annotatorDatabase();
    await db.annotators.clear();
    expect(parsed((await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP })).text).annotator).toEqual({ id: 'ann-01', name: 'Annotator 1' });
    expect(parsed((await exportLabelFile(db, STUDY, 'nobody', { now: NOW, app: APP })).text)).toMatchObject({
      annotator: { id: 'nobody', name: 'nobody' },
      labels: [],
    });
  });

  it('refuses a study that is not in the library', async () => {
    const db = freshDatabase();
    await expect(exportLabelFile(db, 'missing', 'ann-01', { app: APP })).rejects.toThrow('The study "missing" is not in the library.');
  });
});

describe('labels round trip: pack -> labels -> export -> import at the lead', () => {
  it("gives the lead's database exactly the annotator's labels", async () => {
    const { db, labels } = await annotatorDatabase();
    const out = await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP });

    const lead = freshDatabase();
    await importStudies(lead, [demo]);
    const report = await importLabelSources(lead, STUDY, [{ name: out.name, text: out.text }], { now: NOW });
    expect(report).toEqual({
      totals: { files: 1, labels: labels.length, added: labels.length, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 },
      rejected: [],
    });
    expect(sorted(await lead.labels.toArray())).toEqual(sorted(labels));
    expect(await lead.annotators.toArray()).toEqual([{ studyId: STUDY, id: 'ann-01', name: 'Annotator 1' }]);
  });

  it("carries a label's set of acceptable answers from the annotator's database to the lead's (issue 33)", async () => {
    const { db, labels } = await annotatorDatabase();
    const answer = labels.find((label) => label.task === 'answer' && label.value === 'no');
    if (!answer) throw new Error('expected an answer label "no"');
    const withSet: Label = { ...answer, acceptable: ['no', 'irrelevant'] };
    await db.labels.put(withSet);
    const out = await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP });
    expect(out.text).toContain(`"value":"no","acceptable":["no","irrelevant"]`);
    const lead = freshDatabase();
    await importStudies(lead, [demo]);
    await importLabelSources(lead, STUDY, [{ name: out.name, text: out.text }], { now: NOW });
    expect(await lead.labels.get([STUDY, 'ann-01', 'answer', answer.unitId])).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'] });
    const others = (await lead.labels.toArray()).filter((label) => label.unitId !== answer.unitId);
    expect(others.every((label) => !Object.hasOwn(label, 'acceptable'))).toBe(true);
  });

  it('adds exactly those labels through importLabelFiles into a copy of the study', async () => {
    const { db, labels } = await annotatorDatabase();
    const file = parsed((await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP })).text);
    const lead = freshDatabase();
    await importStudies(lead, [demo]);
    const summary = await importLabelFiles(lead, STUDY, [file], { now: NOW });
    expect(summary.added).toBe(labels.length);
    expect(sorted(await lead.labels.toArray())).toEqual(sorted(labels));
  });
});

describe('labels round trip at the revision bound', () => {
  it('a label imported at the highest revision and labelled again exports a file the app and the command line read', async () => {
    const { db } = await annotatorDatabase();
    const unitId = PACK.tasks.answer[1] as string;
    await db.labels.put({ studyId: STUDY, annotatorId: 'ann-01', unitId, task: 'answer', value: 'yes', at: NOW, rev: MAX_REVISION, unsure: false, note: '' });
    const write = await writeLabelChange(
      db,
      { studyId: STUDY, annotatorId: 'ann-01', task: 'answer', unitId },
      { kind: 'label:set', value: 'no', ms: 800 },
      { annotatorName: 'Annotator 1', now: NOW },
    );
    expect(write.after).toMatchObject({ value: 'no', rev: MAX_REVISION });

    const out = await exportLabelFile(db, STUDY, 'ann-01', { now: NOW, app: APP });
    expect(parsed(out.text).labels.find((label) => label.unit === unitId)).toMatchObject({ value: 'no', rev: MAX_REVISION });
    const lead = freshDatabase();
    await importStudies(lead, [demo]);
    const report = await importLabelSources(lead, STUDY, [{ name: out.name, text: out.text }], { now: NOW });
    expect(report.rejected).toEqual([]);
    expect(await lead.labels.get([STUDY, 'ann-01', 'answer', unitId])).toMatchObject({ value: 'no', rev: MAX_REVISION });

    const bundle = { name: 'demo-study.json', text: readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8') };
    const inputs = loadStudyInputs([bundle], [{ name: out.name, text: out.text }], { now: NOW });
    expect(inputs.ok ? [] : inputs.errors.map(formatErrorText)).toEqual([]);
  });
});
