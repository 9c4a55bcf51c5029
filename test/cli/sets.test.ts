// Sets of acceptable answers on the command line (issue 33): `pack --multiple-answers` writes the
// scheme that lets annotators mark every acceptable answer; `validate` counts the labels with sets
// of a label file and a label CSV, and names a bad set where it is; `report` reads the sets through
// loadStudyInputs (test/shared/report/load-study-inputs-sets.test.ts holds what it passes on) and
// writes forced choice beside set-aware, with the unit only a set accepts the judge on.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerLabel } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile, type LabelRecord } from '../../shared/formats/label-file';
import { parsePack } from '../../shared/formats/pack';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import type { AgreementReport } from '../../shared/report/model/report-model';
import { runCli, scratchDir, scratchWriter } from './run-cli';

const demo = 'assets/demo-study.json';
const dir = scratchDir();
const write = scratchWriter(dir);

const withSet = buildLabelFile({
  studyId: 'demo-study',
  annotator: { id: 'ann-01', name: 'Annotator 1' },
  exportedAt: '2026-11-22T10:00:00Z',
  app: 'agreement-studio test',
  labels: [
    { unit: 's-1/1', task: 'answer', value: 'no', acceptable: ['no', 'irrelevant'], at: '2026-11-22T09:00:00Z', rev: 1, unsure: false, note: '' },
    { unit: 's-1/2', task: 'answer', value: 'yes', at: '2026-11-22T09:01:00Z', rev: 1, unsure: false, note: '' },
  ],
});

describe('sets of acceptable answers on the command line', () => {
  it('pack --multiple-answers writes the setting into every pack, and packs without it leave it out', async () => {
    const several = join(dir, 'several');
    let run = await runCli('pack', '--transcripts', demo, '--annotators', 'ann-01,ann-02', '--overlap', '1', '--multiple-answers', '--out', several);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const read = (path: string) => parsePack({ name: path, text: readFileSync(path, 'utf8') });
    expect(read(join(several, 'ann-01.pack.json'))).toMatchObject({
      ok: true,
      value: { format: 'agreement-studio.pack/2', scheme: { multipleAnswers: true } },
    });
    const one = join(dir, 'one');
    run = await runCli('pack', '--transcripts', demo, '--annotators', 'ann-01,ann-02', '--overlap', '1', '--out', one);
    expect(run.code).toBe(0);
    const plain = read(join(one, 'ann-01.pack.json'));
    expect(plain.ok && plain.value.scheme).toEqual({ answerUnknown: false });
  });

  it('validate counts the labels with sets, and names a bad set with its place', async () => {
    const file = write('ann-01.labels.json', serializeLabelFile(withSet));
    const csv = write('sets.csv', 'annotator,unit,task,value,acceptable\nann-1,s-1/1,answer,no,no|irrelevant\nann-1,s-1/2,answer,yes,\n');
    let run = await runCli('validate', file, csv);
    expect(run).toEqual({
      code: 0,
      stdout: `OK  ${file}: 2 labels (2 answer, 1 with several acceptable answers) by ann-01 for study demo-study\nOK  ${csv}: 2 labels (2 answer, 1 with several acceptable answers) by 1 annotator\n`,
      stderr: '',
    });
    const bad = write('bad.csv', 'annotator,unit,task,value,acceptable\nann-1,s-1/1,answer,no,irrelevant|no\n');
    run = await runCli('validate', bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${bad}: line 2: acceptable: the first acceptable answer must be the label's value "no", got "irrelevant"\n`);
  });

  it('report writes forced choice beside set-aware where a label file holds a set, and lists the unit only the set accepts the judge on', async () => {
    const bundle = parseTranscriptBundle({ name: demo, text: readFileSync(demo, 'utf8') });
    if (!bundle.ok) throw new Error(`${demo} does not parse`);
    const turn = bundle.value.turns.find((candidate) => candidate.type === 'question' && Object.keys(candidate.judgements).length > 0);
    if (turn === undefined) throw new Error(`${demo} has no judged question`);
    const [judge, judged] = Object.entries(turn.judgements)[0] as [string, AnswerLabel];
    const other = (['yes', 'no', 'irrelevant'] as const).find((answer) => answer !== judged) as AnswerLabel;
    const labelsOf = (id: string, acceptable?: AnswerLabel[]) => {
      const label: LabelRecord = { unit: turn.id, task: 'answer', value: other, at: '2026-11-22T09:00:00Z', rev: 1, unsure: false, note: '' };
      const file = buildLabelFile({
        studyId: 'demo-study',
        annotator: { id, name: id },
        exportedAt: '2026-11-22T10:00:00Z',
        app: 'agreement-studio test',
        labels: [acceptable === undefined ? label : { ...label, acceptable }],
      });
      return write(`${id}-${acceptable === undefined ? 'plain' : 'set'}.labels.json`, serializeLabelFile(file));
    };
    const report = async (...labels: string[]) => {
      const run = await runCli('report', '--transcripts', demo, '--labels', ...labels, '--format', 'json', '--bootstrap', '0');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout) as AgreementReport;
    };

    // ann-01 accepts the judge's answer too, ann-02 gives its forced choice alone.
    const withSets = await report(labelsOf('ann-01', [other, judged]), labelsOf('ann-02'));
    expect(withSets.setAware?.labelsWithSets).toBe(1);
    const row = withSets.setAware?.rows.find((candidate) => candidate.bucket === 'all' && candidate.a === `judge:${judge}` && candidate.b === 'human');
    expect(row?.forcedChoice).toMatchObject({ agreement: 0, n: 2 });
    expect(row?.setAware).toMatchObject({ agreement: 0.5, n: 2 });
    expect(withSets.setAware?.differences).toEqual([
      expect.objectContaining({ unitId: turn.id, judge, label: judged, peopleOnlyBySet: 1, people: 2, goldOnlyBySet: false }),
    ]);

    // The same labels without the set: the report has no trace of sets.
    const plain = await report(labelsOf('ann-01'), labelsOf('ann-02'));
    expect(plain).not.toHaveProperty('setAware');
  });
});
