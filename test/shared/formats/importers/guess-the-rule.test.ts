// GuessTheRuleBench's saved games import as they are (issue 14): dumps written the way its
// save_game writes them become one study with exact puzzles, sessions, labels and raw replies;
// static games, whose guesses are not saved, give sessions with no turns and say so, and their
// judge_prompt becomes a prompt version with our placeholders (issue 26). The real rules are read
// from ../shared/real-data/ when present (they carry no licence).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchmarkOf, importBenchmarkFiles } from '../../../../shared/formats/importers/benchmark-import';
import { GUESS_THE_RULE_PLAYER, importGuessTheRule, looksLikeGuessTheRuleGame } from '../../../../shared/formats/importers/guess-the-rule';
import { serializeBundleDocument, type ImportedStudy } from '../../../../shared/formats/importers/imported-study';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { templateProblem } from '../../../../shared/domain/prompt-template';
import { DynamicGame, fourGames, UUIDS } from './guess-the-rule-run';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const files = () => fourGames().map((game) => ({ name: game.path, text: game.text }));

function imported(player?: string): ImportedStudy {
  const result = importGuessTheRule(files(), player === undefined ? {} : { player });
  if (!result.ok) throw new Error(`expected the import to succeed: ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.value;
}

const FOLDER = 'saved_games/*.json';

describe('GuessTheRuleBench saved games', () => {
  const study = imported();
  const { bundle } = study;
  const session = (id: string) => bundle.sessions.find((s) => s.id === id);

  it('the writer re-implementation writes what json.dump(self.__dict__, indent=4) writes', () => {
    const text = fourGames()[0]?.text ?? '';
    expect(
      text.startsWith(
        '{\n    "domain": "natural_language",\n    "game_gen_type": "dynamic",\n    "uuid": "3f2a9c1e-7b4d-4e8a-9c21-5d6f7a8b9c0d",\n    "difficulty": "L1",\n    "num_init_examples": 2,\n    "game_class_name": "DynamicGoingOnAPicnic",\n    "rule_type": "attribute_based",',
      ),
    ).toBe(true);
    expect(text).toContain('"content": "cr\\u00e8me br\\u00fbl\\u00e9e"');
    expect(fourGames()[2]?.text).toContain('"game_end_time": 1733704060.0,');
  });

  it('is claimed from the start of the text, and by the one entry', async () => {
    expect(files().every(looksLikeGuessTheRuleGame)).toBe(true);
    expect(looksLikeGuessTheRuleGame({ name: 'x.json', text: '{"game_gen_type": "dynamic", "domain": "x"}' })).toBe(false);
    expect(benchmarkOf(files())?.system).toBe('GuessTheRuleBench');
    const viaEntry = await importBenchmarkFiles(files(), {}, FILE_READERS);
    expect(viaEntry?.ok && viaEntry.value.bundle.sessions.length).toBe(4);
  });

  it('gives one puzzle per rule, the rule as the reference and a stand-in story', () => {
    expect(bundle.puzzles.map((p) => p.id)).toEqual([
      'dynamic/L1/Items that are sweet',
      'dynamic/L2/Items associated with the beach',
      "static/L1/Items from the category 'Fruit'",
      "static/L3/Items from the categories 'Vehicle' and 'Toy'",
    ]);
    expect(bundle.puzzles[3]).toMatchObject({
      reference: "Items from the categories 'Vehicle' and 'Toy'",
      genre: 'static picnic, L3',
      source: 'GuessTheRuleBench',
    });
    expect(new Set(bundle.puzzles.map((p) => p.story)).size).toBe(1);
    expect(study.leftovers.find((l) => l.what.startsWith('no story in the saved games'))).toMatchObject({ file: FOLDER, count: 4 });
  });

  it('gives one session per game: the human player by the default name or the one given, the judge model of the game', () => {
    expect(bundle.sessions.map((s) => [s.id, s.player, s.judge, s.turns.length])).toEqual([
      [UUIDS.won, GUESS_THE_RULE_PLAYER, 'gpt-4o', 4],
      [UUIDS.gaveUp, GUESS_THE_RULE_PLAYER, 'gpt-4o', 1],
      [UUIDS.staticWon, GUESS_THE_RULE_PLAYER, 'gpt-4o-mini', 0],
      [UUIDS.staticLost, GUESS_THE_RULE_PLAYER, 'gpt-4o-mini', 0],
    ]);
    expect(imported('lab volunteers').bundle.sessions.every((s) => s.player === 'lab volunteers')).toBe(true);
  });

  it('reads example guesses as questions and rule guesses as finals, keeping every reply as written', () => {
    expect(session(UUIDS.won)?.turns).toEqual([
      {
        id: `${UUIDS.won}/1`,
        type: 'question',
        text: 'crème brûlée',
        judgements: { 'gpt-4o': 'yes' },
        judgeReplies: { 'gpt-4o': 'Correct! You can bring crème brûlée.' },
      },
      {
        id: `${UUIDS.won}/2`,
        type: 'question',
        text: 'Can I bring a lemon?',
        judgements: { 'gpt-4o': 'no' },
        judgeReplies: { 'gpt-4o': 'Incorrect. You cannot bring a lemon.' },
      },
      {
        id: `${UUIDS.won}/3`,
        type: 'final',
        text: 'Things from a bakery',
        judgements: { 'gpt-4o': 'unmatched' },
        judgeReplies: { 'gpt-4o': 'Incorrect guess. What would you like to do next?' },
      },
      {
        id: `${UUIDS.won}/4`,
        type: 'final',
        text: 'Sweet things',
        judgements: { 'gpt-4o': 'matched' },
        judgeReplies: {
          'gpt-4o':
            'You guessed the rule correctly! The rule was: Items that are sweet \n\nCheck your performance stats in the panel above. Thanks for playing!',
        },
      },
    ]);
    // The code accepts any reply containing "correct"; one that does not start with the verdict stays unparseable.
    expect(session(UUIDS.gaveUp)?.turns).toEqual([
      {
        id: `${UUIDS.gaveUp}/1`,
        type: 'question',
        text: 'kite',
        judgements: { 'gpt-4o': 'unparseable' },
        judgeReplies: { 'gpt-4o': 'That is correct, you can bring a kite.' },
      },
    ]);
  });

  it("lists everything not imported: the give-up, the examples shown, static games' lost guesses, times and history sets", () => {
    const left = (what: string) => study.leftovers.find((l) => l.file === FOLDER && l.what === what);
    expect(left("records: a give-up (the player's message and the rule it revealed)")).toMatchObject({ count: 1, examples: ['I give up'] });
    expect(left("records: the game master's examples (assistant messages that answer no guess)")?.count).toBe(3);
    expect(left("records: a static game (its guesses and the judge's replies are not saved; a session with no turns)")).toMatchObject({
      count: 2,
      examples: [`${UUIDS.staticWon} (won)`, `${UUIDS.staticLost} (lost)`],
    });
    expect(left('field history.positives')?.count).toBe(2);
    expect(left('field history.negatives')?.count).toBe(2);
    expect(left('field generated_examples')).toMatchObject({ count: 2, examples: ['["honey","candy","chocolate","maple syrup"]', '["sunscreen","towel"]'] });
    expect(left('field player_guesses')?.count).toBe(2);
    expect(left('field judge_prompt')).toBeUndefined();
    expect(left('field rule.category')?.examples).toEqual(['Fruit']);
    expect(left('field rule.categories')?.examples).toEqual(['["Vehicle","Toy"]']);
    for (const field of ['domain', 'num_init_examples', 'game_class_name', 'start_time', 'game_end_time', 'total_game_time', 'turns', 'status'])
      expect(left(`field ${field}`)?.count).toBe(4);
    expect(left('field rule_type')?.count).toBe(2);
  });

  it("makes the static games' judge_prompt one prompt version, its str.format fields written as our placeholders", () => {
    expect(bundle.judgePrompts).toHaveLength(1);
    const [prompt] = bundle.judgePrompts ?? [];
    expect(prompt).toMatchObject({ name: 'GuessTheRuleBench judge (judge_prompt)', source: 'saved_games/*.json: judge_prompt of 2 saved games' });
    expect(prompt?.final).toContain('User Guess: "{{finalAnswer}}"\n        Actual Rule: "{{reference}}"\n        Examples Shown: {{earlierTurns}}\n');
    expect(prompt?.question).toContain('User Guess: "{{question}}"');
    expect(
      prompt?.final.startsWith("You are an expert at identifying semantic equivalency in a game called 'Going on a Picnic'.\n\n\n        Determine if"),
    ).toBe(true);
    expect(templateProblem(prompt?.final ?? '')).toBeUndefined();
    expect(prompt?.note).toContain('{{earlierTurns}} (the earlier turns) stands in');
  });

  it("reads Python's literal braces as braces and lists a judge_prompt our templates cannot hold, saying why", () => {
    const games = files().map((file) =>
      file.text.includes('"judge_prompt"') ? { ...file, text: file.text.replace('Respond with', 'Reply in JSON {{\\"verdict\\": ...}}; respond with') } : file,
    );
    const braces = importGuessTheRule(games, {});
    if (!braces.ok) throw new Error(JSON.stringify(braces.errors));
    expect(braces.value.bundle.judgePrompts?.[0]?.final).toContain('Reply in JSON {"verdict": ...}; respond with');
    const placeholder = files().map((file) => ({ ...file, text: file.text.replace('Respond with', '{{story}} {{{{plot}}}} Respond with') }));
    const refused = importGuessTheRule(placeholder, {});
    if (!refused.ok) throw new Error(JSON.stringify(refused.errors));
    expect(refused.value.bundle.judgePrompts).toBeUndefined();
    expect(refused.value.leftovers.find((l) => l.what.startsWith('field judge_prompt'))).toMatchObject({
      what: 'field judge_prompt (not a prompt version: its text holds unknown placeholder {{plot}})',
      count: 2,
    });
  });

  it('writes a bundle our reader takes, sessions with no turns included', () => {
    const parsed = parseTranscriptBundle({ name: 'gtr.json', text: serializeBundleDocument(bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    expect(parsed.value.study.counts).toMatchObject({ puzzles: 4, sessions: 4, turns: 5, questions: 3, finals: 2 });
  });

  it("refuses a judge name given besides the games' own, a game given twice, and a file that is not a saved game", () => {
    const judged = importGuessTheRule(files(), { judge: 'someone' });
    expect(judged.ok).toBe(false);
    const [game] = files();
    if (game === undefined) throw new Error('no game');
    const twice = importGuessTheRule([game, { ...game, name: 'copy/x.json' }], {});
    expect(!twice.ok && twice.errors[0]?.message).toContain(`the same game (uuid ${UUIDS.won}) as ${game.name}`);
    const other = importGuessTheRule([game, { name: 'notes.json', text: '{"a": 1}' }], {});
    expect(!other.ok && other.errors[0]).toMatchObject({
      file: 'notes.json',
      message: expect.stringContaining('not a GuessTheRuleBench saved game') as unknown,
    });
  });
});

const REAL_RULES = fileURLToPath(
  new URL('../../../../../shared/real-data/Guess-the-Rule-LLM-Benchmark/backend/lib/domain/picnic/dynamic_picnic/rules/', import.meta.url),
);

describe("games over GuessTheRuleBench's real dynamic rules (no saved games are published)", () => {
  const present = existsSync(REAL_RULES);
  if (!present) console.log(`skipped: ${REAL_RULES} is absent (the GuessTheRuleBench files carry no licence and are not in the repository)`);
  it.skipIf(!present)('one won game per rule of the five rule files imports with a puzzle per distinct rule, long rules included', () => {
    const rules = readdirSync(REAL_RULES)
      .sort()
      .flatMap(
        (type) => JSON.parse(readFileSync(join(REAL_RULES, type, `${type}_rules.json`), 'utf8')) as Array<{ rule_type: string; rule: string; level: string }>,
      );
    const games = rules.map((rule, i) => {
      const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const game = new DynamicGame(uuid, rule.level, rule.rule_type, rule.rule, 1733700000 + i, ['a basket', 'a blanket'])
        .exampleGuess('an umbrella', 'Correct! You can bring an umbrella.')
        .ruleGuess(rule.rule, true, 1733700100.5 + i)
        .saved();
      return { name: game.path, text: game.text };
    });
    const result = importGuessTheRule(games, {});
    if (!result.ok) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
    const { bundle } = result.value;
    expect(rules).toHaveLength(410);
    // Two rules appear twice at the same level.
    expect(bundle.puzzles).toHaveLength(408);
    expect(bundle.sessions).toHaveLength(410);
    expect(Math.max(...bundle.puzzles.map((p) => p.id.length))).toBeLessThanOrEqual(256);
    expect(bundle.puzzles.filter((p) => p.id.includes('… '))).not.toHaveLength(0);
    const parsed = parseTranscriptBundle({ name: 'gtr-real.json', text: serializeBundleDocument(bundle) });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
    expect(parsed.value.study.counts).toMatchObject({ puzzles: 408, sessions: 410, questions: 410, finals: 410 });
  });
});
