// TurtleBench's own files import as they are (issue 14): the wide table with its stories, the
// per-model log and the 1.5k layout, with the exact counts; and the per-judge agreement with the
// human label, scored the TurtleBench way, reproduces the accuracy TurtleBench published.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../../shared/formats/csv';
import { formatErrorText } from '../../../../shared/formats/errors';
import type { ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { NO_JUDGE, serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { importTurtleBench, turtleBenchLayout } from '../../../../shared/formats/importers/turtlebench';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { turtleBenchScore } from '../../../../shared/stats/study/turtlebench-scoring';

const REAL = new URL('../../../fixtures/real/', import.meta.url);

function real(path: string) {
  return { name: path, text: readFileSync(new URL(path, REAL), 'utf8') };
}

function imported(...paths: string[]): ImportedStudy {
  const result = importTurtleBench(paths.map(real));
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.value;
}

function turnsOf(study: ImportedStudy) {
  return study.bundle.sessions.flatMap((session) => session.turns);
}

const NINE = [
  'GPT_o1_Preview',
  'GPT_o1_Mini',
  'GPT_4o',
  'Claude_3_5_Sonnet',
  'Moonshot_v1_8k',
  'Llama_3_1_405B',
  'Llama_3_1_70B',
  'Deepseek_V2_5',
  'Qwen_2_72B',
];

describe.each(['en', 'zh'])('the TurtleBench wide table with its stories (%s)', (language) => {
  const study = imported(`TurtleBench/archived/stats/all_cases_${language}_shot0.json`, `TurtleBench/data/${language}/stories.json`);
  const turns = turnsOf(study);

  it('gives 32 puzzles, 1,532 answer units, one human rater and nine judges', () => {
    expect(study.bundle.puzzles).toHaveLength(32);
    expect(turns).toHaveLength(1532);
    expect(turns.every((turn) => turn.type === 'question')).toBe(true);
    expect(study.raters).toHaveLength(1);
    expect(study.raters[0]?.annotator).toEqual({ id: 'turtlebench-human', name: 'TurtleBench human label' });
    expect(study.raters[0]?.labels).toHaveLength(1532);
    expect([...new Set(turns.flatMap((turn) => Object.keys(turn.judgements)))]).toEqual(NINE);
    expect(study.bundle.puzzles.every((puzzle) => puzzle.language === language)).toBe(true);
  });

  it('keeps every session in sample order and each Invalid verdict as unparseable with its raw cell', () => {
    for (const session of study.bundle.sessions) {
      const samples = session.turns.map((turn) => Number(turn.id.slice('sample-'.length)));
      expect(samples).toEqual([...samples].sort((a, b) => a - b));
      expect(session.player).toBe('TurtleBench users');
    }
    const unparseable = turns.flatMap((turn) =>
      Object.entries(turn.judgements)
        .filter(([, label]) => label === 'unparseable')
        .map(([model]) => turn.judgeReplies?.[model]),
    );
    expect(unparseable).toHaveLength(language === 'en' ? 8 : 12);
    expect(new Set(unparseable)).toEqual(new Set(['Invalid']));
  });

  it('writes a bundle the transcript parser accepts as it is', () => {
    const parsed = parseTranscriptBundle({ name: 'b.json', text: serializeBundleDocument(study.bundle) });
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.study.counts).toMatchObject({ puzzles: 32, questions: 1532, finals: 0 });
  });

  it("reproduces every model's published accuracy, scored the TurtleBench way", () => {
    const human = new Map(study.raters[0]?.labels.map((label) => [label.unit, String(label.value)]));
    const csv = readCsv(real('TurtleBench/archived/stats/stats_shot0_20240929_003645.csv').text);
    if (!csv.ok) throw new Error(csv.message);
    const rows = csv.rows.filter((row) => row[1] === language);
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      const [model = '', , , total, correct, accuracy] = row;
      const score = turtleBenchScore(turns.map((turn) => ({ human: human.get(turn.id) ?? '', judge: turn.judgements[model] })));
      expect({ model, n: score.n, correct: score.correct, accuracy: Number(score.accuracy?.toFixed(6)) }).toEqual({
        model,
        n: Number(total),
        correct: Number(correct),
        accuracy: Number(accuracy),
      });
    }
  });
});

describe('other TurtleBench layouts', () => {
  it('a per-model log gives one judge with every raw reply, and lists the fields it leaves out', () => {
    const study = imported('TurtleBench/archived/outputs/logs_GPT_4o_en_shot0_len1532.json', 'TurtleBench/data/en/stories.json');
    const turns = turnsOf(study);
    expect(turns).toHaveLength(1532);
    expect(study.bundle.sessions[0]?.judge).toBe('GPT_4o');
    expect(turns.every((turn) => Object.keys(turn.judgements).join() === 'GPT_4o' && typeof turn.judgeReplies?.GPT_4o === 'string')).toBe(true);
    const left = new Map(study.leftovers.map((item) => [item.what, item.count]));
    expect(left.get('field overall')).toBe(1);
    expect(left.get('field cases[].is_correct')).toBe(1532);
    expect(left.get('field cases[].total_tokens')).toBe(1532);
    expect(left.get('field [].chinese_title')).toBe(32);
  });

  it('of cumulative logs of one model, reads the fullest and lists the others as left out', () => {
    const full = real('TurtleBench/archived/outputs/logs_GPT_4o_en_shot0_len1532.json');
    const doc = JSON.parse(full.text) as { cases: unknown[] };
    const partial = { name: 'all_cases_GPT_4o_en_shot0_10.json', text: JSON.stringify({ ...doc, cases: doc.cases.slice(0, 10) }) };
    const result = importTurtleBench([partial, full, real('TurtleBench/data/en/stories.json')]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(turnsOf(result.value)).toHaveLength(1532);
    expect(result.value.leftovers.find((item) => item.file === partial.name && item.what.startsWith('records:'))).toEqual({
      file: partial.name,
      what: `records: a shorter cumulative log of the same model, superseded by ${full.name}`,
      count: 1,
      examples: ['10 cases'],
    });
  });

  it('the log and the wide table agree on GPT_4o, so they import together', () => {
    const study = imported(
      'TurtleBench/archived/stats/all_cases_en_shot0.json',
      'TurtleBench/archived/outputs/logs_GPT_4o_en_shot0_len1532.json',
      'TurtleBench/data/en/stories.json',
    );
    expect(turnsOf(study)).toHaveLength(1532);
    expect(turnsOf(study).every((turn) => turn.judgeReplies?.GPT_4o !== undefined)).toBe(true);
  });

  it('the 1.5k layout imports its 1,532 guesses with their human labels and, judged by no model, asks for no judge', () => {
    const file = real('turtle-soup-lateral-thinking-game/at-4623288/data/turtle_bench1.5k_en.json');
    const named = importTurtleBench([file], { judge: 'site-judge' });
    expect(named.ok && named.value.bundle.sessions[0]?.judge).toBe('site-judge');
    const result = importTurtleBench([file]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { bundle, raters, leftovers } = result.value;
    expect(new Set(bundle.sessions.map((session) => session.judge))).toEqual(new Set([NO_JUDGE]));
    expect(turnsOf(result.value).every((turn) => Object.keys(turn.judgements).length === 0)).toBe(true);
    expect(bundle.puzzles).toHaveLength(32);
    expect(turnsOf(result.value)).toHaveLength(1532);
    expect(raters[0]?.labels).toHaveLength(1532);
    const values = new Map<string, number>();
    for (const label of raters[0]?.labels ?? []) values.set(String(label.value), (values.get(String(label.value)) ?? 0) + 1);
    expect(Object.fromEntries(values)).toEqual({ yes: 646, no: 714, irrelevant: 172 });
    expect(leftovers).toEqual([]);
  });

  it('names a broken row of the 1.5k layout as a guess, not a puzzle', () => {
    const rows = [
      { id: 1, title: 't', surface: 's', bottom: 'b', user_guess: 'g', label: 'T' },
      { id: 2, title: 't', surface: 's', bottom: 7, user_guess: 'g', label: 'T' },
    ];
    const result = importTurtleBench([{ name: 'guesses.json', text: JSON.stringify(rows) }], { judge: 'site-judge' });
    if (result.ok) throw new Error('expected the broken row to be refused');
    expect(result.errors.map(formatErrorText)).toEqual(['guesses.json: guess 2: expected title, surface and bottom as text']);
  });

  it('detects each layout from its content, not its name', () => {
    expect(turtleBenchLayout(JSON.parse(real('TurtleBench/data/zh/stories.json').text))).toBe('stories');
    expect(turtleBenchLayout({ '1': { sample: 1, story_title: 'T', input: 'g', ground_truth: 'T', M: 'F' } })).toBe('table');
    expect(turtleBenchLayout({ info: { model: 'm' }, cases: [] })).toBe('log');
    expect(turtleBenchLayout([{ id: 1, title: 't', surface: 's', bottom: 'b', user_guess: 'g', label: 'T' }])).toBe('hf');
    expect(turtleBenchLayout({ format: 'agreement-studio.transcripts/1', puzzles: [] })).toBeUndefined();
  });

  it('refuses a table without its stories, a judge the files do not hold, and says which', () => {
    const table = real('TurtleBench/archived/stats/all_cases_en_shot0.json');
    const alone = importTurtleBench([table]);
    expect(alone.ok).toBe(false);
    if (!alone.ok) expect(alone.errors[0]?.message).toContain('stories.json');
    const wrong = importTurtleBench([table, real('TurtleBench/data/en/stories.json')], { judge: 'nobody' });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong).toMatchObject({ needs: ['judge'], errors: [{ message: expect.stringContaining('GPT_4o') as unknown }] });
  });

  it('keeps an unknown human label out of the labels and lists it, and finds a story whose title has a trailing space', () => {
    const table = {
      '1': { sample: 1, story_title: 'Lamp ', input: 'She is blind', ground_truth: 'Maybe', M: 'Correct' },
      '2': { sample: 2, story_title: 'Lamp', input: 'Braille', ground_truth: 'Correct', M: 'Invalid' },
    };
    const stories = [{ title: 'Lamp', surface: 'A woman reads in the dark.', bottom: 'Braille.' }];
    const result = importTurtleBench([
      { name: 't.json', text: JSON.stringify(table) },
      { name: 's.json', text: JSON.stringify(stories) },
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.raters[0]?.labels).toEqual([{ unit: 'sample-2', task: 'answer', value: 'yes' }]);
    expect(result.value.leftovers).toEqual([
      { file: 't.json', what: 'records: a human label that is not Correct, Incorrect, Unknown, T, F or N', count: 1, examples: ['sample 1: Maybe'] },
    ]);
    expect(turnsOf(result.value).map((turn) => turn.judgements.M)).toEqual(['yes', 'unparseable']);
  });
});

describe('TurtleBench scoring', () => {
  it('collapses to Correct against the rest, with unparseable and missing labels wrong', () => {
    expect(
      turtleBenchScore([
        { human: 'yes', judge: 'yes' },
        { human: 'yes', judge: 'no' },
        { human: 'no', judge: 'irrelevant' },
        { human: 'irrelevant', judge: 'no' },
        { human: 'no', judge: 'yes' },
        { human: 'no', judge: 'unparseable' },
        { human: 'yes', judge: undefined },
      ]),
    ).toEqual({ correct: 3, n: 7, accuracy: 3 / 7 });
    expect(turtleBenchScore([])).toEqual({ correct: 0, n: 0, accuracy: null });
  });
});
