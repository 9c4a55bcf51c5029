// Sends the units a judge does not keep (selective evaluation, issue 32 point 5) to people: in the
// team worker, a pack per annotator of those units they are assigned and have not labelled yet,
// saved through the host like the team page's packs; says so when no one has any left to label.

import { countText } from '../../../shared/domain/count-text';
import type { SelectiveEvaluationRow } from '../../../shared/report/model/report-model';
import { useCallback, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';

export type EscalatedPacksState = { status: 'idle' } | { status: 'running' } | { status: 'done' | 'failed'; message: string };

/** A row's identity: its judge and source of confidence. */
export const escalationKey = (row: Pick<SelectiveEvaluationRow, 'judge' | 'source'>) => JSON.stringify([row.judge, row.source]);

/** The units of `task` a pack written by the team worker holds (our own JSON, read for its count). */
function packUnits(text: string, task: SelectiveEvaluationRow['task']): string[] {
  const pack = JSON.parse(text) as { tasks?: Partial<Record<string, string[]>> };
  return pack.tasks?.[task] ?? [];
}

export function useEscalatedPacks(studyId: string) {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<EscalatedPacksState>({ status: 'idle' });

  const send = useCallback(
    async (row: SelectiveEvaluationRow) => {
      const units = row.escalatedUnits.length;
      setState({ status: 'running' });
      try {
        const files = await workers.team.writePacks(
          db.name,
          studyId,
          { missingOnly: true, onlyUnits: { task: row.task, units: row.escalatedUnits } },
          () => {},
        );
        if (files.length === 0) {
          setState({
            status: 'done',
            message: `Nothing to send: each of the ${countText(units, 'unit', 'units')} is labelled already by everyone assigned it, or assigned to no one.`,
          });
          return;
        }
        const reached = new Set(files.flatMap((file) => packUnits(file.text, row.task))).size;
        const saved = await platform.saveFiles({
          title: `Choose a folder for ${countText(files.length, 'pack', 'packs')} of the units ${row.judge} does not keep`,
          files: files.map((file) => ({ suggestedName: file.name, text: file.text, mimeType: file.mimeType })),
        });
        const rest = units - reached;
        setState({
          status: 'done',
          message: saved.saved
            ? `${countText(saved.count, 'pack', 'packs')} with ${countText(reached, 'unit', 'units')} for people saved to ${saved.where}${rest > 0 ? `; the other ${countText(rest, 'unit', 'units')} ${rest === 1 ? 'is' : 'are'} labelled already by everyone assigned ${rest === 1 ? 'it' : 'them'}, or assigned to no one` : ''}.`
            : 'No folder chosen, so no pack was saved.',
        });
      } catch (error) {
        setState({ status: 'failed', message: `The packs of the units to send to people were not saved: ${describeStorageError(error)}` });
      }
    },
    [db, platform, studyId, workers],
  );

  return { state, send };
}
