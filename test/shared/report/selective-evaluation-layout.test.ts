// How selective evaluation is written (issue 32 point 5): a Markdown row per task, judge and source
// with the threshold, what it keeps and what goes to people as the report has them, the reason in
// a note where nothing passes, and the `selective_evaluation` CSV rows.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { judgesTables } from '../../../shared/report/judges-layout';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { selectiveEvaluationTables } from '../../../shared/report/selective-evaluation-layout';
import { BIASED_JUDGE, biasStudy } from '../stats/study/bias-study';
import { NOW } from '../stats/study/study-fixtures';

function build(judgeErrorRate: number) {
  const report = buildReport({
    ...biasStudy({ seed: 8, puzzles: 60, samples: 3, judgeErrorRate }),
    settings: { bootstrap: 0, seed: 4, average: 'micro' },
    inputs: [],
    app: 'test',
    now: NOW,
  });
  return { report, markdown: renderMarkdown(report), csv: renderCsv(report).split('\r\n') };
}

const pct = (value: number | null | undefined) => (value === null || value === undefined ? '–' : (100 * value).toFixed(1));

describe('selective evaluation in the Markdown and CSV', () => {
  it('writes the threshold, the kept shares, the agreement and the units sent to people of a judge that passes', () => {
    const { report, markdown, csv } = build(0.03);
    const row = report.judges?.selectiveEvaluation?.find((one) => one.task === 'match' && one.source === 'samples');
    expect(row?.passes).toBe(true);
    if (row === undefined || row.threshold === null) return;
    const keptAll = Math.round(row.keptShare * row.units);
    expect(markdown).toContain(
      `| ${BIASED_JUDGE} | vote share | ${row.threshold.toFixed(3)} | yes | ${pct(row.keptCalibrationShare)} (${row.keptCalibrationUnits}/${row.calibrationUnits}) | ${pct(keptAll / row.units)} (${keptAll}/${row.units}) | ${pct(row.agreementOnKept)} | ${row.escalatedUnits.length}/${row.units} |`,
    );
    expect(markdown).toContain('90.0% agreement (alpha 0.1) with 90.0% certainty (delta 0.1)');
    const prefix = `selective_evaluation,match,all,judge:${BIASED_JUDGE},samples`;
    expect(csv).toContain(`${prefix},threshold,${row.threshold},${row.calibrationUnits},,,,,,`);
    expect(csv).toContain(`${prefix},passes,1,${row.calibrationUnits},,,,,,`);
    expect(csv).toContain(`${prefix},kept_share_labelled,${row.keptCalibrationShare},${row.calibrationUnits},,,,,,`);
    expect(csv).toContain(`${prefix},kept_share_all,${row.keptShare},${row.units},,,,,,`);
    expect(csv).toContain(`${prefix},agreement_on_kept,${row.agreementOnKept},${row.keptCalibrationUnits},,,,,,`);
    expect(csv).toContain(`${prefix},escalated_units,${row.escalatedUnits.length},${row.units},,,,,,`);
  });

  it('says why nothing is kept and sends every unit to people when none passes', () => {
    const { report, markdown, csv } = build(0.45);
    const row = report.judges?.selectiveEvaluation?.find((one) => one.task === 'answer' && one.source === 'samples');
    expect(row?.passes).toBe(false);
    expect(markdown).toContain(
      `| ${BIASED_JUDGE} | vote share | – | no | 0.0 (0/${row?.calibrationUnits}) | 0.0 (0/${row?.units}) | – | ${row?.units}/${row?.units} |`,
    );
    expect(markdown).toContain(`Nothing kept for ${BIASED_JUDGE} (vote share): ${row?.reason}.`);
    expect(csv).toContain(`selective_evaluation,answer,all,judge:${BIASED_JUDGE},samples,threshold,,${row?.calibrationUnits},,,,,,`);
  });

  it('comes after the calibration and stability tables, M first, and not at all without confidence', () => {
    const { report } = build(0.03);
    const ids = judgesTables(report).map((table) => table.id);
    expect(selectiveEvaluationTables(report).map((table) => table.id)).toEqual(['judges-selective-match', 'judges-selective-answer']);
    expect(ids.indexOf('judges-selective-match')).toBeGreaterThan(ids.indexOf('judges-self-answer'));
    const plain = buildReport({
      ...biasStudy({ seed: 8, puzzles: 20 }),
      settings: { bootstrap: 0, seed: 4, average: 'micro' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    expect(plain.judges?.selectiveEvaluation).toEqual([]);
    expect(selectiveEvaluationTables(plain)).toEqual([]);
  });
});
