// The text a judge model reads for one turn: a prompt version's template for the turn's task,
// filled with the turn's puzzle (title, story, reference, key clues), the turn, the session's
// earlier turns and the run's few-shot examples less those the leakage guard keeps from the turn.
// Indexes the study once so each item's prompt is built when it is asked.

import type { Puzzle, StudyData, Turn } from '../domain/model';
import type { ReportTask } from '../report/model/report-model';
import type { ChatEndpoint, ChatSender } from './chat-completions';
import { fewShotBlock } from './few-shot-block';
import { examplesFor, type FewShotExample } from './few-shot-examples';
import type { JudgeItem } from './items';
import { renderPrompt, templateUses, type PromptVersion } from './prompts';
import type { RunnerOptions } from './runner';

export interface ItemPromptSource {
  /** The prompt text for a turn; throws for a turn id the study does not hold. */
  textFor(turnId: string): string;
}

/** A run's few-shot examples of each task, chosen once for the run. */
export type RunExamples = Readonly<Record<ReportTask, readonly FewShotExample[]>>;

export const NO_EXAMPLES: RunExamples = { answer: [], match: [] };

export function itemPromptSource(
  data: Pick<StudyData, 'puzzles' | 'turns'>,
  prompt: Pick<PromptVersion, 'question' | 'final'>,
  examples: RunExamples = NO_EXAMPLES,
): ItemPromptSource {
  const puzzles = new Map<string, Puzzle>(data.puzzles.map((puzzle) => [puzzle.id, puzzle]));
  const turns = new Map<string, Turn>(data.turns.map((turn) => [turn.id, turn]));
  const sessions = new Map<string, Turn[]>();
  for (const turn of data.turns) {
    const list = sessions.get(turn.sessionId);
    if (list) list.push(turn);
    else sessions.set(turn.sessionId, [turn]);
  }
  return {
    textFor(turnId) {
      const turn = turns.get(turnId);
      const puzzle = turn && puzzles.get(turn.puzzleId);
      if (!turn || !puzzle) throw new Error(`the study holds no turn ${JSON.stringify(turnId)} with its puzzle`);
      // Earlier turns as the player wrote them, without any judge's label, so one judge's verdicts never steer another's.
      const earlier = (sessions.get(turn.sessionId) ?? []).filter((other) => other.index < turn.index).sort((a, b) => a.index - b.index);
      const template = turn.type === 'question' ? prompt.question : prompt.final;
      const task: ReportTask = turn.type === 'question' ? 'answer' : 'match';
      const block = fewShotBlock(task, examplesFor(examples[task], { id: turn.id, puzzleId: turn.puzzleId }));
      const text = renderPrompt(template, {
        title: puzzle.title ?? '(none given)',
        story: puzzle.story,
        reference: puzzle.reference,
        keyClues: puzzle.keyClues.length === 0 ? '(none given)' : puzzle.keyClues.map((clue) => `- ${clue}`).join('\n'),
        question: turn.type === 'question' ? turn.text : '',
        finalAnswer: turn.type === 'final' ? turn.text : '',
        earlierTurns:
          earlier.length === 0 ? '(none)' : earlier.map((other) => `${other.type === 'question' ? 'Question' : 'Final answer'}: ${other.text}`).join('\n'),
        examples: block,
      });
      // A template that does not place the examples gets them first, before its instructions: the
      // turn's own story, answer and turn then stay together at the end, where every built-in
      // template puts them and the model reads them last. Without examples the text is as before.
      return block === '' || templateUses(template, 'examples') ? text : `${block}\n\n${text}`;
    },
  };
}

/**
 * The runner's `ask`: an item's prompt as one user message to the endpoint. The text is built per
 * request and dropped after. An endpoint that refuses the request for its `logprobs` (a model that
 * cannot give them, an older server) is asked again without, and from then on the run asks for
 * none: its labels stand, without a probability.
 */
export function judgeAsker(prompts: ItemPromptSource, endpoint: ChatEndpoint, send: ChatSender): RunnerOptions['ask'] {
  let asked = endpoint;
  return async (item: JudgeItem, signal) => {
    const messages = [{ role: 'user' as const, content: prompts.textFor(item.turnId) }];
    const outcome = await send(asked, messages, signal);
    if (outcome.ok || asked.topLogprobs === undefined || outcome.failure.kind !== 'refused' || !/logprob/i.test(outcome.failure.reason)) return outcome;
    asked = { ...asked };
    delete asked.topLogprobs;
    return send(asked, messages, signal);
  };
}
