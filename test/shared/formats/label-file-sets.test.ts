// Sets of acceptable answers in label files /2 and label CSVs (issue 33): a set round-trips
// through write and read, a /1 file still reads (through its identity step) as the /2 file it is,
// and every malformed set is refused with the file, the label's place and what was expected.

import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../shared/formats/canonical-json';
import { buildLabelFile, LABELS_FORMAT, parseLabelCsv, parseLabelFile, serializeLabelFile, type LabelFile } from '../../../shared/formats/label-file';
import { sha256Hex } from '../../../shared/formats/sha256';
import { errorsOf, valueOf } from './parse-results';

const FILE = 'ann-03.labels.json';

const withSets: LabelFile = buildLabelFile({
  studyId: 'pilot-2026',
  annotator: { id: 'ann-03', name: 'Annotator 3' },
  exportedAt: '2026-11-22T10:00:00Z',
  app: 'agreement-studio 0.2.0',
  labels: [
    { unit: 's-17/1', task: 'answer', value: 'no', acceptable: ['no', 'irrelevant'], at: '2026-11-22T09:12:03Z', rev: 2, unsure: false, note: '' },
    { unit: 's-17/2', task: 'answer', value: 'yes', at: '2026-11-22T09:12:09Z', rev: 1, unsure: false, note: '' },
    {
      unit: 's-17/3',
      task: 'answer',
      value: 'irrelevant',
      acceptable: ['irrelevant', 'yes', 'no'],
      at: '2026-11-22T09:13:00Z',
      rev: 1,
      unsure: true,
      note: '',
    },
    { unit: 's-17/9', task: 'match', value: 'matched', at: '2026-11-22T09:14:00Z', rev: 1, unsure: false, note: '' },
  ],
});

/** The file's members without its checksum, to change and sign again as another writer would. */
function rawOf(file: LabelFile): Record<string, unknown> {
  const content = JSON.parse(serializeLabelFile(file)) as Record<string, unknown>;
  delete content.sha256;
  return content;
}

function signed(content: Record<string, unknown>): string {
  return JSON.stringify({ ...content, sha256: sha256Hex(canonicalJson(content)) });
}

/** The file with its first label's set (or value and task) replaced, signed. */
function withFirstLabel(change: Record<string, unknown>): string {
  const content = rawOf(withSets);
  const labels = content.labels as Record<string, unknown>[];
  labels[0] = { ...labels[0], ...change };
  return signed(content);
}

describe('label files /2: sets of acceptable answers', () => {
  it('round-trips a set: parse(serialize(build(x))) equals build(x), the set after the value', () => {
    const text = serializeLabelFile(withSets);
    expect(withSets.format).toBe('agreement-studio.labels/2');
    expect(LABELS_FORMAT).toBe('agreement-studio.labels/2');
    expect(text).toContain('{"unit":"s-17/1","task":"answer","value":"no","acceptable":["no","irrelevant"],"at":');
    const read = valueOf(parseLabelFile({ name: FILE, text }));
    expect(read).toEqual(withSets);
    expect(read.labels.map((label) => label.acceptable)).toEqual([['no', 'irrelevant'], undefined, ['irrelevant', 'yes', 'no'], undefined]);
    // A label without a set has no `acceptable` member at all, in the file or read back.
    expect(Object.hasOwn(read.labels[1] ?? {}, 'acceptable')).toBe(false);
  });

  it('reads a /1 file, which has no sets, as the /2 file this version would write', () => {
    const content = rawOf(withSets);
    const labels = (content.labels as Record<string, unknown>[]).map(({ acceptable: _, ...label }) => label);
    const v1 = signed({ ...content, format: 'agreement-studio.labels/1', labels });
    const read = valueOf(parseLabelFile({ name: FILE, text: v1 }));
    expect(read.format).toBe('agreement-studio.labels/2');
    expect(read.labels.map((label) => [label.unit, label.value, label.acceptable])).toEqual([
      ['s-17/1', 'no', undefined],
      ['s-17/2', 'yes', undefined],
      ['s-17/3', 'irrelevant', undefined],
      ['s-17/9', 'matched', undefined],
    ]);
    // Its checksum is the upgraded content's, so writing it again gives a valid /2 file.
    expect(valueOf(parseLabelFile({ name: FILE, text: serializeLabelFile(read) }))).toEqual(read);
  });

  it('takes unknown in a set only where the scheme has it', () => {
    const text = withFirstLabel({ acceptable: ['no', 'unknown'] });
    expect(valueOf(parseLabelFile({ name: FILE, text }, { scheme: { answerUnknown: true } })).labels[0]?.acceptable).toEqual(['no', 'unknown']);
    expect(errorsOf(parseLabelFile({ name: FILE, text }, { scheme: { answerUnknown: false } }))).toEqual([
      {
        file: FILE,
        path: 'labels[0].acceptable',
        message: 'acceptable[1]: expected an answer label (yes, no or irrelevant), got the text "unknown"',
      },
    ]);
  });

  it.each([
    ['the value not first', { acceptable: ['irrelevant', 'no'] }, 'the first acceptable answer must be the label\'s value "no", got "irrelevant"'],
    ['an answer twice', { acceptable: ['no', 'irrelevant', 'no'] }, 'acceptable[2]: "no" is listed twice; each acceptable answer once'],
    [
      'one answer',
      { acceptable: ['no'] },
      'expected a list of 2 or more different answer labels (yes, no or irrelevant), the first the label\'s value "no", got one answer; a label with one acceptable answer has its value alone',
    ],
    [
      'an empty list',
      { acceptable: [] },
      'expected a list of 2 or more different answer labels (yes, no or irrelevant), the first the label\'s value "no", got an empty list; a label with one acceptable answer has its value alone',
    ],
    [
      'not a list',
      { acceptable: 'no|irrelevant' },
      'expected a list of 2 or more different answer labels (yes, no or irrelevant), the first the label\'s value "no", got the text "no|irrelevant"',
    ],
    ['an unknown label', { acceptable: ['no', 'maybe'] }, 'acceptable[1]: expected an answer label (yes, no or irrelevant), got the text "maybe"'],
    [
      'a label written loosely',
      { acceptable: ['no', 'Irrelevant.'] },
      'acceptable[1]: expected an answer label (yes, no or irrelevant), got the text "Irrelevant."',
    ],
    [
      'a set on a match label',
      { task: 'match', value: 'matched', acceptable: ['matched', 'unmatched'] },
      'only an answer label may carry a set of acceptable answers; a match label has its value alone',
    ],
  ])('refuses a set with %s, naming the file, the label and what was expected', (_what, change, message) => {
    expect(errorsOf(parseLabelFile({ name: FILE, text: withFirstLabel(change) }))).toEqual([{ file: FILE, path: 'labels[0].acceptable', message }]);
  });
});

describe('label CSV: the acceptable column', () => {
  const csv = (text: string) => ({ name: 'lead.csv', text });

  it('reads a set from answers separated by |, the value first; an empty cell or no column is the value alone', () => {
    const rows = valueOf(
      parseLabelCsv(
        csv(
          'annotator,unit,task,value,acceptable\nann-1,s-1/1,answer,no,no|irrelevant\nann-1,s-1/2,answer,yes,\nann-2,s-1/1,answer,No., no | yes | irrelevant \n',
        ),
      ),
    );
    expect(rows.map((row) => [row.annotator, row.unit, row.value, row.acceptable])).toEqual([
      ['ann-1', 's-1/1', 'no', ['no', 'irrelevant']],
      ['ann-1', 's-1/2', 'yes', undefined],
      ['ann-2', 's-1/1', 'no', ['no', 'yes', 'irrelevant']],
    ]);
    expect(Object.hasOwn(rows[1] ?? {}, 'acceptable')).toBe(false);
    expect(valueOf(parseLabelCsv(csv('annotator,unit,task,value\nann-1,s-1/1,answer,no\n')))[0]).not.toHaveProperty('acceptable');
  });

  it('round-trips with a label file: the CSV rows and the file built from them carry the same sets', () => {
    const rows = valueOf(parseLabelCsv(csv('acceptable,annotator,unit,task,value\nirrelevant|yes,ann-1,s-1/1,answer,irrelevant\n,ann-1,s-1/2,answer,yes\n')));
    const file = buildLabelFile({
      studyId: 'pilot-2026',
      annotator: { id: 'ann-1', name: 'ann-1' },
      exportedAt: '2026-11-22T10:00:00Z',
      app: 'label CSV',
      labels: rows.map((row) => ({
        unit: row.unit,
        task: row.task,
        value: row.value,
        acceptable: row.acceptable,
        at: '2026-11-22T10:00:00Z',
        rev: 1,
        unsure: false,
        note: '',
      })),
    });
    const read = valueOf(parseLabelFile({ name: 'x.labels.json', text: serializeLabelFile(file) }));
    expect(read.labels.map((label) => [label.unit, label.acceptable])).toEqual([
      ['s-1/1', ['irrelevant', 'yes']],
      ['s-1/2', undefined],
    ]);
  });

  it('refuses a bad set at its line and column, and a header naming the column twice', () => {
    expect(
      errorsOf(
        parseLabelCsv(
          csv(
            'annotator,unit,task,value,acceptable\nann-1,s-1/1,answer,no,irrelevant|no\nann-1,s-1/2,match,matched,matched|unmatched\nann-1,s-1/3,answer,no,no\n',
          ),
        ),
      ),
    ).toEqual([
      { file: 'lead.csv', line: 2, path: 'acceptable', message: 'the first acceptable answer must be the label\'s value "no", got "irrelevant"' },
      {
        file: 'lead.csv',
        line: 3,
        path: 'acceptable',
        message: 'only an answer label may carry a set of acceptable answers; a match label has its value alone',
      },
      {
        file: 'lead.csv',
        line: 4,
        path: 'acceptable',
        message:
          'expected a list of 2 or more different answer labels (yes, no or irrelevant), the first the label\'s value "no", got one answer; a label with one acceptable answer has its value alone',
      },
    ]);
    expect(errorsOf(parseLabelCsv(csv('annotator,unit,task,value,acceptable,Acceptable\n')))).toEqual([
      { file: 'lead.csv', line: 1, path: '', message: 'the header names the column acceptable twice' },
    ]);
  });
});
