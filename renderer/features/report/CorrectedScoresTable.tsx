// Each player's solve rate under one judge beside the rate corrected for the judge's errors
// (Rogan-Gladen, with Lee et al.'s interval), per bucket: the figure a benchmark paper should print
// next to its raw accuracy. A clamped or undefined estimate says so in words.

import type { CorrectedScoreRow } from '../../../shared/report/model/report-model';
import { BUCKET_NAME } from '../../../shared/report/table-layout';
import { correctedNote, percentInterval } from './judges-text';
import { percentText } from './report-text';
import { ReportTable } from './ReportTable';

export function CorrectedScoresTable({ judge, rows }: { judge: string; rows: readonly CorrectedScoreRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ReportTable
      name={{
        caption: `Solve rates under ${judge}, corrected for its errors as measured on the bucket's sessions with a final that have both its verdict and the human majority's (calibration); sessions without a final count as unsolved`,
      }}
      variant="compact"
      boxData={{ 'data-testid': 'corrected-scores' }}
      columns={[
        'Player',
        'Bucket',
        { num: 'Sessions' },
        { num: 'With a final' },
        { num: 'Calibration' },
        { num: 'Raw solve rate' },
        { num: 'Corrected [95% CI]' },
        'Note',
      ]}
    >
      {rows.map((row) => {
        const note = correctedNote(row);
        return (
          <tr
            key={`${row.player}\u0000${row.bucket}`}
            data-player={row.player}
            data-bucket={row.bucket}
            data-raw={row.rawScore ?? ''}
            data-corrected={row.theta ?? ''}
          >
            <th scope="row">{row.player}</th>
            <td>{BUCKET_NAME[row.bucket]}</td>
            <td className="num">{row.sessions.toLocaleString('en-US')}</td>
            <td className="num">{row.sessionsWithFinal.toLocaleString('en-US')}</td>
            <td className="num">{row.calibrationSessions.toLocaleString('en-US')}</td>
            <td className="num">{percentText(row.rawScore)}</td>
            <td className="num" title={row.theta === null ? row.undefinedReasons.theta : undefined}>
              {[percentText(row.theta), percentInterval(row.ci95)].filter((part) => part !== '').join('  ')}
            </td>
            <td className="small">{note}</td>
          </tr>
        );
      })}
    </ReportTable>
  );
}
