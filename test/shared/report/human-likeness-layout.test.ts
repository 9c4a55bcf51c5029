// How human-likeness and each judge's player ranking are written (issue 31 point 4): a Markdown row
// per judge with its verdict, kappas and z as the report has them, the reason where there is no z,
// and the same figures as CSV rows.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { BIASED_JUDGE, biasStudy } from '../stats/study/bias-study';
import { NOW } from '../stats/study/study-fixtures';

const build = (peopleErrorRates: number[]) =>
  buildReport({
    ...biasStudy({ seed: 5, puzzles: 60, peopleErrorRates }),
    settings: { bootstrap: 0, seed: 3, average: 'micro' },
    inputs: [],
    app: 'test',
    now: NOW,
  });

const fixed = (value: number | null | undefined, digits = 3) => (value === null || value === undefined ? '–' : value.toFixed(digits).replace('-', '−'));

describe('human-likeness in the Markdown and CSV', () => {
  const report = build([0.05, 0.1, 0.15, 0.2]);
  const row = report.judges?.humanLikeness?.find((one) => one.task === 'match');

  it('writes each judge with its verdict, kappas and z', () => {
    expect(row?.z).not.toBeNull();
    expect(renderMarkdown(report)).toContain(
      `| ${BIASED_JUDGE} | ${row?.verdict} | ${fixed(row?.judgeKappa)} | ${fixed(row?.peopleMean)} ± ${fixed(row?.peopleSd)} (n=6) | ${fixed(row?.z, 2)} |`,
    );
  });

  it('writes z, the kappas and the ranking as CSV rows', () => {
    const csv = renderCsv(report).split('\r\n');
    expect(csv).toContain(`human_likeness,match,all,judge:${BIASED_JUDGE},,z,${row?.z},6,,,,,,`);
    const ranking = report.judges?.rankings?.[0]?.ranking;
    expect(csv).toContain(`judge_ranking,match,all,judge:${BIASED_JUDGE},human-majority,kendall_tau_b,${ranking?.kendallTauB},3,,,,,,`);
  });

  it('says why a judge has no z', () => {
    expect(renderMarkdown(build([0.1, 0.1]))).toContain(
      `- No z for ${BIASED_JUDGE}: 2 people labelled the units in pairs; the spread of people's agreement needs at least 3.`,
    );
  });
});
