// SPLAT's files import as they are (issue 14): a run's log.json, written the way puzzle_arena.py
// writes it, with its log.csv and config.yaml, becomes one study with exact puzzles, sessions,
// labels and raw replies; config.yaml's judge prompt becomes a prompt version whose placeholders
// give back the very prompt the judge read, and judge_times is kept (issue 26); and puzzles.xlsx
// is a puzzle list with difficulty. SPLAT's real sheet and config are read from
// ../shared/real-data/ when present (they carry no licence).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { binaryKind } from '../../../../shared/formats/binary-kind';
import { importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import type { BenchmarkImport, ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { importSplat, looksLikeSplatLog } from '../../../../shared/formats/importers/splat';
import { importSplatPuzzleSheet } from '../../../../shared/formats/importers/splat-puzzle-sheet';
import { listUnparseableReplies } from '../../../../shared/formats/label-values';
import type { SourceFile } from '../../../../shared/formats/limits';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { renderPrompt, templateProblem } from '../../../../shared/domain/prompt-template';
import { configYaml, runSplat, sampleRun, SETTINGS, SHEET, SHEET_HEADER } from './splat-run';
import { writeWorkbook, type SheetSpec } from './workbook-writer';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const run = sampleRun();
const LOG = { name: 'run/log.json', text: run.logJson };
const CSV = { name: 'run/log.csv', text: run.logCsv };
const CONFIG = { name: 'run/config.yaml', text: run.configYaml };
const PLAYER = SETTINGS.player;
const JUDGE = SETTINGS.judge;

function workbookFile(name: string, sheets: readonly SheetSpec[]): SourceFile {
  const bytes = writeWorkbook(sheets);
  const kind = binaryKind(bytes);
  return { name, text: '', size: bytes.length, ...(kind !== undefined ? { binaryKind: kind } : {}), bytes };
}

function imported(result: BenchmarkImport): ImportedStudy {
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.value;
}

function errorsOf(result: BenchmarkImport) {
  if (result.ok) throw new Error('expected the import to fail');
  return result;
}

describe('a SPLAT run: log.json with log.csv and config.yaml', () => {
  const study = imported(importSplat([LOG, CSV, CONFIG], {}, FILE_READERS));
  const { bundle } = study;
  const session = (id: string) => bundle.sessions.find((s) => s.id === id);

  it('the writer re-implementation writes what json.dump(indent=4, ensure_ascii=False) and csv.writer write', () => {
    expect(
      run.logJson.startsWith(
        '{\n    "puzzle_0": {\n        "0": {\n            "Puzzle": "The title of puzzle is The Last Elevator  . The story is A man lives on the tenth floor. Every morning he takes the elevator down. Why?. The answer is He is short. He can only reach the lower buttons.. Read',
      ),
    ).toBe(true);
    expect(run.logJson).toContain(
      '"Question": "故事是这样的：Zoë ordered a café crème…",\n            "Round 0": {\n                "Player": "Was the café closed?",\n                "Judge": "irrelevant."\n            },',
    );
    expect(run.logJson).toContain('The story is Zoë ordered a café crème — and left without drinking it. Why? Why?. The answer is');
    expect(run.logCsv).toBe('puzzle id,level,hit,round\r\n0,4,1,3\r\n1,7,1,2\r\n2,2,0,4\r\n');
    expect(looksLikeSplatLog(LOG)).toBe(true);
    expect(looksLikeSplatLog(CSV)).toBe(false);
    expect(looksLikeSplatLog(CONFIG)).toBe(false);
  });

  it("recovers each puzzle from the judge's prompt, with its level from log.csv", () => {
    expect(bundle.puzzles).toEqual([
      {
        id: 'puzzle_0',
        title: 'The Last Elevator  ',
        story: 'A man lives on the tenth floor. Every morning he takes the elevator down.',
        reference: 'He is short. He can only reach the lower buttons.',
        source: 'SPLAT',
        difficulty: 4,
      },
      {
        id: 'puzzle_1',
        title: 'Café crème',
        story: 'Zoë ordered a café crème — and left without drinking it. Why?',
        reference: 'She saw her former partner, 她的前任, walk in.',
        source: 'SPLAT',
        difficulty: 7,
      },
      {
        id: 'puzzle_2',
        title: 'Desert Walk',
        story: 'A man is found dead in the desert holding half a match.',
        reference: 'He drew the short match in a falling balloon and had to jump.',
        source: 'SPLAT',
        difficulty: 2,
      },
    ]);
    // The id and name go into every annotator's blind pack, so neither names the judge.
    expect(bundle.name).toBe(`SPLAT (player ${PLAYER})`);
    expect(`${bundle.id} ${bundle.name}`).not.toMatch(/wizardlm/i);
  });

  it("gives one session per puzzle and replay, with config.yaml's models and round limit, and a turn per round", () => {
    expect(bundle.sessions.map((s) => [s.id, s.turns.length])).toEqual([
      ['puzzle_0/0', 3],
      ['puzzle_0/1', 4],
      ['puzzle_1/0', 2],
      ['puzzle_1/1', 2],
      ['puzzle_2/0', 4],
      ['puzzle_2/1', 4],
    ]);
    for (const s of bundle.sessions) expect(s).toMatchObject({ player: PLAYER, judge: JUDGE, maxRounds: 4 });
    const turns = bundle.sessions.flatMap((s) => s.turns);
    expect(turns).toHaveLength(19);
    expect(turns.filter((t) => t.type === 'final').map((t) => t.id)).toEqual(['puzzle_0/0/Round 2', 'puzzle_1/0/Round 1', 'puzzle_1/1/Round 1']);
    // Games that hit the round limit have no final: SPLAT does not mark a wrong answer as one.
    expect(session('puzzle_0/1')?.turns.every((t) => t.type === 'question')).toBe(true);
    expect(session('puzzle_2/0')?.turns.every((t) => t.type === 'question')).toBe(true);
  });

  it('reads each stored reply as its label and keeps it as written; a congratulating sentence is a matched final', () => {
    expect(session('puzzle_1/0')?.turns).toEqual([
      {
        id: 'puzzle_1/0/Round 0',
        type: 'question',
        text: 'Was the café closed?',
        judgements: { [JUDGE]: 'irrelevant' },
        judgeReplies: { [JUDGE]: 'irrelevant.' },
      },
      {
        id: 'puzzle_1/0/Round 1',
        type: 'final',
        text: 'Zoë saw someone she did not want to meet — her ex.',
        judgements: { [JUDGE]: 'matched' },
        judgeReplies: { [JUDGE]: 'congratulations, that is right!' },
      },
    ]);
    expect(session('puzzle_0/0')?.turns.map((t) => [t.judgements[JUDGE], t.judgeReplies?.[JUDGE]])).toEqual([
      ['no', 'no.'],
      ['yes', 'yes.'],
      ['matched', 'congratulations'],
    ]);
    // Two "no." outvote a congratulating sample: the stored reply is a plain no and the game goes on.
    expect(session('puzzle_2/0')?.turns[1]).toMatchObject({
      type: 'question',
      text: 'They drew matches to decide who jumps.',
      judgements: { [JUDGE]: 'no' },
      judgeReplies: { [JUDGE]: 'no.' },
    });
    expect(session('puzzle_1/1')?.turns[0]).toMatchObject({ text: '这是关于镜子的吗？', judgements: { [JUDGE]: 'no' } });
  });

  it('marks hidden answers, hints and refusals unparseable, listed with counts', () => {
    expect(listUnparseableReplies(bundle.sessions.flatMap((s) => s.turns))).toEqual([
      { judge: JUDGE, reply: 'hint: think about his height.', count: 1 },
      { judge: JUDGE, reply: 'i cannot tell you the answer.', count: 1 },
      { judge: JUDGE, reply: 'the answer is hidden in the story.', count: 1 },
    ]);
  });

  it("lists the judge's opening reply and the settings it did not import, and says what each file was", () => {
    const question = study.leftovers.find((l) => l.what.startsWith('field Question'));
    expect(question).toMatchObject({
      file: 'run/log.json',
      count: 6,
      examples: ['Here is the story: a man lives on the tenth floor…', 'Here is the story again.', '故事是这样的：Zoë ordered a café crème…'],
    });
    expect(study.leftovers.filter((l) => l.file === 'run/config.yaml').map((l) => [l.what, l.examples[0]])).toEqual([
      ['setting game.game_times', '2'],
      ['setting log.save_log', 'true'],
      ['setting log.log_json', 'log.json'],
      ['setting model.player_from_API', 'false'],
      ['setting model.judge_from_API', 'false'],
      ['setting path.data_path', './puzzles.xlsx'],
    ]);
    expect(study.leftovers).toHaveLength(7);
    expect(study.layouts).toEqual([
      { file: 'run/log.json', layout: 'SPLAT game log (log.json: puzzle_<i> -> replay -> Puzzle, Question, Round <k> {Player, Judge})' },
      {
        file: 'run/config.yaml',
        layout: "SPLAT settings (config.yaml): model.player, model.judge, game.max_round, game.judge_times, and the judge's prompt as a prompt version",
      },
      {
        file: 'run/log.csv',
        layout:
          "SPLAT results (log.csv: puzzle id, level, hit, round): level as each puzzle's difficulty; hit and round agree with log.json for 3 of 3 puzzles",
      },
    ]);
  });

  it('writes a bundle our own reader accepts, raw replies included', () => {
    const parsed = parseTranscriptBundle({ name: 'splat.json', text: serializeBundleDocument(bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value.study.counts).toMatchObject({ puzzles: 3, sessions: 6, turns: 19, finals: 3 });
    expect(parsed.value.puzzles.map((p) => p.difficulty)).toEqual([4, 7, 2]);
    expect(parsed.value.turns.find((t) => t.id === 'puzzle_1/0/Round 1')?.judgeReplies).toEqual({ [JUDGE]: 'congratulations, that is right!' });
  });
});

describe("SPLAT's judge comes with its files", () => {
  const study = imported(importSplat([LOG, CSV, CONFIG], {}, FILE_READERS));
  const [prompt] = study.bundle.judgePrompts ?? [];
  const log = JSON.parse(run.logJson) as Record<string, Record<string, { Puzzle: string }>>;
  const JUDGE_INIT = 'You are the judge. Answer only yes, no or irrelevant; say Congratulations when the answer is right.';

  it("makes config.yaml's judge prompt one prompt version named after its source, the rules, the puzzle message and the turn", () => {
    expect(study.bundle.judgePrompts).toHaveLength(1);
    expect(prompt).toMatchObject({ name: 'SPLAT judge (config.yaml)', source: 'run/config.yaml: prompt.prompt_judge_init' });
    expect(prompt?.question.startsWith(`${JUDGE_INIT}\n\nThe title of puzzle is {{title}}.`)).toBe(true);
    expect(prompt?.question.endsWith('\n\n{{question}}')).toBe(true);
    expect(prompt?.final.endsWith('\n\n{{finalAnswer}}')).toBe(true);
    expect(templateProblem(prompt?.question ?? '')).toBeUndefined();
    expect(templateProblem(prompt?.final ?? '')).toBeUndefined();
  });

  it('fills its placeholders from each imported puzzle into exactly the prompt game() sent the judge', () => {
    for (const puzzle of study.bundle.puzzles) {
      const text = renderPrompt(prompt?.question ?? '', {
        title: puzzle.title ?? '',
        story: puzzle.story,
        reference: puzzle.reference,
        keyClues: '',
        question: 'Q?',
        finalAnswer: '',
        earlierTurns: '',
        examples: '',
      });
      expect(text).toBe(`${JUDGE_INIT}\n\n${log[puzzle.id]?.['0']?.Puzzle ?? 'missing'}\n\nQ?`);
    }
  });

  it("says on the version what is not sent as SPLAT sent it, the judge_times majority, and keeps the player's prompt as a note", () => {
    expect(prompt?.note).toContain("the judge's two replies before the first question are not sent");
    expect(prompt?.note).toContain('SPLAT asked the judge 3 times a round and kept the majority (game.judge_times); a run here asks once.');
    expect(prompt?.note).toContain('The player was told (prompt.prompt_player_init): You are a player of a situation puzzle game. Ask yes/no questions.');
  });

  it('keeps judge_times with the study, in the bundle our reader takes back', () => {
    expect(study.bundle.judgeSamples).toEqual([{ judge: JUDGE, samples: 3, source: 'run/config.yaml: game.judge_times' }]);
    const parsed = parseTranscriptBundle({ name: 'splat.json', text: serializeBundleDocument(study.bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value.study.judgeSamples).toEqual(study.bundle.judgeSamples);
    expect(parsed.value.judgePrompts).toEqual(study.bundle.judgePrompts);
  });

  it('brings no prompt and no samples without config.yaml', () => {
    const bare = imported(importSplat([LOG], { player: PLAYER, judge: JUDGE }, FILE_READERS));
    expect(bare.bundle.judgePrompts).toBeUndefined();
    expect(bare.bundle.judgeSamples).toBeUndefined();
  });

  it('lists a judge prompt whose text reads as one of our placeholders as not imported, saying why', () => {
    const braced = { name: 'config.yaml', text: run.configYaml.replace('say Congratulations', 'say {{congrats}}') };
    const result = imported(importSplat([LOG, braced], {}, FILE_READERS));
    expect(result.bundle.judgePrompts).toBeUndefined();
    expect(result.leftovers.map((l) => l.what)).toContain(
      'setting prompt.prompt_judge_init (not a prompt version: its text holds unknown placeholder {{congrats}})',
    );
    expect(result.leftovers.map((l) => l.what)).toContain('setting prompt.prompt_player_init');
  });

  it('refuses a judge_times that is no whole number', () => {
    const bad = { name: 'config.yaml', text: run.configYaml.replace('judge_times: 3', 'judge_times: 0') };
    expect(errorsOf(importSplat([LOG, bad], {}, FILE_READERS)).errors).toEqual([
      { file: 'config.yaml', path: 'game.judge_times', message: 'expected how many times the judge is asked as a whole number from 1, got 0' },
    ]);
  });
});

describe('SPLAT model names: config.yaml or the caller', () => {
  it('without config.yaml and without names, says both are needed', () => {
    const result = errorsOf(importSplat([LOG, CSV], {}, FILE_READERS));
    expect(result.needs).toEqual(['player', 'judge']);
    expect(result.errors[0]?.message).toBe('a SPLAT log does not name its models and no config.yaml was given: the player and judge names are needed');
  });

  it('reports a broken log before asking for names', () => {
    const result = errorsOf(importSplat([{ name: 'log.json', text: run.logJson.slice(0, -10) }, CSV], {}, FILE_READERS));
    expect(result.needs).toBeUndefined();
    expect(result.errors[0]?.file).toBe('log.json');
  });

  it('with a config.yaml that names only the player, says the judge is needed', () => {
    const config = { name: 'config.yaml', text: configYaml(SETTINGS, { player: PLAYER }) };
    const result = errorsOf(importSplat([LOG, config], {}, FILE_READERS));
    expect(result.needs).toEqual(['judge']);
    expect(result.errors[0]?.message).toBe('a SPLAT log does not name its models and config.yaml has no model.judge: the judge name is needed');
    const named = imported(importSplat([LOG, config], { judge: 'gpt-4o' }, FILE_READERS));
    expect(named.bundle.sessions[0]).toMatchObject({ player: PLAYER, judge: 'gpt-4o', maxRounds: 4 });
  });

  it('takes the names given when there is no config.yaml, with no round limit', () => {
    const study = imported(importSplat([LOG, CSV], { player: 'llama-3-8b', judge: 'llama-3-70b' }, FILE_READERS));
    expect(study.bundle.sessions[0]).toEqual(expect.objectContaining({ player: 'llama-3-8b', judge: 'llama-3-70b' }));
    expect(study.bundle.sessions[0]?.maxRounds).toBeUndefined();
    expect(study.bundle.sessions[0]?.turns[0]?.judgements).toEqual({ 'llama-3-70b': 'no' });
  });

  it('refuses a name given that is no usable model name', () => {
    expect(errorsOf(importSplat([LOG, CSV], { player: 'llama\u202e', judge: 'gpt-4o' }, FILE_READERS)).errors[0]?.message).toMatch(
      /^the player name given: "llama\\u202e" is not usable as a model name/,
    );
  });

  it("accepts a name equal to config.yaml's, and refuses one that differs, naming both", () => {
    expect(importSplat([LOG, CONFIG], { player: PLAYER }, FILE_READERS).ok).toBe(true);
    const result = errorsOf(importSplat([LOG, CONFIG], { judge: 'gpt-4o' }, FILE_READERS));
    expect(result.needs).toBeUndefined();
    expect(result.errors).toEqual([
      {
        file: 'run/config.yaml',
        path: 'model.judge',
        message: `config.yaml names the judge "${JUDGE}", but the judge name given is "gpt-4o"; give config.yaml's name or leave the name out`,
      },
    ]);
  });
});

describe('SPLAT log.csv', () => {
  it('joins levels by puzzle id, not by row position', () => {
    const [header = '', ...rows] = run.logCsv.split('\r\n').filter((line) => line !== '');
    const reversed = { name: 'log.csv', text: [header, ...rows.reverse()].map((line) => `${line}\r\n`).join('') };
    const study = imported(importSplat([LOG, reversed, CONFIG], {}, FILE_READERS));
    expect(study.bundle.puzzles.map((p) => [p.id, p.difficulty])).toEqual([
      ['puzzle_0', 4],
      ['puzzle_1', 7],
      ['puzzle_2', 2],
    ]);
  });

  it('lists hit and round that differ from the games, rows for puzzles not in the log and puzzles with no row, without failing', () => {
    const text = 'puzzle id,level,hit,round\r\n0,4,0,4\r\n1,7,1,2\r\n9,5,1,1\r\n';
    const study = imported(importSplat([LOG, { name: 'log.csv', text }, CONFIG], {}, FILE_READERS));
    const csvLeftovers = study.leftovers.filter((l) => l.file === 'log.csv').map((l) => [l.what, l.count, l.examples]);
    expect(csvLeftovers).toEqual([
      [
        "hit and round that differ from the games in log.json (the log's games are imported)",
        1,
        ['puzzle id 0 (line 2): hit 0, round 4; the log gives hit 1, round 3'],
      ],
      ['records: rows for puzzles not in log.json', 1, ['puzzle id 9 (line 4)']],
      ['puzzles of log.json with no row (no difficulty)', 1, ['puzzle_2']],
    ]);
    expect(study.bundle.puzzles.map((p) => p.difficulty)).toEqual([4, 7, undefined]);
    expect(study.layouts.find((l) => l.file === 'log.csv')?.layout).toContain('hit and round agree with log.json for 1 of 3 puzzles');
  });

  it('names the line of a bad row and the header it expects', () => {
    expect(
      errorsOf(importSplat([LOG, { name: 'log.csv', text: 'puzzle id,level,hit,round\r\n0,4,1,3\r\n1,10,1,2\r\n' }, CONFIG], {}, FILE_READERS)).errors,
    ).toEqual([{ file: 'log.csv', line: 3, path: '', message: 'expected the level from 1 to 9, got "10"' }]);
    expect(errorsOf(importSplat([LOG, { name: 'log.csv', text: 'puzzle id,level,hit,round\r\n0,4,1\r\n' }, CONFIG], {}, FILE_READERS)).errors[0]).toMatchObject(
      { line: 2, message: 'expected 4 fields (puzzle id, level, hit, round), got 3' },
    );
    expect(
      errorsOf(importSplat([LOG, { name: 'log.csv', text: 'puzzle id,level,hit,round\r\n0,4,1,3\r\n0,5,1,3\r\n' }, CONFIG], {}, FILE_READERS)).errors[0],
    ).toMatchObject({ line: 3, message: 'puzzle id 0 again (first on line 2)' });
  });
});

describe('SPLAT errors name the file and the JSON path', () => {
  const log = () => JSON.parse(run.logJson) as Record<string, Record<string, Record<string, unknown>>>;
  const withLog = (doc: unknown) => importSplat([{ name: 'log.json', text: JSON.stringify(doc, null, 4) }, CONFIG], {}, FILE_READERS);

  it('a judge reply that is not text', () => {
    const doc = log();
    (doc.puzzle_2?.['1']?.['Round 2'] as Record<string, unknown>).Judge = 3;
    expect(errorsOf(withLog(doc)).errors).toEqual([
      { file: 'log.json', path: 'puzzle_2["1"]["Round 2"].Judge', message: "expected the judge's reply as text" },
    ]);
  });

  it("a prompt that is not SPLAT's", () => {
    const doc = log();
    (doc.puzzle_0?.['0'] as Record<string, unknown>).Puzzle = 'Solve this: a man lives on the tenth floor.';
    expect(errorsOf(withLog(doc)).errors[0]).toMatchObject({ file: 'log.json', path: 'puzzle_0["0"].Puzzle' });
    expect(errorsOf(withLog(doc)).errors[0]?.message).toMatch(
      /^expected SPLAT's judge prompt, "The title of puzzle is <title>\. The story is <story> Why\?\. The answer is <answer>\./,
    );
  });

  it("a missing round, a round after congratulations, and a round past config.yaml's limit", () => {
    const gap = log();
    delete gap.puzzle_0?.['1']?.['Round 1'];
    expect(errorsOf(withLog(gap)).errors[0]).toMatchObject({
      path: 'puzzle_0["1"]["Round 2"]',
      message: 'expected Round 1 here: SPLAT numbers the rounds of a game from 0 without gaps',
    });
    const after = log();
    (after.puzzle_1?.['1'] as Record<string, unknown>)['Round 2'] = { Player: 'More?', Judge: 'no.' };
    expect(errorsOf(withLog(after)).errors[0]).toMatchObject({
      path: 'puzzle_1["1"]["Round 2"]',
      message: 'a round after the judge\'s "congratulations", which ends a SPLAT game',
    });
    const small = { name: 'config.yaml', text: configYaml({ ...SETTINGS, maxRound: 3 }) };
    expect(errorsOf(importSplat([LOG, small], {}, FILE_READERS)).errors[0]).toMatchObject({
      path: 'puzzle_0["1"]["Round 3"]',
      message: "a round past config.yaml's game.max_round 3; is config.yaml from this run?",
    });
  });

  it('config.yaml that is not YAML, or with a bad setting', () => {
    expect(errorsOf(importSplat([LOG, { name: 'config.yaml', text: 'game:\n  max_round: [15\nmodel:\n' }], {}, FILE_READERS)).errors[0]).toMatchObject({
      file: 'config.yaml',
      line: 3,
      path: '',
    });
    expect(errorsOf(importSplat([LOG, { name: 'config.yaml', text: 'game:\n  max_round: [15\nmodel:\n' }], {}, FILE_READERS)).errors[0]?.message).toMatch(
      /^not valid YAML: /,
    );
    const badLimit = { name: 'config.yaml', text: run.configYaml.replace('max_round: 4', 'max_round: many') };
    expect(errorsOf(importSplat([LOG, badLimit], {}, FILE_READERS)).errors).toEqual([
      { file: 'config.yaml', path: 'game.max_round', message: 'expected the round limit as a whole number from 1, got "many"' },
    ]);
  });

  it('a file that is no part of a run, two logs, and companions without their log', () => {
    expect(errorsOf(importSplat([LOG, { name: 'notes.txt', text: 'hello' }], {}, FILE_READERS)).errors).toEqual([
      { file: 'notes.txt', path: '', message: 'not part of a SPLAT run; expected its log.json, log.csv (puzzle id,level,hit,round) or config.yaml' },
    ]);
    expect(errorsOf(importSplat([LOG, { ...LOG, name: 'other/log.json' }, CONFIG], {}, FILE_READERS)).errors[0]?.message).toContain(
      'besides run/log.json; import one run at a time',
    );
    expect(errorsOf(importSplat([CSV, CONFIG], {}, FILE_READERS)).errors[0]?.message).toBe(
      "a SPLAT run's log.csv and config.yaml import with its log.json; give the log.json too",
    );
  });
});

describe('SPLAT through the one import entry', () => {
  it('takes a log.json with its companions; log.csv and config.yaml alone claim nothing', async () => {
    const result = await importBenchmarkFiles([CSV, LOG, CONFIG], {}, FILE_READERS);
    expect(result?.ok).toBe(true);
    expect(await importBenchmarkFiles([CSV, CONFIG], {}, FILE_READERS)).toBeUndefined();
    const needs = await importBenchmarkFiles([LOG, CSV], {}, FILE_READERS);
    expect(needs?.ok === false && needs.needs).toEqual(['player', 'judge']);
  });

  it('a workbook given with a log belongs to the run: listed, not joined to the log by position', async () => {
    const sheet = workbookFile('puzzles.xlsx', [{ name: 'Sheet1', rows: [SHEET_HEADER, ['Other', 'Another story.', 'Another answer.', '9/10 HARD']] }]);
    const study = imported((await importBenchmarkFiles([sheet, LOG, CSV, CONFIG], {}, FILE_READERS)) ?? { ok: false, errors: [] });
    expect(study.bundle.puzzles.map((p) => p.title)).toEqual(['The Last Elevator  ', 'Café crème', 'Desert Walk']);
    expect(study.layouts[0]).toEqual({
      file: 'puzzles.xlsx',
      layout: 'Excel workbook (not imported: the log holds its own puzzles; import the sheet on its own for a puzzle list)',
    });
    expect(study.leftovers.find((l) => l.file === 'puzzles.xlsx')).toMatchObject({
      what: 'records: a workbook given with the log (its rows are not joined to the log by position)',
      count: 1,
    });
  });

  it('a larger run with judge_times 1 and one replay imports every round', () => {
    const sheet = Array.from({ length: 40 }, (_, i) => ({ ...(SHEET[i % 3] ?? SHEET[0]!), title: `Puzzle ${i}` }));
    const big = runSplat({ ...SETTINGS, judgeTimes: 1, gameTimes: 1, maxRound: 15 }, sheet, (i) => ({
      intro: 'Story.',
      rounds: Array.from({ length: 15 }, (_, k) => ({ player: `Question ${k}?`, judge: [k === i % 20 ? 'Congratulations!' : 'No.'] })),
    }));
    const study = imported(
      importSplat(
        [
          { name: 'log.json', text: big.logJson },
          { name: 'log.csv', text: big.logCsv },
          { name: 'config.yaml', text: big.configYaml },
        ],
        {},
        FILE_READERS,
      ),
    );
    // Puzzles 0-14 are solved in round i; 15-19 and 35-39 run all 15 rounds; 20-34 again solved in round i - 20.
    const expected = sheet.map((_, i) => (i % 20 < 15 ? (i % 20) + 1 : 15));
    expect(study.bundle.sessions.map((s) => s.turns.length)).toEqual(expected);
    expect(study.layouts.at(-1)?.layout).toContain('agree with log.json for 40 of 40 puzzles');
  });
});

describe("SPLAT's puzzles.xlsx as a puzzle list", () => {
  it('reads each row as a puzzle with its difficulty, keeping text as typed, and lists other columns and sheets', async () => {
    const file = workbookFile('puzzles.xlsx', [
      {
        name: 'Sheet1',
        rows: [
          [...SHEET_HEADER, 'notes'],
          ['Red shoes  ', 'A woman buys red shoes.\nHours later, she dies.', 'Her husband was a knife thrower.', '7/10 HARD', 'seen online'],
          [null, null, null, null, null],
          ['Café', 'Zoë left the café.', 'She saw her ex.', 3, null],
        ],
      },
      { name: 'Old', rows: [['x'], ['y']] },
    ]);
    expect(file.binaryKind).toBe('an Excel workbook');
    const study = imported(await importSplatPuzzleSheet([file], {}, FILE_READERS));
    expect(study.bundle.puzzles).toEqual([
      {
        id: 'red-shoes',
        title: 'Red shoes  ',
        story: 'A woman buys red shoes.\nHours later, she dies.',
        reference: 'Her husband was a knife thrower.',
        difficulty: 7,
        source: 'SPLAT',
      },
      { id: 'cafe', title: 'Café', story: 'Zoë left the café.', reference: 'She saw her ex.', difficulty: 3, source: 'SPLAT' },
    ]);
    expect(study.bundle.sessions).toEqual([]);
    expect(study.leftovers.map((l) => [l.what, l.count, l.examples])).toEqual([
      ['records: sheets after the first (only the first is read)', 1, ['Old (2 rows)']],
      ['column "notes"', 1, ['seen online']],
    ]);
    expect(study.layouts[0]?.layout).toBe(
      'SPLAT puzzle sheet (puzzles.xlsx: title, story, answer, level of difficulty), first sheet "Sheet1": a puzzle list with each puzzle\'s difficulty, no games',
    );
    const viaEntry = await importBenchmarkFiles([file], {}, FILE_READERS);
    expect(viaEntry?.ok).toBe(true);
  });

  it('refuses another sheet layout, naming the columns expected and found, and suggests a mapping', async () => {
    const file = workbookFile('scores.xlsx', [
      {
        name: 'Scores',
        rows: [
          ['model', 'accuracy'],
          ['gpt-4o', 0.8],
        ],
      },
    ]);
    expect(errorsOf(await importSplatPuzzleSheet([file], {}, FILE_READERS)).errors).toEqual([
      {
        file: 'scores.xlsx',
        path: '',
        message:
          'the first sheet ("Scores") is not SPLAT\'s puzzle sheet: expected the columns title, story, answer, level of difficulty (or AgentBench\'s story, answer, Story keys, Answer keys), found "model", "accuracy"; for another layout, map its columns with --mapping',
      },
    ]);
  });

  it('names the spreadsheet row of a bad level, and refuses model names', async () => {
    const file = workbookFile('puzzles.xlsx', [
      { name: 'Sheet1', rows: [SHEET_HEADER, ['A', 'Story.', 'Answer.', '5/10 MEDIUM'], [null, null, null, null], ['B', 'Story.', 'Answer.', '10/10 HARD']] },
    ]);
    const errors = errorsOf(await importSplatPuzzleSheet([file], {}, FILE_READERS)).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'puzzles.xlsx', line: 4, path: '[1]["level of difficulty"]' });
    expect(errorsOf(await importSplatPuzzleSheet([file], { judge: 'gpt-4o' }, FILE_READERS)).errors[0]?.message).toBe(
      'a puzzle sheet holds no games, so a player or judge name has nothing to name',
    );
  });
});

const REAL = fileURLToPath(new URL('../../../../../shared/real-data/LateralThinking/', import.meta.url));

describe("SPLAT's real puzzle sheet and config.yaml", () => {
  const present = existsSync(`${REAL}puzzles.xlsx`);
  if (!present) console.log(`skipped: ${REAL} is absent (SPLAT's files carry no licence and are not in the repository)`);

  it.skipIf(!present)('puzzles.xlsx imports 975 puzzles with the difficulty of every row of the derived JSON', async () => {
    const bytes = new Uint8Array(readFileSync(`${REAL}puzzles.xlsx`));
    const study = imported(
      await importSplatPuzzleSheet([{ name: 'puzzles.xlsx', text: '', size: bytes.length, binaryKind: 'an Excel workbook', bytes }], {}, FILE_READERS),
    );
    const derived = JSON.parse(readFileSync(`${REAL}puzzles.xlsx.derived.json`, 'utf8')) as Array<{ title: string; 'level of difficulty': string }>;
    expect(study.bundle.puzzles).toHaveLength(975);
    expect(study.bundle.puzzles.map((p) => [p.title, p.difficulty])).toEqual(
      derived.map((row) => [row.title, Number(row['level of difficulty'].split('/')[0])]),
    );
    expect(study.leftovers).toEqual([]);
  });

  it.skipIf(!present)("config.yaml names the models of a run's log", () => {
    const config = { name: 'config.yaml', text: readFileSync(`${REAL}config.yaml`, 'utf8') };
    const study = imported(importSplat([LOG, config], {}, FILE_READERS));
    expect(study.bundle.sessions[0]).toMatchObject({
      player: 'meta-llama/Meta-Llama-3-8B-Instruct',
      judge: 'meta-llama/Meta-Llama-3-8B-Instruct',
      maxRounds: 15,
    });
    expect(study.bundle.judgeSamples).toEqual([{ judge: 'meta-llama/Meta-Llama-3-8B-Instruct', samples: 1, source: 'config.yaml: game.judge_times' }]);
    const [prompt] = study.bundle.judgePrompts ?? [];
    expect(prompt?.name).toBe('SPLAT judge (config.yaml)');
    expect(prompt?.question).toMatch(
      /^You are the judge and your role is to challenge the user[\s\S]*Enjoy the challenge of testing and expanding the user’s deductive reasoning!\n\nThe title of puzzle is \{\{title\}\}/,
    );
    expect(prompt?.note).toContain('The player was told (prompt.prompt_player_init): You are a player and going to play an interesting situation puzzle game');
    expect(study.leftovers.map((l) => l.what).filter((what) => what.startsWith('setting prompt.'))).toEqual([]);
  });
});
