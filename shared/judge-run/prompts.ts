// Judge prompts (issue 17 point 2): the built-in versions, each with one template for question
// turns (task `answer`) and one for final turns (task `match`), filled by the template language of
// shared/domain/prompt-template.ts. A prompt version is identified by its name and the SHA-256
// of its text, which every run records, so a lead can tell which wording gave which labels.

import { ORDER_SWAPPED } from '../domain/model';
import { sha256Hex } from '../formats/sha256';
import { canonicalJson } from '../formats/canonical-json';
import type { RunExamples } from './item-prompt';

// The template language lives with the domain, so a bundle's judge prompts are checked when it is read.
export { PROMPT_PLACEHOLDERS, renderPrompt, templateProblem, templateUses, type PromptPlaceholder } from '../domain/prompt-template';

export interface PromptSource {
  repository: string;
  file: string;
  licence: string;
  /** How our text relates to the source's: quoted (with its licence) or our own words after its structure. */
  use: string;
}

export interface PromptVersion {
  name: string;
  /** For a question turn; the reply is read as yes / no / irrelevant. */
  question: string;
  /** For a final answer; the reply is read as matched / unmatched. */
  final: string;
  sources: PromptSource[];
}

const SPLAT: PromptSource = {
  repository: 'chenqi008/LateralThinking',
  file: 'config.yaml (prompt.prompt_judge_init)',
  licence: 'none stated',
  use: 'our own text, following its structure: read story and answer, reply only yes, no or irrelevant, confirm a correct final answer',
};

const TURTLESOUP_BENCH: PromptSource = {
  repository: 'lin-ruo/TurtleSoup-Bench',
  file: 'Code/Responder.py (prompt_answer and prompt_is_key templates)',
  licence: 'none stated',
  use: 'our own text, following its structure: surface and bottom in the prompt, the key clues (tips) beside them, the question on its own',
};

const TURTLEBENCH: PromptSource = {
  repository: 'mazzzystar/TurtleBench',
  file: 'prompts/simple_prompt_en.txt',
  licence: 'Apache-2.0',
  use: 'quoted verbatim (Copyright the TurtleBench authors, Apache License 2.0), with {surface} and {bottom} as our placeholders and the guess appended',
};

// Our own words after SPLAT's judge (rules, then yes/no/irrelevant only, "Congratulations" for a
// correct final answer) and TurtleSoup-Bench's responder (the key clues listed for the judge).
const STUDIO_QUESTION = `You are the judge of a situation puzzle (lateral thinking puzzle). The player has read only the story; you know the full answer. Read both and make sure you understand how the answer explains the story.

Story:
{{story}}

Answer:
{{reference}}

Key clues:
{{keyClues}}

The player asks a yes/no question. Judge it against the answer:
- reply "yes" if the answer (or what follows from it) makes the question true;
- reply "no" if the answer makes it false;
- reply "irrelevant" if the answer does not settle it, or it does not matter to the puzzle.
If there are several questions, judge only the first. Reply with exactly one word: yes, no or irrelevant.

Question: {{question}}`;

const STUDIO_FINAL = `You are the judge of a situation puzzle (lateral thinking puzzle). The player has read only the story; you know the full answer. Read both and make sure you understand how the answer explains the story.

Story:
{{story}}

Answer:
{{reference}}

Key clues:
{{keyClues}}

The player now gives a final explanation. Decide whether it matches the answer: it matches when it gets the key clues and the answer's main explanation right, even in other words; details the player leaves out do not matter, a wrong main explanation does.
Reply with exactly one word: matched or unmatched.

Final answer: {{finalAnswer}}`;

// studio-1's final template with the player's explanation before the answer (issue 31 point 3):
// run beside studio-1, the share of verdicts that change is the order check of the report's bias
// checks. Its questions are studio-1's, which have no reference and guess to swap.
const STUDIO_FINAL_ORDER_SWAPPED = `You are the judge of a situation puzzle (lateral thinking puzzle). The player has read only the story; you know the full answer. Read the story, the player's final explanation and the answer, and make sure you understand how the answer explains the story.

Story:
{{story}}

The player's final explanation: {{finalAnswer}}

Answer:
{{reference}}

Key clues:
{{keyClues}}

Decide whether the player's final explanation, given above before the answer, matches the answer: it matches when it gets the key clues and the answer's main explanation right, even in other words; details the player leaves out do not matter, a wrong main explanation does.
Reply with exactly one word: matched or unmatched.`;

// TurtleBench's judge prompt as published (prompts/simple_prompt_en.txt, Apache-2.0, Copyright
// the TurtleBench authors); only its {surface}/{bottom} became our placeholders and the guess
// follows on the last line, where TurtleBench sends it as the user message.
const TURTLEBENCH_PROMPT = (
  guess: string,
) => `You are a referee in a game. In this game, players are shown the <Surface>, and you are told the <Bottom>. You need to understand the entire story based on the <Surface> and the <Bottom>. Players will make guesses based on the <Surface>, and you need to judge whether their guesses are correct. Please strictly adhere to responding with only the specified three answers: Correct, Incorrect, or Unknown.

## Judging Rules
   - If the player's guess is correct, or the answer is affirmative: please reply only with "Correct", and do not provide any explanation.
   - If the player's guess is incorrect, or the answer is negative: please reply only with "Incorrect", and do not provide any explanation.
   - If the player's guess cannot be answered from the <Surface> and <Bottom>, and cannot be concluded through reasoning: please reply only with "Unknown", and do not provide any explanation.

## Important Notes
1. Players can only see the <Surface>, so they make guesses based on the <Surface>. For example, if a player asks, "He didn't drink turtle soup," they are asking whether he drank turtle soup in the <Surface>. Even if he had drunk other soups in the <Bottom>, you should judge whether he drank turtle soup in the <Surface>.
2. For any conclusions that cannot be drawn from the provided story, you should answer "Unknown". For example, if a player's guess concerns details not mentioned in the story, and these details cannot be deduced through reasoning, then you should answer "Unknown".
3. Strictly adhere to responding only with the specified three answers: Correct, Incorrect, or Unknown.

## Question Content
### Surface
{{story}}

### Bottom
{{reference}}

Now, please judge the following player's guess:
${guess}`;

export const BUILT_IN_PROMPTS: readonly PromptVersion[] = [
  { name: 'studio-1', question: STUDIO_QUESTION, final: STUDIO_FINAL, sources: [SPLAT, TURTLESOUP_BENCH] },
  // Named as the report pairs a judge with its order-swapped twin.
  { name: `studio-1${ORDER_SWAPPED}`, question: STUDIO_QUESTION, final: STUDIO_FINAL_ORDER_SWAPPED, sources: [SPLAT, TURTLESOUP_BENCH] },
  { name: 'turtlebench', question: TURTLEBENCH_PROMPT('{{question}}'), final: TURTLEBENCH_PROMPT('{{finalAnswer}}'), sources: [TURTLEBENCH] },
];

export const DEFAULT_PROMPT_NAME = 'studio-1';

export function builtInPrompt(name: string): PromptVersion | undefined {
  return BUILT_IN_PROMPTS.find((prompt) => prompt.name === name);
}

/**
 * SHA-256 of the two templates (canonical JSON), and of the few-shot examples when the version
 * carries some: the name and sources are labels, the text is what the model reads. A version
 * without examples hashes as it did before examples existed.
 */
export function promptHash(prompt: Pick<PromptVersion, 'question' | 'final'> & { examples?: { chosen: RunExamples } }): string {
  const { question, final, examples } = prompt;
  return sha256Hex(canonicalJson(examples === undefined ? { question, final } : { question, final, examples: examples.chosen }));
}
