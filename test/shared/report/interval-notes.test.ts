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
  it('says studentized, puzzles and the Wilson floor by default, in Markdown, LaTeX and CSV', () => {
    const built = report();
    expect(built.settings.resample).toBe('puzzles');
    const method = '95% studentized bootstrap over puzzles (B = 200, seed 4); where it reaches 0 or 1, widened to the Wilson interval at the number of puzzles';
    expect(renderMarkdown(built)).toContain(method);
    expect(renderLatex(built)).toContain(method.replaceAll('%', '\\%'));
    expect(renderCsv(built)).toContain(`# intervals: ${method}\r\n`);
    expect(renderMarkdown(built)).toContain('resampling puzzles');
    expect(renderMarkdown(built)).toContain(
      "Krippendorff's α (nominal) with its 95% studentized bootstrap CI over puzzles (B = 200, seed 4), withheld where every one of the puzzles gives it the same value",
    );
  });

  it('says units under `units`', () => {
    const markdown = renderMarkdown(report('units'));
    expect(markdown).toContain(
      '95% studentized bootstrap over units (B = 200, seed 4); where it reaches 0 or 1, widened to the Wilson interval at the number of units',
    );
    expect(markdown).toContain('resampling units');
  });

  it('still says percentile for a report written before the studentized intervals', () => {
    const older = report();
    for (const row of [...older.tables.answer, ...older.tables.match]) {
      if (row.ci95Method !== undefined) row.ci95Method = row.ci95Method === 'studentized' ? 'percentile' : 'percentile+wilson';
      if (row.macroCi95Method !== undefined) row.macroCi95Method = row.macroCi95Method === 'studentized' ? 'percentile' : 'percentile+wilson';
    }
    for (const task of ['answer', 'match'] as const) for (const stats of Object.values(older.statistics[task])) delete stats.ci95Method;
    const markdown = renderMarkdown(older);
    expect(markdown).toContain('95% percentile bootstrap over puzzles (B = 200, seed 4); where it reaches 0 or 1');
    expect(markdown).toContain(
      "Krippendorff's α (nominal) with its 95% percentile bootstrap CI over puzzles (B = 200, seed 4), withheld where every replicate gave the same value",
    );
  });
});

describe('too few puzzles for the intervals', () => {
  it('lists in the JSON each bucket with fewer puzzles than the simulation checked, with the threshold', () => {
    const built = report();
    expect(built.fewClusters?.threshold).toBe(12);
    expect(built.fewClusters?.buckets.length).toBeGreaterThan(0);
    for (const { task, bucket, clusters } of built.fewClusters?.buckets ?? []) {
      expect(clusters).toBeLessThan(12);
      expect(clusters).toBeGreaterThan(0);
      expect(built.tables[task].some((row) => row.bucket === bucket)).toBe(true);
    }
    // The study's four puzzles each have questions: all four are the All bucket's clusters.
    expect(built.fewClusters?.buckets.find((entry) => entry.task === 'answer' && entry.bucket === 'all')?.clusters).toBe(4);
    // No bootstrap, no intervals, nothing to warn of.
    const { study, labels } = bucketStudy();
    const without = buildReport({ study, labels, settings: { bootstrap: 0, seed: 4, average: 'micro' }, inputs: [], app: 'test', now: NOW });
    expect(without).not.toHaveProperty('fewClusters');
  });

  it('warns above the tables in Markdown and LaTeX and in the CSV comment, naming the buckets and the threshold', () => {
    const built = report();
    const all = built.fewClusters?.buckets.find((entry) => entry.task === 'match' && entry.bucket === 'all');
    expect(all).toBeDefined();
    const markdown = renderMarkdown(built);
    expect(markdown).toMatch(
      new RegExp(
        `> \\*\\*Warning:\\*\\* M: [^\\n]*All \\(${all?.clusters}\\) have fewer than 12 puzzles\\. The intervals were checked by simulation with 12 puzzles and more`,
      ),
    );
    expect(renderLatex(built)).toMatch(/\\textbf\{Warning:\} M: [^\n]*fewer than 12 puzzles/);
    expect(renderCsv(built)).toMatch(/# warning: M: [^\r]*fewer than 12 puzzles/);
  });

  it('says nothing when every bucket has enough puzzles, and nothing for an older report', () => {
    const built = report();
    built.fewClusters = { threshold: 12, buckets: [] };
    expect(renderMarkdown(built)).not.toContain('Warning:');
    delete built.fewClusters;
    expect(renderMarkdown(built)).not.toContain('fewer than 12');
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
      for (const stats of Object.values(none.statistics[task]))
        if (stats.undefinedReplicates) stats.undefinedReplicates = { krippendorffAlpha: 0, fleissKappa: 0, gwetAC1: 0 };
    }
    const difficulty = none.statistics.difficulty;
    if (difficulty?.undefinedReplicates) difficulty.undefinedReplicates = { ordinalAlpha: 0, intervalAlpha: 0 };
    expect(renderMarkdown(none)).not.toContain('replicates undefined');
  });
});
