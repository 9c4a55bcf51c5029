// The assignment table's data and its one action: the stored assignment as rows by puzzle with
// the team as columns (shared/study/assignment-table.ts), and a toggle that gives or takes one
// puzzle's turns or difficulty through setPuzzleAssignment. Re-reads on every stored change.

import { useCallback, useMemo, useState } from 'react';
import { assignmentTable } from '../../../shared/study/assignment-table';
import { useServices } from '../../services/services';
import { useAnnotators, useAssignmentRecords, useAssignments } from '../../services/queries';
import { describeStorageError } from '../../db/storage';
import { setPuzzleAssignment } from '../../db/team-setup';
import type { TeamMember } from './annotator-list';
import { usePackUpdates } from './usePackUpdates';

export type AssignmentPart = 'turns' | 'difficulty';

export interface AssignmentCell {
  puzzleId: string;
  annotatorId: string;
  part: AssignmentPart;
}

/** The cell's key, also its `data-cell` attribute: `puzzle|annotator|part`. */
export function cellKey({ puzzleId, annotatorId, part }: AssignmentCell): string {
  return `${puzzleId}|${annotatorId}|${part}`;
}

export function useAssignmentTable(studyId: string, onChanged: () => void) {
  const { db } = useServices();
  const records = useAssignmentRecords(studyId);
  const assignments = useAssignments(studyId);
  const annotators = useAnnotators(studyId);
  /** Cells being saved, by cellKey. */
  const [pending, setPending] = useState<ReadonlyMap<string, AssignmentCell>>(new Map());
  const [problem, setProblem] = useState<string>();
  const packUpdates = usePackUpdates(studyId);
  const updatePacks = packUpdates.update;

  const table = useMemo(() => (records && assignments ? assignmentTable(records, assignments) : undefined), [records, assignments]);
  // The columns: everyone holding an assignment, in assignment order, with their display names.
  // Kept as one value while the team stays the same, so a hand edit re-renders only its row.
  const teamText = useMemo(() => {
    if (!table || !annotators) return undefined;
    const names = new Map(annotators.map((annotator) => [annotator.id, annotator.name]));
    return JSON.stringify(table.loads.map((load): TeamMember => ({ id: load.annotatorId, name: names.get(load.annotatorId) ?? load.annotatorId })));
  }, [table, annotators]);
  const team = useMemo(() => (teamText === undefined ? undefined : (JSON.parse(teamText) as TeamMember[])), [teamText]);

  const toggle = useCallback(
    async (cell: AssignmentCell, assigned: boolean) => {
      const key = cellKey(cell);
      setPending((current) => new Map(current).set(key, cell));
      setProblem(undefined);
      try {
        await setPuzzleAssignment(db, studyId, { ...cell, assigned });
        onChanged();
        // Only this annotator's units changed, so only their pack on the team server does.
        void updatePacks([cell.annotatorId]);
      } catch (error) {
        setProblem(`Not changed: ${describeStorageError(error)}`);
      } finally {
        setPending((current) => {
          const next = new Map(current);
          next.delete(key);
          return next;
        });
      }
    },
    [db, studyId, onChanged, updatePacks],
  );

  return { table, team, pending, problem, toggle, packUpdates };
}
