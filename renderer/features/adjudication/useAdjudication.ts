// The adjudication queue of one task: the report worker's disagreements, lowest agreement
// first, with each unit's gold label as stored now (a live query, so a gold label set, cleared
// or undone anywhere shows at once). Changing gold is the GoldSession's job.

import { useCallback, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AcceptableAnswers, LabelValue } from '../../../shared/domain/model';
import type { ReportTask } from '../../../shared/report/model/report-model';
import { useServices } from '../../services/services';
import { loadGoldLabels } from '../../db/gold';
import type { UnitDisagreement } from '../../workers/report-protocol';
import { useDisagreements } from '../report';

export interface Gold {
  value: LabelValue;
  /** The gold set on a question, value first; absent: the value alone. */
  acceptable?: AcceptableAnswers;
  note: string;
  at: string;
  by: string;
}

export function useAdjudication(studyId: string, task: ReportTask, openOnly: boolean) {
  const { db } = useServices();
  const query = useMemo(() => ({ task, openOnly }), [task, openOnly]);
  const { units, loading, error, reload } = useDisagreements(studyId, query);
  const stored = useLiveQuery(() => loadGoldLabels(db, studyId), [db, studyId]);

  const queue = useMemo(() => (units === undefined ? undefined : [...units].sort((x, y) => x.agreement - y.agreement)), [units]);
  const storedGold = useMemo(
    () => (stored === undefined ? undefined : new Map(stored.filter((gold) => gold.task === task).map((gold) => [gold.unitId, gold]))),
    [stored, task],
  );
  /** The stored gold label once read; until then what the worker saw when it listed the unit. */
  const goldOf = useCallback((unit: UnitDisagreement): Gold | undefined => (storedGold === undefined ? unit.gold : storedGold.get(unit.unitId)), [storedGold]);
  const open = queue?.filter((unit) => goldOf(unit) === undefined).length;

  return { queue, loading, error, reload, open, goldLoaded: storedGold !== undefined, goldOf };
}
