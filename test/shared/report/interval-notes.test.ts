// What every rendering says about the intervals (issue 15 points 1-3): what a replicate drew, the
// Wilson floor beside the tables, and a warning naming the row and the count where more than 5%
// of the replicates were undefined.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { undefinedReplicatesWarning } from '../../../shared/report/table-layout';
import { bucketStudy, NOW } from '../stats/study/study-fixtures';

function report(resample?: 'puzzles' | 'units'): AgreementReport {
  const { study, labels } = bucketStudy();
  return buildReport({
    study,
    labels,
    settings: { bootstrap: 200, seed: 4, average: 'micro', ...(resample ? { resample } : {}) },
    inputs: [],
    app: 'test',
    now: NOW,
  });
}

/** The report with the R judge-vs-human row of the hard bucket and the alpha of all buckets given undefined replicates. */
function withUndefinedReplicates(): AgreementReport {
  const built = report();
  const row = built.tables.answer.find((r) => r.a === 'judge:j1' && r.b === 'human' && r.bucket === 'hard');
  if (row === undefined) throw new Error('no hard row');
  row.undefinedReplicates = 87;
  const all = built.statistics.match.all;
  if (all === undefined) throw new Error('no match statistics');
  all.undefinedReplicates = { krippendorffAlpha: 11, fleissKappa: 11, gwetAC1: 0 };
  return built;
}

describe('the interval method beside the tables', () => {
  it('says puzzles and the Wilson floor by default, in Markdown, LaTeX and CSV', () => {
    const built = report();
    expect(built.settings.resample).toBe('puzzles');
    const method = '95% percentile bootstrap over puzzles (B = 200, seed 4); where it reaches 0 or 1, widened to the Wilson interval at the number of puzzles';
    expect(renderMarkdown(built)).toContain(method);
    expect(renderLatex(built)).toContain(method.replaceAll('%', '\\%'));
    expect(renderCsv(built)).toContain(`# intervals: ${method}\r\n`);
    expect(renderMarkdown(built)).toContain('resampling puzzles');
    expect(renderMarkdown(built)).toContain(
      "Krippendorff's α (nominal) with its 95% percentile bootstrap CI over puzzles (B = 200, seed 4), withheld where every replicate gave the same value",
    );
  });

  it('says units under `units`', () => {
    const markdown = renderMarkdown(report('units'));
    expect(markdown).toContain(
      '95% percentile bootstrap over units (B = 200, seed 4); where it reaches 0 or 1, widened to the Wilson interval at the number of units',
    );
    expect(markdown).toContain('resampling units');
  });
});

describe('undefined replicates', () => {
  it('warn above 5% of the replicates, not at 5%, and only on an interval', () => {
    expect(undefinedReplicatesWarning(87, 1000, [0.2, 0.6])).toBe('87 of 1000 replicates undefined; the interval is over the other 913');
    expect(undefinedReplicatesWarning(50, 1000, [0.2, 0.6])).toBeUndefined();
    expect(undefinedReplicatesWarning(0, 1000, [0.2, 0.6])).toBeUndefined();
    expect(undefinedReplicatesWarning(undefined, 1000, [0.2, 0.6])).toBeUndefined();
    // No interval: its reason says why, not a count.
    expect(undefinedReplicatesWarning(1000, 1000, null)).toBeUndefined();
  });

  it('name the row and the count under the table in Markdown and LaTeX, and in the CSV comment', () => {
    const built = withUndefinedReplicates();
    const hard = 'R, j1 vs Humans, Hard: 87 of 200 replicates undefined; the interval is over the other 113.';
    const alpha = "M, Krippendorff's α, All: 11 of 200 replicates undefined; the interval is over the other 189.";
    const markdown = renderMarkdown(built);
    expect(markdown).toContain(`- ${hard}`);
    expect(markdown).toContain(`- ${alpha}`);
    const latex = renderLatex(built);
    expect(latex).toContain(hard);
    expect(latex).toContain("M, Krippendorff's $\\alpha$, All: 11 of 200 replicates undefined");
    const csv = renderCsv(built);
    expect(csv).toContain(`# warning: ${hard}\r\n`);
    expect(csv).toContain(`# warning: ${alpha}\r\n`);
    // Without them, no warning at all. (This study's few puzzles leave some replicates of the
    // studentized intervals without a t*, each drawing puzzles that all agree: cleared here.)
    const none = report();
    for (const row of [...none.tables.answer, ...none.tables.match]) {
      if (row.undefinedReplicates !== undefined) row.undefinedReplicates = 0;
      if (row.macroUndefinedReplicates !== undefined) row.macroUndefinedReplicates = 0;
    }
    for (const task of ['answer', 'match'] as const) {
      for (const stats of Object.values(none.statistics[task])) if (stats.undefinedReplicates) stats.undefinedReplicates = { krippendorffAlpha: 0, fleissKappa: 0, gwetAC1: 0 };
    }
    const difficulty = none.statistics.difficulty;
    if (difficulty?.undefinedReplicates) difficulty.undefinedReplicates = { ordinalAlpha: 0, intervalAlpha: 0 };
    expect(renderMarkdown(none)).not.toContain('replicates undefined');
  });
});
