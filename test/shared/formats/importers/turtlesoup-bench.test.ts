// TurtleSoup-Bench's game files import as they are (issue 14): a run's files written the way
// TSB writes them become one study with exact puzzles, sessions, labels, raw replies and
// verdicts, and everything left out is listed with counts. TSB's real stories are read from
// ../shared/real-data/ when present (they carry no licence and are not in the repository).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { genreOfPath, importTurtleSoupBench, looksLikeTurtleSoupBenchGame } from '../../../../shared/formats/importers/turtlesoup-bench';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { ENGLISH_RUN, runLog, sixGames, wrapperErrorGame, writeGame } from './turtlesoup-bench-run';

function imported(files = [...sixGames(), runLog()]): ImportedStudy {
  const result = importTurtleSoupBench(files.map((file) => ({ name: file.path, text: file.text })));
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.value;
}

const EN_RUN = 'results/Crime_Thriller/Q-gpt-4o_R-deepseek-deepseek-chat/*.json';
const PAIR = 'Q-gpt-4o_R-deepseek/deepseek-chat_E-qwen-max_Epoch3';

describe('TurtleSoup-Bench game files', () => {
  const study = imported();
  const { bundle } = study;
  const session = (id: string) => bundle.sessions.find((s) => s.id === id);

  it('the writer re-implementation writes what json.dump(indent=2, ensure_ascii=False) writes', () => {
    const text = sixGames()[4]?.text ?? '';
    expect(
      text.startsWith(
        '{\n  "metadata": {\n    "title": "镜子里的人",\n    "status": "success",\n    "questions_used": 2,\n    "duration_sec": 15.5,\n    "error": null,',
      ),
    ).toBe(true);
    expect(sixGames()[0]?.text).toContain('"duration_sec": 12.0,');
    expect(sixGames()[1]?.text).toContain('"tips_provided": [],');
    expect(sixGames()[1]?.path).toBe(
      'results/Crime_Thriller/Q-gpt-4o_R-deepseek-deepseek-chat/Midnight Train  _Q-gpt-4o_R-deepseek-deepseek-chat_E-qwen-max_Epoch3_en.json',
    );
  });

  it('gives one puzzle per story with genre, language and key clues, and a title with its trailing spaces', () => {
    expect(bundle.puzzles.map((p) => p.id)).toEqual([
      'Crime_Thriller/en/The Last Call',
      'Crime_Thriller/en/Midnight Train',
      'Crime_Thriller/en/The Lighthouse',
      'Crime_Thriller/en/The Well',
      'Supernatural_Horror/zh/镜子里的人',
    ]);
    expect(bundle.puzzles[1]).toMatchObject({ title: 'Midnight Train  ', genre: 'Crime Thriller', language: 'en', source: 'TurtleSoup-Bench' });
    expect(bundle.puzzles[1]?.keyClues).toBeUndefined();
    expect(bundle.puzzles[4]).toMatchObject({
      title: '镜子里的人',
      story: '她每天早上对着镜子微笑，直到有一天镜子里的人没有笑。',
      reference: '那是一扇窗户，对面住着她的双胞胎姐妹。',
      keyClues: ['镜子其实是窗户。'],
      genre: 'Supernatural Horror',
      language: 'zh',
    });
    expect(bundle.name).toBe('TurtleSoup-Bench (en, zh)');
  });

  it('gives one session per game, unique across files, with the models and round limit of its metadata', () => {
    expect(bundle.sessions).toHaveLength(6);
    expect(new Set(bundle.sessions.map((s) => s.id)).size).toBe(6);
    expect(session(`Crime_Thriller/en/The Last Call/${PAIR}`)).toMatchObject({
      puzzleId: 'Crime_Thriller/en/The Last Call',
      player: 'gpt-4o',
      judge: 'deepseek/deepseek-chat',
      maxRounds: 3,
    });
    expect(session('Crime_Thriller/en/The Last Call/Q-glm-4:plus_R-deepseek/deepseek-chat_E-qwen-max_Epoch3')?.player).toBe('glm-4:plus');
    const turns = bundle.sessions.flatMap((s) => s.turns);
    expect(turns).toHaveLength(16);
    expect(turns.filter((t) => t.type === 'question')).toHaveLength(11);
    expect(turns.filter((t) => t.type === 'final')).toHaveLength(5);
  });

  it("reads each answer as its label, keeps the answer as written, and the conclusion with the run's verdict", () => {
    const solved = session(`Crime_Thriller/en/The Last Call/${PAIR}`);
    expect(solved?.turns).toEqual([
      {
        id: `Crime_Thriller/en/The Last Call/${PAIR}/1`,
        type: 'question',
        text: 'Was it good news?',
        judgements: { 'deepseek/deepseek-chat': 'yes' },
        judgeReplies: { 'deepseek/deepseek-chat': 'yes<Key Clue>' },
      },
      {
        id: `Crime_Thriller/en/The Last Call/${PAIR}/2`,
        type: 'question',
        text: 'Was it about money?',
        judgements: { 'deepseek/deepseek-chat': 'no' },
        judgeReplies: { 'deepseek/deepseek-chat': 'no' },
      },
      {
        id: `Crime_Thriller/en/The Last Call/${PAIR}/3`,
        type: 'final',
        text: 'A donor was found for his transplant.\n\nLogic: good news, medical\n\nDetails: "hospital call,  donor"',
        judgements: { 'qwen-max': 'matched' },
      },
    ]);
    // Unsolved at the round limit: three questions, then the conclusion, unmatched; unknown reads as irrelevant.
    const unsolved = session(`Crime_Thriller/en/Midnight Train/${PAIR}`);
    expect(unsolved?.turns.map((t) => [t.judgements, t.judgeReplies])).toEqual([
      [{ 'deepseek/deepseek-chat': 'irrelevant' }, { 'deepseek/deepseek-chat': 'unknown' }],
      [{ 'deepseek/deepseek-chat': 'no' }, { 'deepseek/deepseek-chat': 'no<Key Clue>' }],
      [{ 'deepseek/deepseek-chat': 'yes' }, { 'deepseek/deepseek-chat': 'yes' }],
      [{ 'qwen-max': 'unmatched' }, undefined],
    ]);
    expect(unsolved?.turns[3]?.text).toBe('She had a bad dream.\n\nLogic: premonition');
    // The mark with a space is read too (TSB itself stopped the game on it).
    const invalid = session(`Crime_Thriller/en/The Lighthouse/${PAIR}`);
    expect(invalid?.turns.map((t) => [t.type, t.judgements, t.judgeReplies])).toEqual([
      ['question', { 'deepseek/deepseek-chat': 'no' }, { 'deepseek/deepseek-chat': 'no' }],
      ['question', { 'deepseek/deepseek-chat': 'yes' }, { 'deepseek/deepseek-chat': 'yes <Key Clue>' }],
    ]);
    // An error game's conclusion has no verdict.
    const failed = session(`Crime_Thriller/en/The Well/${PAIR}`);
    expect(failed?.turns[1]).toMatchObject({ type: 'final', text: 'He died of poison.\n\nLogic: poison\n\nDetails: the well', judgements: {} });
    const zh = session(`Supernatural_Horror/zh/镜子里的人/${PAIR}`);
    expect(zh?.turns.map((t) => Object.values(t.judgements)[0])).toEqual(['no', 'yes', 'matched']);
    expect(zh?.turns[2]?.text).toBe('镜子其实是窗户，对面是她的双胞胎姐妹。\n\nLogic: 窗户, 双胞胎\n\nDetails: 对面的人');
    expect(study.raters).toEqual([]);
  });

  it('lists everything it did not import, per run folder, with counts', () => {
    const left = (file: string, what: string) => study.leftovers.find((item) => item.file === file && item.what.startsWith(what));
    expect(left(EN_RUN, 'field metadata.questions_used')?.count).toBe(4);
    expect(left(EN_RUN, 'field metadata.duration_sec')).toMatchObject({ count: 4, examples: ['12', '20.5', '7.25'] });
    expect(left(EN_RUN, 'field evaluation.overall_score')).toMatchObject({ count: 2, examples: ['0.83', '0.17'] });
    // Examples are the turn ids, shortened to 80 characters.
    const hits = left(EN_RUN, 'key-clue hits');
    expect(hits?.count).toBe(3);
    expect(hits?.examples.map((example) => example.split('/')[2])).toEqual(['The Last Call', 'Midnight Train', 'The Lighthouse']);
    expect(left(EN_RUN, 'records: a game that ended in an error')).toMatchObject({
      count: 2,
      examples: ['Invalid answer format: yes <Key Clue>', 'Evaluation failed: timeout'],
    });
    expect(left('results/Supernatural_Horror/Q-gpt-4o_R-deepseek-deepseek-chat/*.json', 'key-clue hits')?.count).toBe(1);
    expect(left(runLog().path, 'records: a run log')?.count).toBe(1);
    expect(study.leftovers.some((item) => item.what.startsWith('field metadata.error') || item.what.startsWith('field content.'))).toBe(false);
  });

  it('writes a bundle our parser accepts with the same counts', () => {
    const parsed = parseTranscriptBundle({ name: 'tsb.json', text: serializeBundleDocument(bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    expect(parsed.value.study.counts).toMatchObject({ puzzles: 5, sessions: 6, turns: 16, questions: 11, finals: 5 });
  });

  it('refuses the same game given twice and a file that is not a game', () => {
    const game = sixGames()[0];
    if (game === undefined) throw new Error('no game');
    // A copy is the same game wherever it lies, as long as its dataset folder is the same.
    for (const copy of [`copy/${game.path}`, game.path.replace('.json', ' (1).json')]) {
      const twice = importTurtleSoupBench([
        { name: game.path, text: game.text },
        { name: copy, text: game.text },
      ]);
      expect(twice.ok).toBe(false);
      if (!twice.ok)
        expect(twice.errors[0]).toMatchObject({
          file: copy,
          message: expect.stringContaining(`the same game (story, models and round limit) as ${game.path}`) as unknown,
        });
    }
    const other = importTurtleSoupBench([{ name: 'x.json', text: '{"a": 1}' }]);
    expect(other.ok).toBe(false);
  });

  it("imports the story of a game the run's wrapper failed on, and lists the game, which has no conversation", () => {
    const story = { title: 'Cold Room', setup: 'The room was cold.', solution: 'The heater broke.', tips: ['heater'] };
    const game = wrapperErrorGame(ENGLISH_RUN, story, `${'x'.repeat(9000)} failed`);
    expect(looksLikeTurtleSoupBenchGame({ name: game.path, text: game.text })).toBe(true);
    const study = imported([game]);
    expect(study.bundle.puzzles).toEqual([
      {
        id: 'Crime_Thriller/en/Cold Room',
        title: 'Cold Room',
        story: 'The room was cold.',
        reference: 'The heater broke.',
        language: 'en',
        genre: 'Crime Thriller',
        keyClues: ['heater'],
        source: 'TurtleSoup-Bench',
      },
    ]);
    expect(study.bundle.sessions).toEqual([]);
    expect(study.leftovers.map((item) => [item.what, item.count])).toEqual([
      ['records: a game that ended in an error (status error: its conclusion, if any, has no verdict)', 1],
      ['records: a game with no conversation (an error before the first question)', 1],
    ]);
  });

  it('takes the genre from the dataset folder above the model pair', () => {
    expect(genreOfPath('runs/Crime_Thriller/Q-a_R-b/t_Q-a_R-b_E-c_Epoch3_en.json')).toBe('Crime_Thriller');
    expect(genreOfPath('Crime_Thriller\\Q-a_R-b\\t.json')).toBe('Crime_Thriller');
    expect(genreOfPath('Crime_Thriller/t.json')).toBe('Crime_Thriller');
    expect(genreOfPath('t.json')).toBeUndefined();
  });
});

const REAL_STORIES = fileURLToPath(new URL('../../../../../shared/real-data/TurtleSoup-Bench/data/', import.meta.url));

describe("a run over TurtleSoup-Bench's real stories (no game files are published)", () => {
  const present = existsSync(REAL_STORIES);
  if (!present) console.log(`skipped: ${REAL_STORIES} is absent (the TurtleSoup-Bench files carry no licence and are not in the repository)`);
  it.skipIf(!present)('one game per story of all twelve story files, written as TSB writes them, imports as one study with six genres', () => {
    const files: Array<{ name: string; text: string }> = [];
    for (const language of ['en', 'zh'] as const) {
      for (const storyFile of readdirSync(join(REAL_STORIES, language))
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        const run = {
          saveDir: 'results',
          dataset: storyFile.replace(/\.json$/, ''),
          questioner: 'gpt-4o',
          responder: 'qwen/qwen-max',
          evaluator: 'gpt-4o',
          language,
          maxQuestions: 2,
        };
        const stories = JSON.parse(readFileSync(join(REAL_STORIES, language, storyFile), 'utf8')) as Array<{
          title: string;
          surface: string;
          bottom: string;
          tips: string[];
        }>;
        stories.forEach((story, i) => {
          const game = writeGame(
            run,
            { title: story.title, setup: story.surface, solution: story.bottom, tips: story.tips },
            [
              { type: 'question', content: 'Is it about a person?' },
              { type: 'answer', content: i % 3 === 0 ? 'yes<Key Clue>' : 'unknown' },
              { type: 'conclusion', content: { details: [], logic: [], conclusion: 'A guess.' } },
            ],
            { status: i % 2 === 0 ? 'success' : 'failure', questionsUsed: 1, durationSec: 1 },
          );
          // A title given twice in one dataset is one path: TSB's later game overwrites the earlier.
          const earlier = files.findIndex((file) => file.name === game.path);
          if (earlier >= 0) files.splice(earlier, 1);
          files.push({ name: game.path, text: game.text });
        });
      }
    }
    const study = imported(files.map((file) => ({ path: file.name, text: file.text })));
    expect(files).toHaveLength(794);
    expect(study.bundle.puzzles).toHaveLength(794);
    expect(study.bundle.sessions).toHaveLength(794);
    expect(new Set(study.bundle.puzzles.map((puzzle) => puzzle.genre))).toEqual(
      new Set(['Clever Logic', 'Constant Change', 'Crime Thriller', 'Mind Game', 'Original Data', 'Supernatural Fantasy']),
    );
    // en and zh games of a dataset and model pair share one folder (SOURCES §2).
    expect(study.layouts).toHaveLength(6);
    const parsed = parseTranscriptBundle({ name: 'tsb-real.json', text: serializeBundleDocument(study.bundle) });
    expect(parsed.ok).toBe(true);
  });
});
