// The buttons under the current unit: the previous and next unit of the queue, and the next unit
// still without gold (stressed once the current one is decided).

interface Props {
  canGoBack: boolean;
  canGoOn: boolean;
  decided: boolean;
  /** The next open unit after the current one; undefined when none is left. */
  nextOpen: string | undefined;
  onMove: (step: 1 | -1) => void;
  onOpen: (unitId: string) => void;
}

export function AdjudicationMoves({ canGoBack, canGoOn, decided, nextOpen, onMove, onOpen }: Props) {
  return (
    <div className="adjudication-moves">
      <button type="button" className="chip" disabled={!canGoBack} onClick={() => onMove(-1)}>
        Previous
      </button>
      <button type="button" className="chip" disabled={!canGoOn} onClick={() => onMove(1)}>
        Next
      </button>
      <button
        type="button"
        className={decided ? 'primary' : 'chip'}
        disabled={nextOpen === undefined}
        onClick={() => {
          if (nextOpen !== undefined) onOpen(nextOpen);
        }}
      >
        Next open disagreement
      </button>
    </div>
  );
}
