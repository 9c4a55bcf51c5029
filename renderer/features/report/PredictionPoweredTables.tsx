// A task's players' scores made prediction-powered (issue 32 point 1) in the bucket shown: the
// judge alone, people alone, both by PPI++ and (on the finals) Rogan-Gladen side by side, then the
// bootstrap, lambda and the labels the judge's verdicts saved, as the exports lay them out.

import { memo, useMemo } from 'react';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import { predictionPoweredTables } from '../../../shared/report/prediction-powered-layout';
import type { LayoutTable } from '../../../shared/report/table-layout';
import { LayoutRowsTable } from './LayoutRowsTable';

const MEASURE: Record<ReportTask, string> = { match: 'solve-rate', answer: 'question-accuracy' };

const ID_ATTRIBUTES = ['data-pp-judge', 'data-pp-player', 'data-pp-bucket'];

/** The table with only the bucket's rows (a row's ids are judge, player, bucket); undefined when it has none. */
function inBucket(table: LayoutTable | undefined, bucket: ReportBucket): LayoutTable | undefined {
  if (table === undefined) return undefined;
  const rows = table.rows.filter((row) => row.ids?.[2] === bucket);
  return rows.length === 0 ? undefined : { ...table, rows };
}

export const PredictionPoweredTables = memo(function PredictionPoweredTables({
  report,
  task,
  bucket,
}: {
  report: AgreementReport;
  task: ReportTask;
  bucket: ReportBucket;
}) {
  const tables = useMemo(() => predictionPoweredTables(report), [report]);
  const id = `judges-prediction-powered-${MEASURE[task]}`;
  const scores = inBucket(
    tables.find((table) => table.id === id),
    bucket,
  );
  const basis = inBucket(
    tables.find((table) => table.id === `${id}-labels`),
    bucket,
  );
  return (
    <>
      {scores !== undefined && <LayoutRowsTable layout={scores} testId="prediction-powered" idAttributes={ID_ATTRIBUTES} />}
      {basis !== undefined && <LayoutRowsTable layout={basis} testId="prediction-powered-labels" idAttributes={ID_ATTRIBUTES} />}
    </>
  );
});
