// Judges side by side on the same units, for one task and bucket: A's agreement with the human
// majority minus B's, with its studentized bootstrap interval, the p of the report's paired test
// (which it names) and the Holm-adjusted p; the families are under the section.

import type { AgreementReport, JudgeComparisonRow, Resampling } from '../../../shared/report/model/report-model';
import { pairedTestColumn, pairedTestSentence } from '../../../shared/report/paired-test-words';
import { pairedPText, percentInterval, pointsText, pText } from './judges-text';
import { UNDEFINED_FIGURE } from './report-text';
import { ReportTable } from './ReportTable';

const RESAMPLED: Record<Resampling, string> = { puzzles: 'whole puzzles', units: 'single units' };

export function JudgeComparisonsTable({
  rows,
  bucketName,
  settings,
}: {
  rows: readonly JudgeComparisonRow[];
  bucketName: string;
  settings: AgreementReport['settings'];
}) {
  const { bootstrap } = settings;
  if (rows.length === 0) return <p className="empty small">No two judges labelled the same units here.</p>;
  const interval =
    bootstrap > 0
      ? `, its symmetric studentized interval from ${bootstrap.toLocaleString('en-US')} bootstrap replicates resampling ${RESAMPLED[settings.resample ?? 'units']} with both judges on the same draws`
      : '';
  return (
    <ReportTable
      name={{
        caption: `Judge A against judge B on the units both judged that have a human majority (${bucketName}): the difference in agreement with people in percentage points${interval}. ${pairedTestSentence(settings)}`,
      }}
      data={{ 'data-testid': 'judge-comparisons' }}
      columns={['A', 'B', { num: 'n' }, { num: 'A − B [95% CI]' }, { num: pairedTestColumn(settings) }, { num: 'Holm p' }]}
    >
      {rows.map((row) => {
        const undefinedShare = bootstrap === 0 ? 0 : row.undefinedReplicates / bootstrap;
        return (
          <tr
            key={`${row.a}\u0000${row.b}`}
            data-a={row.a}
            data-b={row.b}
            data-n={row.n}
            data-difference={row.difference ?? ''}
            data-p={row.test.pValue ?? ''}
            data-holm-p={row.holmP ?? ''}
          >
            <th scope="row">{row.a}</th>
            <td>{row.b}</td>
            <td className="num">{row.n.toLocaleString('en-US')}</td>
            <td className="num agreement-cell" title={row.difference === null ? row.reason : row.differenceCi95Reason}>
              {[pointsText(row.difference), percentInterval(row.differenceCi95)].filter((part) => part !== '').join('  ')}
              {undefinedShare > 0.05 && <span className="skew-note small">{`  (${row.undefinedReplicates} of ${bootstrap} replicates undefined)`}</span>}
            </td>
            <td className="num" title={row.test.reason}>
              {pairedPText(row.test)}
            </td>
            <td className="num" title={row.holmP === null ? 'not tested' : undefined}>
              {row.holmP === null ? UNDEFINED_FIGURE : pText(row.holmP)}
            </td>
          </tr>
        );
      })}
    </ReportTable>
  );
}
