// Which way a judge errs against people, as a horizontal bar: its lenient errors (yes or matched
// where people said no or unmatched) from the left, its severe ones from the right, with the
// counts, rates, net leniency with its interval, the report's paired test's p and the
// Holm-adjusted p beside it in words, which are also its name.

import type { JudgeAgainstPeopleRow } from '../../../shared/report/model/report-model';
import { leniencyText, netLeniencyText, pairedPText, pairedTestName, pText, skewOf, SKEW_WORDS } from './judges-text';
import { percentText } from './report-text';

export function LeniencyBar({ row }: { row: Pick<JudgeAgainstPeopleRow, 'errors' | 'netLeniency' | 'leniencyTest' | 'holmP'> }) {
  const { errors, leniencyTest } = row;
  const discordant = errors.lenient + errors.severe;
  const lenientShare = discordant === 0 ? 0.5 : errors.lenient / discordant;
  const skew = skewOf(row);
  return (
    <div className="leniency" data-testid="leniency" data-lenient={errors.lenient} data-severe={errors.severe} data-skew={skew}>
      <div className="leniency-bar" role="img" aria-label={leniencyText(row)}>
        {discordant === 0 ? (
          <span className="leniency-part leniency-none" style={{ width: '100%' }} />
        ) : (
          <>
            <span className="leniency-part leniency-lenient" style={{ width: `${lenientShare * 100}%` }} />
            <span className="leniency-part leniency-severe" style={{ width: `${(1 - lenientShare) * 100}%` }} />
          </>
        )}
      </div>
      <div className="leniency-legend small" aria-hidden="true">
        <span title={errors.leniencyRate.reason}>
          Lenient {errors.lenient.toLocaleString('en-US')} ({percentText(errors.leniencyRate.value)} of people&apos;s {errors.negative})
        </span>
        <span title={errors.severityRate.reason}>
          Severe {errors.severe.toLocaleString('en-US')} ({percentText(errors.severityRate.value)} of people&apos;s {errors.positive})
        </span>
      </div>
      <p className="small" data-testid="leniency-verdict">
        <span title={row.netLeniency.ci95Reason}>{netLeniencyText(row)}</span>,{' '}
        {leniencyTest.pValue !== null ? (
          <>
            {pairedTestName(leniencyTest)} {pairedPText(leniencyTest)}
            {row.holmP !== null && `, Holm-adjusted p ${pText(row.holmP)}`}
          </>
        ) : (
          <span title={leniencyTest.reason}>no test</span>
        )}
        : <strong className={skew === 'none' ? undefined : 'skew-note'}>{SKEW_WORDS[skew]}</strong>
      </p>
    </div>
  );
}
