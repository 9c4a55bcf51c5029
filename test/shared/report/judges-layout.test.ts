// How the Judges section is written: the Markdown tables in order with each row as the report has
// it, undefined figures as –, Holm families, missing or clamped figures explained and undefined
// replicates warned about; a wide LaTeX table per Judges table, and one CSV row per figure.

import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../shared/report/build-report';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { bucketStudy, NOW, rejudgedFinalsStudy } from '../stats/study/study-fixtures';

function report(data: ReturnType<typeof bucketStudy>, bootstrap = 50): AgreementReport {
  return buildReport({ ...data, settings: { bootstrap, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW });
}

/** The lines of one Markdown table of the Judges section, by its title. */
function markdownTable(markdown: string, title: string): string[] {
  const start = markdown.indexOf(`### ${title}\n`);
  if (start < 0) throw new Error(`no table ${title}`);
  const end = markdown.indexOf('\n### ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end).split('\n');
}

describe('the Judges section in the Markdown', () => {
  const markdown = renderMarkdown(report(bucketStudy()));

  it('opens a Judges section after the other tables, with per task the judges against people, their errors and labels, then the pairs, the Alt-Test, the corrected scores, the bias checks, human-likeness and the rankings', () => {
    const titles = markdown
      .slice(markdown.indexOf('## Judges\n'))
      .split('\n')
      .filter((line) => line.startsWith('### '));
    expect(titles).toEqual([
      '### M: each judge against the human majority',
      '### M: which way each judge errs',
      '### M: each judge per label',
      '### R: each judge against the human majority',
      '### R: which way each judge errs',
      '### R: each judge per label',
      '### M: judges against each other',
      '### R: judges against each other',
      '### The Alternative Annotator Test',
      "### M: players' solve rates corrected for each judge's errors",
      '### M: bias checks',
      '### R: bias checks',
      '### M: is each judge human-like?',
      '### R: is each judge human-like?',
      '### M: the player ranking under each judge',
      '### Fitness card: j1',
      '### Fitness card: j2',
    ]);
  });

  it('writes each row as the report has it, undefined figures as –', () => {
    // R, j1 on all buckets: e1 yes/yes, e2 irrelevant/irrelevant, h1 yes where people say no.
    expect(markdownTable(markdown, 'R: each judge against the human majority')).toContain('| j1 | All | 3 | 66.7 | 75.0 | 66.7 | 55.6 |');
    expect(markdownTable(markdown, 'R: which way each judge errs')).toContain('| j1 | All | 100.0 (1/1) | 0.0 (0/1) | 33.3 [−100.0, 100.0] | 0.627 | 0.627 |');
    // One paired unit in Hard: every replicate repeats it, so net, but no interval and no test.
    expect(markdownTable(markdown, 'R: which way each judge errs')).toContain('| j1 | Hard | 100.0 (1/1) | – | 100.0 | – | – |');
    expect(markdownTable(markdown, 'R: each judge per label')).toContain('| j1 | no | 1 | – | 0.0 | 0.0 |');
    // One paired unit: every replicate gives −100, which one unit cannot prove, so no interval.
    expect(markdownTable(markdown, 'R: judges against each other')).toContain('| j1 | j2 | Hard | 1 | −100.0 | – | – |');
    expect(markdownTable(markdown, 'R: judges against each other')).toContain('| j1 | j2 | Medium | 0 | – | – | – |');
    expect(markdown).not.toMatch(/\bNaN\b|\bnull\b|[|&,] ?undefined ?[|&,\\]/);
  });

  it('says which Holm family each adjusted p belongs to, and why an Alt-Test or a corrected score is missing', () => {
    expect(markdownTable(markdown, 'R: which way each judge errs')).toContain(
      "- Holm p: adjusted with Holm's step-down method over leniency against severity tests of 2 judges x 5 buckets; the 9 without a test are left out, so 1 p-values are adjusted.",
    );
    expect(markdownTable(markdown, 'R: which way each judge errs')).toContain(
      '- A p of – is no test (8 rows): the judge never confused the two labels (no lenient or severe error): nothing to test.',
    );
    expect(markdownTable(markdown, 'The Alternative Annotator Test')).toContain(
      '- Not run for M j1, M j2, R j1, R j2: no annotator shares 30 units with the judge and another annotator.',
    );
    const corrected = markdownTable(markdown, "M: players' solve rates corrected for each judge's errors");
    const note = corrected.find((line) => line.endsWith(': no sessions of this player were judged.'));
    expect(note).toMatch(/^- Note \d: /);
    // Every row without a judged session points at that note.
    const undefinedRows = corrected.filter((line) => line.includes(`(note ${note?.slice('- Note '.length, '- Note '.length + 1) ?? ''})`));
    expect(undefinedRows.map((line) => line.split(' | ').slice(0, 3).join(' | '))).toEqual([
      '| j1 | P1 | Medium',
      '| j1 | P1 | Unrated',
      '| j1 | P2 | Easy',
      '| j1 | P2 | Hard',
      '| j2 | P1 | Medium',
      '| j2 | P1 | Unrated',
      '| j2 | P2 | Easy',
      '| j2 | P2 | Hard',
    ]);
  });

  it('warns beside the pairs when more than 5% of the replicates are undefined, with the count', () => {
    const built = report(bucketStudy());
    const row = built.judges?.comparisons.find((r) => r.task === 'answer' && r.bucket === 'all');
    if (row === undefined) throw new Error('no comparison');
    row.undefinedReplicates = 3;
    expect(renderMarkdown(built)).toContain(
      '- Warning: j1 − j2, All: 3 of 50 replicates drew only puzzles showing the very difference of the sample, with no spread to studentize, and are left out of the interval.',
    );
    row.undefinedReplicates = 2;
    expect(renderMarkdown(built)).not.toContain('Warning: j1 − j2, All');
  });

  it('says when a corrected score was clamped, with its value before', () => {
    const clamped = rejudgedFinalsStudy();
    const text = renderMarkdown(report(clamped));
    const corrected = markdownTable(text, "M: players' solve rates corrected for each judge's errors");
    expect(corrected.filter((line) => line.includes('| 133.3 |')).map((line) => line.split(' | ').slice(0, 3).join(' | '))).toEqual([
      '| j2 | P2 | Easy',
      '| j2 | P2 | All',
    ]);
    expect(corrected).toContain('| j1 | P2 | All | 66.7 | 33.3 [0.0, 100.0] |  | 3 | 3 | 4 |');
    expect(corrected).toContain(
      '- Before clamping: the estimate the corrected score was clamped from (among sessions with a final it fell outside \\[0, 100\\]).',
    );
  });
});

describe('the Judges section in the LaTeX and the CSV', () => {
  const built = report(bucketStudy());

  it('gives LaTeX a wide table per Judges table, with p-values below 0.001 in math mode', () => {
    const latex = renderLatex(built);
    for (const id of ['judges-people-match', 'judges-errors-answer', 'judges-labels-answer', 'judges-pairs-answer', 'judges-alt-test', 'judges-corrected']) {
      expect(latex).toContain(`\\label{tab:${id}}`);
    }
    expect(latex).not.toMatch(/\bNaN\b|\bnull\b|[|&,] ?undefined ?[|&,\\]/);
    const tiny = structuredClone(built);
    const row = tiny.judges?.againstPeople.find((r) => r.task === 'answer' && r.judge === 'j1' && r.bucket === 'all');
    if (row === undefined) throw new Error('no row');
    row.holmP = 0.0004;
    expect(renderLatex(tiny)).toContain('$<$ 0.001');
  });

  it('writes every Judges figure as a CSV row, undefined ones as empty cells', () => {
    const csv = renderCsv(built);
    const lines = csv.split('\r\n');
    expect(lines).toContain('judge_vs_people,answer,all,judge:j1,human-majority,accuracy,0.6666666666666666,3,,,,,,');
    expect(lines).toContain('judge_vs_people,answer,all,judge:j1,human-majority,precision_no,,0,,,,,,');
    expect(lines).toContain('judge_vs_judge,answer,medium,judge:j1,judge:j2,agreement_difference,,0,,,,,,');
    expect(lines).toContain('alt_test,answer,all,judge:j1,,epsilon,0.2,3,,,,,,');
    expect(lines.filter((line) => line.startsWith('corrected_score,match,all,judge:j2,P2,'))).toHaveLength(6);
    // P2's sessions in bucketStudy: sM and sU, both with a final.
    expect(lines).toContain('corrected_score,match,all,judge:j2,P2,share_with_final,1,2,,,,,,');
    expect(csv).not.toMatch(/\bNaN\b|\bnull\b|[|&,] ?undefined ?[|&,\\]/);
  });

  it('names the paired test in the CSV: its p as bootstrap_t_p or mcnemar_p, the net leniency with its interval, and the sentence in the comments', () => {
    const row = built.judges?.againstPeople.find((r) => r.task === 'answer' && r.judge === 'j1' && r.bucket === 'all');
    if (row === undefined || row.netLeniency.ci95 === null) throw new Error('no net leniency interval');
    const lines = renderCsv(built).split('\r\n');
    expect(lines).toContain(
      `judge_vs_people,answer,all,judge:j1,human-majority,net_leniency,${row.netLeniency.value},3,${row.netLeniency.ci95[0]},${row.netLeniency.ci95[1]},,,,`,
    );
    expect(lines).toContain(`judge_vs_people,answer,all,judge:j1,human-majority,bootstrap_t_p,${row.leniencyTest.pValue},1,,,,,,`);
    expect(lines.some((line) => line.startsWith('# paired tests (bootstrap_t_p): p: symmetric studentized bootstrap over puzzles (B = 50, seed 1)'))).toBe(
      true,
    );
    const exact = buildReport({
      ...bucketStudy(),
      settings: { bootstrap: 50, seed: 1, average: 'micro', pairedTest: 'exact-mcnemar' },
      inputs: [],
      app: 'test',
      now: NOW,
    });
    const exactLines = renderCsv(exact).split('\r\n');
    expect(exactLines).toContain('judge_vs_people,answer,all,judge:j1,human-majority,mcnemar_p,1,1,,,,,,');
    expect(exactLines.some((line) => line.includes('bootstrap_t_p'))).toBe(false);
  });

  it('prints a p the replicates only bound as ≤ 1 / (B + 1), with a note, in the Markdown and the LaTeX', () => {
    const bounded = structuredClone(built);
    const row = bounded.judges?.comparisons.find((r) => r.task === 'answer' && r.bucket === 'all');
    if (row === undefined) throw new Error('no comparison');
    row.test = { method: 'bootstrap-t', pValue: 1 / 51, pAtBound: true };
    const table = markdownTable(renderMarkdown(bounded), 'R: judges against each other');
    expect(table.find((line) => line.startsWith('| j1 | j2 | All |'))).toMatch(/\| ≤ 0\.02 \|/);
    expect(table).toContain('- A p of ≤ 0.02: the data lie beyond every bootstrap replicate, so p is at most 1 / (B + 1), the smallest 50 replicates resolve.');
    expect(renderLatex(bounded)).toContain('$\\le$ 0.02');
  });
});
