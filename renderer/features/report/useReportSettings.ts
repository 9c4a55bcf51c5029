// The report page's settings: micro or macro (shown at once, the report holds both), the
// bootstrap resamples and the seed as typed (committed to the worker once they are whole
// numbers in range and the lead stopped typing, or at once on Enter), gold as a rater,
// whether labels marked unsure count (by default they do, as the command line's report), what a
// bootstrap replicate draws (puzzles by default, as the command line's), the paired test
// (bootstrap-t by default, as the command line's), selective evaluation's target (90% agreement
// with risk 0.1 by default, as the command line's), and the study's own
// settings for unparseable judge replies and its annotators' expertise (the Alt-Test's epsilon),
// which are stored on the study.

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AnnotatorExpertise, Study, UnparseableReplies } from '../../../shared/domain/model';
import type { PairedTest, Resampling } from '../../../shared/report/model/report-model';
import { ALT_TEST_EPSILON } from '../../../shared/stats/judge/alt-test';
import { SELECTIVE_AGREEMENT, SELECTIVE_RISK } from '../../../shared/stats/study/judge-selective';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import { setAnnotatorExpertise, setUnparseableReplies } from '../../db/study-settings';
import type { ReportComputation } from './useStudyReport';

type Average = 'micro' | 'macro';

/** The command line's defaults and ranges (`agreement-studio report`). */
const DEFAULT_BOOTSTRAP = 1000;
const DEFAULT_SEED = 1;
const MAX_BOOTSTRAP = 100_000;
const MIN_SEED = -(2 ** 31);
const MAX_SEED = 2 ** 32 - 1;
const COMMIT_DELAY_MS = 400;

function readWholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

export function useReportSettings(study: Study) {
  const { db } = useServices();
  const [average, setAverage] = useState<Average>('micro');
  const [bootstrapText, setBootstrapText] = useState(String(DEFAULT_BOOTSTRAP));
  const [seedText, setSeedText] = useState(String(DEFAULT_SEED));
  const [includeGold, setIncludeGold] = useState(false);
  const [leaveOutUnsure, setLeaveOutUnsure] = useState(false);
  const [resample, setResample] = useState<Resampling>('puzzles');
  const [pairedTest, setPairedTest] = useState<PairedTest>('bootstrap-t');
  const [selectiveAgreement, setSelectiveAgreement] = useState(SELECTIVE_AGREEMENT);
  const [selectiveRisk, setSelectiveRisk] = useState(SELECTIVE_RISK);
  const unparseable: UnparseableReplies = study.unparseableReplies ?? 'left-out';
  const [unparseableProblem, setUnparseableProblem] = useState<string>();
  const setUnparseable = useCallback(
    (value: UnparseableReplies) => {
      setUnparseableProblem(undefined);
      // The study record changes, its live query brings the new value back, and the report recomputes.
      setUnparseableReplies(db, study.id, value).catch((error: unknown) =>
        setUnparseableProblem(`Unparseable replies: the setting was not saved (${describeStorageError(error)}).`),
      );
    },
    [db, study.id],
  );
  const expertise: AnnotatorExpertise = study.annotatorExpertise ?? 'expert';
  const [expertiseProblem, setExpertiseProblem] = useState<string>();
  const setExpertise = useCallback(
    (value: AnnotatorExpertise) => {
      setExpertiseProblem(undefined);
      setAnnotatorExpertise(db, study.id, value).catch((error: unknown) =>
        setExpertiseProblem(`Annotators: the setting was not saved (${describeStorageError(error)}).`),
      );
    },
    [db, study.id],
  );
  const altTestEpsilon = ALT_TEST_EPSILON[expertise];
  // As text, so a new study record with the same families is no new request.
  const familiesText = JSON.stringify(study.modelFamilies ?? {});
  const [committed, setCommitted] = useState({ bootstrap: DEFAULT_BOOTSTRAP, seed: DEFAULT_SEED });
  const bootstrap = readWholeNumber(bootstrapText, 0, MAX_BOOTSTRAP);
  const seed = readWholeNumber(seedText, MIN_SEED, MAX_SEED);

  const commitNow = useCallback(() => {
    if (bootstrap === undefined || seed === undefined) return;
    setCommitted((current) => (current.bootstrap === bootstrap && current.seed === seed ? current : { bootstrap, seed }));
  }, [bootstrap, seed]);

  useEffect(() => {
    // Each keystroke would otherwise start a bootstrap of its own.
    const timer = setTimeout(commitNow, COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [commitNow]);

  const problems = [
    ...(bootstrap === undefined ? [`Bootstrap resamples: enter a whole number from 0 to ${MAX_BOOTSTRAP.toLocaleString('en-US')}.`] : []),
    ...(seed === undefined ? [`Seed: enter a whole number from ${MIN_SEED.toLocaleString('en-US')} to ${MAX_SEED.toLocaleString('en-US')}.`] : []),
    ...(unparseableProblem === undefined ? [] : [unparseableProblem]),
    ...(expertiseProblem === undefined ? [] : [expertiseProblem]),
  ];
  /** Typed values not yet sent to the worker: the figures on the page are not theirs yet. */
  const pending = bootstrap !== undefined && seed !== undefined && (bootstrap !== committed.bootstrap || seed !== committed.seed);
  const computation = useMemo(
    (): ReportComputation => ({
      ...committed,
      includeGold,
      leaveOutUnsure,
      unparseable,
      resample,
      pairedTest,
      altTestEpsilon,
      modelFamilies: JSON.parse(familiesText) as Record<string, string>,
      selectiveAgreement,
      selectiveRisk,
    }),
    [committed, includeGold, leaveOutUnsure, unparseable, resample, pairedTest, altTestEpsilon, familiesText, selectiveAgreement, selectiveRisk],
  );

  return {
    average,
    setAverage,
    bootstrapText,
    setBootstrapText,
    seedText,
    setSeedText,
    includeGold,
    setIncludeGold,
    leaveOutUnsure,
    setLeaveOutUnsure,
    unparseable,
    setUnparseable,
    resample,
    setResample,
    pairedTest,
    setPairedTest,
    selectiveAgreement,
    setSelectiveAgreement,
    selectiveRisk,
    setSelectiveRisk,
    expertise,
    setExpertise,
    commitNow,
    problems,
    pending,
    computation,
  };
}

export type ReportSettingsState = ReturnType<typeof useReportSettings>;
