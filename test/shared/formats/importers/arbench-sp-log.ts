// Test helper: AR-Bench situation-puzzle logs written as its code writes them (tmlr-group/AR-Bench
// @9971322, arbench/reasoner/sp/sp_evaluator.py: each method's record keys and `record` shape,
// json.dump(logs, f, indent=4), ASCII-escaped, no final newline), on stories made up for these
// tests; the repository states no licence, so none of its data or prompts is used.

/** Python's json.dump with indent=4 and its defaults: "," and ": " between items, every non-ASCII character escaped. */
export function pythonDump(value: unknown, depth = 0): string {
  const pad = (n: number) => ' '.repeat(4 * n);
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[\n${value.map((item) => pad(depth + 1) + pythonDump(item, depth + 1)).join(',\n')}\n${pad(depth)}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${pad(depth + 1)}${pythonDump(key)}: ${pythonDump(item, depth + 1)}`).join(',\n')}\n${pad(depth)}}`;
  }
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const STORIES = [
  {
    surface: 'Every morning at six a baker throws a whole tray of perfect loaves into the river, smiling. Why?',
    bottom: 'The first tray of the day tells him whether his old oven heats evenly; he feeds it to the ducks his late wife used to feed.',
  },
  {
    surface: 'A lighthouse keeper put out the light on the calmest night of the year, and the town thanked him. Why?',
    bottom: 'A meteor shower was due; having made sure no ship was near, he darkened the coast so the town could watch it.',
  },
  {
    surface: 'Zoë found her own name carved into a table of a café she had never been to. Why?',
    bottom: 'Her grandmother, also called Zoë, carved it there in 1962 on the day she met Zoë’s grandfather.',
  },
] as const;

export const NOT_A_QUESTION = 'This is not a question, please propose your next question';

/** A stand-in for the policy's system prompt (METHOD_DICT's templates hold the story and the turn count). */
const systemPrompt = (surface: string, turns: number) => `Stand-in instructions: ask up to ${turns} yes-or-no questions about this story.\n${surface}`;
/** A stand-in for get_answer_prompt. */
export const FINAL_PROMPT = 'Stand-in request: now give your answer as "A: ...".';

type Pair = readonly [question: string, answer: string];

/** A zero_shot / few_shot / few_shot_inst record (L384-440): the policy's chat, the judge's answers as user messages. */
export function chatRecord(idx: number, pairs: readonly Pair[], pred: string) {
  const story = STORIES[idx] ?? STORIES[0];
  const record: Array<{ role: string; content: string }> = [{ role: 'system', content: systemPrompt(story.surface, pairs.length) }];
  pairs.forEach(([question, answer], turn) => {
    record.push({ role: 'user', content: `Turn ${turn + 1}: please propose your next question.` });
    record.push({ role: 'assistant', content: question });
    record.push({ role: 'user', content: answer });
  });
  record.push({ role: 'user', content: FINAL_PROMPT }, { role: 'assistant', content: pred });
  return {
    idx,
    question: story.surface,
    answer: story.bottom,
    pred,
    f1_score_char: 0.4166666666666667,
    f1_score_word: 0,
    round: pairs.length,
    input_token: 5321,
    output_token: 187,
    record,
  };
}

/** A zero_shot-family log of puzzles 0 and 1: a yes, a no, an Unknown (irrelevant) and a "not a question" reply, stripped of its period as the code stores them. */
export function zeroShotLog(): string {
  return pythonDump([
    chatRecord(
      0,
      [
        ['Q: Is the bread thrown away on purpose?', 'Yes'],
        ['Q: Is the baker ill?', 'No'],
        ['Q: Is the river cold?', 'Unknown'],
      ],
      'A: He tests his oven with the first tray and feeds it to the ducks.',
    ),
    chatRecord(
      1,
      [
        ['Q: Was a ship in danger?', 'No'],
        ['A: He wanted the town to see the stars.', NOT_A_QUESTION],
        ['Q: Was something to be seen in the sky?', 'Yes'],
      ],
      'A: He darkened the coast for a meteor shower.',
    ),
  ]);
}

/** tot's chosen path at each of 2 levels and the other two branches of each level (L107-173, L255-275). */
const TOT_LEVELS: ReadonlyArray<readonly [chosen: Pair, others: readonly Pair[]]> = [
  [
    ['Q: Does the baker mean to throw the bread away?', 'Yes'],
    [
      ['Q: Is the bread poisoned?', 'No'],
      ['Q: Is the river polluted?', 'Unknown'],
    ],
  ],
  [
    ['Q: Is the bread eaten by animals?', 'Yes'],
    [
      ['Q: Is it a religious ritual?', 'No'],
      ['Q: Does the baker hate bread?', 'No'],
    ],
  ],
];

/** The tot log of puzzle 0 (2 rounds, branch 3) and its `_tree.json`, the chosen node of each level put second among its siblings. */
export function totFiles(): { log: string; tree: string } {
  const story = STORIES[0];
  const pred = 'A: He checks his oven and feeds the ducks.';
  const log = [
    {
      idx: 0,
      question: story.surface,
      answer: story.bottom,
      pred,
      f1_score_char: 0.3,
      f1_score_word: 0.12,
      round: TOT_LEVELS.length,
      record: TOT_LEVELS.map(([[question, answer]]) => ({ question, answer })),
    },
  ];
  const nodes: Array<{ question: string; answer: string; level: number; chosen: boolean }> = [{ question: story.surface, answer: '', level: 0, chosen: true }];
  TOT_LEVELS.forEach(([[question, answer], others], level) => {
    const [first, second] = others;
    const node = (pair: Pair | undefined, chosen: boolean) => ({ question: pair?.[0] ?? '', answer: pair?.[1] ?? '', level: level + 1, chosen });
    // The last node selected is never marked chosen (L313).
    nodes.push(node(first, false), node([question, answer], level < TOT_LEVELS.length - 1), node(second, false));
  });
  return { log: pythonDump(log), tree: pythonDump([nodes]) };
}

/** A proactive_cot record (L551-562): the judge's raw replies; one turn skipped for want of a `Q:` line, so 2 pairs in 3 rounds. */
export function proactiveCotLog(): string {
  const story = STORIES[2];
  return pythonDump([
    {
      idx: 2,
      question: story.surface,
      answer: story.bottom,
      pred: 'Someone in her family with the same name carved it long ago.',
      f1_score_char: 0.5555555555555556,
      f1_score_word: 0.2,
      round: 3,
      record: [
        { question: 'Did someone else with her name carve it?', answer: 'Yes.' },
        { question: 'Did Zoë carve it herself while sleepwalking?', answer: 'No, she has never been there.' },
      ],
      input_token: 2048,
      output_token: 512,
    },
  ]);
}

/** A uot record (L1014-1025): its round is the 2 turns played before one candidate answer was left. */
export function uotLog(): string {
  const story = STORIES[1];
  return pythonDump([
    {
      idx: 1,
      question: story.surface,
      answer: story.bottom,
      pred: 'The keeper turned the light off so the town could watch a meteor shower.',
      f1_score_char: 0.6,
      f1_score_word: 0.35,
      round: 2,
      record: [
        { question: 'Was there something to see in the night sky?', answer: 'Yes' },
        { question: 'Was the light broken?', answer: 'No.' },
      ],
      input_token: 90210,
      output_token: 4096,
    },
  ]);
}
