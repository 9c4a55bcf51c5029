// The setup form's action: reads the form, asks before replacing an assignment, and assigns
// the study to the team with the seeded balanced assignment (renderer/db/team-setup.ts).
// Problems, the form's or assignTeam's RangeError, come back as text for the form to show. On a
// study connected to a team server, the new assignment also goes to the invited annotators' packs
// there (those not invited yet get theirs with their invitation).

import { useCallback, useState } from 'react';
import type { Study } from '../../../shared/domain/model';
import { countText } from '../../../shared/domain/count-text';
import { useTeamDatabases } from '../../services/queries';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import { assignTeam } from '../../db/team-setup';
import { RULE_TEXT } from './calibration-text';
import { readSetupForm, type SetupFormValues } from './setup-form';
import { usePackUpdates } from './usePackUpdates';

export type SetupState = { status: 'idle' } | { status: 'running' } | { status: 'done'; message: string } | { status: 'failed'; problems: string[] };

export const REASSIGN_QUESTION =
  'Replace the current assignment? Every annotator gets a new set of puzzles; hand edits are lost, and packs already sent no longer match. Labels already made are kept.';

export function useTeamSetup(study: Study, onAssigned: () => void) {
  const { db } = useServices();
  const [state, setState] = useState<SetupState>({ status: 'idle' });
  const packUpdates = usePackUpdates(study.id);
  const updatePacks = packUpdates.update;
  const teamDatabases = useTeamDatabases(study.id);
  const assign = useCallback(
    async (values: SetupFormValues) => {
      const read = readSetupForm(values, study.counts.puzzles);
      if (!read.ok) return setState({ status: 'failed', problems: read.problems });
      if (study.setup !== undefined && !window.confirm(REASSIGN_QUESTION)) return;
      setState({ status: 'running' });
      const { input } = read;
      try {
        await assignTeam(db, study.id, input);
        const difficulty = input.difficultyOverlap === undefined ? 'difficulty by the same annotators' : `difficulty overlap ${input.difficultyOverlap}`;
        const sample = input.sample === undefined ? undefined : (await db.studies.get(study.id))?.calibrationSample;
        const puzzles =
          sample === undefined
            ? countText(study.counts.puzzles, 'puzzle', 'puzzles')
            : `${sample.chosen.length.toLocaleString('en-US')} of ${countText(study.counts.puzzles, 'puzzle', 'puzzles')}, ${RULE_TEXT[sample.rule]},`;
        setState({
          status: 'done',
          message: `Assigned ${puzzles} to ${input.annotators.length.toLocaleString('en-US')} annotators: overlap ${input.overlap}, ${difficulty}, seed ${input.seed}.`,
        });
        onAssigned();
        const team = new Set(input.annotators.map((annotator) => annotator.id));
        void updatePacks((teamDatabases ?? []).map((row) => row.annotatorId).filter((annotatorId) => team.has(annotatorId)));
      } catch (error) {
        setState({
          status: 'failed',
          problems: [error instanceof RangeError ? `Not assigned: ${error.message}.` : `Not assigned: ${describeStorageError(error)}`],
        });
      }
    },
    [db, study, onAssigned, updatePacks, teamDatabases],
  );
  return { state, assign, packUpdates };
}
