// The pairwise section: for one task at a time, the agreement of every annotator with every
// judge (and every other annotator, the human majority and gold) as a heatmap or a table, each
// pair with the units used out of those either labelled; choosing a pair lists where they disagree.

import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import type { AgreementReport, ReportTask } from '../../../shared/report/model/report-model';
import { formatStatistic, raterName } from '../../../shared/report/table-layout';
import { TableToggle } from './chart-parts';
import { CellDisagreements } from './CellDisagreements';
import { HeatmapChart } from './HeatmapChart';
import { cellKey, heatmapModel, type HeatmapCell, type HeatmapModel } from './heatmap-model';
import { percentText } from './report-text';
import { TaskSwitch } from './TaskSwitch';

const HEATMAP_ORDER: readonly ReportTask[] = ['answer', 'match'];

function HeatmapTable({ model, onChoose }: { model: HeatmapModel; onChoose: (cell: HeatmapCell) => void }) {
  return (
    <table className="data-table" aria-label="Agreement of every pair of raters">
      <thead>
        <tr>
          <th scope="col">Rater</th>
          <th scope="col">Rater</th>
          <th scope="col" className="num">
            Agreement
          </th>
          <th scope="col" className="num">
            Cohen&apos;s κ
          </th>
          <th scope="col" className="num" title="Units both labelled / units either labelled">
            Used / total
          </th>
          <th scope="col">
            <span className="visually-hidden">Disagreements</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {model.pairs.map((pair) => (
          <tr key={cellKey(pair.a, pair.b)} data-pair={cellKey(pair.a, pair.b)}>
            <td>{model.names.get(pair.a) ?? pair.a}</td>
            <td>{model.names.get(pair.b) ?? pair.b}</td>
            <td className="num">{percentText(pair.agreement)}</td>
            <td className="num">{formatStatistic(pair.kappa)}</td>
            <td className="num">
              {pair.used} / {pair.total}
            </td>
            <td>
              <button type="button" className="chip" onClick={() => onChoose(pair)}>
                Disagreements
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const PairwiseHeatmap = memo(function PairwiseHeatmap({ studyId, report }: { studyId: string; report: AgreementReport }) {
  const { pairwise } = report;
  const [task, setTask] = useState<ReportTask>('answer');
  const [asTable, setAsTable] = useState(false);
  const [chosen, setChosen] = useState<{ task: ReportTask; a: string; b: string }>();
  const view = useMemo(() => ({ task, model: heatmapModel(pairwise[task], (rater) => raterName(report, rater)) }), [report, pairwise, task]);
  // The matrix commits on its own, after the rest of the page (and after a task switch, while the
  // old one stays): thousands of cells in the same commit as every table would block the window.
  const drawn = useDeferredValue(view, null);
  const choose = useCallback(
    (cell: HeatmapCell) => {
      if (drawn !== null) setChosen({ task: drawn.task, a: cell.a, b: cell.b });
    },
    [drawn],
  );
  const open = drawn !== null && chosen?.task === drawn.task && drawn.model.cells.has(cellKey(chosen.a, chosen.b)) ? chosen : undefined;
  const id = useId();

  return (
    <section className="report-section" data-testid="heatmap" data-task={drawn?.task ?? task} data-drawn={drawn !== null} aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} tabIndex={-1}>
          Pairwise agreement
        </h2>
        <div className="report-controls">
          <TaskSwitch task={task} onTask={setTask} name="heatmap" order={HEATMAP_ORDER} />
          <TableToggle asTable={asTable} onChange={setAsTable} chart="heatmap" />
        </div>
      </div>
      <p className="hint small">
        Raw agreement of each pair of raters on the units both labelled (used) out of the units either labelled (total). Choose a pair to list the units where
        they disagree.
      </p>
      {drawn === null ? (
        <p className="muted">Drawing the heatmap…</p>
      ) : drawn.model.raters.length === 0 ? (
        <p className="empty">No two raters labelled the same unit of this task.</p>
      ) : asTable ? (
        <HeatmapTable model={drawn.model} onChoose={choose} />
      ) : (
        <HeatmapChart model={drawn.model} chosen={open === undefined ? undefined : cellKey(open.a, open.b)} onChoose={choose} />
      )}
      {open !== undefined && (
        <CellDisagreements
          key={cellKey(open.a, open.b)}
          studyId={studyId}
          task={open.task}
          a={open.a}
          b={open.b}
          names={drawn?.model.names ?? new Map<string, string>()}
          onClose={() => setChosen(undefined)}
        />
      )}
    </section>
  );
});
