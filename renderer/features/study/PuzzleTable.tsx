// The study's puzzles in people's order with genre and session count; the lead also sees each
// puzzle's difficulty and bucket, which an annotator must not (a shown rating would anchor theirs).

import { useMemo, useState } from 'react';
import { puzzleDifficulty } from '../../../shared/domain/difficulty';
import type { Puzzle, Session } from '../../../shared/domain/model';
import { comparePuzzlesForPeople } from '../../../shared/domain/puzzle-order';
import { BucketBadge } from './BucketBadge';

/** Rows shown before "Show all", as for the sessions. */
const PUZZLES_SHOWN = 100;

export function PuzzleTable({
  stored,
  sessions,
  showDifficulty,
}: {
  stored: readonly Puzzle[] | undefined;
  sessions: readonly Session[] | undefined;
  showDifficulty: boolean;
}) {
  const puzzles = useMemo(() => stored && [...stored].sort(comparePuzzlesForPeople), [stored]);
  const sessionsByPuzzle = useMemo(() => {
    const counts = new Map<string, number>();
    for (const session of sessions ?? []) counts.set(session.puzzleId, (counts.get(session.puzzleId) ?? 0) + 1);
    return counts;
  }, [sessions]);
  const [puzzlesShown, setPuzzlesShown] = useState(PUZZLES_SHOWN);
  return (
    <>
      <h2>Puzzles</h2>
      <table className="data-table" aria-label="Puzzles">
        <thead>
          <tr>
            <th>Puzzle</th>
            {showDifficulty && <th className="num">Difficulty</th>}
            {showDifficulty && <th>Bucket</th>}
            <th>Genre</th>
            <th className="num">Sessions</th>
          </tr>
        </thead>
        <tbody>
          {(puzzles ?? []).slice(0, puzzlesShown).map((puzzle) => {
            const difficulty = puzzleDifficulty([], puzzle.difficulty);
            return (
              <tr key={puzzle.id}>
                <td>
                  <div className="strong">{puzzle.title ?? puzzle.id}</div>
                  <div className="muted small clamp">{puzzle.story}</div>
                </td>
                {showDifficulty && <td className="num">{difficulty.level ?? '–'}</td>}
                {showDifficulty && (
                  <td>
                    <BucketBadge bucket={difficulty.bucket} />
                  </td>
                )}
                <td>{puzzle.genre ?? ''}</td>
                <td className="num">{sessionsByPuzzle.get(puzzle.id) ?? 0}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(puzzles?.length ?? 0) > puzzlesShown && (
        <button type="button" className="chip" onClick={() => setPuzzlesShown(Number.POSITIVE_INFINITY)}>
          Show all {(puzzles?.length ?? 0).toLocaleString('en-US')} puzzles
        </button>
      )}
    </>
  );
}
