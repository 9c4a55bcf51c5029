// The report's Estimated truth section: built only when the settings ask, equal to the section
// the app computes apart (buildEstimatedTruth) and to the pure module's, and rendered in Markdown,
// LaTeX and CSV with its figures as the report holds them.

import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/formats/csv';
import { buildEstimatedTruth, buildReport, type ReportInput } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import { formatPercent } from '../../../shared/report/table-layout';
import { estimatedTruth } from '../../../shared/stats/study/estimated-truth';
import { inLabelOrder, inStudyOrder } from '../../../shared/stats/study/study-order';
import { indexStudy } from '../../../shared/stats/study/study-units';
import { bucketStudy, NOW } from '../stats/study/study-fixtures';

function input(settings: Partial<ReportInput['settings']> = {}): ReportInput {
  const data = bucketStudy();
  return {
    study: data.study,
    labels: data.labels,
    settings: { bootstrap: 40, seed: 9, average: 'micro', ...settings },
    inputs: [{ file: 'hand.json', sha256: 'ab'.repeat(32) }],
    app: 'agreement-studio test',
    now: NOW,
  };
}

describe('the Estimated truth section of the report', () => {
  it('is absent unless the settings ask for it, and then equal to the section the app computes after the report', () => {
    expect(buildReport(input()).estimatedTruth).toBeUndefined();
    const report = buildReport(input({ estimatedTruth: 'people-and-judges' }));
    expect(report.estimatedTruth).toEqual(buildEstimatedTruth(input(), 'people-and-judges'));
    expect(report.estimatedTruth?.raters).toBe('people-and-judges');
    expect(report.estimatedTruth?.replicates).toBe(40);
    // The rest of the report is the report without the section.
    expect({ ...report, estimatedTruth: undefined }).toEqual({ ...buildReport(input()), estimatedTruth: undefined });
  });

  it("holds each task's figures as the pure module gives them on the report's units", () => {
    const data = bucketStudy();
    // In the report's own order of records and labels, as buildReport reads them.
    const units = indexStudy(inStudyOrder(data.study), inLabelOrder(data.labels));
    const section = buildEstimatedTruth(input(), 'people');
    const answer = estimatedTruth(
      'answer',
      units.units.answer,
      units.categories.answer,
      units.judges.answer,
      ['easy', 'medium', 'hard', 'unrated', 'all'],
      'people',
      {
        replicates: 40,
        seed: 9,
      },
    ).section;
    expect(section.tasks.find((task) => task.task === 'answer')).toEqual(answer);
  });

  it('refuses raters it does not know', () => {
    expect(() => buildEstimatedTruth(input(), 'everyone' as never)).toThrow(/people or people-and-judges, not everyone/);
  });

  it('renders in Markdown, LaTeX and CSV, its figures as the report holds them', () => {
    const report = buildReport(input({ estimatedTruth: 'people' }));
    const answer = report.estimatedTruth?.tasks.find((task) => task.task === 'answer');
    const j1 = answer?.judges.find((row) => row.judge === 'j1' && row.bucket === 'all');
    expect(j1?.mostLikely.agreement).not.toBeNull();

    const markdown = renderMarkdown(report);
    expect(markdown).toContain('## Estimated truth');
    expect(markdown).toContain('### R (questions): judges against the estimated truth');
    expect(markdown).toContain(`| j1 | All | ${formatPercent(j1?.majority.agreement)} (n=${j1?.majority.n})`);
    expect(markdown).toContain('no judge helped make the truth');
    expect(renderMarkdown(buildReport(input()))).not.toContain('Estimated truth');

    const latex = renderLatex(report);
    expect(latex).toContain('\\label{tab:truth-judges-answer}');
    expect(latex).toContain('\\label{tab:truth-raters-match}');

    const csv = readCsv(renderCsv(report).replace(/^#.*\r\n/gm, ''));
    if (!csv.ok) throw new Error(csv.message);
    const rows = csv.rows.filter((row) => row[0] === 'estimated_truth');
    const mostLikely = rows.find((row) => row[1] === 'answer' && row[2] === 'all' && row[3] === 'judge:j1' && row[5] === 'agreement_most_likely');
    expect(Number(mostLikely?.[6])).toBeCloseTo(j1?.mostLikely.agreement as number, 12);
    expect(Number(mostLikely?.[7])).toBe(j1?.mostLikely.n);
    const a1 = answer?.raters.find((row) => row.rater === 'human:a1');
    const accuracy = rows.find((row) => row[1] === 'answer' && row[3] === 'human:a1' && row[5] === 'accuracy');
    expect(Number(accuracy?.[6])).toBeCloseTo(a1?.accuracy as number, 12);
    expect(rows.some((row) => row[5] === 'confusion:yes:no')).toBe(true);
  });
});
