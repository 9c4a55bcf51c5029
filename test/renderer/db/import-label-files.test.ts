// importLabelSources against fake-indexeddb, on the demo study: label files and label CSVs,
// each file imported or rejected on its own with located errors (SPEC §6), totals summed, the
// top-level members of an imported file that were not read named (issue 26), and a second import of the same files reports every label unchanged and changes nothing.

import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { serializeLabelFile, type LabelRecord } from '../../../shared/formats/label-file';
import type { SourceFile } from '../../../shared/formats/limits';
import { serializePack } from '../../../shared/formats/pack';
import { sha256Hex } from '../../../shared/formats/sha256';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { sourceFileFromBytes } from '../../../shared/formats/utf8';
import { buildStudyPacks } from '../../../shared/study/study-packs';
import { INVITATION_FORMAT, serializeInvitation } from '../../../shared/sync/invitation';
import type { StudioDatabase } from '../../../renderer/db/database';
import { importLabelSources } from '../../../renderer/db/import-label-files';
import { importStudies } from '../../../renderer/db/import-study';
import type { WorkProgress } from '../../../renderer/workers/team-protocol';
import { closeDatabases, dumpTables, freshDatabase, NOW } from './db-fixtures';
import { demo, F1, labelFile, P1, Q1, Q1_YES_STORED, Q2, Q3, record, STUDY } from './label-file-fixtures';

afterEach(closeDatabases);

function labelFileText(labels: LabelRecord[], annotatorId = 'ann-01', studyId = STUDY): string {
  return serializeLabelFile(labelFile(labels, annotatorId, studyId));
}

/** A label file as a foreign writer could make it: any content, with a correct checksum. */
function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

const goodFile = (): SourceFile => ({
  name: 'ann-01.labels.json',
  text: labelFileText([record(Q1, 'answer', 'yes'), record(F1, 'match', 'matched'), record(P1, 'difficulty', 4)]),
});
const goodCsv = (): SourceFile => ({
  name: 'labels.csv',
  text: `annotator,unit,task,value,comment\nann-02,${Q1},answer,No,first\nann-02,${P1},difficulty,7,\nann-03,${Q2},answer,irrelevant,\nann-03,${F1},match,unmatched,late\n`,
});

const DEMO_TEXT = readFileSync(fileURLToPath(new URL('../../../assets/demo-study.json', import.meta.url)), 'utf8');

describe('importLabelSources', () => {
  let db: StudioDatabase;
  beforeEach(async () => {
    db = freshDatabase();
    await importStudies(db, [demo]);
  });

  it('imports a label file, adding its unknown annotator', async () => {
    const report = await importLabelSources(db, STUDY, [goodFile()], { now: NOW });
    expect(report).toEqual({ totals: { files: 1, labels: 3, added: 3, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 }, rejected: [] });
    expect(await db.annotators.toArray()).toEqual([{ studyId: STUDY, id: 'ann-01', name: 'Annotator ann-01' }]);
    expect(await db.labels.get([STUDY, 'ann-01', 'answer', Q1])).toEqual(Q1_YES_STORED);
  });

  it('names the top-level members of an imported file it did not read, and not those of a rejected file', async () => {
    const withExtra = (annotator: string, studyId: string): SourceFile => {
      const content = JSON.parse(labelFileText([record(Q1, 'answer', 'yes')], annotator, studyId)) as Record<string, unknown>;
      delete content.sha256;
      return { name: `${annotator}.labels.json`, text: signed({ ...content, extra: 'from a script' }) };
    };
    const report = await importLabelSources(db, STUDY, [withExtra('ann-01', STUDY), withExtra('ann-02', 'another-study')], { now: NOW });
    expect(report.totals).toMatchObject({ files: 1, added: 1, rejected: 1 });
    expect(report.notRead).toEqual([
      { file: 'ann-01.labels.json', path: 'extra', message: expect.stringMatching(/^a member a label file does not have/) as unknown },
    ]);
    expect(await db.labels.get([STUDY, 'ann-01', 'answer', Q1])).toBeDefined();
  });

  it('imports a label CSV: one annotator per name, revision 1 at the import time, extra columns ignored', async () => {
    await db.annotators.put({ studyId: STUDY, id: 'ann-03', name: 'Ada' });
    const report = await importLabelSources(db, STUDY, [goodCsv()], { now: NOW });
    expect(report).toEqual({ totals: { files: 1, labels: 4, added: 4, updated: 0, unchanged: 0, conflicts: 0, rejected: 0 }, rejected: [] });
    expect(await db.labels.get([STUDY, 'ann-02', 'answer', Q1])).toEqual({
      studyId: STUDY,
      annotatorId: 'ann-02',
      unitId: Q1,
      task: 'answer',
      value: 'no',
      at: NOW,
      rev: 1,
      unsure: false,
      note: '',
    });
    expect((await db.labels.get([STUDY, 'ann-02', 'difficulty', P1]))?.value).toBe(7);
    expect((await db.labels.get([STUDY, 'ann-03', 'match', F1]))?.value).toBe('unmatched');
    // A new annotator is named by their id; a known one keeps their name.
    expect(await db.annotators.toArray()).toEqual([
      { studyId: STUDY, id: 'ann-02', name: 'ann-02' },
      { studyId: STUDY, id: 'ann-03', name: 'Ada' },
    ]);
  });

  it('rejects a CSV with an unknown unit whole, locating the error by line', async () => {
    const before = await dumpTables(db);
    const csv = {
      name: 'bad.csv',
      text: `annotator,unit,task,value\nann-02,${Q1},answer,yes\nann-03,${Q2},answer,no\nann-03,no-such-turn,answer,yes\nann-03,${P1},answer,yes\n`,
    };
    const report = await importLabelSources(db, STUDY, [csv], { now: NOW });
    expect(report.totals).toEqual({ files: 0, labels: 0, added: 0, updated: 0, unchanged: 0, conflicts: 0, rejected: 1 });
    expect(report.rejected).toEqual([
      {
        file: 'bad.csv',
        errors: [
          { file: 'bad.csv', line: 4, path: 'unit', message: `unit "no-such-turn" is not in study "${STUDY}"; expected a question turn` },
          { file: 'bad.csv', line: 5, path: 'unit', message: `unit "${P1}" is a puzzle; an answer label needs a question turn` },
        ],
      },
    ]);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('lists every error of a CSV at once: bad rows and units the study lacks, in line order', async () => {
    const before = await dumpTables(db);
    const csv = {
      name: 'several.csv',
      text: `annotator,unit,task,value\nann-02,no-such-turn,answer,yes\nann-02,${Q1},answer,perhaps\nann-03,${Q2},judge,yes\nann-03,${P1},answer,no\nann-03,${Q3},answer\n`,
    };
    const report = await importLabelSources(db, STUDY, [csv], { now: NOW });
    expect(report.rejected).toEqual([
      {
        file: 'several.csv',
        errors: [
          { file: 'several.csv', line: 2, path: 'unit', message: `unit "no-such-turn" is not in study "${STUDY}"; expected a question turn` },
          { file: 'several.csv', line: 3, path: 'value', message: 'expected an answer label: yes, no or irrelevant, got the text "perhaps"' },
          { file: 'several.csv', line: 4, path: 'task', message: 'expected answer, match or difficulty, got the text "judge"' },
          { file: 'several.csv', line: 5, path: 'unit', message: `unit "${P1}" is a puzzle; an answer label needs a question turn` },
          { file: 'several.csv', line: 6, path: '', message: 'expected at least 4 fields, found 3' },
        ],
      },
    ]);
    expect(await dumpTables(db)).toEqual(before);
  });

  it('says "the file is empty", "invalid JSON" and "not a text file" as the library does', async () => {
    const png = sourceFileFromBytes('picture.json', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]));
    const files: SourceFile[] = [
      { name: 'empty.json', text: '' },
      { name: 'blank.labels.json', text: '  \n' },
      { name: 'broken.json', text: '{\n  "a": 1,\n}' },
      png,
    ];
    const report = await importLabelSources(db, STUDY, files, { now: NOW });
    const library = files.map((file) => {
      const parsed = parseTranscriptBundle(file);
      return parsed.ok ? [] : parsed.errors;
    });
    // What each page expects instead differs; what is wrong reads the same, at the same place.
    const empty = 'the file is empty; expected a label file (.labels.json) or a label CSV with the header annotator,unit,task,value';
    expect(library[0]?.[0]?.message).toMatch(/^the file is empty; /);
    expect(report.rejected.map((rejected) => rejected.errors)).toEqual([
      [{ file: 'empty.json', path: '', message: empty }],
      [{ file: 'blank.labels.json', path: '', message: empty }],
      library[2],
      library[3],
    ]);
    expect(library[2]).toEqual([{ file: 'broken.json', line: 3, path: '', message: expect.stringMatching(/^invalid JSON \(column 1\)/) as unknown }]);
    expect(library[3]).toEqual([
      { file: 'picture.json', path: '', message: 'not a text file (it looks like a PNG image); choose the JSON, JSONL or CSV file instead' },
    ]);
  });

  it('imports the good files of a mixed batch and rejects each bad one whole, with located errors', async () => {
    const tampered = goodFile().text.replace('"yes"', '"no"');
    const files: SourceFile[] = [
      goodFile(),
      { name: 'tampered.labels.json', text: tampered },
      { name: 'other-study.labels.json', text: labelFileText([record(Q1, 'answer', 'yes')], 'ann-04', 'another-study') },
      {
        name: 'out-of-scheme.labels.json',
        text: signed({
          format: 'agreement-studio.labels/1',
          studyId: STUDY,
          annotator: { id: 'ann-05', name: 'E' },
          exportedAt: NOW,
          app: 'x',
          labels: [{ ...record(Q1, 'answer', 'yes'), value: 'maybe' }, record(P1, 'difficulty', 12)],
        }),
      },
      { name: 'unknown-unit.labels.json', text: labelFileText([record(Q2, 'answer', 'yes'), record('p-nowhere', 'difficulty', 3)], 'ann-06') },
      {
        name: 'ann-01.pack.json',
        text: serializePack(
          buildStudyPacks({ data: demo, annotators: [{ id: 'ann-01', name: 'A' }], overlap: 1, seed: 1, guidelines: '', createdAt: NOW, app: 'x' })[0]!,
        ),
      },
      { name: 'demo-study.json', text: DEMO_TEXT },
      goodCsv(),
    ];
    const progress: WorkProgress[] = [];
    const report = await importLabelSources(db, STUDY, files, { now: NOW }, (p) => progress.push(p));

    expect(report.totals).toEqual({ files: 2, labels: 7, added: 7, updated: 0, unchanged: 0, conflicts: 0, rejected: 6 });
    expect(report.rejected.map((rejected) => rejected.file)).toEqual([
      'tampered.labels.json',
      'other-study.labels.json',
      'out-of-scheme.labels.json',
      'unknown-unit.labels.json',
      'ann-01.pack.json',
      'demo-study.json',
    ]);
    const errorsOf = (file: string) => report.rejected.find((rejected) => rejected.file === file)?.errors ?? [];
    expect(errorsOf('tampered.labels.json')).toEqual([
      { file: 'tampered.labels.json', path: 'sha256', message: 'the file is damaged or was edited: checksum mismatch' },
    ]);
    expect(errorsOf('other-study.labels.json')).toEqual([
      { file: 'other-study.labels.json', path: 'studyId', message: `the file belongs to study "another-study", not "${STUDY}"` },
    ]);
    expect(errorsOf('out-of-scheme.labels.json').map((error) => error.path)).toEqual(['labels[0].value', 'labels[1].value']);
    expect(errorsOf('out-of-scheme.labels.json')[0]?.message).toBe('expected an answer label: yes, no or irrelevant, got the text "maybe"');
    expect(errorsOf('unknown-unit.labels.json')).toEqual([
      { file: 'unknown-unit.labels.json', path: 'labels[1].unit', message: `unit "p-nowhere" is not in study "${STUDY}"; expected a puzzle` },
    ]);
    expect(errorsOf('ann-01.pack.json')[0]?.message).toMatch(/^this is a pack \(what the lead sends an annotator\)/);
    expect(errorsOf('demo-study.json')[0]?.message).toMatch(/^this is a transcript bundle; expected a label file/);

    expect((await db.annotators.toArray()).map((annotator) => annotator.id)).toEqual(['ann-01', 'ann-02', 'ann-03']);
    expect(await db.labels.count()).toBe(7);
    expect(progress[0]).toEqual({ label: `Importing ann-01.labels.json (1 of ${files.length})`, done: 0, total: files.length });
    expect(progress[progress.length - 1]).toMatchObject({ done: files.length, total: files.length });
  });

  it('says an invitation to a team server is not the labels, and leaves it out', async () => {
    const invitation = serializeInvitation({
      format: INVITATION_FORMAT,
      server: 'https://couch.example.org/',
      database: 'as-demo-ann-01-0123456789',
      user: 'as-demo-ann-01-0123456789',
      password: 'pw-never-shown',
      study: { id: STUDY, name: 'Demo' },
      annotator: { id: 'ann-01', name: 'A' },
      createdAt: NOW,
    });
    const report = await importLabelSources(db, STUDY, [{ name: 'ann-01.invitation.json', text: invitation }], { now: NOW });
    expect(report.rejected).toEqual([
      {
        file: 'ann-01.invitation.json',
        errors: [
          {
            file: 'ann-01.invitation.json',
            path: '',
            message:
              "this is an invitation to a team server (what the lead gives an annotator to join), not the annotator's labels; expected a label file (.labels.json) or a label CSV with the header annotator,unit,task,value",
          },
        ],
      },
    ]);
    expect(await db.labels.count()).toBe(0);
  });

  it('reports every label unchanged and changes nothing when the same files come again', async () => {
    const files = [
      goodFile(),
      goodCsv(),
      { name: 'ann-07.labels.json', text: labelFileText([record(Q3, 'answer', 'no', { rev: 2, note: 'checked' })], 'ann-07') },
    ];
    await importLabelSources(db, STUDY, files, { now: NOW });
    const before = await dumpTables(db);
    const report = await importLabelSources(db, STUDY, files, { now: '2026-11-23T08:00:00.000Z' });
    expect(report).toEqual({ totals: { files: 3, labels: 8, added: 0, updated: 0, unchanged: 8, conflicts: 0, rejected: 0 }, rejected: [] });
    expect(await dumpTables(db)).toEqual(before);
  });

  it('throws when the study is not in the library', async () => {
    await expect(importLabelSources(db, 'missing', [goodFile()], { now: NOW })).rejects.toThrow('The study "missing" is not in the library.');
  });
});
