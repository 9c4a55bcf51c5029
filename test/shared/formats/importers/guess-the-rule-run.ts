// Test helper: a small, faithful re-implementation of how GuessTheRuleBench saves a game
// (static_picnic/base.py and dynamic_picnic/base.py save_game: json.dump(self.__dict__, indent=4)
// with Python's default ensure_ascii, keys in the order the constructors set them), and four
// made-up games: a dynamic game won after a wrong rule guess, with non-ASCII text; a dynamic game
// given up after a judge reply the normaliser cannot read; a static game won; a static game lost.

/** A Python float, which json.dump writes with its decimal point (12.0, not 12). */
class PyFloat {
  constructor(readonly value: number) {}
}

type PyValue = string | number | boolean | null | PyFloat | PyValue[] | { [key: string]: PyValue };

/** A string as json.dumps writes it with ensure_ascii: everything outside printable ASCII as \uXXXX. */
function asciiString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** json.dump(value, f, indent=4). */
export function pythonJsonDump(value: PyValue, indent = ''): string {
  const inner = `${indent}    `;
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (typeof value === 'string') return asciiString(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => inner + pythonJsonDump(item, inner)).join(',\n')}\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${inner}${asciiString(key)}: ${pythonJsonDump(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export interface SavedGame {
  path: string;
  text: string;
}

const save = (uuid: string, state: Record<string, PyValue>): SavedGame => ({ path: `saved_games/${uuid}.json`, text: pythonJsonDump(state) });

/** The judge's prompt exactly as get_judge_prompt returns it, indentation included. */
const STATIC_JUDGE_PROMPT = `
        Determine if the following user guess is semantically equivalent or reasonably close in meaning to the actual rule.
        Consider synonyms, related terms, and general concepts.

        The user was also provided some examples. If the user's answer is correct according to the examples but deviates from the rule a little bit (only a little), it can still be marked as correct.
        User Guess: "{guess}"
        Actual Rule: "{rule}"
        Examples Shown: {positive_examples}

        Respond with 'yes' if they are equivalent or similar, otherwise respond with 'no'.
        `;

/** A dynamic game, driven like the web app drives it: create_game_instance, then validate_guess and get_more_examples. */
export class DynamicGame {
  readonly state: Record<string, PyValue>;
  private readonly conversation: Array<{ role: string; content: string }> = [];
  private readonly generated: string[] = [];
  private readonly guesses: string[] = [];
  private turns = 0;

  constructor(uuid: string, difficulty: string, ruleType: string, rule: string, startTime: number, firstExamples: string[]) {
    // __init__ sets domain and game_gen_type, GuessTheRuleGame.__init__ uuid, difficulty and num_init_examples.
    this.state = {
      domain: 'natural_language',
      game_gen_type: 'dynamic',
      uuid,
      difficulty,
      num_init_examples: 2,
      game_class_name: 'DynamicGoingOnAPicnic',
      rule_type: ruleType,
      rule,
      judge_model: 'gpt-4o',
      start_time: new PyFloat(startTime),
      game_end_time: null,
      total_game_time: null,
      turns: 0,
      history: { conversation: this.conversation },
      status: 'ongoing',
      generated_examples: [],
      player_guesses: [],
    };
    this.examples(firstExamples);
    this.conversation.push({ role: 'assistant', content: initMessage(firstExamples) });
  }

  /** get_more_examples(n): the examples the judge model generated. */
  moreExamples(examples: string[]): this {
    this.examples(examples);
    this.conversation.push({
      role: 'assistant',
      content: `You can bring: ${examples.join(', ')}.\n\nNow given this information, do one of the following:\n1. Make a new guess that hasn't been mentioned before.\n2. Request more examples.\n3. Type the rule if you think you've guessed it.\n\nWhat would you like to do?`,
    });
    return this;
  }

  /** validate_guess of an example guess: the judge model's reply as it came. */
  exampleGuess(guess: string, judgeReply: string): this {
    this.turns++;
    this.conversation.push({ role: 'user', content: guess });
    this.guesses.push(guess.trim().toLowerCase());
    this.conversation.push({ role: 'assistant', content: judgeReply });
    return this;
  }

  /** validate_guess of a rule guess, judged a match or not. */
  ruleGuess(guess: string, matches: boolean, endTime?: number): this {
    this.turns++;
    this.conversation.push({ role: 'user', content: guess });
    if (matches) {
      // "if the user won, this turn doesnt count in their tally"
      this.turns--;
      this.end('won', endTime ?? 0);
      this.conversation.push({
        role: 'assistant',
        content: `You guessed the rule correctly! The rule was: ${String(this.state.rule)} \n\nCheck your performance stats in the panel above. Thanks for playing!`,
      });
    } else {
      this.conversation.push({ role: 'assistant', content: 'Incorrect guess. What would you like to do next?' });
    }
    return this;
  }

  giveUp(message: string, endTime: number): this {
    this.turns++;
    this.conversation.push({ role: 'user', content: message });
    this.end('lost', endTime);
    this.conversation.push({ role: 'assistant', content: `You gave up, the correct rule was: ${String(this.state.rule)}` });
    return this;
  }

  /** save_game: the sets as lists. */
  saved(): SavedGame {
    return save(String(this.state.uuid), { ...this.state, turns: this.turns, generated_examples: [...this.generated], player_guesses: [...this.guesses] });
  }

  private examples(examples: readonly string[]): void {
    this.turns++;
    for (const example of examples) if (!this.generated.includes(example.toLowerCase())) this.generated.push(example.toLowerCase());
  }

  private end(status: string, endTime: number): void {
    const start = (this.state.start_time as PyFloat).value;
    Object.assign(this.state, { status, game_end_time: new PyFloat(endTime), total_game_time: new PyFloat(endTime - start) });
  }
}

function initMessage(examples: readonly string[]): string {
  return `Let's play the game 'going on a picnic'.\n\nI will give you some examples in each turn and you have to guess the underlying rule of the game. The rule will be common for all the examples.\nYour score will be based on the number of turns taken, number of examples seen, and overall time elapsed playing the game. The highest score will be for the fewest turns taken, fewest examples seen, and shortest game played.\n\nThe game master has given examples of items that fit the rule: ${examples.join(', ')}.\n\nNow given this information, do one of the following:\n1. Make a new guess that hasn't been mentioned before.\n2. Request more examples.\n3. Type the rule if you think you've guessed it.\n\nWhat would you like to do?`;
}

interface StaticPlay {
  uuid: string;
  difficulty: string;
  rule: Record<string, PyValue>;
  startTime: number;
  available: number;
  /** The examples shown, positives and negatives (n of each per request). */
  positives: string[];
  negatives: string[];
  requests: number;
  guesses: number;
  won: boolean;
  endTime: number;
}

/** A static game after create_game_instance, more example requests and guesses (validate_guess). */
function staticGame(play: StaticPlay): SavedGame {
  const shown = play.positives.length;
  const lost = !play.won && play.available - shown <= 0;
  const ended = play.won || lost;
  return save(play.uuid, {
    domain: 'natural_language',
    game_gen_type: 'static',
    uuid: play.uuid,
    difficulty: play.difficulty,
    num_init_examples: 2,
    game_class_name: 'StaticGoingOnAPicnic',
    rule: play.rule,
    judge_model: 'gpt-4o-mini',
    judge_prompt: STATIC_JUDGE_PROMPT,
    start_time: new PyFloat(play.startTime),
    game_end_time: ended ? new PyFloat(play.endTime) : null,
    total_game_time: ended ? new PyFloat(play.endTime - play.startTime) : null,
    turns: play.requests + play.guesses,
    history: { positives: play.positives, negatives: play.negatives },
    total_examples_available: play.available,
    total_pos_examples_shown: shown,
    total_neg_examples_shown: play.negatives.length,
    status: play.won ? 'won' : lost ? 'lost' : 'ongoing',
  });
}

export const UUIDS = {
  won: '3f2a9c1e-7b4d-4e8a-9c21-5d6f7a8b9c0d',
  gaveUp: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  staticWon: '0c9d8e7f-6a5b-4c3d-2e1f-0a9b8c7d6e5f',
  staticLost: '5e4d3c2b-1a09-4f8e-7d6c-5b4a39281706',
} as const;

export function fourGames(): SavedGame[] {
  const won = new DynamicGame(UUIDS.won, 'L1', 'attribute_based', 'Items that are sweet', 1733702400.123456, ['honey', 'candy'])
    .exampleGuess('crème brûlée', 'Correct! You can bring crème brûlée.')
    .exampleGuess('Can I bring a lemon?', 'Incorrect. You cannot bring a lemon.')
    .ruleGuess('Things from a bakery', false)
    .moreExamples(['chocolate', 'Maple syrup'])
    .ruleGuess('Sweet things', true, 1733702587.5)
    .saved();
  const gaveUp = new DynamicGame(UUIDS.gaveUp, 'L2', 'semantic', 'Items associated with the beach', 1733703000.25, ['sunscreen', 'towel'])
    .exampleGuess('kite', 'That is correct, you can bring a kite.')
    .giveUp('I give up', 1733703120.75)
    .saved();
  const staticWon = staticGame({
    uuid: UUIDS.staticWon,
    difficulty: 'L1',
    rule: { type: 'category', rule: "Items from the category 'Fruit'", category: 'Fruit' },
    startTime: 1733704000.5,
    available: 40,
    positives: ['Apple', 'Banana', 'Mango', 'Pear'],
    negatives: ['Chair', 'Guitar', 'Shoe', 'Kettle'],
    requests: 2,
    guesses: 1,
    won: true,
    endTime: 1733704060.0,
  });
  const staticLost = staticGame({
    uuid: UUIDS.staticLost,
    difficulty: 'L3',
    rule: { type: 'pair', rule: "Items from the categories 'Vehicle' and 'Toy'", categories: ['Vehicle', 'Toy'] },
    startTime: 1733705000.0,
    available: 4,
    positives: ['Toy car', 'Toy train', 'Model plane', 'Go-kart'],
    negatives: ['Bus', 'Doll', 'Lamp', 'Apple'],
    requests: 2,
    guesses: 2,
    won: false,
    endTime: 1733705222.125,
  });
  return [won, gaveUp, staticWon, staticLost];
}
