// The lead's agreement report of a study, computed in the report worker with a progress bar:
// the M and R tables (R with TurtleBench's scoring when the study has its shape),
// chance-corrected statistics, the pairwise heatmap, confusion matrices, the judges against people
// and each other, the held-out verdict of judges run on the study's test split, per-annotator
// reliability, difficulty, player outcomes, the estimated truth when the lead asks for it,
// provenance and exports. Lead mode only: annotator mode, and any study opened from a pack, get a
// short note and no figure.

import { memo, useMemo } from 'react';
import type { Study } from '../../../shared/domain/model';
import type { EstimatedTruthSection } from '../../../shared/report/model/estimated-truth';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { reportTables, TASK_ORDER, type LayoutTable } from '../../../shared/report/table-layout';
import { useServices } from '../../services/services';
import type { StudyReport } from '../../workers/report-protocol';
import { LeadOnlyPage } from '../mode';
import { AgreementTable } from './AgreementTables';
import { AnnotatorReliabilitySection } from './AnnotatorReliabilitySection';
import { ChanceCorrectedPanel } from './ChanceCorrectedPanel';
import { ConfusionSection } from './ConfusionSection';
import { DifficultySection } from './DifficultySection';
import { EstimatedTruthPanel } from './EstimatedTruthPanel';
import { ExportSection } from './ExportSection';
import { FitnessCards } from './FitnessCards';
import { HeldOutSection } from './HeldOutSection';
import { ModelFamiliesEditor } from './ModelFamiliesEditor';
import { JudgesSection } from './JudgesSection';
import { PairwiseHeatmap } from './PairwiseHeatmap';
import { PlannerPanel } from './PlannerPanel';
import { PlayerOutcomesSection } from './PlayerOutcomesSection';
import { ProvenancePanel } from './ProvenancePanel';
import { reportAsShown } from './report-files';
import { ReportProgressBar } from './ReportProgressBar';
import { ReportSettings } from './ReportSettings';
import { SetAwareSection } from './SetAwareSection';
import { TurtleBenchTable } from './TurtleBenchTable';
import { useEstimatedTruth } from './useEstimatedTruth';
import { useReportSettings } from './useReportSettings';
import { useStudyReport } from './useStudyReport';

const SECTIONS = [
  { id: 'report-agreement', text: 'Agreement' },
  { id: 'report-sets', text: 'More than one answer' },
  { id: 'report-chance', text: 'Chance-corrected' },
  { id: 'report-pairwise', text: 'Pairwise' },
  { id: 'report-confusion', text: 'Confusion' },
  { id: 'report-judges', text: 'Judges' },
  { id: 'report-held-out', text: 'Held-out verdict' },
  { id: 'report-annotators', text: 'Annotators' },
  { id: 'report-difficulty', text: 'Difficulty' },
  { id: 'report-players', text: 'Players' },
  { id: 'report-truth', text: 'Estimated truth' },
  { id: 'report-export', text: 'Export' },
] as const;

/** Moves to a section without touching the address: the hash holds the app's route. */
function jumpTo(id: string) {
  const section = document.getElementById(id);
  section?.scrollIntoView({ block: 'start' });
  section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

function layoutsById(report: AgreementReport): Map<string, LayoutTable> {
  return new Map(reportTables(report).map((table) => [table.id, table]));
}

/** Every figure of one report; re-rendered only when the report or the average changes, never on progress. */
const ReportBody = memo(function ReportBody({ studyId, studyReport, shown }: { studyId: string; studyReport: StudyReport; shown: AgreementReport }) {
  const { report } = studyReport;
  const layouts = useMemo(() => layoutsById(shown), [shown]);
  const turtleBench = layouts.get('turtlebench-answer');
  const chanceLayouts = useMemo(
    () =>
      TASK_ORDER.flatMap((task) => {
        const layout = layouts.get(`chance-${task}`);
        return layout === undefined ? [] : [{ task, layout }];
      }),
    [layouts],
  );
  return (
    <>
      <ProvenancePanel report={shown} />
      <section id="report-agreement" className="report-section" aria-labelledby="report-agreement-title">
        <h2 id="report-agreement-title" tabIndex={-1}>
          Agreement
        </h2>
        {TASK_ORDER.map((task) => {
          const layout = layouts.get(`agreement-${task}`);
          return layout && <AgreementTable key={task} report={shown} task={task} layout={layout} />;
        })}
        {shown.turtleBench !== undefined && turtleBench !== undefined && <TurtleBenchTable scoring={shown.turtleBench} layout={turtleBench} />}
      </section>
      <SetAwareSection report={shown} />
      <div id="report-chance">
        <ChanceCorrectedPanel report={report} layouts={chanceLayouts} />
      </div>
      <div id="report-pairwise">
        <PairwiseHeatmap studyId={studyId} report={report} />
      </div>
      <div id="report-confusion">
        <ConfusionSection confusion={report.confusion} />
      </div>
      <div id="report-judges">
        <JudgesSection report={report} />
        <FitnessCards report={report} />
        <PlannerPanel studyId={studyId} report={report} />
      </div>
      <HeldOutSection report={report} />
      <div id="report-annotators">
        <AnnotatorReliabilitySection studyId={studyId} report={report} layout={layouts.get('annotators')} />
      </div>
      <div id="report-difficulty">
        <DifficultySection
          difficulty={report.difficulty}
          statistics={report.statistics.difficulty}
          replicates={report.settings.bootstrap}
          ratingsByLevel={studyReport.ratingsByLevel}
        />
      </div>
      <div id="report-players">
        <PlayerOutcomesSection players={report.players} layout={layouts.get('players')} />
      </div>
    </>
  );
});

function LeadReportPage({ study }: { study: Study }) {
  const { store } = useServices();
  const settings = useReportSettings(study);
  const { status, studyReport, error, progress } = useStudyReport(study.id, settings.computation);
  const truth = useEstimatedTruth(study.id, settings.computation, studyReport?.report);
  const truthSection = truth.state.status === 'ready' ? truth.state.section : undefined;
  const shown = useMemo(
    () => (studyReport ? withEstimatedTruth(reportAsShown(studyReport.report, settings.average), truthSection) : undefined),
    [studyReport, settings.average, truthSection],
  );
  // Typed settings not yet sent make the page's figures out of date as much as a running worker.
  const state = settings.pending ? 'computing' : status;
  const stale = state !== 'ready' && studyReport !== undefined;

  return (
    <section className="page report-page" aria-labelledby="report-title" data-testid="report-view" data-state={state} aria-busy={state === 'computing'}>
      <div className="page-header">
        <h1 id="report-title">Report: {study.name}</h1>
        <button
          type="button"
          className="chip"
          data-testid="open-adjudication"
          onClick={() => store.getState().navigate({ view: 'adjudicate', studyId: study.id })}
        >
          Adjudicate disagreements
        </button>
      </div>
      <ReportSettings settings={settings} />
      <nav className="report-jumps small" aria-label="Report sections">
        {SECTIONS.filter((section) => shownSection(section.id, shown)).map((section) => (
          <button key={section.id} type="button" className="link-button" onClick={() => jumpTo(section.id)}>
            {section.text}
          </button>
        ))}
      </nav>
      {state === 'computing' && <ReportProgressBar progress={progress} />}
      {status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="report-error">
          The report could not be computed: {error}
          {studyReport !== undefined && ' The figures below are from the previous settings.'}
        </div>
      )}
      {stale && status !== 'failed' && <p className="muted small">Showing the figures for the previous settings until the new ones are ready.</p>}
      <div className={stale ? 'report-body stale' : 'report-body'}>
        {studyReport !== undefined && shown !== undefined ? (
          <ReportBody studyId={study.id} studyReport={studyReport} shown={shown} />
        ) : (
          status !== 'failed' && <p className="muted">Computing the report…</p>
        )}
        {shown !== undefined && (
          <div id="report-truth">
            <EstimatedTruthPanel report={shown} state={truth.state} onEstimate={truth.estimate} />
          </div>
        )}
        {studyReport !== undefined && <ModelFamiliesEditor study={study} report={studyReport.report} />}
        <div id="report-export">
          <ExportSection studyId={study.id} report={shown} />
        </div>
      </div>
    </section>
  );
}

/** Whether a section's jump button is shown: those of sections only some reports hold, when the report holds them. */
function shownSection(id: (typeof SECTIONS)[number]['id'], report: AgreementReport | undefined): boolean {
  if (id === 'report-sets') return report?.setAware !== undefined;
  if (id === 'report-held-out') return report?.heldOut !== undefined;
  return true;
}

/** The report as the page shows and exports it, with the Estimated truth section once computed. */
function withEstimatedTruth(report: AgreementReport, section: EstimatedTruthSection | undefined): AgreementReport {
  return section === undefined ? report : { ...report, estimatedTruth: section };
}

export function ReportView({ studyId }: { studyId: string }) {
  return (
    <LeadOnlyPage
      studyId={studyId}
      testId="report-lead-only"
      what="the agreement report"
      leadModeReason="The report compares annotators with judges and with each other, so it is only in lead mode."
    >
      {(study) => <LeadReportPage study={study} />}
    </LeadOnlyPage>
  );
}
