// How a judge's calibration and stability are written (issue 31 points 1 and 2): a Markdown row per
// judge and source with ECE and Brier and their intervals as the report has them, the reliability
// diagram's bins, the judge against itself and against its order-swapped twin, and CSV rows.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { BIASED_JUDGE, biasStudy, SWAPPED_JUDGE } from '../stats/study/bias-study';
import { NOW } from '../stats/study/study-fixtures';

const report = buildReport({
  ...biasStudy({ seed: 8, puzzles: 60, samples: 3, judgeErrorRate: 0.25, orderSwapFlips: 0.3 }),
  settings: { bootstrap: 199, seed: 4, average: 'micro' },
  inputs: [],
  app: 'test',
  now: NOW,
});
const markdown = renderMarkdown(report);
const csv = renderCsv(report).split('\r\n');
const pct = (value: number | null | undefined) => (value === null || value === undefined ? '–' : (100 * value).toFixed(1));
const fixed = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(3).replace('-', '−'));

describe('calibration and stability in the Markdown and CSV', () => {
  const calibration = report.judges?.calibration?.find((row) => row.task === 'match');
  const self = report.judges?.selfConsistency?.find((row) => row.task === 'match');
  const pair = report.judges?.judgePairs?.find((row) => row.task === 'match');

  it('writes ECE and Brier with their intervals, and the bins of the reliability diagram', () => {
    expect(markdown).toContain(
      `| ${BIASED_JUDGE} | vote share | ${calibration?.n} | ${pct(calibration?.ece)} [${pct(calibration?.eceCi95?.[0])}, ${pct(calibration?.eceCi95?.[1])}] | ${fixed(calibration?.brier)} [${fixed(calibration?.brierCi95?.[0])}, ${fixed(calibration?.brierCi95?.[1])}] |`,
    );
    const top = calibration?.bins.at(-1);
    expect(markdown).toContain(`| ${BIASED_JUDGE} | vote share | 90.0-100.0 | ${top?.n} | ${pct(top?.meanConfidence)} | ${pct(top?.agreement)} |`);
    expect(csv).toContain(
      `calibration,match,all,judge:${BIASED_JUDGE},samples,ece,${calibration?.ece},${calibration?.n},${calibration?.eceCi95?.[0]},${calibration?.eceCi95?.[1]},,,,`,
    );
  });

  it('writes the judge against itself and against its order-swapped twin', () => {
    expect(markdown).toContain(`| ${BIASED_JUDGE} | 3 | ${self?.units} | ${pct(self?.selfAgreement)} | ${fixed(self?.kappa)} | ${pct(self?.flips.value)} [`);
    expect(markdown).toContain(`| ${BIASED_JUDGE} | ${SWAPPED_JUDGE} | order swapped | ${pair?.n} | ${fixed(pair?.kappa)} | ${pct(pair?.flips.value)} [`);
    expect(csv).toContain(`judge_pair,match,all,judge:${BIASED_JUDGE},judge:${SWAPPED_JUDGE},kind_order_swapped,1,${pair?.n},,,,,,`);
    expect(csv).toContain(
      `self_consistency,match,all,judge:${BIASED_JUDGE},,flips,${self?.flips.value},${self?.units},${self?.flips.ci95?.[0]},${self?.flips.ci95?.[1]},,,,`,
    );
  });
});
