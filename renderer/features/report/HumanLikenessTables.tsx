// Human-likeness of one task's judges and, on the final answers, each judge's player ranking
// against the human one (issue 31 point 4), as the exports lay them out.

import { memo, useMemo } from 'react';
import { humanLikenessTables } from '../../../shared/report/human-likeness-layout';
import type { AgreementReport, ReportTask } from '../../../shared/report/model/report-model';
import { LayoutRowsTable } from './LayoutRowsTable';

export const HumanLikenessTables = memo(function HumanLikenessTables({ report, task }: { report: AgreementReport; task: ReportTask }) {
  const tables = useMemo(() => humanLikenessTables(report), [report]);
  const likeness = tables.find((table) => table.id === `judges-human-likeness-${task}`);
  const rankings = task === 'match' ? tables.find((table) => table.id === 'judges-rankings') : undefined;
  return (
    <>
      {likeness !== undefined && <LayoutRowsTable layout={likeness} testId="human-likeness" idAttributes={['data-likeness-judge', 'data-likeness-verdict']} />}
      {rankings !== undefined && <LayoutRowsTable layout={rankings} testId="judge-rankings" idAttributes={['data-ranking-judge']} />}
    </>
  );
});
