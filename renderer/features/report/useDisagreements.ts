// Units where raters disagree, listed by the report worker: for a heatmap cell (two raters) or
// for the adjudication queue (a task). Re-read when the query changes or on `reload`; an
// answer to an older query is dropped, so a quick second click never shows the first cell's units.

import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { DisagreementQuery, UnitDisagreement } from '../../workers/report-protocol';

interface Answer {
  key: string;
  units?: UnitDisagreement[];
  error?: string;
}

/** `query` undefined: nothing to list (no cell chosen). */
export function useDisagreements(studyId: string, query: DisagreementQuery | undefined) {
  const { db, workers } = useServices();
  const [answer, setAnswer] = useState<Answer>();
  const [reloads, setReloads] = useState(0);
  const queryText = query === undefined ? undefined : JSON.stringify(query);
  const key = JSON.stringify([studyId, queryText, reloads]);

  useEffect(() => {
    if (queryText === undefined) return;
    let current = true;
    const thisKey = JSON.stringify([studyId, queryText, reloads]);
    workers.report.listDisagreements(db.name, studyId, JSON.parse(queryText) as DisagreementQuery).then(
      (units) => {
        if (current) setAnswer({ key: thisKey, units });
      },
      (error: unknown) => {
        if (current) setAnswer({ key: thisKey, error: describeStorageError(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [db, studyId, queryText, reloads, workers]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const answered = answer?.key === key ? answer : undefined;
  return { loading: query !== undefined && answered === undefined, units: answered?.units, error: answered?.error, reload };
}
