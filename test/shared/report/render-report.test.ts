// The report's Markdown, LaTeX and CSV from a small hand-built report: the table layout and number
// formats, the exact M table, header comments with inputs and settings, escaping of hostile names
// in each format, and a CSV that reads back to the report's numbers.

import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/formats/csv';
import { REPORT_CSV_HEADER, renderCsv } from '../../../shared/report/render-csv';
import { escapeLatex, renderLatex } from '../../../shared/report/render-latex';
import { escapeMarkdown, renderMarkdown } from '../../../shared/report/render-markdown';
import { REPORT_FORMAT, type AgreementReport, type AgreementRow, type ChanceCorrected } from '../../../shared/report/model/report-model';
import { formatStatistic, reportTables } from '../../../shared/report/table-layout';

function row(
  bucket: AgreementRow['bucket'],
  a: string,
  b: string,
  agreement: number | null,
  n: number,
  ci95: [number, number] | null,
  macro: number | null = agreement,
  units = n,
): AgreementRow {
  return { bucket, a, b, agreement, n, ci95, macro, units };
}

function stats(overrides: Partial<ChanceCorrected>): ChanceCorrected {
  return {
    units: 10,
    pairableValues: 30,
    krippendorffAlpha: 0.61,
    krippendorffAlphaCi95: [0.3, 0.82],
    fleissKappa: 0.6,
    gwetAC1: 0.7,
    observedAgreement: 0.9,
    observedAgreementByStatistic: { krippendorffAlpha: 0.8986, fleissKappa: 0.9, gwetAC1: 0.9 },
    expectedAgreement: { krippendorffAlpha: 0.74, fleissKappa: 0.75, gwetAC1: 0.5 },
    prevalence: { matched: 0.6, unmatched: 0.4 },
    undefinedReasons: {},
    ...overrides,
  };
}

/** A small hand-built report; `judge` and `player` name the model and player so tests can make them hostile. */
function sampleReport(options: { judge?: string; player?: string; studyName?: string; average?: 'micro' | 'macro' } = {}): AgreementReport {
  const judge = options.judge ?? 'judge:arbiter-large';
  const player = options.player ?? 'player-a';
  return {
    format: REPORT_FORMAT,
    app: 'agreement-studio 9.8.7',
    generatedAt: '2026-11-22T10:00:00.000Z',
    study: { id: 'pilot-2026', name: options.studyName ?? 'Pilot study' },
    inputs: [
      { file: 'pilot.json', sha256: 'a'.repeat(64) },
      { file: 'ann-01.labels.json', sha256: 'b'.repeat(64) },
    ],
    settings: { bootstrap: 1000, seed: 1, average: options.average ?? 'micro' },
    tables: {
      match: [
        row('easy', judge, 'human', 0.875, 24, [0.71, 1], 0.9, 8),
        row('medium', judge, 'human', null, 0, null, null, 0),
        row('hard', judge, 'human', 0.5, 6, [0.1666, 0.8333], 0.5, 2),
        row('all', judge, 'human', 0.8, 30, [0.6333, 0.9333], 0.8125, 10),
        row('easy', 'human', 'human', 1, 24, [1, 1], 1, 8),
        row('all', 'human', 'human', 0.9, 36, [0.8, 0.972], 0.875, 12),
      ],
      answer: [
        row('easy', judge, 'human', 0.75, 40, [0.6, 0.875]),
        row('unrated', judge, 'human', 0.5, 4, [0, 1]),
        row('all', judge, 'human', 0.7, 44, [0.55, 0.84]),
      ],
    },
    statistics: {
      match: {
        hard: stats({
          units: 2,
          pairableValues: 6,
          krippendorffAlpha: null,
          krippendorffAlphaCi95: null,
          undefinedReasons: { krippendorffAlpha: 'no variation' },
        }),
        all: stats({}),
      },
      answer: { all: stats({ fleissKappa: -0.125, krippendorffAlphaCi95: [-0.25, 0.5] }), unrated: stats({ units: 0 }) },
      difficulty: { ordinalAlpha: 0.72, intervalAlpha: 0.7, ratings: 30, undefinedReasons: {} },
    },
    pairwise: { match: [], answer: [] },
    confusion: [],
    annotators: [
      { task: 'match', annotator: 'ann-01', agreement: 0.9, n: 10, ties: 0 },
      { task: 'answer', annotator: 'ann-01', agreement: 0.8, n: 20, ties: 3 },
      { task: 'match', annotator: 'ann-02', agreement: null, n: 0 },
    ],
    difficulty: [],
    players: {
      outcomes: [
        { player, bucket: 'easy', verdicts: 'judge', sessions: 4, acc: 0.75, rnd: 8.25, oa: 10.123 },
        { player, bucket: 'all', verdicts: 'judge', sessions: 10, acc: 0.6, rnd: 9.5, oa: 7.5 },
        { player, bucket: 'easy', verdicts: 'human', sessions: 4, acc: 0.5, rnd: 10, oa: 6.25 },
        { player, bucket: 'all', verdicts: 'human', sessions: 10, acc: 0.5, rnd: 10.1, oa: 6, sessionsWithoutVerdict: 1 },
      ],
      ranking: { judgeRanking: [player, 'player-b'], humanRanking: ['player-b', player], kendallTauB: -1, rankBiasedOverlap: 0.5, permutationP: 1 },
    },
  };
}

/** The text of one `## title` section of the Markdown, up to the next section. */
function markdownSection(markdown: string, title: string): string {
  const start = markdown.indexOf(`## ${title}\n`);
  expect(start, `no section ${title}`).toBeGreaterThanOrEqual(0);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end).trimEnd();
}

/** The `\begin{table}...\end{table}` block whose label is `tab:<id>`. */
function latexTable(latex: string, id: string): string {
  const label = latex.indexOf(`\\label{tab:${id}}`);
  expect(label, `no table ${id}`).toBeGreaterThanOrEqual(0);
  const start = latex.lastIndexOf('\\begin{table', label);
  const end = latex.indexOf('\\end{table', label);
  return latex.slice(start, latex.indexOf('}', end) + 1);
}

/** Data rows of the report CSV, as header-keyed records; `#` comment lines are skipped. */
function csvRecords(csv: string): Array<Record<string, string>> {
  const table = readCsv(csv);
  if (!table.ok) throw new Error(`CSV does not parse: line ${table.line}: ${table.message}`);
  const [header, ...rows] = table.rows.filter((fields) => !(fields[0] ?? '').startsWith('#'));
  expect(header).toEqual([...REPORT_CSV_HEADER]);
  return rows.map((fields) => {
    expect(fields).toHaveLength(REPORT_CSV_HEADER.length);
    return Object.fromEntries(REPORT_CSV_HEADER.map((name, i) => [name, fields[i] ?? '']));
  });
}

function numberOrNull(field: string | undefined): number | null {
  return field === undefined || field === '' ? null : Number(field);
}

describe('table layout', () => {
  it('lays out M then R, with the Unrated column only where a task has unrated data', () => {
    const tables = reportTables(sampleReport());
    expect(tables.map((table) => table.id)).toEqual([
      'agreement-match',
      'agreement-answer',
      'chance-match',
      'chance-answer',
      'difficulty-alpha',
      'annotators',
      'players',
    ]);
    expect(tables[0]?.columns).toEqual(['Raters', 'Easy', 'Medium', 'Hard', 'All']);
    expect(tables[1]?.columns).toEqual(['Raters', 'Easy', 'Medium', 'Hard', 'Unrated', 'All']);
    // Statistics of an unrated bucket with no units are not a row.
    expect(tables[3]?.rows.map((r) => r.labels[0])).toEqual(['All']);
  });

  it('mentions no interval in the captions of a report computed without bootstrap', () => {
    const report = sampleReport();
    report.settings.bootstrap = 0;
    for (const row of [...report.tables.match, ...report.tables.answer]) row.ci95 = null;
    for (const stats of Object.values(report.statistics.match)) stats.krippendorffAlphaCi95 = null;
    const [match, , chance] = reportTables(report);
    expect(match?.caption).toBe('Micro agreement in % of comparisons, with n (comparisons; pairs for human vs human).');
    expect(match?.rows[0]?.values[0]).toBe('87.5 (n=24)');
    expect(chance?.caption).toMatch(/^Krippendorff's α \(nominal\), Fleiss' κ/);
  });

  it('writes statistics with three decimals, a true minus sign, and no negative zero', () => {
    expect(formatStatistic(-0.125)).toBe('\u22120.125');
    expect(formatStatistic(-0.0004)).toBe('0.000');
    expect(formatStatistic(0.81234)).toBe('0.812');
    expect(formatStatistic(null)).toBe('–');
  });
});

describe('renderMarkdown', () => {
  it('writes the M table exactly', () => {
    expect(markdownSection(renderMarkdown(sampleReport()), 'M: final-answer agreement')).toBe(
      [
        '## M: final-answer agreement',
        '',
        'Micro agreement in % of comparisons, with n (comparisons; pairs for human vs human) and the 95% percentile bootstrap over units (B = 1000, seed 1).',
        '',
        '| Raters | Easy | Medium | Hard | All |',
        '| :--- | ---: | ---: | ---: | ---: |',
        '| arbiter-large vs Humans | 87.5 (n=24) [71.0, 100.0] | – | 50.0 (n=6) [16.7, 83.3] | 80.0 (n=30) [63.3, 93.3] |',
        '| Humans vs Humans | 100.0 (n=24) [100.0, 100.0] | – | – | 90.0 (n=36) [80.0, 97.2] |',
      ].join('\n'),
    );
  });

  it('shows macro agreement with its unit count when the report asks for macro', () => {
    const section = markdownSection(renderMarkdown(sampleReport({ average: 'macro' })), 'M: final-answer agreement');
    expect(section).toContain('Macro agreement: mean of the per-unit agreement in %, with the number of units.');
    expect(section).toContain('| arbiter-large vs Humans | 90.0 (units=8) | – | 50.0 (units=2) | 81.3 (units=10) |');
    expect(section).not.toContain('(n=');
  });

  it('writes the R table with its Unrated column, and the statistics, annotator and player tables', () => {
    const markdown = renderMarkdown(sampleReport());
    expect(markdownSection(markdown, 'R: question agreement')).toContain(
      '| Raters | Easy | Medium | Hard | Unrated | All |\n| :--- | ---: | ---: | ---: | ---: | ---: |\n| arbiter-large vs Humans | 75.0 (n=40) [60.0, 87.5] | – | – | 50.0 (n=4) [0.0, 100.0] | 70.0 (n=44) [55.0, 84.0] |',
    );
    const chance = markdownSection(markdown, 'M: chance-corrected agreement');
    expect(chance).toContain('| Hard | 2 | 6 | – | 0.600 | 0.700 | 0.899 / 0.900 / 0.900 | 0.740 / 0.750 / 0.500 |');
    expect(chance).toContain('| All | 10 | 30 | 0.610 [0.300, 0.820] | 0.600 | 0.700 | 0.899 / 0.900 / 0.900 | 0.740 / 0.750 / 0.500 |');
    expect(chance).toContain("- Hard: Krippendorff's α is undefined (no variation).");
    expect(markdownSection(markdown, 'R: chance-corrected agreement')).toContain('| All | 10 | 30 | 0.610 [\u22120.250, 0.500] | \u22120.125 |');
    expect(markdownSection(markdown, 'Difficulty ratings: chance-corrected agreement')).toContain('| 30 | 0.720 | 0.700 |');
    const annotators = markdownSection(markdown, 'Per-annotator reliability');
    expect(annotators).toContain('| Annotator | M (final answers) | R (questions) |');
    expect(annotators).toContain('| ann-01 | 90.0 (n=10) | 80.0 (n=20) |');
    expect(annotators).toContain('| ann-02 | – | – |');
    // A figure with ties among the others counted as shares says how many there were.
    expect(annotators).toContain('Units of n where the other annotators tied: ann-01 R 3.');
    const players = markdownSection(markdown, 'Player outcomes under judge and human verdicts');
    expect(players).toContain(
      "| Player | Bucket | Judge's verdicts Acc | Judge's verdicts Rnd | Judge's verdicts O/A | Judge's verdicts n | Human majority verdicts Acc | Human majority verdicts Rnd | Human majority verdicts O/A | Human majority verdicts n |",
    );
    expect(players).toContain('| player-a | Easy | 75.0 | 8.3 | 10.12 | 4 | 50.0 | 10.0 | 6.25 | 4 |');
    expect(players).toContain('| player-a | All | 60.0 | 9.5 | 7.50 | 10 | 50.0 | 10.1 | 6.00 | 10 |');
    expect(players).toContain('Both rankings are computed on the same sessions: those with a verdict under both the judge and the human majority.');
    expect(players).toContain(
      "With only 2 players, Kendall's tau-b can only be ±1 and the permutation p is never below 1, so neither can be informative; at least 5 players are needed.",
    );
    expect(players).toContain('Judge verdicts: player-a > player-b. Human verdicts: player-b > player-a.');
    expect(players).toContain("Kendall's tau-b \u22121.000 (permutation p 1.000); rank-biased overlap (p = 0.9) 0.500.");
    expect(players).toContain('player-a under human verdicts 1');
  });

  it('opens with the study, the app, every input with its SHA-256 and the settings', () => {
    const head = renderMarkdown(sampleReport()).split('\n## ')[0];
    expect(head).toBe(
      [
        '# Agreement report: Pilot study',
        '',
        '- agreement-studio 9.8.7, agreement report generated 2026-11-22T10:00:00.000Z',
        '- study: Pilot study (id pilot-2026)',
        `- input: pilot.json sha256 ${'a'.repeat(64)}`,
        `- input: ann-01.labels.json sha256 ${'b'.repeat(64)}`,
        '- settings: bootstrap 1000, seed 1, average micro, unsure labels counted',
        '',
      ].join('\n'),
    );
  });

  it('escapes names so a pipe cannot add a column and markup shows as written', () => {
    const markdown = renderMarkdown(sampleReport({ judge: 'judge:a|b*c_d<script>', studyName: 'Pilot\n## Injected' }));
    expect(markdown).toContain('| a\\|b\\*c\\_d\\<script> vs Humans | 87.5 (n=24) [71.0, 100.0] |');
    expect(markdown).toContain('# Agreement report: Pilot ## Injected\n');
    expect(markdown).not.toContain('\n## Injected');
    // Every row has as many unescaped pipes as its table's header.
    for (const [title, columns] of [
      ['M: final-answer agreement', 5],
      ['R: question agreement', 6],
    ] as const) {
      const lines = markdownSection(markdown, title)
        .split('\n')
        .filter((l) => l.startsWith('|'));
      expect(lines).toHaveLength(columns === 5 ? 4 : 3);
      for (const line of lines) expect(line.replace(/\\\|/g, '').split('|'), line).toHaveLength(columns + 2);
    }
    expect(escapeMarkdown('a\\b`c[d]~e&f')).toBe('a\\\\b\\`c\\[d\\]\\~e\\&f');
  });
});

describe('renderLatex', () => {
  it('writes one booktabs table per task with caption and label', () => {
    const latex = renderLatex(sampleReport());
    const match = latexTable(latex, 'agreement-match');
    // A cell on two lines: the rater pair broken before "vs", an interval under its figure.
    const two = (align: 'l' | 'r', first: string, second: string) => `\\begin{tabular}[t]{@{}${align}@{}}${first}\\\\{}${second}\\end{tabular}`;
    expect(match).toBe(
      [
        '\\begin{table*}[htbp]',
        '  \\centering',
        '  \\caption[M: final-answer agreement]{M: final-answer agreement. Micro agreement in \\% of comparisons, with n (comparisons; pairs for human vs human) and the 95\\% percentile bootstrap over units (B = 1000, seed 1).}',
        '  \\label{tab:agreement-match}',
        '  \\small\\setlength{\\tabcolsep}{4pt}',
        '  \\begin{tabular}{lrrrr}',
        '    \\toprule',
        '    Raters & Easy & Medium & Hard & All \\\\',
        '    \\midrule',
        `    ${two('l', 'arbiter-large', 'vs Humans')} & ${two('r', '87.5 (n=24)', '[71.0, 100.0]')} & -- & ${two('r', '50.0 (n=6)', '[16.7, 83.3]')} & ${two('r', '80.0 (n=30)', '[63.3, 93.3]')} \\\\`,
        `    ${two('l', 'Humans', 'vs Humans')} & ${two('r', '100.0 (n=24)', '[100.0, 100.0]')} & -- & -- & ${two('r', '90.0 (n=36)', '[80.0, 97.2]')} \\\\`,
        '    \\bottomrule',
        '  \\end{tabular}',
        '\\end{table*}',
      ].join('\n'),
    );
    const answer = latexTable(latex, 'agreement-answer');
    expect(answer).toContain('\\caption[R: question agreement]{R: question agreement.');
    expect(answer).toContain('\\begin{tabular}{lrrrrr}');
    for (const rule of ['\\toprule', '\\midrule', '\\bottomrule']) expect(answer).toContain(rule);
  });

  it('opens with a comment naming the app, the inputs with their SHA-256 and the settings', () => {
    const lines = renderLatex(sampleReport()).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '% agreement-studio 9.8.7, agreement report generated 2026-11-22T10:00:00.000Z',
      '% study: Pilot study (id pilot-2026)',
      `% input: pilot.json sha256 ${'a'.repeat(64)}`,
      `% input: ann-01.labels.json sha256 ${'b'.repeat(64)}`,
      '% settings: bootstrap 1000, seed 1, average micro, unsure labels counted',
      '% The tables need \\usepackage{booktabs} in the preamble; all of them in one document, \\extrafloats{100} and \\maxdeadcycles=1000 too (LaTeX holds 18 waiting floats, and gives up placing a hundred).',
    ]);
  });

  it('escapes every LaTeX special character in names, and keeps a name with a line break inside its comment', () => {
    const judge = 'judge:gpt_4%&#${x}~^\\[1]<|>';
    const latex = renderLatex(sampleReport({ judge, player: '[beta]', studyName: 'Pilot\n\\input{/etc/passwd}' }));
    expect(latex).toContain(
      '    \\begin{tabular}[t]{@{}l@{}}gpt\\_4\\%\\&\\#\\$\\{x\\}\\textasciitilde{}\\textasciicircum{}\\textbackslash{}{[}1{]}\\textless{}\\textbar{}\\textgreater{}\\\\{}vs Humans\\end{tabular} & ',
    );
    // A row starting with [ would be read as the optional argument of the \\ before it.
    expect(latex).toContain('    {[}beta{]} & Easy & ');
    expect(latex).toContain('% study: Pilot \\input{/etc/passwd} (id pilot-2026)');
    expect(latex.split('\n').filter((line) => line.includes('\\input'))).toEqual(['% study: Pilot \\input{/etc/passwd} (id pilot-2026)']);
    // Every body row of every tabular has one unescaped & fewer than its columns.
    for (const table of ['agreement-match', 'agreement-answer', 'players']) {
      const block = latexTable(latex, table);
      const columns = /\\begin\{tabular\}\{([lr]+)\}/.exec(block)?.[1]?.length ?? 0;
      const rows = block.split('\n').filter((line) => line.endsWith('\\\\') && !line.includes('multicolumn'));
      for (const line of rows) expect(line.match(/(?<!\\)&/g)?.length, line).toBe(columns - 1);
    }
  });

  it('writes minus signs, Greek letters and column groups the LaTeX way', () => {
    const latex = renderLatex(sampleReport());
    expect(latexTable(latex, 'chance-answer')).toContain(
      'All & 10 & 30 & \\begin{tabular}[t]{@{}r@{}}0.610\\\\{}[$-$0.250, 0.500]\\end{tabular} & $-$0.125 & ',
    );
    expect(latexTable(latex, 'chance-match')).toContain(
      "Bucket & Units & \\begin{tabular}[t]{@{}r@{}}Pairable\\\\{}values\\end{tabular} & \\begin{tabular}[t]{@{}r@{}}Krippendorff's $\\alpha$\\\\{}(95\\% CI)\\end{tabular} & ",
    );
    const players = latexTable(latex, 'players');
    expect(players).toContain(
      "     &  & \\multicolumn{4}{c}{Judge's verdicts} & \\multicolumn{4}{c}{Human majority verdicts} \\\\\n    \\cmidrule(lr){3-6} \\cmidrule(lr){7-10}",
    );
    expect(players).toContain('\\begin{tabular}{llrrrrrrrr}');
    expect(escapeLatex('a–b×c')).toBe('a--b$\\times$c');
  });
});

describe('renderCsv', () => {
  it('reads back with readCsv to the same numbers as the report', () => {
    const report = sampleReport();
    const records = csvRecords(renderCsv(report));
    const agreement = records.filter((r) => r.section === 'agreement');
    expect(agreement).toHaveLength(report.tables.match.length + report.tables.answer.length);
    for (const task of ['match', 'answer'] as const) {
      for (const source of report.tables[task]) {
        const found = agreement.find((r) => r.task === task && r.bucket === source.bucket && r.a === source.a && r.b === source.b);
        expect(found, `${task} ${source.bucket} ${source.a} ${source.b}`).toBeDefined();
        expect(numberOrNull(found?.value)).toBe(source.agreement);
        expect(numberOrNull(found?.n)).toBe(source.n);
        expect(numberOrNull(found?.ci_low)).toBe(source.ci95?.[0] ?? null);
        expect(numberOrNull(found?.ci_high)).toBe(source.ci95?.[1] ?? null);
        expect(numberOrNull(found?.macro)).toBe(source.macro);
        expect(numberOrNull(found?.units)).toBe(source.units);
      }
    }
    const alpha = records.find((r) => r.section === 'statistics' && r.task === 'answer' && r.bucket === 'all' && r.measure === 'krippendorff_alpha');
    expect([alpha?.value, alpha?.ci_low, alpha?.ci_high, alpha?.n, alpha?.units]).toEqual(['0.61', '-0.25', '0.5', '30', '10']);
    const kappa = records.find((r) => r.section === 'statistics' && r.task === 'answer' && r.measure === 'fleiss_kappa');
    // A negative number stays a number: no formula escape in a numeric column.
    expect(kappa?.value).toBe('-0.125');
    expect(records.find((r) => r.section === 'annotator' && r.a === 'ann-01' && r.task === 'answer')?.value).toBe('0.8');
    expect(records.find((r) => r.section === 'player' && r.a === 'player-a' && r.b === 'judge' && r.bucket === 'easy' && r.measure === 'oa')?.value).toBe(
      '10.123',
    );
    expect(records.filter((r) => r.section === 'ranking' && r.measure === 'rank').map((r) => `${r.b} ${r.value} ${r.a}`)).toEqual([
      'judge 1 player-a',
      'judge 2 player-b',
      'human 1 player-b',
      'human 2 player-a',
    ]);
    expect(records.find((r) => r.measure === 'kendall_tau_b')?.value).toBe('-1');
  });

  it('keeps full precision, so a figure reads back exactly', () => {
    const report = sampleReport();
    const first = report.tables.match[0];
    if (first) first.agreement = 0.1 + 0.2;
    const found = csvRecords(renderCsv(report)).find((r) => r.section === 'agreement' && r.bucket === 'easy' && r.task === 'match');
    expect(Number(found?.value)).toBe(0.1 + 0.2);
  });

  it('keeps the JSON scales, and says that oa is the one figure on 0 to 100', () => {
    const csv = renderCsv(sampleReport());
    const easy = csvRecords(csv).filter((r) => r.section === 'player' && r.bucket === 'easy' && r.b === 'judge');
    expect(Object.fromEntries(easy.map((r) => [r.measure, Number(r.value)]))).toMatchObject({ acc: 0.75, oa: 10.123 });
    const comments = csv.split('\r\n').filter((line) => line.startsWith('#'));
    expect(comments).toContain(
      '# every share, rate and p-value (agreement, acc, accuracy, permutation_p) is 0 to 1 as in the JSON; the exception is oa: O/A x 100 as the published tables print it (0 to 100)',
    );
  });

  it('escapes text cells a spreadsheet would run as a formula, and says so', () => {
    const csv = renderCsv(sampleReport({ judge: '=HYPERLINK("http://x","y")', player: '-2+3' }));
    expect(csv).toContain(`agreement,match,easy,"'=HYPERLINK(""http://x"",""y"")",human,agreement,0.875,24,0.71,1,0.9,,,8\r\n`);
    const records = csvRecords(csv);
    expect(records.filter((r) => r.section === 'player').every((r) => r.a === "'-2+3")).toBe(true);
    expect(records.some((r) => r.a === '=HYPERLINK("http://x","y")')).toBe(false);
    expect(csv).toMatch(/^# .*prefixed with ' so spreadsheets do not run them as formulas; numeric columns are never prefixed\r$/m);
  });

  it('keeps comment lines one line each, and CRLF record ends', () => {
    const csv = renderCsv(sampleReport({ studyName: 'Pilot\r\n=1+1,evil' }));
    const comments = csv.split('\r\n').filter((line) => line.startsWith('#'));
    // The study name's line break and comma are percent-encoded: no cell of a comment line can start a formula.
    expect(comments).toContain('# study: Pilot%0D%0A=1+1%2Cevil (id pilot-2026)');
    for (const line of comments)
      expect(
        line.split(',').every((cell) => !/^[=+\-@\t\r]/.test(cell)),
        line,
      ).toBe(true);
    expect(csv.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
