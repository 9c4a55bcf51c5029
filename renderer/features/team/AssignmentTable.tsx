// The stored assignment as a table: one row per puzzle, one column per annotator, and in each
// cell two toggles, the puzzle's turns and its difficulty, that edit the assignment by hand.
// Rows are virtualised (975 puzzles x 55 annotators stays smooth); a search narrows them so a
// keyboard user reaches any puzzle without tabbing through the others.

import { memo, useId, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Study } from '../../../shared/domain/model';
import type { PuzzleAssignmentRow } from '../../../shared/study/assignment-table';
import type { TeamMember } from './annotator-list';
import { PackUpdateNotice } from './PackUpdateNotice';
import { cellKey, useAssignmentTable, type AssignmentCell, type AssignmentPart } from './useAssignmentTable';

const ROW_HEIGHT = 36;
const OVERSCAN_ROWS = 10;
const HEADER_ROWS = 2;

const PART_TEXT: Record<AssignmentPart, { short: string; long: string }> = {
  turns: { short: 'T', long: 'Turns' },
  difficulty: { short: 'D', long: 'Difficulty' },
};

interface RowProps {
  row: PuzzleAssignmentRow;
  /** 1-based, counting the two header rows, for aria-rowindex. */
  rowIndex: number;
  team: readonly TeamMember[];
  /** Keys of this row's cells being saved, joined by newlines ('' for none), so other rows stay memoised. */
  pendingCells: string;
  onToggle(cell: AssignmentCell, assigned: boolean): void;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Rows are rebuilt on every stored change; a row whose cells did not change keeps its DOM untouched. */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.row.puzzleId === b.row.puzzleId &&
    a.row.title === b.row.title &&
    a.row.turnUnits === b.row.turnUnits &&
    sameList(a.row.turns, b.row.turns) &&
    sameList(a.row.difficulty, b.row.difficulty) &&
    a.rowIndex === b.rowIndex &&
    a.team === b.team &&
    a.pendingCells === b.pendingCells &&
    a.onToggle === b.onToggle
  );
}

const PuzzleRow = memo(function PuzzleRow({ row, rowIndex, team, pendingCells, onToggle }: RowProps) {
  const pending = new Set(pendingCells === '' ? [] : pendingCells.split('\n'));
  const puzzleName = row.title ?? row.puzzleId;
  const toggleButton = (member: TeamMember, part: AssignmentPart, pressed: boolean) => {
    const cell: AssignmentCell = { puzzleId: row.puzzleId, annotatorId: member.id, part };
    const key = cellKey(cell);
    const label = `${PART_TEXT[part].long} of ${puzzleName} for ${member.name}`;
    return (
      <button
        type="button"
        className="cell-toggle"
        data-cell={key}
        aria-pressed={pressed}
        aria-label={label}
        title={label}
        disabled={pending.has(key)}
        onClick={() => onToggle(cell, !pressed)}
      >
        {PART_TEXT[part].short}
      </button>
    );
  };
  return (
    <tr data-puzzle-row={row.puzzleId} aria-rowindex={rowIndex} style={{ height: ROW_HEIGHT }}>
      <th scope="row" className="assignment-puzzle">
        <span className="strong">{puzzleName}</span>
        {row.title !== undefined && <span className="muted small"> {row.puzzleId}</span>}
      </th>
      <td className="num">{row.turnUnits}</td>
      <td className="num" data-turn-annotators={row.turns.length}>
        {row.turns.length}
      </td>
      <td className="num" data-difficulty-annotators={row.difficulty.length}>
        {row.difficulty.length}
      </td>
      {team.map((member) => (
        <td key={member.id}>
          <div className="cell-toggles">
            {toggleButton(member, 'turns', row.turns.includes(member.id))}
            {toggleButton(member, 'difficulty', row.difficulty.includes(member.id))}
          </div>
        </td>
      ))}
    </tr>
  );
}, sameRow);

function matches(row: PuzzleAssignmentRow, query: string): boolean {
  return row.puzzleId.toLowerCase().includes(query) || (row.title?.toLowerCase().includes(query) ?? false);
}

export function AssignmentTable({ study, onChanged }: { study: Study; onChanged: () => void }) {
  const { table, team, pending, problem, toggle, packUpdates } = useAssignmentTable(study.id, onChanged);
  const [search, setSearch] = useState('');
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => {
    const query = search.trim().toLowerCase();
    return query === '' ? (table?.rows ?? []) : (table?.rows ?? []).filter((row) => matches(row, query));
  }, [table, search]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design; the rows are memoised instead.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 960, height: 480 },
  });

  if (!table || !team) return null;
  if (team.length === 0) return <p className="empty">Not assigned yet: list the annotators above and assign.</p>;

  const pendingByRow = new Map<string, string[]>();
  for (const [key, cell] of pending) pendingByRow.set(cell.puzzleId, [...(pendingByRow.get(cell.puzzleId) ?? []), key]);
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = 4 + team.length;

  return (
    <div className="assignment">
      {study.setup?.editedByHand && (
        <p className="notice notice-warning" data-testid="edited-by-hand">
          Edited by hand: the command line with seed {study.setup.seed} no longer gives these packs. Write the packs from here.
        </p>
      )}
      {problem !== undefined && (
        <div className="notice notice-error" role="alert">
          {problem}
        </div>
      )}
      <PackUpdateNotice
        connected={packUpdates.connected}
        state={packUpdates.state}
        idleText="Connected to a team server: a change here also updates that annotator’s pack on the server."
      />
      <div className="assignment-tools">
        <label htmlFor={`${id}-search`}>Find a puzzle</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="id or title" />
        <span className="muted small">
          {rows.length.toLocaleString('en-US')} of {table.rows.length.toLocaleString('en-US')} puzzles · T: labels the puzzle&apos;s turns · D: rates its
          difficulty
        </span>
      </div>
      <div className="assignment-scroll" ref={scroller}>
        <table
          className="data-table assignment-table"
          data-testid="assignment-table"
          aria-label="Assignment by puzzle"
          aria-rowcount={rows.length + HEADER_ROWS}
        >
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" className="assignment-puzzle">
                Puzzle
              </th>
              <th scope="col" className="num" title="Question and final turns of the puzzle">
                Units
              </th>
              <th scope="col" className="num" title="Annotators labelling the turns">
                Turns
              </th>
              <th scope="col" className="num" title="Annotators rating the difficulty">
                Diff.
              </th>
              {team.map((member) => (
                <th scope="col" key={member.id} title={member.name} data-annotator-column={member.id}>
                  {member.id}
                </th>
              ))}
            </tr>
            <tr aria-rowindex={2} className="assignment-loads" data-testid="assignment-loads">
              <th scope="row" colSpan={4} className="assignment-puzzle">
                Load (puzzles · units)
              </th>
              {table.loads.map((load) => (
                <td key={load.annotatorId} className="num" data-load-annotator={load.annotatorId} data-puzzles={load.puzzles} data-units={load.units}>
                  {load.puzzles.toLocaleString('en-US')} · {load.units.toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={columns} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index] as PuzzleAssignmentRow;
              return (
                <PuzzleRow
                  key={row.puzzleId}
                  row={row}
                  rowIndex={item.index + HEADER_ROWS + 1}
                  team={team}
                  pendingCells={(pendingByRow.get(row.puzzleId) ?? []).join('\n')}
                  onToggle={toggle}
                />
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={columns} />
              </tr>
            )}
          </tbody>
        </table>
        {rows.length === 0 && <p className="muted small assignment-empty">No puzzle matches “{search.trim()}”.</p>}
      </div>
    </div>
  );
}
