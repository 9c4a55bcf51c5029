// The bias checks of one task (issue 31 point 3), as the exports lay them out: per judge, its yes
// rate in the chosen bucket and its other checks over all puzzles, each with its verdict, the
// groups compared and the effect with its interval. Verdicts that name an effect are marked.

import { memo, useMemo } from 'react';
import { biasTables } from '../../../shared/report/bias-layout';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import { LayoutRowsTable } from './LayoutRowsTable';

interface BiasChecksTableProps {
  report: AgreementReport;
  task: ReportTask;
  bucket: ReportBucket;
}

/** The Verdict column among the table's labels. */
const VERDICT_COLUMN = 3;

export const BiasChecksTable = memo(function BiasChecksTable({ report, task, bucket }: BiasChecksTableProps) {
  const layout = useMemo(() => {
    const judges = report.judges;
    if (judges === undefined) return undefined;
    const table = biasTables(judges, report.settings.bootstrap).find((one) => one.id === `judges-bias-${task}`);
    // The yes rate of the bucket the section shows; every other check is over all puzzles.
    return table && { ...table, rows: table.rows.filter((row) => row.ids?.[1] !== 'yes-rate:leniency' || row.ids[2] === bucket) };
  }, [report, task, bucket]);
  if (layout === undefined) return null;
  return (
    <LayoutRowsTable
      layout={layout}
      testId="bias-checks"
      idAttributes={['data-bias-judge', 'data-bias-check', 'data-bias-bucket', 'data-bias-effect']}
      labelClass={(row, column) => (column === VERDICT_COLUMN && row.ids?.[3] === 'effect' ? 'bias-effect' : undefined)}
    />
  );
});
