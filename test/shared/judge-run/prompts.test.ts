// Judge prompts (issue 17 point 2): the built-in versions cite their sources, render every
// placeholder for both tasks, refuse an unknown placeholder with a clear error, and the prompt
// hash changes with the text and only with the text; a run's few-shot examples go where the
// template's {{examples}} says, else before its instructions, less the turn's own puzzle's (issue 34).

import { describe, expect, it } from 'vitest';
import type { FewShotExample } from '../../../shared/judge-run/few-shot-examples';
import { itemPromptSource } from '../../../shared/judge-run/item-prompt';
import {
  BUILT_IN_PROMPTS,
  builtInPrompt,
  DEFAULT_PROMPT_NAME,
  promptHash,
  renderPrompt,
  templateProblem,
  type PromptVersion,
} from '../../../shared/judge-run/prompts';
import { judgeStudy } from './judge-study';

const VALUES = { title: 'T', story: 'S', reference: 'R', keyClues: 'K', question: 'Q', finalAnswer: 'F', earlierTurns: 'E', examples: 'X' };

describe('judge prompts', () => {
  it('cites each source by repository and file, and says where our own words stand in for an unlicensed one', () => {
    const sources = BUILT_IN_PROMPTS.flatMap((prompt) => prompt.sources);
    expect([...new Set(sources.map((source) => source.repository))].sort()).toEqual([
      'chenqi008/LateralThinking',
      'lin-ruo/TurtleSoup-Bench',
      'mazzzystar/TurtleBench',
    ]);
    for (const source of sources) {
      expect(source.file).not.toBe('');
      expect(source.use).toMatch(source.licence === 'none stated' ? /our own text/ : /quoted/);
    }
  });

  it("has studio-1's order-swapped twin: the same questions, the final answer before the reference", () => {
    const studio = builtInPrompt('studio-1');
    const twin = builtInPrompt('studio-1 (order swapped)');
    expect(twin?.question).toBe(studio?.question);
    const final = twin?.final ?? '';
    expect(final.indexOf('{{finalAnswer}}')).toBeLessThan(final.indexOf('{{reference}}'));
    expect(studio?.final.indexOf('{{finalAnswer}}')).toBeGreaterThan(studio?.final.indexOf('{{reference}}') ?? 0);
  });

  it('renders every built-in template with no placeholder left', () => {
    for (const prompt of BUILT_IN_PROMPTS) {
      for (const template of [prompt.question, prompt.final]) {
        expect(templateProblem(template)).toBeUndefined();
        expect(renderPrompt(template, VALUES)).not.toMatch(/\{\{/);
      }
    }
    expect(builtInPrompt(DEFAULT_PROMPT_NAME)).toBeDefined();
  });

  it('puts the turn and its puzzle into the prompt of its task', () => {
    const study = judgeStudy([
      {
        id: 's1',
        turns: [
          { id: 't1', type: 'question' },
          { id: 't2', type: 'final' },
        ],
      },
    ]);
    const source = itemPromptSource(study, {
      question: 'Q {{title}} | {{story}} | {{keyClues}} | {{question}} | {{earlierTurns}}',
      final: 'F {{reference}} | {{finalAnswer}} | {{earlierTurns}}',
    });
    expect(source.textFor('t1')).toBe(
      'Q (none given) | A woman reads a novel in a room with no light. | - She needs no light. | Is it about light? [item:t1] | (none)',
    );
    expect(source.textFor('t2')).toBe('F She is blind and reads braille. | She is blind. [item:t2] | Question: Is it about light? [item:t1]');
    expect(() => source.textFor('nope')).toThrow(/no turn "nope"/);
  });

  it("fills {{examples}} with the run's examples less those of the turn's puzzle, and puts them first in a template that does not place them", () => {
    const study = judgeStudy([{ id: 's1', turns: [{ id: 't1', type: 'question' }] }]);
    const example = (unitId: string, puzzleId: string, question: string): FewShotExample => ({
      task: 'answer',
      unitId,
      puzzleId,
      story: `story of ${puzzleId}`,
      reference: `answer of ${puzzleId}`,
      keyClues: [],
      question,
      finalAnswer: '',
      answer: 'no',
      judged: 'yes',
    });
    const examples = { answer: [example('o1', 'p-other', 'Is it raining?'), example('l1', 'p-lamp', 'Is she blind?')], match: [] };
    const block =
      'Examples of questions people answered, from other puzzles:\n\nExample 1\nStory:\nstory of p-other\n\nAnswer:\nanswer of p-other\n\nQuestion: Is it raining?\nReply: no';
    const placed = itemPromptSource(study, { question: 'Judge.\n\n{{examples}}\n\nQ: {{question}}', final: '{{finalAnswer}}' }, examples);
    expect(placed.textFor('t1')).toBe(`Judge.\n\n${block}\n\nQ: Is it about light? [item:t1]`);
    const first = itemPromptSource(study, { question: 'Judge.\nQ: {{question}}', final: '{{finalAnswer}}' }, examples);
    expect(first.textFor('t1')).toBe(`${block}\n\nJudge.\nQ: Is it about light? [item:t1]`);
    // Without examples, a template without the placeholder reads as it did, and one with it as if it were empty.
    expect(itemPromptSource(study, { question: 'Judge.\nQ: {{question}}', final: '' }).textFor('t1')).toBe('Judge.\nQ: Is it about light? [item:t1]');
    expect(itemPromptSource(study, { question: '{{examples}}Q: {{question}}', final: '' }).textFor('t1')).toBe('Q: Is it about light? [item:t1]');
    // Only examples of the turn's own puzzle: none left, so the prompt is as without examples.
    expect(itemPromptSource(study, { question: 'Judge.\nQ: {{question}}', final: '' }, { answer: examples.answer.slice(1), match: [] }).textFor('t1')).toBe(
      'Judge.\nQ: Is it about light? [item:t1]',
    );
  });

  it('refuses an unknown placeholder, naming it and the ones it knows', () => {
    expect(() => renderPrompt('Story: {{stroy}}', VALUES)).toThrow(/unknown placeholder \{\{stroy\}\}; a template may use \{\{title\}\}, \{\{story\}\}/);
  });

  it('fills a value holding $ or braces as written, without expanding it again', () => {
    expect(renderPrompt('{{question}}', { ...VALUES, question: '$& costs {{story}}' })).toBe('$& costs {{story}}');
  });

  it('changes the hash with the text of either template, not with the name', () => {
    const base: PromptVersion = { name: 'a', question: 'Q {{question}}', final: 'F {{finalAnswer}}', sources: [] };
    expect(promptHash(base)).toMatch(/^[0-9a-f]{64}$/);
    const renamed: PromptVersion = { ...base, name: 'b' };
    expect(promptHash(renamed)).toBe(promptHash(base));
    expect(promptHash({ ...base, question: 'Q: {{question}}' })).not.toBe(promptHash(base));
    expect(promptHash({ ...base, final: 'F {{finalAnswer}} ' })).not.toBe(promptHash(base));
  });
});
