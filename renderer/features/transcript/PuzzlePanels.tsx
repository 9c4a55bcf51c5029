// A puzzle's story beside its reference answer (and key clues, where the caller shows them):
// the context every transcript and every labelling task opens with. Text only, never HTML.

import type { Puzzle } from '../../../shared/domain/model';

export function PuzzlePanels({
  puzzle,
  showKeyClues,
}: {
  puzzle: Pick<Puzzle, 'story' | 'reference'> & { keyClues: readonly string[] };
  showKeyClues: boolean;
}) {
  return (
    <div className="puzzle-panels">
      <div className="card">
        <div className="card-title">Story</div>
        <p className="prose" data-testid="story">
          {puzzle.story}
        </p>
      </div>
      <div className="card">
        <div className="card-title">Reference answer</div>
        <p className="prose" data-testid="reference">
          {puzzle.reference}
        </p>
        {showKeyClues && puzzle.keyClues.length > 0 && (
          <ul className="clues">
            {puzzle.keyClues.map((clue, index) => (
              <li key={index}>{clue}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
