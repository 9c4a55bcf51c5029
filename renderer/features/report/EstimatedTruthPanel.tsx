// "Estimated truth" on the report page (issue 33): the lead picks who the truth is fitted to and
// presses Estimate; the plan worker fits Dawid-Skene and MACE with their bootstrap refits, with
// progress, and the section's tables show as the exports print them. The page's exports carry the
// section once it is here.

import { memo, useId, useState } from 'react';
import { estimatedTruthTables } from '../../../shared/report/estimated-truth-layout';
import type { TruthRaters } from '../../../shared/report/model/estimated-truth';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { ChoiceChips } from './ChoiceChips';
import { LayoutRowsTable } from './LayoutRowsTable';
import { ReportProgressBar } from './ReportProgressBar';
import type { TruthState } from './useEstimatedTruth';

const RATERS: readonly TruthRaters[] = ['people', 'people-and-judges'];
const RATERS_TEXT: Record<TruthRaters, string> = { people: 'People', 'people-and-judges': 'People and judges' };

interface Props {
  /** The report on the page, with the section once it is computed. */
  report: AgreementReport;
  state: TruthState;
  onEstimate: (raters: TruthRaters) => void;
}

export const EstimatedTruthPanel = memo(function EstimatedTruthPanel({ report, state, onEstimate }: Props) {
  const id = useId();
  const [raters, setRaters] = useState<TruthRaters>('people');
  const computing = state.status === 'computing';
  const tables = estimatedTruthTables(report);
  // Whether Dawid-Skene converged on every task people labelled: the bench reads it beside its time.
  const converged = report.estimatedTruth?.tasks.every((task) => task.units === 0 || task.converged);
  return (
    <section className="report-section" data-testid="estimated-truth" data-state={state.status} data-converged={converged} aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Estimated truth
      </h2>
      <p className="hint small">
        The true label of each unit as Dawid-Skene and MACE estimate it from the raters&apos; labels, each rater&apos;s estimated accuracy, and each judge
        against that truth beside the human majority. Every interval fits the truth again in each bootstrap replicate, so this takes a while.
      </p>
      <div className="report-controls">
        <ChoiceChips label="Raters" options={RATERS} chosen={raters} onChoose={setRaters} attribute="truth-raters" text={(option) => RATERS_TEXT[option]} />
        <button type="button" className="primary" data-testid="estimate-truth" disabled={computing} onClick={() => onEstimate(raters)}>
          Estimate the truth
        </button>
      </div>
      {computing && <ReportProgressBar progress={state.progress} name="Estimated truth progress" fallback="Estimating the truth" testId="truth-progress" />}
      {state.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="truth-error">
          The truth could not be estimated: {state.message}
        </div>
      )}
      {tables.map((table) => (
        <LayoutRowsTable key={table.id} layout={table} testId={table.id} idAttributes={['data-rater']} />
      ))}
    </section>
  );
});
