// A prompt version's few-shot examples in words, as the dialog's status and the Prompt versions
// list say them: how many were chosen of how many asked, per task, and whose corrections they are.

import type { PromptExamples } from '../../../shared/judge-run/stored-records';

/** "2 of 2 question examples and 1 of 2 final-answer examples, from people's corrections of arbiter-large" */
export function examplesText({ count, from, chosen }: PromptExamples): string {
  return `${chosen.answer.length} of ${count} question examples and ${chosen.match.length} of ${count} final-answer examples, from people's corrections of ${from}`;
}
