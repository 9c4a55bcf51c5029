// loadStudyInputs passes each label's set of acceptable answers on to the report (issue 33), from a
// label file and from a label CSV's `acceptable` column, and tells two files apart that give a unit
// the same value at the same revision but different sets.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLabelFile, serializeLabelFile, type LabelRecord } from '../../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { loadStudyInputs } from '../../../shared/report/load-study-inputs';

const demoText = readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8');
const transcripts = [{ name: 'demo-study.json', text: demoText }];
const NOW = '2026-11-22T10:00:00.000Z';

/** The first two question turns of the demo study. */
const demo = parseTranscriptBundle(transcripts[0] ?? { name: '', text: '' }, { now: NOW });
const [Q1 = '', Q2 = ''] = demo.ok ? demo.value.turns.filter((turn) => turn.type === 'question').map((turn) => turn.id) : [];

function labelFile(name: string, labels: LabelRecord[]) {
  const file = buildLabelFile({ studyId: 'demo-study', annotator: { id: 'ann-01', name: 'Annotator 1' }, exportedAt: NOW, app: 'test', labels });
  return { name, text: serializeLabelFile(file) };
}

const label = (unit: string, extra: Partial<LabelRecord> = {}): LabelRecord => ({
  unit,
  task: 'answer',
  value: 'no',
  at: '2026-11-22T09:00:00Z',
  rev: 1,
  unsure: false,
  note: '',
  ...extra,
});

describe('loadStudyInputs: sets of acceptable answers', () => {
  it('passes a set on from a label file and from a label CSV, and nothing where a label has none', () => {
    const file = labelFile('ann-01.labels.json', [label(Q1, { acceptable: ['no', 'irrelevant'] }), label(Q2)]);
    const csv = { name: 'lead.csv', text: `annotator,unit,task,value,acceptable\nann-02,${Q1},answer,yes,yes|no\n` };
    const loaded = loadStudyInputs(transcripts, [file, csv], { now: NOW });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const byKey = new Map(loaded.value.labels.map((one) => [`${one.annotatorId} ${one.unitId}`, one]));
    expect(byKey.get(`ann-01 ${Q1}`)?.acceptable).toEqual(['no', 'irrelevant']);
    expect(byKey.get(`ann-01 ${Q2}`)).not.toHaveProperty('acceptable');
    expect(byKey.get(`ann-02 ${Q1}`)).toMatchObject({ value: 'yes', acceptable: ['yes', 'no'] });
  });

  it('refuses the same value at the same revision with different sets in two files, naming both', () => {
    const first = labelFile('a.labels.json', [label(Q1, { acceptable: ['no', 'irrelevant'] })]);
    const second = labelFile('b.labels.json', [label(Q1)]);
    const loaded = loadStudyInputs(transcripts, [first, second], { now: NOW });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors).toEqual([
      {
        file: 'b.labels.json',
        path: 'labels[0]',
        message: `conflicting answer labels by annotator "ann-01" on unit "${Q1}", both revision 1: "no" here, "no" (also "irrelevant") in a.labels.json labels[0]`,
      },
    ]);
  });
});
