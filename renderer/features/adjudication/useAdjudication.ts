// The adjudication queue of one task: the report worker's disagreements, lowest agreement
// first, with each unit's gold label as stored now (a live query, so a gold label set or
// cleared anywhere shows at once), and the two actions, set and clear, with their state.

import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LabelValue } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/report-model';
import { usePreferences, useServices } from '../../app/services';
import { clearGoldLabel, loadGoldLabels, setGoldLabel } from '../../db/gold';
import { describeStorageError } from '../../db/storage';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { useDisagreements } from '../report/useDisagreements';

export interface Gold {
  value: LabelValue;
  note: string;
  at: string;
  by: string;
}

export type GoldWrite = { unitId: string; status: 'saving' } | { unitId: string; status: 'failed'; message: string };

/** The labels the decision was made on, kept with the gold label: `rater=value`. */
function goldBasis(unit: UnitDisagreement): string[] {
  return unit.labels.map((label) => `${label.rater}=${label.value}`);
}

export function useAdjudication(studyId: string, task: ReportTask, openOnly: boolean) {
  const { db } = useServices();
  const by = usePreferences((state) => state.annotator.name);
  const query = useMemo(() => ({ task, openOnly }), [task, openOnly]);
  const { units, loading, error, reload } = useDisagreements(studyId, query);
  const stored = useLiveQuery(() => loadGoldLabels(db, studyId), [db, studyId]);
  const [write, setWrite] = useState<GoldWrite>();

  const queue = useMemo(() => (units === undefined ? undefined : [...units].sort((x, y) => x.agreement - y.agreement)), [units]);
  const storedGold = useMemo(() => (stored === undefined ? undefined : new Map(stored.filter((gold) => gold.task === task).map((gold) => [gold.unitId, gold]))), [stored, task]);
  /** The stored gold label once read; until then what the worker saw when it listed the unit. */
  const goldOf = useCallback((unit: UnitDisagreement): Gold | undefined => (storedGold === undefined ? unit.gold : storedGold.get(unit.unitId)), [storedGold]);
  const open = queue?.filter((unit) => goldOf(unit) === undefined).length;

  const setGold = useCallback(
    async (unit: UnitDisagreement, value: LabelValue, note: string) => {
      setWrite({ unitId: unit.unitId, status: 'saving' });
      try {
        await setGoldLabel(db, { studyId, task, unitId: unit.unitId, value, note: note.trim(), by, basis: goldBasis(unit) });
        setWrite(undefined);
      } catch (failure) {
        setWrite({ unitId: unit.unitId, status: 'failed', message: `The gold label was not saved: ${describeStorageError(failure)}` });
      }
    },
    [db, studyId, task, by],
  );

  const clearGold = useCallback(
    async (unit: UnitDisagreement) => {
      setWrite({ unitId: unit.unitId, status: 'saving' });
      try {
        await clearGoldLabel(db, studyId, task, unit.unitId, { by });
        setWrite(undefined);
      } catch (failure) {
        setWrite({ unitId: unit.unitId, status: 'failed', message: `The gold label was not cleared: ${describeStorageError(failure)}` });
      }
    },
    [db, studyId, task, by],
  );

  return { queue, loading, error, reload, open, goldLoaded: storedGold !== undefined, goldOf, setGold, clearGold, write };
}
