// Test helper: a small, faithful re-implementation of how TurtleSoup-Bench writes a game file
// (turtle_system.py _build_result and _save_result: the path, the key order, json.dump with
// indent 2 and ensure_ascii False), and a made-up run of six games that covers its cases:
// solved, unsolved at the round limit, an invalid answer, an exception, Chinese text, a title
// with trailing spaces, and `<Key Clue>` with and without a space. TSB publishes no game files.

/** A Python float, which json.dump writes with its decimal point (12.0, not 12). */
class PyFloat {
  constructor(readonly value: number) {}
}

type PyValue = string | number | boolean | null | PyFloat | PyValue[] | { [key: string]: PyValue };

/** json.dumps(value, ensure_ascii=False, indent=2). */
export function pythonJsonDump(value: PyValue, indent = ''): string {
  const inner = `${indent}  `;
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((item) => inner + pythonJsonDump(item, inner)).join(',\n')}\n${indent}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonJsonDump(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export interface RunSettings {
  saveDir: string;
  dataset: string;
  questioner: string;
  responder: string;
  evaluator: string;
  language: 'en' | 'zh';
  maxQuestions: number;
}

export interface Story {
  title: string;
  setup: string;
  solution: string;
  tips: string[];
}

type Message = { type: 'question' | 'answer'; content: string } | { type: 'conclusion'; content: { details: string[]; logic: string[]; conclusion: string } };

export interface GameOutcome {
  status: 'success' | 'failure' | 'error';
  questionsUsed: number;
  durationSec: number;
  error?: string;
  evaluation?: { logic_accuracy: number; details_accuracy: number; conclusion_match: number; overall_score: number; details: Record<string, string> };
}

/** _build_result, plus the evaluation run_scenario adds for success and failure. */
function buildResult(run: RunSettings, story: Story, history: readonly Message[], outcome: GameOutcome): PyValue {
  const result: Record<string, PyValue> = {
    metadata: {
      title: story.title,
      status: outcome.status,
      questions_used: outcome.questionsUsed,
      duration_sec: new PyFloat(outcome.durationSec),
      error: outcome.status === 'error' ? (outcome.error ?? null) : null,
      questioner_model: run.questioner,
      responder_model: run.responder,
      evaluator_model: run.evaluator,
      language: run.language,
      max_questions_setting: run.maxQuestions,
    },
    content: {
      surface: story.setup,
      bottom_line: story.solution,
      tips_provided: story.tips,
      conversation: history.map((msg, i) => ({ turn: Math.floor(i / 2) + 1, type: msg.type, content: msg.content })),
    },
  };
  if (outcome.evaluation !== undefined) {
    const e = outcome.evaluation;
    result.evaluation = {
      logic_accuracy: new PyFloat(e.logic_accuracy),
      details_accuracy: new PyFloat(e.details_accuracy),
      conclusion_match: new PyFloat(e.conclusion_match),
      overall_score: new PyFloat(e.overall_score),
      details: e.details,
    };
  }
  return result;
}

/** _save_result's path: models with `/` and `:` as `-`, `\/*?:"<>|` dropped from the title. */
function savePath(run: RunSettings, title: string): string {
  const model = (name: string) => name.replace(/\//g, '-').replace(/:/g, '-');
  const folder = `${run.saveDir}/${run.dataset}/Q-${model(run.questioner)}_R-${model(run.responder)}`;
  const titleSanitized = title.replace(/[\\/*?:"<>|]/g, '').slice(0, 100);
  return `${folder}/${titleSanitized}_Q-${model(run.questioner)}_R-${model(run.responder)}_E-${model(run.evaluator)}_Epoch${run.maxQuestions}_${run.language}.json`;
}

export interface GameFile {
  path: string;
  text: string;
}

export function writeGame(run: RunSettings, story: Story, history: readonly Message[], outcome: GameOutcome): GameFile {
  return { path: savePath(run, story.title), text: pythonJsonDump(buildResult(run, story, history, outcome)) };
}

const q = (content: string): Message => ({ type: 'question', content });
const a = (content: string): Message => ({ type: 'answer', content });
const conclusion = (conclusionText: string, logic: string[], details: string[]): Message => ({
  type: 'conclusion',
  content: { details, logic, conclusion: conclusionText },
});
const evaluation = (overall: number) => ({
  logic_accuracy: overall,
  details_accuracy: overall,
  conclusion_match: overall,
  overall_score: overall,
  details: { comment: 'scored by the evaluator' },
});

const EN: RunSettings = {
  saveDir: 'results',
  dataset: 'Crime_Thriller',
  questioner: 'gpt-4o',
  responder: 'deepseek/deepseek-chat',
  evaluator: 'qwen-max',
  language: 'en',
  maxQuestions: 3,
};
const ZH: RunSettings = { ...EN, dataset: 'Supernatural_Horror', language: 'zh' };
const OTHER_PLAYER: RunSettings = { ...EN, questioner: 'glm-4:plus' };

const LAST_CALL: Story = {
  title: 'The Last Call',
  setup: 'A man hangs up the phone and cries with joy.',
  solution: 'The call told him his kidney donor was found.',
  tips: ['He was ill.', 'The caller was a hospital.'],
};
const TRAIN: Story = {
  title: 'Midnight Train  ',
  setup: 'She got off the train one stop early and lived.',
  solution: 'She saw the driver asleep and jumped off before the crash.',
  tips: [],
};
const LIGHTHOUSE: Story = {
  title: 'The Lighthouse',
  setup: 'The keeper turned off the light and a hundred died.',
  solution: 'He forgot a ship was due.',
  tips: ['A ship was due.'],
};
const WELL: Story = {
  title: 'The Well',
  setup: 'He drank from the well and never thirsted again.',
  solution: 'The well water was poisoned.',
  tips: ['He died.'],
};
const MIRROR: Story = {
  title: '镜子里的人',
  setup: '她每天早上对着镜子微笑，直到有一天镜子里的人没有笑。',
  solution: '那是一扇窗户，对面住着她的双胞胎姐妹。',
  tips: ['镜子其实是窗户。'],
};

/** A made-up run: six games, two runs (two players), two genres, en and zh. */
export function sixGames(): GameFile[] {
  return [
    // Solved after two questions: the player sends SUMMARY_TRIGGER at q_num 2.
    writeGame(
      EN,
      LAST_CALL,
      [
        q('Was it good news?'),
        a('yes<Key Clue>'),
        q('Was it about money?'),
        a('no'),
        conclusion('A donor was found for his transplant.', ['good news', 'medical'], ['"hospital call', ' donor"']),
      ],
      { status: 'success', questionsUsed: 2, durationSec: 12, evaluation: evaluation(0.83) },
    ),
    // Unsolved: three questions, the round limit, then the conclusion it must give.
    writeGame(
      EN,
      TRAIN,
      [
        q('Did she know the train would crash?'),
        a('unknown'),
        q('Did she see something?'),
        a('no<Key Clue>'),
        q('Was she a driver?'),
        a('yes'),
        conclusion('She had a bad dream.', ['premonition'], []),
      ],
      { status: 'failure', questionsUsed: 3, durationSec: 20.5, evaluation: evaluation(0.17) },
    ),
    // An answer with a space before the mark fails validate_answer: status error, questions_used q_num + 1.
    writeGame(EN, LIGHTHOUSE, [q('Was the light broken?'), a('no'), q('Was a ship coming?'), a('yes <Key Clue>')], {
      status: 'error',
      questionsUsed: 2,
      durationSec: 7.25,
      error: 'Invalid answer format: yes <Key Clue>',
    }),
    // The evaluator raised: questions_used 0, the conclusion is in the history, no evaluation.
    writeGame(EN, WELL, [q('Did he die?'), a('yes'), conclusion('He died of poison.', ['poison'], ['the well'])], {
      status: 'error',
      questionsUsed: 0,
      durationSec: 3,
      error: 'Evaluation failed: timeout',
    }),
    writeGame(
      ZH,
      MIRROR,
      [
        q('镜子里的人是她自己吗？'),
        a('no<Key Clue>'),
        q('那是一扇窗户吗？'),
        a('yes'),
        conclusion('镜子其实是窗户，对面是她的双胞胎姐妹。', ['窗户', '双胞胎'], ['对面的人']),
      ],
      { status: 'success', questionsUsed: 2, durationSec: 15.5, evaluation: evaluation(1) },
    ),
    // The same story played by another player: the same puzzle, another session.
    writeGame(OTHER_PLAYER, LAST_CALL, [q('Did someone die?'), a('unknown'), conclusion('He won the lottery.', [], [])], {
      status: 'failure',
      questionsUsed: 1,
      durationSec: 9.9,
      evaluation: evaluation(0),
    }),
  ];
}

/** run_log_*.txt as tools.py RunLogger starts it: given by mistake with the games. */
export function runLog(): GameFile {
  return {
    path: `results/Crime_Thriller/Q-gpt-4o_R-deepseek-deepseek-chat/run_log_Crime_Thriller_Q-gpt-4o_R-deepseek-deepseek-chat.txt`,
    text: '===== Run Log: Crime_Thriller | Models: Q-gpt-4o_R-deepseek-deepseek-chat | Start Time: 2026-11-20 10:00:00 =====\n',
  };
}

/** run_single_scenario_wrapper's result when the engine itself failed: the story as loaded, no conversation. */
export function wrapperErrorGame(run: RunSettings, story: Story, error: string): GameFile {
  const result: PyValue = {
    metadata: {
      title: story.title,
      status: 'error',
      error: `Wrapper error: ${error}`,
      questioner_model: run.questioner,
      responder_model: run.responder,
      evaluator_model: run.evaluator,
      language: run.language,
      max_questions_setting: run.maxQuestions,
    },
    content: { title: story.title, setup: story.setup, solution: story.solution, tips: story.tips },
    evaluation: {},
  };
  return { path: savePath(run, story.title), text: pythonJsonDump(result) };
}

export const ENGLISH_RUN = EN;
