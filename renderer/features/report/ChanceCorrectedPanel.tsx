// Chance-corrected agreement per task and bucket: Krippendorff's alpha, Fleiss' kappa and
// Gwet's AC1 beside the observed and expected agreement and the share of each category, so a
// high raw agreement on skewed labels (most answers "no") is visibly explained by chance.

import { memo, useId } from 'react';
import type { AgreementReport, ChanceCorrected, ReportTask } from '../../../shared/report/model/report-model';
import { statisticsBuckets, undefinedReplicatesWarning, type LayoutTable } from '../../../shared/report/table-layout';
import { IntervalWarning } from './IntervalWarning';
import { percentText } from './report-text';
import { LayoutTableBlock } from './ReportTable';

/** The value column of the layout's row that holds alpha and its interval (after Units and Pairable values). */
const ALPHA_COLUMN = 2;

/** One category this common makes chance agreement high, whatever the raters do. */
const SKEWED_SHARE = 0.75;

function Prevalence({ stats }: { stats: ChanceCorrected }) {
  const shares = Object.entries(stats.prevalence).sort(([, x], [, y]) => y - x);
  // A bucket without ratings has no prevalence: its shares are 0 only because nothing was counted.
  if (shares.every(([, share]) => share === 0)) return <span className="muted">–</span>;
  const [top, topShare] = shares[0] ?? ['', 0];
  return (
    <div className="prevalence">
      <div className="prevalence-bar" aria-hidden="true">
        {shares.map(([category, share]) => (
          <span key={category} className={`prevalence-part label-${category}`} style={{ width: `${share * 100}%` }} />
        ))}
      </div>
      <div className="small">
        {shares.map(([category, share], index) => (
          <span key={category} data-category={category} data-share={share}>
            {index > 0 && ' · '}
            {category} {percentText(share)}
          </span>
        ))}
      </div>
      {topShare >= SKEWED_SHARE && (
        <div className="small skew-note" data-skewed={top}>
          Skewed: “{top}” is {percentText(topShare)} of the ratings, so raters agree often by chance alone.
        </div>
      )}
    </div>
  );
}

function StatisticsTable({ report, task, layout }: { report: AgreementReport; task: ReportTask; layout: LayoutTable }) {
  const buckets = statisticsBuckets(report, task);
  return (
    <LayoutTableBlock layout={layout} shown={buckets.length > 0} extraHeads={<th scope="col">Category prevalence</th>}>
      {buckets.map(([bucket, stats], index) => {
        const row = layout.rows[index];
        const alphaWarning = undefinedReplicatesWarning(stats.undefinedReplicates?.krippendorffAlpha, report.settings.bootstrap, stats.krippendorffAlphaCi95);
        return (
          <tr
            key={bucket}
            data-stat-task={task}
            data-stat-bucket={bucket}
            data-alpha={stats.krippendorffAlpha ?? ''}
            data-fleiss={stats.fleissKappa ?? ''}
            data-ac1={stats.gwetAC1 ?? ''}
            data-observed={stats.observedAgreement ?? ''}
          >
            {row?.labels.map((label) => (
              <th key={label} scope="row">
                {label}
              </th>
            ))}
            {row?.values.map((value, column) => (
              <td key={column} className="num">
                {value}
                {column === ALPHA_COLUMN && alphaWarning !== undefined && <IntervalWarning text={alphaWarning} />}
              </td>
            ))}
            <td>
              <Prevalence stats={stats} />
            </td>
          </tr>
        );
      })}
    </LayoutTableBlock>
  );
}

export const ChanceCorrectedPanel = memo(function ChanceCorrectedPanel({
  report,
  layouts,
}: {
  report: AgreementReport;
  layouts: Array<{ task: ReportTask; layout: LayoutTable }>;
}) {
  const id = useId();
  return (
    <section className="report-section" data-testid="chance-corrected" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Chance-corrected agreement
      </h2>
      <p className="hint small">
        Raw agreement is inflated when one label dominates: two raters who both answer “no” most of the time agree often by chance. The observed and expected
        columns give each statistic's own observed and chance agreement, so (observed − expected) / (1 − expected) recomputes it; AC1 is less sensitive to
        skewed categories. The prevalence column shows how skewed the labels are.
      </p>
      {layouts.map(({ task, layout }) => (
        <StatisticsTable key={task} report={report} task={task} layout={layout} />
      ))}
    </section>
  );
});
