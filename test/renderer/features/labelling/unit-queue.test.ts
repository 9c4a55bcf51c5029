// The unit queue: units in a fixed order (puzzle, session, turn), earlier questions read off
// the queue, and units that carry nothing of the judge.

import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain/model';
import { buildUnitQueue, earlierQuestions, unitName } from '../../../../renderer/features/labelling/unit-queue';
import { demoStudy } from '../../db/db-fixtures';

const demo = demoStudy();

function turn(sessionId: string, puzzleId: string, index: number, type: Turn['type'] = 'question'): Turn {
  return {
    studyId: 's',
    id: `${sessionId}/${index + 1}`,
    sessionId,
    puzzleId,
    index,
    type,
    text: `${sessionId} ${index}`,
    judgements: { judge: type === 'question' ? 'yes' : 'matched' },
    judgeReply: 'Correct!',
  };
}

describe('buildUnitQueue', () => {
  it('holds every question, final answer and puzzle of the demo study once', () => {
    expect(buildUnitQueue('answer', demo.puzzles, demo.turns)).toHaveLength(280);
    expect(buildUnitQueue('match', demo.puzzles, demo.turns)).toHaveLength(43);
    expect(buildUnitQueue('difficulty', demo.puzzles, demo.turns)).toHaveLength(15);
    const ids = buildUnitQueue('answer', demo.puzzles, demo.turns).map((unit) => unit.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('orders by puzzle, then session, then turn index (not by id, where "/10" sorts before "/2")', () => {
    const turns = [
      turn('s-b', 'p-1', 1),
      turn('s-a', 'p-2', 0),
      turn('s-b', 'p-1', 10),
      turn('s-b', 'p-1', 0),
      turn('s-c', 'p-1', 0),
      turn('s-b', 'p-1', 2, 'final'),
    ];
    const queue = buildUnitQueue('answer', [], turns);
    expect(queue.map((unit) => unit.id)).toEqual(['s-b/1', 's-b/2', 's-b/11', 's-c/1', 's-a/1']);
    expect(queue.map((unit) => unit.sessionStart)).toEqual([0, 0, 0, 3, 4]);
    expect(buildUnitQueue('match', [], turns).map((unit) => unit.id)).toEqual(['s-b/3']);
  });

  it('orders numbered puzzles and sessions by number, as the study page lists them', () => {
    const turns = [turn('s-10', 'p-10', 0), turn('s-9', 'p-9', 0), turn('s-2', 'p-10', 0), turn('s-1', 'p-100', 0)];
    expect(buildUnitQueue('answer', [], turns).map((unit) => unit.id)).toEqual(['s-9/1', 's-2/1', 's-10/1', 's-1/1']);
  });

  it('keeps no judge label or judge reply on any unit', () => {
    for (const task of ['answer', 'match', 'difficulty'] as const) {
      for (const unit of buildUnitQueue(task, demo.puzzles, demo.turns)) {
        expect(Object.keys(unit).sort()).toEqual(['id', 'kind', 'puzzleId', 'sessionId', 'sessionStart', 'text', 'turnIndex']);
      }
    }
  });
});

describe('earlierQuestions', () => {
  it('gives the questions before a unit in its own session, in order', () => {
    const queue = buildUnitQueue('answer', [], [turn('s-1', 'p', 0), turn('s-1', 'p', 1), turn('s-1', 'p', 2), turn('s-2', 'p', 0), turn('s-2', 'p', 1)]);
    expect(earlierQuestions(queue, 0)).toEqual([]);
    expect(earlierQuestions(queue, 2).map((unit) => unit.id)).toEqual(['s-1/1', 's-1/2']);
    expect(earlierQuestions(queue, 3)).toEqual([]);
    expect(earlierQuestions(queue, 4).map((unit) => unit.id)).toEqual(['s-2/1']);
  });

  it('gives nothing for final answers and puzzles', () => {
    const finals = buildUnitQueue('match', demo.puzzles, demo.turns);
    expect(earlierQuestions(finals, 1)).toEqual([]);
  });
});

describe('unitName', () => {
  it('names units the way screen readers announce them', () => {
    const [question] = buildUnitQueue('answer', [], [turn('s-1', 'p', 2)]);
    const [final] = buildUnitQueue('match', [], [turn('s-1', 'p', 4, 'final')]);
    expect(unitName(question!, undefined)).toBe('question 3');
    expect(unitName(final!, undefined)).toBe('final answer (turn 5)');
  });
});
