// The study's report, computed in the report worker: again whenever the bootstrap, the seed, the
// gold, the unsure, the unparseable, the resampling, the paired test or the annotator expertise setting changes,
// with the worker's progress meanwhile. The last report stays on the page while the next is
// computed, and an answer to an older request is dropped; the state is "ready" only once the
// running computation answered.

import { startTransition, useEffect, useState } from 'react';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { ReportProgress, ReportRequest, StudyReport } from '../../workers/report-protocol';

/** What the worker computes on; the micro/macro choice is not part of it (see below). */
export type ReportComputation = Omit<ReportRequest, 'average'>;

type ReportStatus = 'computing' | 'ready' | 'failed';

interface Answer {
  /** The request the answer is for (requestKey). */
  key: string;
  error?: string;
}

function requestKey(
  studyId: string,
  {
    bootstrap,
    seed,
    includeGold,
    leaveOutUnsure,
    unparseable,
    resample,
    pairedTest,
    altTestEpsilon,
    modelFamilies,
    selectiveAgreement,
    selectiveRisk,
  }: ReportComputation,
): string {
  return JSON.stringify([
    studyId,
    bootstrap,
    seed,
    includeGold,
    leaveOutUnsure,
    unparseable,
    resample,
    pairedTest,
    altTestEpsilon,
    modelFamilies,
    selectiveAgreement,
    selectiveRisk,
  ]);
}

export function useStudyReport(studyId: string, computation: ReportComputation) {
  const { db, workers } = useServices();
  const { bootstrap, seed, includeGold, leaveOutUnsure, unparseable, resample, pairedTest, altTestEpsilon, selectiveAgreement, selectiveRisk } = computation;
  const familiesText = JSON.stringify(computation.modelFamilies);
  const key = requestKey(studyId, computation);
  const [answer, setAnswer] = useState<Answer>();
  /** The newest report that arrived, shown until a newer one replaces it. */
  const [shown, setShown] = useState<StudyReport>();
  const [progress, setProgress] = useState<{ key: string; progress: ReportProgress }>();

  useEffect(() => {
    let current = true;
    const modelFamilies = JSON.parse(familiesText) as Record<string, string>;
    // The report holds both averages; the page's toggle picks the one shown and exported, so
    // switching it never waits for the worker.
    const request: ReportRequest = {
      bootstrap,
      seed,
      includeGold,
      leaveOutUnsure,
      unparseable,
      resample,
      pairedTest,
      altTestEpsilon,
      modelFamilies,
      selectiveAgreement,
      selectiveRisk,
      average: 'micro',
    };
    const thisKey = requestKey(studyId, request);
    workers.report
      .computeReport(db.name, studyId, request, (next) => {
        if (current) setProgress({ key: thisKey, progress: next });
      })
      .then(
        (report) => {
          if (!current) return;
          // A large report is many rows to render; as a transition it never blocks typing or scrolling.
          startTransition(() => {
            setShown(report);
            setAnswer({ key: thisKey });
          });
        },
        (error: unknown) => {
          if (current) setAnswer({ key: thisKey, error: describeStorageError(error) });
        },
      );
    return () => {
      current = false;
      // An answer or progress of this run must not speak for the next run, even one with the same
      // settings (1000, then 200, then 1000 again): that run has answered nothing yet.
      setAnswer(undefined);
      setProgress(undefined);
    };
  }, [
    db,
    studyId,
    bootstrap,
    seed,
    includeGold,
    leaveOutUnsure,
    unparseable,
    resample,
    pairedTest,
    altTestEpsilon,
    familiesText,
    selectiveAgreement,
    selectiveRisk,
    workers,
  ]);

  const answered = answer?.key === key ? answer : undefined;
  const status: ReportStatus = answered === undefined ? 'computing' : answered.error === undefined ? 'ready' : 'failed';
  return {
    status,
    studyReport: shown?.report.study.id === studyId ? shown : undefined,
    error: answered?.error,
    progress: status === 'computing' && progress?.key === key ? progress.progress : undefined,
  };
}
