// A task's selective evaluation (Trust or Escalate, issue 32 point 5) as the exports lay it out,
// and per judge and source with units below its threshold a button that sends those units to
// people as packs of the units each assigned annotator has not labelled yet.

import { memo, useMemo } from 'react';
import { countText } from '../../../shared/domain/count-text';
import type { AgreementReport, ReportTask, SelectiveEvaluationRow } from '../../../shared/report/model/report-model';
import { selectiveEvaluationTables } from '../../../shared/report/selective-evaluation-layout';
import { LayoutRowsTable } from './LayoutRowsTable';
import { escalationKey, useEscalatedPacks } from './useEscalatedPacks';

const SOURCE_TEXT = { samples: 'vote share', 'log-probabilities': 'log-probabilities' } as const;

export const SelectiveEvaluationTable = memo(function SelectiveEvaluationTable({ report, task }: { report: AgreementReport; task: ReportTask }) {
  const layout = useMemo(() => selectiveEvaluationTables(report).find((table) => table.id === `judges-selective-${task}`), [report, task]);
  const rows = (report.judges?.selectiveEvaluation ?? []).filter((row) => row.task === task && row.escalatedUnits.length > 0);
  if (layout === undefined) return null;
  return (
    <>
      <LayoutRowsTable layout={layout} testId="judge-selective" idAttributes={['data-selective-judge', 'data-selective-source']} />
      {rows.length > 0 && <EscalateButtons studyId={report.study.id} rows={rows} />}
    </>
  );
});

function EscalateButtons({ studyId, rows }: { studyId: string; rows: readonly SelectiveEvaluationRow[] }) {
  const { state, send } = useEscalatedPacks(studyId);
  const running = state.status === 'running';
  return (
    <div data-testid="escalate">
      <ul className="plain-list">
        {rows.map((row) => (
          <li key={escalationKey(row)}>
            {row.judge} ({SOURCE_TEXT[row.source]}):{' '}
            <button
              type="button"
              className="chip"
              data-escalate-judge={row.judge}
              data-escalate-source={row.source}
              disabled={running}
              onClick={() => void send(row)}
            >
              Send {countText(row.escalatedUnits.length, 'unit', 'units')} to people
            </button>
          </li>
        ))}
      </ul>
      {(state.status === 'done' || state.status === 'failed') && (
        <p
          className={`notice ${state.status === 'done' ? 'notice-success' : 'notice-error'}`}
          role={state.status === 'done' ? 'status' : 'alert'}
          data-testid="escalate-status"
        >
          {state.message}
        </p>
      )}
    </div>
  );
}
