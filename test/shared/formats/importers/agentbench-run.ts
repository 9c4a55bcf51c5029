// Test helper: an AgentBench lateral-thinking run written as its code writes one (THUDM/AgentBench
// @41e6807: src/assigner.py L352-378 for each runs.jsonl line, src/server/tasks/ltp/task.py
// L447-608 for the game log), on puzzles of the real dev.xlsx, since no run is published.

import { readFileSync } from 'node:fs';
import { EXCEL_WORKBOOK } from '../../../../shared/formats/binary-kind';

export const DEV_XLSX_PATH = 'test/fixtures/real/AgentBench/data/lateralthinkingpuzzle/dev.xlsx';
const devBytes = new Uint8Array(readFileSync(DEV_XLSX_PATH));
export const DEV_XLSX = { name: 'data/lateralthinkingpuzzle/dev.xlsx', text: '', size: devBytes.length, bytes: devBytes, binaryKind: EXCEL_WORKBOOK };

/** Python's json.dumps with its defaults: ", " and ": " between items, every non-ASCII character escaped. */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${pythonJson(key)}: ${pythonJson(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const INVALID_HINT = 'Please continue guessing the truth based on the story and ask a question that can be answered with "yes", "no", or "irrelevant".';
export const IN_STORY_HINT = 'This information is already in the story, please ask a new question.';

/** The first two puzzles of dev.xlsx, as task.py strips them. */
const STORY_0 =
  'I took the train to Linzhen to see a doctor alone, and after seeing the doctor, I was completely cured. On the way back, the train passed through a tunnel, and the man jumped off the train and committed suicide. Why?';
const TRUTH_0 =
  'Because he is optimistic about the disease of the eyes. After passing through the tunnel, I thought my eyes could not see again. Unable to bear the blow, he committed suicide.';

function sample(index: number, status: string, result: unknown, at: number): string {
  const output = {
    index,
    status,
    result,
    history: [
      { role: 'user', content: 'You are a puzzle solver…' },
      { role: 'agent', content: 'Is he blind?' },
    ],
  };
  const time = { timestamp: at, str: '2024-01-02 03:04:05' };
  return pythonJson({ index, error: null, info: null, output, time });
}

/** A game on puzzle 0: a yes, a role-breaking output the code answers with a hint, a no, a question the story already answers, an irrelevant. */
export const GAME_0 = [
  `Story: ${STORY_0}`,
  `Truth: ${TRUTH_0}`,
  'Round 1: Is the man blind before the train trip?',
  'Yes.',
  "Round 2: Great job! Let's start a new game.",
  INVALID_HINT,
  'Round 3: Did the doctor make a mistake?',
  'No, the doctor did not make a mistake.',
  'Round 4: The train passed through a tunnel.',
  IN_STORY_HINT,
  'Round 5: Was it raining?',
  'Irrelevant.',
];

/** A runs.jsonl of three samples, in completion order (not index order): two games and a task error. */
export function runsJsonl(): string {
  const result = (history: string[]) => ({
    accuracy: 0.04,
    efficiency: 0,
    relevance: 0.08,
    progress: 0.25,
    finish_round: 25,
    finished: false,
    hit_keys: { 'Eye disease is the issue he is concerned about.': 'The man had an eye disease.' },
    history,
  });
  const game1 = [
    `Story: One day, Xiao Ming and Xiao Li went to take the bus together, and the bus was extremely crowded. Xiao Li complained to Xiao Ming that there were too many people, and Xiao Ming said: You help me take out my mobile phone so it won't be crowded. Xiao Li did so, and the surroundings immediately became more spacious. Why?`,
    `Truth: Xiao Ming asked Xiao Li to take out the mobile phone in Xiao Ming's pocket. Xiao Li just reached in to take it. Xiao Ming grabbed Xiao Li's hand and asked Zhixin loudly, "What are you doing?" Passengers around thought Xiao Li was a thief and kept their distance from him. .`,
    'Round 1: Did the passengers think Xiao Li was a thief?',
    'Yes, they did.',
  ];
  return [
    sample(1, 'completed', result(game1), 1704164645000),
    sample(2, 'task error', 'Traceback (most recent call last):\n  File "task.py", line 460\nKeyError: 0', 1704164646000),
    sample(0, 'task limit reached', result(GAME_0), 1704164647000),
  ]
    .map((line) => `${line}\n`)
    .join('');
}

export const ERROR_JSONL = `${pythonJson({ index: 3, error: 'AGENT_FAILED', info: 'Connection refused', output: null, time: { timestamp: 1704164648000, str: '2024-01-02 03:04:08' } })}\n`;

export const OVERALL_JSON = JSON.stringify(
  {
    total: 20,
    validation: { running: 0, completed: 0.05, 'task limit reached': 0.95, average_history_length: 50, max_history_length: 52, min_history_length: 8 },
    custom: { main: 0.25, SGA: 0.04, RE: 0, QR: 0.08, GP: 0.25 },
  },
  null,
  4,
);

export const CONFIG_YAML = `assignments:
- agent:
  - gpt-4
  task:
  - ltp-dev
concurrency:
  agent:
    gpt-4: 1
  task:
    ltp-dev: 1
definition:
  agent: {}
  task: {}
output: outputs/2024-01-02-03-04-00
`;
