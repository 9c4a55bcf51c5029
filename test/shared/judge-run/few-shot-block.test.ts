// The few-shot examples as prompt text: one heading per task, each example's story, answer, turn
// and people's reply in order, and nothing at all when there are no examples.

import { describe, expect, it } from 'vitest';
import { fewShotBlock } from '../../../shared/judge-run/few-shot-block';
import type { FewShotExample } from '../../../shared/judge-run/few-shot-examples';

function example(overrides: Partial<FewShotExample>): FewShotExample {
  return {
    task: 'answer',
    unitId: 'u1',
    puzzleId: 'p-lamp',
    story: 'A woman reads a novel in a room with no light.',
    reference: 'She is blind and reads braille.',
    keyClues: ['She needs no light.'],
    question: 'Is she blind?',
    finalAnswer: '',
    answer: 'yes',
    judged: 'irrelevant',
    ...overrides,
  };
}

describe('fewShotBlock', () => {
  it('shows questions with the reply people gave', () => {
    const block = fewShotBlock('answer', [example({}), example({ unitId: 'u2', question: 'Is it night?', answer: 'irrelevant', judged: 'no' })]);
    expect(block).toBe(
      [
        'Examples of questions people answered, from other puzzles:',
        '',
        'Example 1',
        'Story:',
        'A woman reads a novel in a room with no light.',
        '',
        'Answer:',
        'She is blind and reads braille.',
        '',
        'Question: Is she blind?',
        'Reply: yes',
        '',
        'Example 2',
        'Story:',
        'A woman reads a novel in a room with no light.',
        '',
        'Answer:',
        'She is blind and reads braille.',
        '',
        'Question: Is it night?',
        'Reply: irrelevant',
      ].join('\n'),
    );
    expect(block).not.toContain('She needs no light.');
  });

  it('shows final answers with the verdict people gave', () => {
    const block = fewShotBlock('match', [example({ task: 'match', question: '', finalAnswer: 'She reads braille.', answer: 'matched', judged: 'unmatched' })]);
    expect(block.startsWith('Examples of final answers people judged, from other puzzles:\n\nExample 1\n')).toBe(true);
    expect(block.endsWith('Final answer: She reads braille.\nReply: matched')).toBe(true);
  });

  it('is empty without examples', () => {
    expect(fewShotBlock('answer', [])).toBe('');
  });
});
