// How the bias checks are written (issue 31 point 3): a Markdown table per task with each row's
// verdict, groups, effect with its interval and p-values as the report has them, the groups and
// the word lists explained under it, and one CSV row per figure.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import type { BiasCheckRow } from '../../../shared/report/model/report-model';
import { BIASED_JUDGE, biasStudy } from '../stats/study/bias-study';
import { NOW } from '../stats/study/study-fixtures';

const data = biasStudy({ seed: 1, puzzles: 120, yesPoints: 0.2 });
const report = buildReport({ ...data, settings: { bootstrap: 199, seed: 3, average: 'micro' }, inputs: [], app: 'test', now: NOW });
const rows = report.judges?.biasChecks ?? [];

function row(task: 'answer' | 'match', check: BiasCheckRow['check'], figure: BiasCheckRow['figure']): BiasCheckRow {
  const found = rows.find((one) => one.task === task && one.check === check && one.figure === figure && one.bucket === 'all');
  if (found === undefined) throw new Error(`no ${task} ${check} ${figure}`);
  return found;
}

const percent = (value: number | null) => (value === null ? '–' : (100 * value).toFixed(1).replace('-', '−'));

describe('the bias checks in the Markdown', () => {
  const markdown = renderMarkdown(report);

  it('writes a row per judge and check with its verdict, groups, effect and p-values', () => {
    const yes = row('answer', 'yes-rate', 'leniency');
    const interval = yes.ci95 === null ? '' : ` [${percent(yes.ci95[0])}, ${percent(yes.ci95[1])}]`;
    expect(markdown).toContain(
      `| ${BIASED_JUDGE} | yes rate | All | says yes ${Math.abs(100 * (yes.value as number)).toFixed(1)} points more often | ${percent(yes.a.value)} (n=${yes.a.units}) | ${percent(yes.b.value)} (n=${yes.b.units}) | ${percent(yes.value)}${interval} |`,
    );
    const own = row('match', 'own-family', 'agreement');
    expect(markdown).toContain(`| ${BIASED_JUDGE} | own family: agreement | All | no clear effect | ${percent(own.a.value)} (n=${own.a.units}) |`);
  });

  it('says what A and B are, where length is cut and which words make a final answer hedged', () => {
    const section = markdown.slice(markdown.indexOf('### M: bias checks'));
    expect(section).toContain('- A and B: matched rate, the judge and the human majority on the same units; length, the long and the short tertile;');
    expect(section).toMatch(/- Length in characters, cut at the tertiles of all the study's final answers: long final answers \(\d+-\d+ characters\), middle/);
    expect(section).toContain('- Hedged: a question mark or one of 31 hedges (allegedly, apparently, conceivably, maybe, perhaps, possibly ...;');
    expect(section).toContain(`- Not tested (no unit of final answers that address the judge): ${BIASED_JUDGE} addressing: leniency.`);
  });
});

describe('the bias checks in the CSV', () => {
  const csv = renderCsv(report).split('\r\n');

  it('writes the effect with its interval, each group, p, Holm p and the verdict as numbers', () => {
    const yes = row('match', 'yes-rate', 'leniency');
    const line = (measure: string) => csv.find((one) => one.startsWith(`bias_check,match,all,judge:${BIASED_JUDGE},yes-rate:leniency,${measure},`));
    expect(line('effect')).toBe(
      `bias_check,match,all,judge:${BIASED_JUDGE},yes-rate:leniency,effect,${yes.value},${yes.a.units},${yes.ci95?.[0]},${yes.ci95?.[1]},,,,`,
    );
    expect(line('group_a')).toBe(`bias_check,match,all,judge:${BIASED_JUDGE},yes-rate:leniency,group_a,${yes.a.value},${yes.a.units},,,,,,`);
    expect(line('holm_p')).toContain(`,holm_p,${yes.holmP},`);
    expect(line('effect_found')).toContain(',effect_found,1,');
  });
});
