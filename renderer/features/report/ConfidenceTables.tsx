// A task's judges' calibration, with a reliability diagram per judge and source of confidence, how
// far each agrees with its own samples, and judges of one model against each other (issue 31
// points 1 and 2), as the exports lay them out.

import { memo, useMemo } from 'react';
import { confidenceTables } from '../../../shared/report/confidence-layout';
import type { AgreementReport, ReportTask } from '../../../shared/report/model/report-model';
import { LayoutRowsTable } from './LayoutRowsTable';
import { ReliabilityDiagram } from './ReliabilityDiagram';

export const ConfidenceTables = memo(function ConfidenceTables({ report, task }: { report: AgreementReport; task: ReportTask }) {
  const tables = useMemo(() => confidenceTables(report), [report]);
  const table = (id: string) => tables.find((one) => one.id === `${id}-${task}`);
  const calibration = table('judges-calibration');
  const self = table('judges-self');
  const pairs = table('judges-model-pairs');
  const rows = (report.judges?.calibration ?? []).filter((row) => row.task === task);
  return (
    <>
      {calibration !== undefined && (
        <>
          <LayoutRowsTable layout={calibration} testId="judge-calibration" idAttributes={['data-calibration-judge', 'data-calibration-source']} />
          <div className="reliability-diagrams">
            {rows.map((row) => (
              <ReliabilityDiagram key={`${row.judge}\u0000${row.source}`} row={row} />
            ))}
          </div>
        </>
      )}
      {self !== undefined && <LayoutRowsTable layout={self} testId="judge-self-consistency" idAttributes={['data-self-judge']} />}
      {pairs !== undefined && <LayoutRowsTable layout={pairs} testId="judge-model-pairs" idAttributes={['data-pair-a', 'data-pair-b', 'data-pair-kind']} />}
    </>
  );
});
