// The chance-corrected tables a person reads, on worked example B and a generated study: each
// statistic shows the observed and expected agreement it comes from, (po - pe) / (1 - pe) gives it
// back exactly, and an undefined figure is explained in one plain sentence.

import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { reportTables } from '../../../shared/report/table-layout';
import { workedExampleB } from '../stats/study/study-fixtures';

const NOW = '2026-11-22T10:00:00.000Z';

function syntheticReport(bootstrap = 0): AgreementReport {
  const generated = generateSyntheticStudy({ puzzles: 12, annotators: 4, seed: 5 });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  return buildReport({ study: parsed.value, labels, settings: { bootstrap, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
}

/** The three numbers of an `a / b / c` cell. */
function triple(cell: string | undefined): number[] {
  return (cell ?? '').split(' / ').map((text) => Number(text.replace('\u2212', '-')));
}

describe('the chance-corrected tables a person reads', () => {
  it('prints for each statistic the observed and expected agreement it is computed from', () => {
    const report = syntheticReport();
    const tables = reportTables(report).filter((table) => table.id.startsWith('chance-'));
    expect(tables).toHaveLength(2);
    let checked = 0;
    for (const table of tables) {
      const observedColumn = table.columns.indexOf('Observed (α / κ / AC1)') - table.labelColumns;
      const expectedColumn = table.columns.indexOf('Expected (α / κ / AC1)') - table.labelColumns;
      const statisticColumns = ["Krippendorff's α (95% CI)", "Fleiss' κ", "Gwet's AC1"].map((name) => table.columns.indexOf(name) - table.labelColumns);
      for (const row of table.rows) {
        const observed = triple(row.values[observedColumn]);
        const expected = triple(row.values[expectedColumn]);
        statisticColumns.forEach((column, index) => {
          const printed = Number((row.values[column] ?? '').split(' ')[0]?.replace('\u2212', '-'));
          const po = observed[index] as number;
          const pe = expected[index] as number;
          if (!Number.isFinite(printed)) return;
          // Three printed decimals of Po and Pe bound how far the recomputed figure can be off.
          const slack = 0.0005 * (2 / (1 - pe) + Math.abs(po - 1) / (1 - pe) ** 2) + 0.0005;
          expect(Math.abs((po - pe) / (1 - pe) - printed), `${table.id} ${row.labels[0]} statistic ${index}`).toBeLessThanOrEqual(slack);
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(6);
  });

  it('recomputes every statistic exactly from the report data behind the columns', () => {
    const report = syntheticReport();
    for (const task of ['answer', 'match'] as const) {
      for (const stats of Object.values(report.statistics[task])) {
        const observed = stats.observedAgreementByStatistic;
        if (observed === undefined) throw new Error('no observed agreement per statistic');
        for (const key of ['krippendorffAlpha', 'fleissKappa', 'gwetAC1'] as const) {
          const value = stats[key];
          const po = observed[key];
          const pe = stats.expectedAgreement[key];
          if (value === null || po === null || pe === null) continue;
          expect((po - pe) / (1 - pe)).toBeCloseTo(value, 9);
        }
      }
    }
  });

  it('explains undefined figures in one plain sentence per bucket, without field names', () => {
    const example = workedExampleB();
    const report = buildReport({
      study: example.study,
      labels: example.labels,
      settings: { bootstrap: 50, seed: 1, average: 'micro' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    const notes = reportTables(report).flatMap((table) => table.notes);
    const markdown = renderMarkdown(report);
    for (const text of [...notes, markdown]) expect(text).not.toMatch(/krippendorff|fleissKappa|gwetAC1|observedAgreement|Ci95|ordinalAlpha|intervalAlpha/);
    const hard = notes.filter((note) => note.startsWith('Hard'));
    expect(hard.length).toBeGreaterThan(0);
    const table = reportTables(report).filter((t) => t.id.startsWith('chance-'));
    for (const t of table) expect(t.notes.filter((note) => note.startsWith('Hard')).length).toBeLessThanOrEqual(1);
    expect(hard[0]).toMatch(/^Hard: Krippendorff's α, Fleiss' κ, Gwet's AC1 and the observed agreement are undefined \(.+\)\.$/);
  });
});
