// The Alternative Annotator Test of one judge on one task (Calderon, Reichart and Dror, 2025):
// passed or failed with the winning rate and the advantage probability, or why it was not run,
// always with the epsilon; the left-out annotators' figures behind a disclosure.

import type { AgreementReport, JudgeAltTestRow } from '../../../shared/report/model/report-model';
import { annotatorName, formatStatistic } from '../../../shared/report/table-layout';
import { altTestVerdict, pText } from './judges-text';
import { UNDEFINED_FIGURE } from './report-text';

const VERDICT_CLASS = { passed: 'alt-test-passed', failed: 'alt-test-failed', refused: 'muted' } as const;

export function AltTestVerdict({ report, row }: { report: AgreementReport; row: JudgeAltTestRow }) {
  const verdict = row.passed === null ? 'refused' : row.passed ? 'passed' : 'failed';
  return (
    <div
      className="alt-test"
      data-testid="alt-test"
      data-verdict={verdict}
      data-epsilon={row.epsilon}
      data-winning-rate={row.winningRate ?? ''}
      data-advantage={row.advantageProbability ?? ''}
    >
      <p className={`small ${VERDICT_CLASS[verdict]}`}>
        <strong>Alt-Test:</strong> {altTestVerdict(row)}
      </p>
      {row.annotators.length > 0 && (
        <details className="small">
          <summary>Each annotator left out</summary>
          <table className="data-table compact-table" aria-label="Alt-Test with each annotator left out">
            <thead>
              <tr>
                <th scope="col">Annotator</th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Advantage
                </th>
                <th scope="col" className="num">
                  p
                </th>
                <th scope="col">Judge wins</th>
              </tr>
            </thead>
            <tbody>
              {row.annotators.map((annotator) => (
                <tr key={annotator.annotator} data-annotator={annotator.annotator}>
                  <th scope="row">{annotatorName(report, annotator.annotator)}</th>
                  <td className="num">{annotator.n.toLocaleString('en-US')}</td>
                  <td className="num" title={annotator.advantage === null ? (annotator.reason ?? undefined) : undefined}>
                    {annotator.advantage === null ? UNDEFINED_FIGURE : formatStatistic(annotator.advantage)}
                  </td>
                  <td className="num" title={annotator.pValue === null ? (annotator.reason ?? undefined) : undefined}>
                    {pText(annotator.pValue)}
                  </td>
                  <td>{annotator.tested ? (annotator.judgeWins ? 'yes' : 'no') : `not tested: ${annotator.reason ?? ''}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
