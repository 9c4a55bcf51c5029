// The bias checks of one task (issue 31 point 3), as the exports lay them out: per judge, its yes
// rate in the chosen bucket and its other checks over all puzzles, each with its verdict, the
// groups compared and the effect with its interval. Rows with an effect are marked.

import { memo, useMemo } from 'react';
import { biasTables } from '../../../shared/report/bias-layout';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import { LayoutTableBlock } from './ReportTable';

interface BiasChecksTableProps {
  report: AgreementReport;
  task: ReportTask;
  bucket: ReportBucket;
}

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
    <LayoutTableBlock layout={layout} shown={layout.rows.length > 0} data={{ 'data-testid': 'bias-checks' }}>
      {layout.rows.map((row) => (
        <tr key={row.ids?.join('\u0000')} data-bias-check={row.ids?.[1]} data-bias-judge={row.ids?.[0]} data-bias-effect={row.ids?.[3]}>
          {row.labels.map((label, column) => (
            <th key={column} scope="row" className={column === 3 && row.ids?.[3] === 'effect' ? 'bias-effect' : undefined}>
              {label}
            </th>
          ))}
          {row.values.map((value, column) => (
            <td key={column} className="num">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </LayoutTableBlock>
  );
});
