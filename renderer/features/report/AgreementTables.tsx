// The paper tables M and R: one row per pair of rater groups (each judge model, humans, gold),
// one column per difficulty bucket and All, each cell the agreement under the chosen average
// with its n and 95% interval. Rows, columns, title and caption come from the shared table
// layout, so the page reads as the exported Markdown and LaTeX do.

import { memo } from 'react';
import type { AgreementReport, ReportTask } from '../../../shared/report/model/report-model';
import { agreementBuckets, agreementRowWarning, comparisonsOf, findAgreementRow, raterName, type LayoutTable } from '../../../shared/report/table-layout';
import { IntervalWarning } from './IntervalWarning';
import { agreementCellParts, shownAgreement, UNDEFINED_FIGURE } from './report-text';
import { LayoutTableBlock } from './ReportTable';

interface Props {
  /** The report as shown: its settings.average is the page's choice. */
  report: AgreementReport;
  task: ReportTask;
  layout: LayoutTable;
}

export const AgreementTable = memo(function AgreementTable({ report, task, layout }: Props) {
  const average = report.settings.average;
  const buckets = agreementBuckets(report, task);
  const comparisons = comparisonsOf(report, task);
  return (
    <LayoutTableBlock layout={layout} shown={comparisons.length > 0} data={{ 'data-report-table': task, 'data-average': average }}>
      {comparisons.map((comparison) => (
        <tr key={`${comparison.a}\u0000${comparison.b}`} data-group-a={comparison.a} data-group-b={comparison.b}>
          <th scope="row">
            {raterName(report, comparison.a)} <span className="muted">vs</span> {raterName(report, comparison.b)}
          </th>
          {buckets.map((bucket) => {
            const row = findAgreementRow(report, task, bucket, comparison);
            const value = row === undefined ? null : shownAgreement(row, average);
            const warning = row === undefined ? undefined : agreementRowWarning(row, average, report.settings.bootstrap);
            return (
              <td
                key={bucket}
                className="num agreement-cell"
                data-bucket={bucket}
                data-agreement={value ?? ''}
                data-n={row?.n ?? 0}
                data-units={row?.units ?? 0}
              >
                {/* Two spaces between the parts, as in the paper tables; pre-wrap keeps them. */}
                {row === undefined ? UNDEFINED_FIGURE : agreementCellParts(row, average).join('  ')}
                {warning !== undefined && <IntervalWarning text={warning} />}
              </td>
            );
          })}
        </tr>
      ))}
    </LayoutTableBlock>
  );
});
