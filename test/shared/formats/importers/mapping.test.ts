// The field-mapping importer (issue 14 point 2): records from JSON, JSONL, CSV and a workbook map to
// puzzles, sessions and turns by a preset; puzzles are one per id, sessions group by their field,
// judge labels keep the raw reply, every unmapped field is listed, and errors name file and line.

import { describe, expect, it } from 'vitest';
import { EXCEL_WORKBOOK } from '../../../../shared/formats/binary-kind';
import type { ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { applyMapping, importMappedFiles, previewMapping, readDifficulty } from '../../../../shared/formats/importers/mapping';
import { suggestMapping } from '../../../../shared/formats/importers/mapping-suggest';
import {
  MAPPING_FORMAT,
  mappingPresetFromJson,
  parseMappingPreset,
  serializeMappingPreset,
  type MappingPreset,
} from '../../../../shared/formats/importers/mapping-preset';
import { readRecords } from '../../../../shared/formats/importers/mapping-records';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { writeWorkbook } from './workbook-writer';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const CSV = [
  'game,pid,name,surface,truth,lvl,who,kind,utterance,verdict,cost',
  'g1,p1,The lamp,A man turns off a lamp.,He lives in a lighthouse.,7/10 HARD,gpt-x,ask,Is he at sea?,"Yes, he is.",0.1',
  'g1,p1,,,,,gpt-x,ask,Is it night?,Irrelevant,0.2',
  'g1,p1,,,,,gpt-x,guess,He kept ships safe,Congratulations!,0.3',
  'g2,p2,The note,A note on a door.,It was a ransom note.,3,gpt-y,ask,Was it a threat?,maybe so,',
  '',
].join('\n');

const PRESET: MappingPreset = {
  format: MAPPING_FORMAT,
  name: 'Lab transcripts',
  fields: {
    session: 'game',
    puzzleId: 'pid',
    title: 'name',
    story: 'surface',
    reference: 'truth',
    difficulty: 'lvl',
    player: 'who',
    turnKind: 'kind',
    question: 'utterance',
    judgeLabel: 'verdict',
  },
  turnKinds: { question: ['ask'], final: ['guess'] },
  constants: { judge: 'judge-m' },
};

/** `value` without `key`, for a preset missing one member. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

async function mapped(files: Array<{ name: string; text: string; bytes?: Uint8Array; binaryKind?: string }>, preset: MappingPreset = PRESET, options = {}) {
  return importMappedFiles(files, preset, options, FILE_READERS);
}

async function study(
  files: Array<{ name: string; text: string; bytes?: Uint8Array; binaryKind?: string }>,
  preset: MappingPreset = PRESET,
): Promise<ImportedStudy> {
  const result = await mapped(files, preset);
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors)}`);
  return result.value;
}

describe('applyMapping', () => {
  it('maps every field: puzzles once per id, sessions by their field, turns with label and raw reply', async () => {
    const { bundle, leftovers, layouts } = await study([{ name: 'runs.csv', text: CSV }]);
    expect(bundle.puzzles).toEqual([
      { id: 'p1', title: 'The lamp', story: 'A man turns off a lamp.', reference: 'He lives in a lighthouse.', difficulty: 7 },
      { id: 'p2', title: 'The note', story: 'A note on a door.', reference: 'It was a ransom note.', difficulty: 3 },
    ]);
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId, s.player, s.judge, s.turns.length])).toEqual([
      ['g1', 'p1', 'gpt-x', 'judge-m', 3],
      ['g2', 'p2', 'gpt-y', 'judge-m', 1],
    ]);
    expect(bundle.sessions[0]?.turns).toEqual([
      { id: 'g1/1', type: 'question', text: 'Is he at sea?', judgements: { 'judge-m': 'yes' }, judgeReplies: { 'judge-m': 'Yes, he is.' } },
      { id: 'g1/2', type: 'question', text: 'Is it night?', judgements: { 'judge-m': 'irrelevant' }, judgeReplies: { 'judge-m': 'Irrelevant' } },
      { id: 'g1/3', type: 'final', text: 'He kept ships safe', judgements: { 'judge-m': 'matched' }, judgeReplies: { 'judge-m': 'Congratulations!' } },
    ]);
    expect(bundle.sessions[1]?.turns[0]).toMatchObject({ judgements: { 'judge-m': 'unparseable' }, judgeReplies: { 'judge-m': 'maybe so' } });
    expect(leftovers).toEqual([{ file: 'runs.csv', what: 'field cost', count: 3, examples: ['0.1', '0.2', '0.3'] }]);
    expect(layouts).toEqual([{ file: 'runs.csv', layout: 'CSV, 4 records, mapped by the preset "Lab transcripts"' }]);
    expect(bundle.name).toBe('runs');
    // The bundle it writes is one our own reader takes.
    const reread = parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(bundle) });
    expect(reread.ok).toBe(true);
  });

  it('without a session field, gives one session per puzzle (and per player and judge when they vary)', async () => {
    const fields = without(PRESET.fields, 'session');
    const { bundle } = await study([{ name: 'runs.csv', text: CSV }], { ...PRESET, fields });
    expect(bundle.sessions.map((s) => [s.id, s.turns.map((t) => t.id)])).toEqual([
      ['p1/session', ['p1/session/1', 'p1/session/2', 'p1/session/3']],
      ['p2/session', ['p2/session/1']],
    ]);
    const twoPlayers = CSV.replace('gpt-x,ask,Is it night?', 'gpt-z,ask,Is it night?');
    const split = await study([{ name: 'runs.csv', text: twoPlayers }], { ...PRESET, fields });
    expect(split.bundle.sessions.map((s) => [s.id, s.turns.map((t) => t.id)])).toEqual([
      ['p1/gpt-x/judge-m', ['p1/gpt-x/judge-m/1', 'p1/gpt-x/judge-m/2']],
      ['p1/gpt-z/judge-m', ['p1/gpt-z/judge-m/1']],
      ['p2/session', ['p2/session/1']],
    ]);
    // Our bundle reader takes it: sessions, turns and puzzles share one id space.
    expect(parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(split.bundle) }).ok).toBe(true);
  });

  it('gives a session whose field repeats a puzzle id (both numbered from 1) an id of its own', async () => {
    const text = 'game,pid,surface,truth,utterance\n1,1,S1,R1,Q?\n2,2,S2,R2,Q?\n2,2,,,Q2?\n';
    const { bundle } = await study([{ name: 'n.csv', text }], {
      format: MAPPING_FORMAT,
      name: 'n',
      fields: { session: 'game', puzzleId: 'pid', story: 'surface', reference: 'truth', question: 'utterance' },
      constants: { player: 'p', judge: 'j' },
    });
    expect(bundle.sessions.map((s) => [s.id, s.puzzleId, s.turns.map((t) => t.id)])).toEqual([
      ['1~2', '1', ['1~2/1']],
      ['2~2', '2', ['2~2/1', '2~2/2']],
    ]);
    const reread = parseTranscriptBundle({ name: 'n.json', text: serializeBundleDocument(bundle) });
    expect(reread.ok).toBe(true);
  });

  it('reads a puzzle list: records without turn fields are puzzles only, told apart by story without an id field', async () => {
    const text =
      'Question,Answer,Level\nA man turns off a lamp.,Lighthouse.,7/10 HARD\nA note on a door.,Ransom.,2/10 EASY\nA man turns off a lamp.,Lighthouse.,7/10 HARD\n';
    const { bundle, leftovers } = await study([{ name: 'puzzles.csv', text }], {
      format: MAPPING_FORMAT,
      name: 'list',
      fields: { story: 'Question', reference: 'Answer', difficulty: 'Level' },
    });
    expect(bundle.puzzles).toEqual([
      { id: 'puzzle-1', story: 'A man turns off a lamp.', reference: 'Lighthouse.', difficulty: 7 },
      { id: 'puzzle-2', story: 'A note on a door.', reference: 'Ransom.', difficulty: 2 },
    ]);
    expect(bundle.sessions).toEqual([]);
    expect(leftovers).toEqual([]);
  });

  it('refuses one puzzle id with two stories, naming both rows', async () => {
    const text = CSV.replace('g2,p2,The note,A note on a door.', 'g2,p1,The lamp,Another story.');
    const result = await mapped([{ name: 'runs.csv', text }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({ file: 'runs.csv', line: 5, path: '', message: 'puzzle "p1" has another story here than at runs.csv, line 2' });
  });

  it('names the row of each bad value: difficulty, turn kind, a label without a question, a session on two puzzles', async () => {
    const text = [
      'game,pid,name,surface,truth,lvl,who,kind,utterance,verdict,cost',
      'g1,p1,T,S,R,12,gpt-x,ask,Q?,Yes,',
      'g1,p1,,,,,gpt-x,shout,Q2?,Yes,',
      'g1,p1,,,,,gpt-x,ask,,Yes,',
      'g1,p2,T2,S2,R2,,gpt-x,ask,Q3?,No,',
    ].join('\n');
    const result = await mapped([{ name: 'bad.csv', text }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'difficulty "12": expected a whole number from 1 to 9, or a level such as "7/10 HARD"'],
      [3, 'turn kind "shout" is neither a question ("ask") nor a final answer ("guess"); list it in the preset\'s turnKinds'],
      [4, 'the row has a judge label ("Yes") but no question text'],
      [5, 'session "g1" has another puzzle, player or judge here than at bad.csv, line 2'],
    ]);
  });

  it('names a mapped field the files lack', async () => {
    const result = await mapped([{ name: 'runs.csv', text: CSV }], { ...PRESET, fields: { ...PRESET.fields, judgeLabel: 'judge_says' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.message).toContain(
      'the mapping takes the judge label from the field "judge_says", which the files do not have; they have "game", "pid"',
    );
  });

  it('asks for the judge when neither a field nor the preset names one, and takes it from the caller', async () => {
    const preset = without(PRESET, 'constants');
    const result = await mapped([{ name: 'runs.csv', text: CSV }], preset);
    expect(result).toMatchObject({ ok: false, needs: ['judge'] });
    const named = await mapped([{ name: 'runs.csv', text: CSV }], preset, { judge: 'given-judge' });
    expect(named.ok && named.value.bundle.sessions[0]?.judge).toBe('given-judge');
  });

  it('refuses a puzzle without a reference in any row', async () => {
    const text = 'pid,surface,truth\np1,S,\n';
    const result = await mapped([{ name: 'x.csv', text }], {
      format: MAPPING_FORMAT,
      name: 'x',
      fields: { puzzleId: 'pid', story: 'surface', reference: 'truth' },
    });
    expect(result).toMatchObject({ ok: false, errors: [{ file: 'x.csv', line: 2, message: 'puzzle "p1" has no reference in any row' }] });
  });
});

describe('reading records', () => {
  const preset: MappingPreset = {
    format: MAPPING_FORMAT,
    name: 'nested',
    fields: {
      puzzleId: 'puzzle.id',
      story: 'puzzle.story',
      reference: 'puzzle.answer',
      question: 'turn.text',
      judgeLabel: 'turn.judge.reply',
      judge: 'turn.judge.model',
      player: 'by',
    },
  };
  const objects = [
    { puzzle: { id: 'a', story: 'S', answer: 'R' }, by: 'p', turn: { text: 'Q?', judge: { model: 'j', reply: 'No.' } }, extra: [1, 2] },
    { puzzle: { id: 'a' }, by: 'p', turn: { text: 'Q2?', judge: { model: 'j', reply: 'Yes' } } },
  ];

  it('reads nested JSON fields by dotted path, from an array or the one array an object holds', async () => {
    for (const text of [JSON.stringify(objects), JSON.stringify({ meta: { v: 1 }, data: { items: objects } })]) {
      const { bundle, leftovers } = await study([{ name: 'run.json', text }], preset);
      expect(bundle.sessions[0]?.turns.map((t) => t.judgements.j)).toEqual(['no', 'yes']);
      expect(leftovers.map((l) => l.what)).toEqual(['field extra']);
    }
  });

  it('takes the path the preset names when an object holds several lists, and says which when it does not', async () => {
    const text = JSON.stringify({ a: objects, b: objects });
    const unnamed = await readRecords({ name: 'two.json', text }, {}, FILE_READERS);
    expect(unnamed).toEqual({
      ok: false,
      errors: [{ file: 'two.json', path: '', message: 'the file holds several lists of records (a, b); name the one to read' }],
    });
    const named = await study([{ name: 'two.json', text }], { ...preset, records: { path: 'b' } });
    expect(named.bundle.sessions).toHaveLength(1);
  });

  it('reads JSON lines, naming the line of a broken one', async () => {
    const text = objects.map((o) => JSON.stringify(o)).join('\n');
    expect((await study([{ name: 'run.jsonl', text }], preset)).bundle.sessions[0]?.turns).toHaveLength(2);
    const broken = await readRecords({ name: 'run.jsonl', text: `${text}\n{"oops": ` }, {}, FILE_READERS);
    expect(broken.ok === false && broken.errors[0]?.line).toBe(3);
  });

  it('names the JSON path of a record with a bad value', async () => {
    const bad = [objects[0], { ...objects[1], puzzle: { id: 'a', story: ['not text'] } }];
    const result = await mapped([{ name: 'run.json', text: JSON.stringify(bad) }], preset);
    expect(result).toMatchObject({
      ok: false,
      errors: [{ file: 'run.json', path: '[1]', message: 'the field "puzzle.story" (the story) holds a list; expected text' }],
    });
  });

  it('reads the first sheet of a workbook, or the one named, and names the sheet row of an error', async () => {
    const bytes = writeWorkbook([
      { name: 'Notes', rows: [['about'], ['nothing']] },
      {
        name: 'Turns',
        rows: [
          ['pid', 'story', 'answer', 'level', 'question', 'label'],
          ['p1', 'A man turns off a lamp.', 'Lighthouse.', 7, 'At sea?', 'Yes.'],
          ['p1', null, null, null, 'At night?', 'No'],
          ['p2', 'Héllo & <note>', 'Ransom.', 'eleven', 'Threat?', 'No'],
        ],
      },
    ]);
    const file = { name: 'run.xlsx', text: '', bytes, binaryKind: EXCEL_WORKBOOK };
    const first = await readRecords(file, {}, FILE_READERS);
    expect(first.ok && first.value.fieldNames).toEqual(['about']);
    const sheetPreset: MappingPreset = {
      format: MAPPING_FORMAT,
      name: 'sheet',
      records: { sheet: 'Turns' },
      fields: { puzzleId: 'pid', story: 'story', reference: 'answer', difficulty: 'level', question: 'question', judgeLabel: 'label' },
      constants: { player: 'p', judge: 'j' },
    };
    const result = await mapped([file], sheetPreset);
    expect(result).toMatchObject({
      ok: false,
      errors: [{ file: 'run.xlsx', path: 'Turns, row 4', message: 'difficulty "eleven": expected a whole number from 1 to 9, or a level such as "7/10 HARD"' }],
    });
    const fixed = writeWorkbook([
      {
        name: 'Turns',
        rows: [
          ['pid', 'story', 'answer', 'level', 'question', 'label'],
          ['p1', 'Héllo & <note>', 'R', 7, 'At sea?', 'Yes.'],
        ],
      },
    ]);
    const ok = await study([{ ...file, bytes: fixed }], sheetPreset);
    expect(ok.bundle.puzzles[0]).toEqual({ id: 'p1', story: 'Héllo & <note>', reference: 'R', difficulty: 7 });
    const missing = await readRecords(file, { sheet: 'Nope' }, FILE_READERS);
    expect(missing).toEqual({ ok: false, errors: [{ file: 'run.xlsx', path: '', message: 'the workbook has no sheet "Nope"' }] });
  });

  it('names the line of a CSV row with more fields than the header', async () => {
    expect(await readRecords({ name: 'x.csv', text: 'a,b\n1,2\n1,2,3\n' }, {}, FILE_READERS)).toEqual({
      ok: false,
      errors: [{ file: 'x.csv', line: 3, path: '', message: 'the row has 3 fields; the header names 2' }],
    });
  });
});

/** What every mapped row of session g1 carries: its puzzle, p1 "The lamp", and who played and judged. */
const LAMP_SESSION_G1 = {
  puzzleId: 'p1',
  title: 'The lamp',
  story: 'A man turns off a lamp.',
  reference: 'He lives in a lighthouse.',
  difficulty: 7,
  session: 'g1',
  player: 'gpt-x',
  judge: 'judge-m',
};

describe('previewMapping', () => {
  it('gives the first records mapped, with the problems and leftovers found in them', async () => {
    const read = await readRecords({ name: 'runs.csv', text: CSV.replace('0.2', '0.2') }, {}, FILE_READERS);
    if (!read.ok) throw new Error('unreadable');
    const preview = previewMapping([read.value], PRESET, 2);
    expect(preview.rows).toEqual([
      {
        at: { file: 'runs.csv', line: 2, path: '' },
        ...LAMP_SESSION_G1,
        turn: { type: 'question', text: 'Is he at sea?', label: 'yes', reply: 'Yes, he is.' },
      },
      {
        at: { file: 'runs.csv', line: 3, path: '' },
        ...LAMP_SESSION_G1,
        turn: { type: 'question', text: 'Is it night?', label: 'irrelevant', reply: 'Irrelevant' },
      },
    ]);
    expect(preview.leftovers).toEqual([{ file: 'runs.csv', what: 'field cost', count: 2, examples: ['0.1', '0.2'] }]);
    expect(preview.problems).toEqual([]);
    const all = previewMapping([read.value], PRESET, 10);
    expect(all.unparseable).toBe(1);
    const noJudge = without(PRESET, 'constants');
    expect(previewMapping([read.value], noJudge, 1).problems.map((p) => p.message)).toEqual(['the records name no judge (map a judge field, or name one)']);
  });
});

describe('suggestMapping', () => {
  it('guesses from common names, each field once', () => {
    expect(suggestMapping(['id', 'title', 'surface', 'bottom', 'user_guess', 'label'])).toEqual({
      puzzleId: 'id',
      title: 'title',
      story: 'surface',
      reference: 'bottom',
      question: 'user_guess',
      judgeLabel: 'label',
    });
    expect(suggestMapping(['Question', 'Answer', 'Level'])).toEqual({ story: 'Question', reference: 'Answer', difficulty: 'Level' });
    expect(suggestMapping(['session_id', 'puzzle_id', 'story', 'solution', 'player', 'judge', 'type', 'question', 'verdict', 'meta.cost'])).toEqual({
      session: 'session_id',
      puzzleId: 'puzzle_id',
      story: 'story',
      reference: 'solution',
      player: 'player',
      judge: 'judge',
      turnKind: 'type',
      question: 'question',
      judgeLabel: 'verdict',
    });
    expect(suggestMapping(['turn.text', 'turn.judgement'])).toEqual({ question: 'turn.text', judgeLabel: 'turn.judgement' });
  });
});

describe('readDifficulty', () => {
  it('takes 1 to 9 and SPLAT levels', () => {
    expect(['1', ' 9 ', '7/10 HARD', '2/10 EASY', '5 / 10', '0', '10', '3.5', 'hard'].map(readDifficulty)).toEqual([1, 9, 7, 2, 5, null, null, null, null]);
  });
});

describe('the mapping preset file', () => {
  it('reads back what it writes', () => {
    const text = serializeMappingPreset(PRESET);
    expect(parseMappingPreset({ name: 'p.json', text })).toEqual({ ok: true, value: PRESET });
  });

  it('refuses another version, an unknown member and a missing story, each named', () => {
    expect(mappingPresetFromJson('p.json', { ...PRESET, format: 'agreement-studio.mapping/3' })).toMatchObject({
      ok: false,
      errors: [{ path: 'format', message: expect.stringContaining('newer than the version this app reads') }],
    });
    expect(mappingPresetFromJson('p.json', { ...PRESET, format: 'agreement-studio.labels/1' })).toMatchObject({
      ok: false,
      errors: [{ path: 'format', message: expect.stringContaining('a label file') }],
    });
    const fields = without(PRESET.fields, 'story');
    const bad = mappingPresetFromJson('p.json', { ...PRESET, fields: { ...fields, answer: 'x' } });
    expect(bad.ok === false && bad.errors.map((e) => e.path).sort()).toEqual(['fields.answer', 'fields.story']);
  });
});

describe('several files, one study', () => {
  it('maps the records of every file together, each file listed with its layout', async () => {
    const [head, ...rows] = CSV.trim().split('\n');
    const result = applyMapping(
      await Promise.all(
        [
          { name: 'a.csv', text: [head, ...rows.slice(0, 3)].join('\n') },
          { name: 'b.csv', text: [head, ...rows.slice(3)].join('\n') },
        ].map(async (file) => {
          const read = await readRecords(file, {}, FILE_READERS);
          if (!read.ok) throw new Error('unreadable');
          return read.value;
        }),
      ),
      PRESET,
    );
    expect(result.ok && result.value.bundle.sessions.map((s) => s.turns.length)).toEqual([3, 1]);
    expect(result.ok && result.value.layouts.map((l) => l.file)).toEqual(['a.csv', 'b.csv']);
  });
});
