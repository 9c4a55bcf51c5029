// The team's coverage, computed in the team worker: loaded when the page opens, and again a
// moment after each change the page made (assignment, hand edit, label import) or on Refresh,
// so a burst of hand edits costs one reload rather than one each.

import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { StudyCoverage } from '../../workers/team-protocol';

const RELOAD_DELAY_MS = 300;

interface CoverageState {
  /** The study the figures are of; figures of another study are never shown. */
  studyId: string;
  coverage?: StudyCoverage;
  error?: string;
}

/** `version` counts the changes made on the page; each new value reloads. */
export function useCoverage(studyId: string, version: number) {
  const { db, workers } = useServices();
  const [state, setState] = useState<CoverageState>({ studyId });
  const [refreshes, setRefreshes] = useState(0);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(
      () => {
        setLoading(true);
        workers.team.loadCoverage(db.name, studyId).then(
          (coverage) => {
            if (cancelled) return;
            setState({ studyId, coverage });
            setLoading(false);
          },
          (error: unknown) => {
            if (cancelled) return;
            setState((current) => ({ ...(current.studyId === studyId ? current : { studyId }), error: describeStorageError(error) }));
            setLoading(false);
          },
        );
      },
      version === 0 && refreshes === 0 ? 0 : RELOAD_DELAY_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, studyId, version, refreshes, workers]);

  const refresh = useCallback(() => setRefreshes((count) => count + 1), []);
  const current = state.studyId === studyId ? state : { studyId };
  return { coverage: current.coverage, error: current.error, loading, refresh };
}
