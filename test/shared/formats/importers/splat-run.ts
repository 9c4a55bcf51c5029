// Test helper: a small, faithful re-implementation of how SPLAT (chenqi008/LateralThinking
// puzzle_arena.py) writes a run: main() and game() with scripted models, log_json() as
// json.dump(indent=4, ensure_ascii=False), log.csv through csv.writer (CRLF), and a config.yaml of
// the repository's shape. The made-up run covers solved and unsolved games, judge_times 3 (a whole
// congratulating sentence, a hidden congratulation), unparseable replies, hints and non-ASCII text.

import { createPrng } from '../../../../shared/random/prng';
import { writeWorkbook, type SheetSpec, type WorkbookOptions } from './workbook-writer';

export interface SheetRow {
  title: string;
  story: string;
  answer: string;
  /** "N/10 WORD", as the sheet's `level of difficulty` column. */
  level: string;
}

export interface RunSettings {
  player: string;
  judge: string;
  maxRound: number;
  judgeTimes: number;
  gameTimes: number;
}

/** One scripted game: the judge's reply to "I am ready…", then per round the player's message and the judge's judge_times samples. */
export interface GameScript {
  intro: string;
  rounds: Array<{ player: string; judge: string[] }>;
}

export interface RunFiles {
  logJson: string;
  logCsv: string;
  configYaml: string;
}

type PyValue = string | number | PyValue[] | { [key: string]: PyValue };

/** json.dumps(value, indent=4, ensure_ascii=False): JSON.stringify escapes strings as Python does then. */
export function pythonJsonDump(value: PyValue, indent = ''): string {
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => inner + pythonJsonDump(item, inner)).join(',\n')}\n${indent}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonJsonDump(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** Python's max(values, key=values.count): the most frequent, the first of a tie. */
function mostFrequent(values: readonly string[]): string {
  let best = values[0] ?? '';
  let bestCount = 0;
  for (const value of values) {
    const count = values.filter((other) => other === value).length;
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** game(): the rounds until the stored judge reply contains "congratulations" or max_round is reached. */
function playGame(settings: RunSettings, prompt: string, script: GameScript): { game: Record<string, PyValue>; rnd: number; hit: number } {
  const game: Record<string, PyValue> = { Puzzle: prompt, Question: script.intro };
  let rnd: number;
  for (rnd = 0; rnd < settings.maxRound; rnd++) {
    const round = script.rounds[rnd];
    if (round === undefined || round.judge.length !== settings.judgeTimes)
      throw new Error(`the script has no round ${rnd} with ${settings.judgeTimes} judge samples`);
    const judgeList = round.judge.map((reply) => reply.toLowerCase());
    const brief = judgeList.filter((reply) => reply.includes('congratulations'));
    const judge = brief.length >= settings.judgeTimes / 2 ? 'congratulations' : mostFrequent(judgeList);
    game[`Round ${rnd}`] = { Player: round.player, Judge: judge };
    if (judge.toLowerCase().includes('congratulations')) return { game, rnd, hit: 1 };
  }
  // Python's loop variable keeps its last value, max_round - 1.
  return { game, rnd: rnd - 1, hit: 0 };
}

/** main(): every sheet row played game_times times; log.json holds every game, log.csv each puzzle's best. */
export function runSplat(settings: RunSettings, sheet: readonly SheetRow[], script: (puzzle: number, replay: number) => GameScript): RunFiles {
  const log: Record<string, Record<string, PyValue>> = {};
  const records: Array<[number, string, number, number]> = [];
  sheet.forEach((row, i) => {
    const puzzleId = `puzzle_${i}`;
    log[puzzleId] ??= {};
    const story = `${row.story} Why?`.replaceAll('\n', ' ');
    const answer = row.answer.replaceAll('\n', ' ');
    const prompt = `The title of puzzle is ${row.title}. The story is ${story}. The answer is ${answer}. Read and fully understand both the provided short story and its answer, ensuring you grasp their logical connections. But do not show answer for the user.`;
    const parts = row.level.split(' ');
    if (parts.length !== 2) throw new Error('level, difficulty = ld.split(" ") needs exactly two parts');
    const level = (parts[0] ?? '').split('/')[0] ?? '';
    let resultRound = 100;
    let resultHit = 0;
    for (let j = 0; j < settings.gameTimes; j++) {
      const played = playGame(settings, prompt, script(i, j));
      // log_json() merges the file with the in-memory log after every game; the last write holds them all.
      (log[puzzleId] as Record<string, PyValue>)[String(j)] = played.game;
      const round = played.rnd + 1;
      if (played.hit >= resultHit) {
        resultHit = played.hit;
        if (round <= resultRound) resultRound = round;
      }
    }
    records.push([i, level, resultHit, resultRound]);
  });
  const csvRows = [['puzzle id', 'level', 'hit', 'round'], ...records.map((record) => record.map(String))];
  return { logJson: pythonJsonDump(log), logCsv: csvRows.map((row) => `${row.join(',')}\r\n`).join(''), configYaml: configYaml(settings) };
}

/** config.yaml in the repository's shape and key order, with the run's settings (the prompts shortened). */
export function configYaml(settings: RunSettings, models: { player?: string; judge?: string } = settings): string {
  const modelLines = [
    '  player_from_API: False',
    ...(models.player !== undefined ? [`  player: "${models.player}"`] : []),
    '  judge_from_API: False',
    ...(models.judge !== undefined ? [`  judge: "${models.judge}"`] : []),
  ];
  return [
    'game:',
    `  max_round: ${settings.maxRound}  # maximum QA round`,
    `  judge_times: ${settings.judgeTimes}  # multiple judge for each question from player (5)`,
    `  game_times: ${settings.gameTimes} # how many times to replay the game (3)`,
    '',
    'log:',
    '  save_log: True',
    '  log_json: "log.json"',
    '',
    'model:',
    ...modelLines,
    '',
    'path:',
    '  data_path: "./puzzles.xlsx"',
    '',
    'prompt:',
    '  prompt_player_init: "You are a player of a situation puzzle game. Ask yes/no questions."',
    '  prompt_judge_init : "You are the judge. Answer only yes, no or irrelevant; say Congratulations when the answer is right."',
    '',
  ].join('\n');
}

export const SETTINGS: RunSettings = {
  player: 'meta-llama/Meta-Llama-3-8B-Instruct',
  judge: 'microsoft/WizardLM-2-8x22B',
  maxRound: 4,
  judgeTimes: 3,
  gameTimes: 2,
};

/** The run's sheet: a subset of a larger sheet, so puzzle_0 is no row of puzzles.xlsx in particular. */
export const SHEET: readonly SheetRow[] = [
  {
    title: 'The Last Elevator  ',
    story: 'A man lives on the tenth floor.\nEvery morning he takes the elevator down.',
    answer: 'He is short.\nHe can only reach the lower buttons.',
    level: '4/10 MEDIUM',
  },
  {
    title: 'Café crème',
    story: 'Zoë ordered a café crème — and left without drinking it. Why?',
    answer: 'She saw her former partner, 她的前任, walk in.',
    level: '7/10 HARD',
  },
  {
    title: 'Desert Walk',
    story: 'A man is found dead in the desert holding half a match.',
    answer: 'He drew the short match in a falling balloon and had to jump.',
    level: '2/10 EASY',
  },
];

const same = (reply: string) => [reply, reply, reply];

const SCRIPTS: ReadonlyArray<readonly GameScript[]> = [
  [
    {
      intro: 'Here is the story: a man lives on the tenth floor…',
      rounds: [
        { player: 'Does he live alone?', judge: ['No.', 'No.', 'Irrelevant.'] },
        { player: 'Is he short?', judge: ['Yes.', 'yes.', 'Yes, that matters.'] },
        { player: 'He is too short to reach the button for the tenth floor.', judge: ['Congratulations! You solved it.', 'congratulations!', 'No.'] },
      ],
    },
    {
      intro: 'Here is the story again.',
      rounds: [
        { player: 'Is the elevator broken?', judge: ['No.', 'The answer is hidden in the story.', 'the answer is hidden in the story.'] },
        { player: 'Can I have a hint?', judge: ['Hint: think about his height.', 'hint: think about his height.', 'No.'] },
        { player: 'Is it about his height?', judge: same('Yes.') },
        { player: 'He likes the exercise.', judge: same('No.') },
      ],
    },
  ],
  [
    {
      intro: '故事是这样的：Zoë ordered a café crème…',
      rounds: [
        { player: 'Was the café closed?', judge: ['Irrelevant.', 'irrelevant', 'Irrelevant.'] },
        // One sample of three congratulates: the tie keeps the first whole reply, which ends the game.
        { player: 'Zoë saw someone she did not want to meet — her ex.', judge: ['Congratulations, that is right!', 'No.', 'Irrelevant.'] },
      ],
    },
    {
      intro: 'Here is the story.',
      rounds: [
        { player: '这是关于镜子的吗？', judge: same('No.') },
        { player: 'She saw someone she knew and left.', judge: same('Congratulations!') },
      ],
    },
  ],
  [
    {
      intro: 'Here is the story.',
      rounds: [
        { player: 'Was he in a balloon?', judge: same('Yes.') },
        // A congratulating sample outvoted: the stored "no." hides it and the game goes on.
        { player: 'They drew matches to decide who jumps.', judge: ['No.', 'no.', 'Congratulations, you got it!'] },
        { player: 'Is the match important?', judge: same('Yes') },
        { player: 'Did he die of thirst?', judge: same('No') },
      ],
    },
    {
      intro: 'Here is the story.',
      rounds: [
        { player: 'Was it hot?', judge: same('Irrelevant') },
        { player: 'Was he alone?', judge: same('No.') },
        { player: 'Tell me the answer.', judge: same('I cannot tell you the answer.') },
        { player: 'Did he jump?', judge: same('Yes.') },
      ],
    },
  ],
];

/** The made-up run: 3 puzzles x 2 replays, max_round 4, judge_times 3. */
export function sampleRun(): RunFiles {
  return runSplat(SETTINGS, SHEET, (puzzle, replay) => {
    const script = SCRIPTS[puzzle]?.[replay];
    if (script === undefined) throw new Error(`no script for puzzle ${puzzle}, replay ${replay}`);
    return script;
  });
}

/** The columns of SPLAT's puzzles.xlsx, in its order. */
export const SHEET_HEADER = ['title', 'story', 'answer', 'level of difficulty'];

/** A puzzles.xlsx as SPLAT ships it: one sheet, Sheet1, the header then `rows`. */
export function puzzleSheet(rows: SheetSpec['rows'], options: WorkbookOptions = {}): Uint8Array {
  return writeWorkbook([{ name: 'Sheet1', rows: [SHEET_HEADER, ...rows] }], options);
}

const WORDS = (
  'a man woman boy girl doctor pilot sailor waiter lighthouse keeper walks into the bar room desert ' +
  'island train tunnel window mirror stairs elevator dies smiles leaves returns orders water glass ' +
  'gun shot body found dead alone night morning later hours years because his her they had was not ' +
  'knew realised remembered blind twin brother sister wife husband father mother son daughter ' +
  'snow fire ice rope match suitcase letter phone radio ship storm light dark bright cold warm'
).split(' ');
const LEVEL_WORDS = ['EASY', 'EASY', 'EASY', 'MEDIUM', 'MEDIUM', 'MEDIUM', 'HARD', 'HARD', 'HARD'];

function sentences(random: ReturnType<typeof createPrng>, chars: number): string {
  const out: string[] = [];
  for (let length = 0; length < chars;) {
    const words = Array.from({ length: random.int(6, 14) }, () => random.pick(WORDS));
    const sentence = `${(words[0] ?? 'a').replace(/^./, (c) => c.toUpperCase())} ${words.slice(1).join(' ')}.`;
    out.push(sentence);
    length += sentence.length + 1;
  }
  return out.join(' ');
}

/**
 * A puzzles.xlsx of SPLAT's size and layout (the real one carries no licence): `count` rows of
 * seeded made-up text about as long as SPLAT's (title 15, story 347, answer 203 characters on
 * average, so the shared strings come to about 650 KB, SPLAT's to 614 KB), levels "N/10 EASY|MEDIUM|HARD",
 * saved as Excel saves it. Returns the rows too, for the counts and difficulties to expect.
 */
export function splatScaleSheet(count = 975): { rows: SheetRow[]; bytes: Uint8Array } {
  const random = createPrng(975);
  const rows = Array.from({ length: count }, (_, i): SheetRow => {
    const level = random.int(1, 9);
    return {
      title: `${random.pick(WORDS)} ${random.pick(WORDS)} ${i + 1}`,
      story: sentences(random, random.int(200, 480)),
      answer: sentences(random, random.int(100, 300)),
      level: `${level}/10 ${LEVEL_WORDS[level - 1] ?? 'HARD'}`,
    };
  });
  return {
    rows,
    bytes: puzzleSheet(
      rows.map((row) => [row.title, row.story, row.answer, row.level]),
      { asExcel: true },
    ),
  };
}
