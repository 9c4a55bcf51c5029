// The "More than one right answer" section in the Markdown, LaTeX and CSV renderings (issue 33):
// forced choice beside set-aware row for row, people's alphas, the units only a set accepts, a CSV
// that reads back to the report's numbers; and no trace of it in a report without sets.

import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/formats/csv';
import { buildReport } from '../../../shared/report/build-report';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { REPORT_CSV_HEADER, renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { NOW } from '../stats/study/study-fixtures';
import { setStudy, type SetStudy } from '../stats/study/set-study';

function report({ study, labels, gold }: SetStudy): AgreementReport {
  return buildReport({ study, labels, gold, settings: { bootstrap: 49, seed: 5, average: 'micro' }, inputs: [], app: 'test', now: NOW });
}

function csvRecords(csv: string): Array<Record<string, string>> {
  const table = readCsv(csv);
  if (!table.ok) throw new Error(`CSV does not parse: line ${table.line}: ${table.message}`);
  const [header, ...rows] = table.rows.filter((fields) => !(fields[0] ?? '').startsWith('#'));
  expect(header).toEqual([...REPORT_CSV_HEADER]);
  return rows.map((fields) => Object.fromEntries(REPORT_CSV_HEADER.map((name, i) => [name, fields[i] ?? ''])));
}

describe('the set-aware section in the renderings', () => {
  const data = setStudy(8);
  const built = report(data);
  const section = built.setAware;

  it('Markdown: a section with the side-by-side table, the alphas and every unit only a set accepts', () => {
    const markdown = renderMarkdown(built);
    expect(markdown).toContain('## More than one right answer');
    expect(markdown).toContain('### R: more than one right answer, forced choice beside set-aware');
    expect(markdown).toContain('| Raters | Bucket | Forced choice | Set-aware | Change (points) |');
    const j1 = section?.rows.find((row) => row.a === 'judge:j1' && row.b === 'human' && row.bucket === 'all');
    expect(markdown).toContain(`| j1 vs Humans | All | ${(100 * (j1?.forcedChoice.agreement ?? 0)).toFixed(1)} (n=${j1?.forcedChoice.n})`);
    expect(markdown).toContain("### R: people's Krippendorff's alpha on sets");
    const first = section?.differences[0];
    expect(first).toBeDefined();
    const sets = first?.sets.map(({ annotator, answers }) => `${annotator}: ${answers.join(', ')}`).join('; ');
    expect(markdown).toContain(`| ${first?.unitId} | ${first?.puzzleId} | ${first?.judge} | ${first?.label} | ${sets} |`);
    expect(markdown.split('\n').filter((line) => line.startsWith('| p')).length).toBe(section?.differences.length);
  });

  it('LaTeX: the three tables, each with its label', () => {
    const latex = renderLatex(built);
    for (const id of ['set-aware-answer', 'set-alpha-answer', 'set-differences-answer']) expect(latex).toContain(`\\label{tab:${id}}`);
  });

  it('CSV: forced choice and set-aware rows read back to the report, then alphas and differences', () => {
    const records = csvRecords(renderCsv(built));
    for (const row of section?.rows ?? []) {
      const of = (measure: string) =>
        records.find((r) => r.section === 'set_aware' && r.bucket === row.bucket && r.a === row.a && r.b === row.b && r.measure === measure);
      expect(Number(of('forced_choice_agreement')?.value)).toBe(row.forcedChoice.agreement);
      expect(Number(of('set_aware_agreement')?.value)).toBe(row.setAware.agreement);
      expect(Number(of('set_aware_agreement')?.ci_low)).toBe(row.setAware.ci95?.[0]);
    }
    const masi = records.find((r) => r.section === 'set_alpha' && r.bucket === 'all' && r.measure === 'masi_alpha');
    const all = section?.alpha.find((row) => row.bucket === 'all');
    expect(Number(masi?.value)).toBe(all?.masi);
    expect([Number(masi?.ci_low), Number(masi?.ci_high)]).toEqual(all?.masiCi95);
    const differences = records.filter((r) => r.section === 'set_difference' && (r.measure ?? '').startsWith('people_by_set_only:'));
    expect(differences).toHaveLength(section?.differences.length ?? -1);
  });

  it('a report without sets renders without a word of them', () => {
    const plain = report({
      ...data,
      labels: data.labels.map(({ acceptable: _, ...label }) => label),
      gold: data.gold.map(({ acceptable: _, ...label }) => label),
    });
    expect(plain.setAware).toBeUndefined();
    expect(renderMarkdown(plain)).not.toContain('More than one right answer');
    expect(renderLatex(plain)).not.toContain('set-aware');
    expect(renderCsv(plain)).not.toContain('set_');
  });
});
