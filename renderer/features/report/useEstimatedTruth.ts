// The report's Estimated truth section, computed in the plan worker when the lead asks, after the
// report shows: its refits take seconds. It belongs to the report it was asked for; a new report
// (other settings, new labels) drops it, and an answer for an older report is dropped too.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { EstimatedTruthSection, TruthRaters } from '../../../shared/report/model/estimated-truth';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { useServices } from '../../services/services';
import type { ReportProgress } from '../../workers/report-protocol';
import type { ReportComputation } from './useStudyReport';

export type TruthState =
  | { status: 'idle' }
  | { status: 'computing'; raters: TruthRaters; progress: ReportProgress | undefined }
  | { status: 'ready'; section: EstimatedTruthSection }
  | { status: 'failed'; message: string };

export function useEstimatedTruth(studyId: string, computation: ReportComputation, report: AgreementReport | undefined) {
  const { db, workers } = useServices();
  const [state, setState] = useState<TruthState>({ status: 'idle' });
  // The report the running or finished section is for.
  const forReport = useRef<AgreementReport | undefined>(undefined);
  useEffect(() => {
    if (forReport.current !== report) {
      forReport.current = undefined;
      setState({ status: 'idle' });
    }
  }, [report]);

  const estimate = useCallback(
    (raters: TruthRaters) => {
      if (report === undefined) return;
      forReport.current = report;
      const current = () => forReport.current === report;
      setState({ status: 'computing', raters, progress: undefined });
      workers.plan
        .estimateTruth(db.name, studyId, { ...computation, average: report.settings.average }, raters, (progress) => {
          if (current()) setState({ status: 'computing', raters, progress });
        })
        .then(
          (section) => {
            if (current()) setState({ status: 'ready', section });
          },
          (error: unknown) => {
            if (current()) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
          },
        );
    },
    [db, workers, studyId, computation, report],
  );

  return { state, estimate };
}
