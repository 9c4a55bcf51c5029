// Per-annotator reliability: each annotator's agreement with the majority of the other
// annotators, with n, per task; rows of annotators who stand out (outliers.ts) are marked,
// and the rule is written under the table.

import { memo, useId, useMemo } from 'react';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { annotatorGrid, type LayoutTable } from '../../../shared/report/table-layout';
import { useAnnotators } from '../../services/queries';
import { findOutliers, OUTLIER_RULE, outlierKey } from './outliers';
import { percentText, UNDEFINED_FIGURE } from './report-text';
import { LayoutColumnHeads } from './LayoutColumnHeads';
import { ReportTable } from './ReportTable';

interface Props {
  studyId: string;
  report: AgreementReport;
  layout: LayoutTable | undefined;
}

export const AnnotatorReliabilitySection = memo(function AnnotatorReliabilitySection({ studyId, report, layout }: Props) {
  const id = useId();
  const stored = useAnnotators(studyId);
  const names = useMemo(() => new Map((stored ?? []).map((annotator) => [annotator.id, annotator.name])), [stored]);
  const { rows, outliers } = useMemo(() => {
    const { tasks, annotators } = annotatorGrid(report);
    const byKey = new Map(report.annotators.map((row) => [outlierKey(row.task, row.annotator), row]));
    return {
      rows: annotators.map((annotator) => ({ annotator, cells: tasks.map((task) => ({ task, row: byKey.get(outlierKey(task, annotator)) })) })),
      outliers: findOutliers(report.annotators),
    };
  }, [report]);

  return (
    <section className="report-section" data-testid="annotator-reliability" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Per-annotator reliability
      </h2>
      {layout === undefined ? (
        <p className="empty">No annotator has labelled a unit that others labelled too.</p>
      ) : (
        <>
          <p className="muted small">{layout.caption}</p>
          <ReportTable
            name={{ labelledBy: id }}
            head={
              <tr>
                <LayoutColumnHeads layout={layout} />
              </tr>
            }
          >
            {rows.map(({ annotator, cells }) => {
              const flagged = cells.filter(({ task }) => outliers.has(outlierKey(task, annotator)));
              const name = names.get(annotator);
              return (
                <tr
                  key={annotator}
                  data-annotator={annotator}
                  data-outlier={flagged.length > 0 ? 'true' : 'false'}
                  className={flagged.length > 0 ? 'outlier-row' : undefined}
                >
                  <th scope="row">
                    <div className="strong">{name ?? annotator}</div>
                    {name !== undefined && name !== annotator && <div className="muted small">{annotator}</div>}
                  </th>
                  {cells.map(({ task, row }) => {
                    const outlier = outliers.has(outlierKey(task, annotator));
                    return (
                      <td
                        key={task}
                        className={`num${outlier ? ' outlier-cell' : ''}`}
                        data-task={task}
                        data-agreement={row?.agreement ?? ''}
                        data-n={row?.n ?? 0}
                        data-ties={row?.ties ?? 0}
                      >
                        {row === undefined || row.agreement === null ? UNDEFINED_FIGURE : `${percentText(row.agreement)}  n=${row.n}`}
                        {outlier && <span className="outlier-flag"> ▼ outlier</span>}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </ReportTable>
          {layout.notes.map((note) => (
            <p key={note} className="muted small" data-testid="annotator-ties">
              {note}
            </p>
          ))}
          <p className="muted small">{OUTLIER_RULE}</p>
        </>
      )}
    </section>
  );
});
