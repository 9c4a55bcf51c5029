// The few-shot examples as a block of prompt text (issue 34 point 2), in the wording of the
// built-in templates of prompts.ts: each example's story, answer, the player's turn and the reply
// people gave. Pure; item-prompt.ts fills a template's {{examples}} with it.

import type { ReportTask } from '../report/model/report-model';
import type { FewShotExample } from './few-shot-examples';

const HEADINGS: Record<ReportTask, string> = {
  answer: 'Examples of questions people answered, from other puzzles:',
  match: 'Examples of final answers people judged, from other puzzles:',
};

/**
 * The block for the task's examples, or '' when there are none, so a template that places it
 * reads as it did without examples. Key clues are left out: the examples show where people draw
 * the line between labels, and the story and answer are what that line is drawn against.
 */
export function fewShotBlock(task: ReportTask, examples: readonly FewShotExample[]): string {
  if (examples.length === 0) return '';
  const shown = examples.map((example, i) => {
    const turn = task === 'answer' ? `Question: ${example.question}` : `Final answer: ${example.finalAnswer}`;
    return `Example ${i + 1}\nStory:\n${example.story}\n\nAnswer:\n${example.reference}\n\n${turn}\nReply: ${example.answer}`;
  });
  return `${HEADINGS[task]}\n\n${shown.join('\n\n')}`;
}
