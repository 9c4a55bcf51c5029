// Labelled data through a mapping preset (issue 26 point 4): each rater's column becomes that rater's
// labels on the turns (as a label file holds them), each judge's column a judge's judgements with the
// value kept as written; a value map per column and kind of turn, defaults from the reply rule,
// every value left as no label counted; rater ids from headers; the /2 preset's members round trip,
// a /1 preset reads the same, and bad members are named; no judge label means no judge is asked for.

import { describe, expect, it } from 'vitest';
import { mapRecords } from '../../../../shared/formats/importers/mapping';
import { NO_JUDGE } from '../../../../shared/formats/importers/imported-study';
import {
  MAPPING_FORMAT,
  mappingPresetFromJson,
  parseMappingPreset,
  serializeMappingPreset,
  type MappingPreset,
} from '../../../../shared/formats/importers/mapping-preset';
import { readRecords, type RecordTable } from '../../../../shared/formats/importers/mapping-records';
import { defaultTarget, mappedValue, raterColumns, raterIdFromHeader } from '../../../../shared/formats/importers/mapping-values';
import type { ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { importedStudyData, raterLabelFiles } from '../../../../shared/formats/importers/stored-study';
import { parseLabelFile, serializeLabelFile } from '../../../../shared/formats/label-file';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const CSV = [
  'pid,story,truth,kind,asked,Annotator 1,ann_2,标注员,gpt-4o,claude',
  'p1,A man turns off a lamp.,He keeps a lighthouse.,question,Is he at sea?,1,1,是,1,Yes',
  'p1,,,question,Is it night?,2,0,未必,2,No',
  'p1,,,final,He keeps a lighthouse,1,1,,1,Correct',
  'p2,A note on a door.,A proposal.,question,A letter?,0,,x,0,hmm',
].join('\n');

const QUESTION_VALUES = { question: { '1': 'yes', '2': 'no', '0': 'irrelevant' } } as const;

const PRESET: MappingPreset = {
  format: MAPPING_FORMAT,
  name: 'Labelled runs',
  fields: { puzzleId: 'pid', story: 'story', reference: 'truth', turnKind: 'kind', question: 'asked' },
  constants: { player: 'lab-player' },
  raters: [{ field: 'Annotator 1' }, { field: 'ann_2', name: 'Second annotator' }, { field: '标注员' }],
  judges: [{ field: 'gpt-4o' }, { field: 'claude', name: 'claude-3.5' }],
  values: {
    'Annotator 1': QUESTION_VALUES,
    ann_2: { question: { '1': 'yes', '2': 'no', '0': 'irrelevant' }, final: { '1': 'matched', '0': 'unmatched' } },
    'gpt-4o': { question: { '1': 'yes', '2': 'no', '0': 'unparseable' } },
  },
};

async function tablesOf(text: string, name = 'runs.csv'): Promise<RecordTable[]> {
  const read = await readRecords({ name, text }, {}, FILE_READERS);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return [read.value];
}

async function mapped(preset: MappingPreset = PRESET, text = CSV) {
  const { result, columns } = mapRecords(await tablesOf(text), preset);
  if (!result.ok) throw new Error(`expected the mapping to succeed: ${JSON.stringify(result.errors)}`);
  return { study: result.value, columns };
}

const turnsOf = (study: ImportedStudy) => study.bundle.sessions.flatMap((session) => session.turns);

describe('raters and judges from label columns', () => {
  it("gives each rater column that rater's labels on the turns' ids, by the value map or the reply rule", async () => {
    const { study } = await mapped();
    const ids = turnsOf(study).map((turn) => turn.id);
    expect(ids).toEqual(['p1/session/1', 'p1/session/2', 'p1/session/3', 'p2/session/1']);
    expect(study.raters).toEqual([
      {
        annotator: { id: 'Annotator-1', name: 'Annotator 1' },
        labels: [
          { unit: 'p1/session/1', task: 'answer', value: 'yes' },
          { unit: 'p1/session/2', task: 'answer', value: 'no' },
          // "1" on a final answer is read by the rule (1 is matched), no map needed.
          { unit: 'p1/session/3', task: 'match', value: 'matched' },
          { unit: 'p2/session/1', task: 'answer', value: 'irrelevant' },
        ],
      },
      {
        annotator: { id: 'ann_2', name: 'Second annotator' },
        labels: [
          { unit: 'p1/session/1', task: 'answer', value: 'yes' },
          { unit: 'p1/session/2', task: 'answer', value: 'irrelevant' },
          { unit: 'p1/session/3', task: 'match', value: 'matched' },
        ],
      },
      // 是 reads as yes by the rule; 未必 ("not necessarily") and x do not, so they are no label (and counted, below).
      { annotator: { id: 'rater-3', name: '标注员' }, labels: [{ unit: 'p1/session/1', task: 'answer', value: 'yes' }] },
    ]);
  });

  it("gives each judge column that judge's judgements, the value as written kept beside each", async () => {
    const { study } = await mapped();
    expect(turnsOf(study).map((turn) => [turn.judgements, turn.judgeReplies])).toEqual([
      [
        { 'gpt-4o': 'yes', 'claude-3.5': 'yes' },
        { 'gpt-4o': '1', 'claude-3.5': 'Yes' },
      ],
      [
        { 'gpt-4o': 'no', 'claude-3.5': 'no' },
        { 'gpt-4o': '2', 'claude-3.5': 'No' },
      ],
      [
        { 'gpt-4o': 'matched', 'claude-3.5': 'matched' },
        { 'gpt-4o': '1', 'claude-3.5': 'Correct' },
      ],
      [
        { 'gpt-4o': 'unparseable', 'claude-3.5': 'unparseable' },
        { 'gpt-4o': '0', 'claude-3.5': 'hmm' },
      ],
    ]);
    // No judge label field and no judge name: the session judge is the first judge column's, and nobody is asked.
    expect(study.bundle.sessions.map((session) => session.judge)).toEqual(['gpt-4o', 'gpt-4o']);
  });

  it('lists each distinct value per kind of turn with its count, what it gives and what the rule alone would give', async () => {
    const { columns } = await mapped();
    const byField = Object.fromEntries(columns.map((column) => [column.field, column]));
    expect(byField['Annotator 1']?.values).toEqual([
      { type: 'question', value: '1', count: 1, label: 'yes', byRule: 'no label' },
      { type: 'question', value: '2', count: 1, label: 'no', byRule: 'no label' },
      { type: 'final', value: '1', count: 1, label: 'matched', byRule: 'matched' },
      { type: 'question', value: '0', count: 1, label: 'irrelevant', byRule: 'no label' },
    ]);
    expect(
      columns.map(({ field, role, id, name, renamed, labels, noLabel, unparseable, blank }) => [
        field,
        role,
        id,
        name,
        renamed,
        labels,
        noLabel,
        unparseable,
        blank,
      ]),
    ).toEqual([
      ['gpt-4o', 'judge', 'gpt-4o', 'gpt-4o', false, 4, 0, 1, 0],
      ['claude', 'judge', 'claude-3.5', 'claude-3.5', false, 4, 0, 1, 0],
      ['Annotator 1', 'rater', 'Annotator-1', 'Annotator 1', true, 4, 0, 0, 0],
      ['ann_2', 'rater', 'ann_2', 'Second annotator', false, 3, 0, 0, 1],
      ['标注员', 'rater', 'rater-3', '标注员', true, 1, 2, 0, 1],
    ]);
  });

  it('counts every value left as no label and lists it as not imported, with examples', async () => {
    const { study, columns } = await mapped({ ...PRESET, values: { ...PRESET.values, ann_2: { question: { '1': 'yes', '2': 'no', '0': 'no label' } } } });
    expect(columns.find((column) => column.field === 'ann_2')).toMatchObject({ labels: 2, noLabel: 1, blank: 1 });
    expect(study.leftovers).toEqual([
      { file: 'runs.csv', what: 'field ann_2: values left as no label', count: 1, examples: ['0'] },
      { file: 'runs.csv', what: 'field 标注员: values left as no label', count: 2, examples: ['未必', 'x'] },
    ]);
    expect(study.raters.find((rater) => rater.annotator.id === 'ann_2')?.labels.map((label) => label.value)).toEqual(['yes', 'matched']);
  });

  it("stores a rater's labels as a label file holds them, which reads back", async () => {
    const { study } = await mapped();
    const data = importedStudyData(study, ['runs.csv'], '2026-01-01T00:00:00.000Z');
    if (!data.ok) throw new Error(JSON.stringify(data.errors));
    const [first] = raterLabelFiles(data.value.study.id, study.raters, '2026-01-01T00:00:00.000Z', 'agreement-studio test');
    if (first === undefined) throw new Error('expected a label file');
    const units = new Set(data.value.turns.map((turn) => turn.id));
    expect(first.labels.every((label) => units.has(label.unit))).toBe(true);
    const read = parseLabelFile({ name: 'runs.Annotator-1.labels.json', text: serializeLabelFile(first) });
    expect(read.ok && read.value.annotator).toEqual({ id: 'Annotator-1', name: 'Annotator 1' });
  });
});

describe('who judges when nobody is named', () => {
  const RATERS_ONLY: MappingPreset = { ...PRESET, judges: undefined, values: { 'Annotator 1': QUESTION_VALUES } };

  it('asks for no judge when the file has no judge labels, and names the session judge as none', async () => {
    const { study } = await mapped(RATERS_ONLY);
    expect(study.bundle.sessions.map((session) => session.judge)).toEqual([NO_JUDGE, NO_JUDGE]);
    expect(turnsOf(study).every((turn) => Object.keys(turn.judgements).length === 0)).toBe(true);
  });

  it('still asks for the judge when the judge label field holds labels and nothing names its judge', async () => {
    const { result } = mapRecords(await tablesOf(CSV), { ...RATERS_ONLY, fields: { ...RATERS_ONLY.fields, judgeLabel: 'claude' } });
    expect(result).toMatchObject({ ok: false, needs: ['judge'] });
  });

  it('refuses a judge column named like the judge of the judge label field, naming the row', async () => {
    const { result } = mapRecords(await tablesOf(CSV), {
      ...PRESET,
      fields: { ...PRESET.fields, judgeLabel: 'claude' },
      judges: [{ field: 'gpt-4o', name: 'same' }],
      constants: { player: 'p', judge: 'same' },
      values: {},
    });
    expect(result.ok === false && result.errors[0]).toMatchObject({ file: 'runs.csv', line: 2, message: expect.stringContaining('already judged this turn') });
  });
});

describe('value maps', () => {
  it('defaults to the reply rule, else no label for a person and unparseable for a judge', () => {
    expect(['Yes', 'No', 'Correct', 'Incorrect', '是', '否', '1', '2', '0'].map((value) => defaultTarget(value, 'question', 'rater'))).toEqual([
      'yes',
      'no',
      'yes',
      'no',
      'yes',
      'no',
      'no label',
      'no label',
      'no label',
    ]);
    expect(defaultTarget('1', 'question', 'judge')).toBe('unparseable');
    expect(['1', '0', 'Correct', 'Incorrect', 'Yes'].map((value) => defaultTarget(value, 'final', 'rater'))).toEqual([
      'matched',
      'unmatched',
      'matched',
      'unmatched',
      'matched',
    ]);
  });

  it('takes the entry for the kind of turn, the value trimmed, and leaves other values to the rule', () => {
    const map = { question: { '1': 'no' as const }, final: { Yes: 'unmatched' as const } };
    expect([mappedValue(' 1 ', 'question', 'rater', map), mappedValue('1', 'final', 'rater', map), mappedValue('Yes', 'final', 'judge', map)]).toEqual([
      'no',
      'matched',
      'unmatched',
    ]);
    expect(mappedValue('constructor', 'question', 'rater', map)).toBe('no label');
  });
});

describe("a rater's id from the header", () => {
  it('keeps a valid header, and makes one valid when it must, saying so', () => {
    expect(['ann-1', 'Annotator 1', 'Zoë K.', ' 2nd rater ', 'NUL', '标注员', 'a'.repeat(120)].map(raterIdFromHeader)).toEqual([
      'ann-1',
      'Annotator-1',
      'Zoe-K',
      '2nd-rater',
      'rater-NUL',
      undefined,
      'a'.repeat(100),
    ]);
    expect(raterColumns([{ field: 'ann-1' }, { field: 'Ann 1' }, { field: 'ann 1' }, { field: '标注员' }, { field: 'x', id: 'kept' }])).toEqual([
      { field: 'ann-1', id: 'ann-1', name: 'ann-1', renamed: false },
      { field: 'Ann 1', id: 'Ann-1-2', name: 'Ann 1', renamed: true },
      { field: 'ann 1', id: 'ann-1-3', name: 'ann 1', renamed: true },
      { field: '标注员', id: 'rater-4', name: '标注员', renamed: true },
      { field: 'x', id: 'kept', name: 'x', renamed: true },
    ]);
  });
});

describe('the mapping preset /2', () => {
  it('reads back what it writes, raters, judges and value maps included', () => {
    expect(parseMappingPreset({ name: 'p.json', text: serializeMappingPreset(PRESET) })).toEqual({ ok: true, value: PRESET });
  });

  it('reads a /1 preset as it was, with no new members', () => {
    const old = { format: 'agreement-studio.mapping/1', name: 'Old', fields: { story: 's', reference: 'r', judgeLabel: 'v' }, constants: { judge: 'j' } };
    expect(mappingPresetFromJson('old.json', old)).toEqual({ ok: true, value: { ...old, format: MAPPING_FORMAT } });
  });

  it('names each bad member and what was expected', () => {
    const errors = (written: object) => {
      const read = mappingPresetFromJson('p.json', { ...PRESET, ...written });
      return read.ok ? [] : read.errors.map((error) => [error.path, error.message]);
    };
    expect(errors({ values: { ann_2: { question: { '1': 'maybe' } } } })).toEqual([
      ['values.ann_2.question["1"]', 'expected one of "yes", "no", "irrelevant", "unparseable", "no label", got the text "maybe"'],
    ]);
    expect(errors({ values: { ann_2: { final: { '1': 'unparseable' } } } })).toEqual([
      ['values.ann_2.final["1"]', 'a person\'s label cannot be unparseable; map the value to a label or to "no label"'],
    ]);
    expect(errors({ values: { story: QUESTION_VALUES } })).toEqual([
      ['values.story', 'the field "story" is not a rater\'s or judge\'s label column; a value map belongs to one'],
    ]);
    expect(errors({ judges: [{ field: 'ann_2' }], values: {} })).toEqual([
      ['raters[1].field', "the field \"ann_2\" is already judge 1's labels; a column holds one rater's or judge's labels"],
    ]);
    expect(errors({ raters: [{ field: 'a', id: 'not ok' }], values: {} })).toEqual([
      ['raters[0].id', expect.stringContaining("is not usable as an annotator's id")],
    ]);
    expect(
      errors({
        judges: [
          { field: 'gpt-4o', name: 'x' },
          { field: 'claude', name: 'x' },
        ],
        values: {},
      }),
    ).toEqual([['judges[1]', 'two judge columns are named "x"; name each judge once']]);
    const reserved = parseMappingPreset({
      name: 'p.json',
      text: '{"format":"agreement-studio.mapping/2","name":"x","fields":{"story":"s","reference":"r"},"raters":[{"field":"a"}],"values":{"a":{"question":{"__proto__":"yes"}}}}',
    });
    expect(reserved.ok === false && reserved.errors.map((error) => [error.path, error.message])).toEqual([
      ['values.a.question.__proto__', expect.stringContaining('"__proto__" cannot be a value in a value map')],
    ]);
    expect(errors({ raters: 'ann_2' })).toEqual([['raters', 'expected a list of the raters\' label columns, got the text "ann_2"']]);
  });
});
