// The report's LaTeX as a paper takes it: every table compiles with pdflatex (Debian's TeX Live)
// in a two-column article, and fits: a `table` within \columnwidth, a wide `table*` within
// \textwidth, measured by typesetting each tabular into a box. One document holds every table.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import type { JudgeSplitSetting } from '../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import { renderLatex } from '../../../shared/report/render-latex';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { biasStudy } from '../stats/study/bias-study';

const NOW = '2026-11-22T10:00:00.000Z';

/** A study as wide as the tables get: three judges, every bucket including unrated, four players, long names. */
/** `labelled(i)`: whether people labelled the i-th puzzle's turns (all by default). */
function wideReport(
  judges: readonly string[] = ['synthetic-judge-a', 'synthetic-judge-b', 'synthetic-judge-c'],
  labelled: (puzzle: number) => boolean = () => true,
  judgeSplit?: JudgeSplitSetting,
): AgreementReport {
  const generated = generateSyntheticStudy({ puzzles: 24, annotators: 6, seed: 11, judges, judgeErrorRates: [0.1, 0.2, 0.3] });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const study = parsed.value;
  // Two puzzles without a difficulty from anyone: the Unrated column appears.
  const unrated = new Set(study.puzzles.slice(0, 2).map((puzzle) => puzzle.id));
  const puzzles = study.puzzles.map((puzzle) => (unrated.has(puzzle.id) ? { ...puzzle, difficulty: undefined } : puzzle));
  const players = ['gpt-4o-2024-08-06', 'claude-3-5-sonnet', 'llama-3.1-70b-instruct', 'qwen2.5-72b'];
  const sessions = study.sessions.map((session, index) => ({ ...session, player: players[index % players.length] as string }));
  const puzzleOfTurn = new Map(study.turns.map((turn) => [turn.id, study.sessions.find((session) => session.id === turn.sessionId)?.puzzleId]));
  const puzzleIndex = new Map(study.puzzles.map((puzzle, index) => [puzzle.id, index]));
  const unlabelled = (unit: string) => !labelled(puzzleIndex.get(puzzleOfTurn.get(unit) ?? unit) ?? 0);
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels
      .filter((label) => !(label.task === 'difficulty' && unrated.has(label.unit)))
      .filter((label) => label.task === 'difficulty' || !unlabelled(label.unit))
      .map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  const annotatorNames = Object.fromEntries(
    generated.labelFiles.map((file, index) => [file.annotator.id, `Annotator ${String.fromCharCode(65 + index)}. Longname-Surname`]),
  );
  return buildReport({
    study: { ...study, study: { ...study.study, ...(judgeSplit === undefined ? {} : { judgeSplit }) }, puzzles, sessions },
    labels,
    annotatorNames,
    settings: { bootstrap: 20, seed: 1, average: 'micro' },
    inputs: [{ file: 'synthetic.json', sha256: 'a'.repeat(64) }],
    app: 'agreement-studio test',
    now: NOW,
  });
}

function hasPdflatex(): boolean {
  return spawnSync('pdflatex', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** The document: the LaTeX as written (floats and all), then each tabular boxed and measured. */
function measuringDocument(latex: string): { text: string; tables: Array<{ id: string; wide: boolean }> } {
  // The outer tabular ends on a line of its own; the two-line cells' inner ones end inside a line.
  const blocks = [
    ...latex.matchAll(/\\begin\{(table\*?)\}[\s\S]*?\\label\{tab:([^}]+)\}\n {2}([^\n]*)\n {2}(\\begin\{tabular\}[\s\S]*?\n {2}\\end\{tabular\})\n/g),
  ];
  const tables = blocks.map((block) => ({ id: block[2] as string, wide: block[1] === 'table*' }));
  const measures = blocks.map(
    (block) =>
      `{${block[3] as string}\\sbox0{${block[4] as string}}\\dimen0=\\ht0 \\advance\\dimen0 by \\dp0 \\immediate\\write\\measures{${block[2] as string} \\the\\wd0 \\space \\the\\columnwidth\\space \\the\\textwidth\\space \\the\\dimen0 \\space \\the\\textheight}}`,
  );
  const text = [
    '\\documentclass[twocolumn]{article}',
    '\\usepackage{booktabs}',
    // As the LaTeX's opening comment advises: every table at once is more floats than LaTeX holds by default.
    '\\extrafloats{100}',
    '\\maxdeadcycles=1000',
    '\\newwrite\\measures',
    '\\begin{document}',
    '\\immediate\\openout\\measures=widths.txt',
    latex,
    ...measures,
    '\\immediate\\closeout\\measures',
    '\\end{document}',
    '',
  ].join('\n');
  return { text, tables };
}

interface Measured {
  width: number;
  column: number;
  page: number;
  /** Height and depth of the tabular. */
  height: number;
  textHeight: number;
}

/** Compiles the report's LaTeX in the measuring document: pdflatex's log and each tabular's measures by table id. */
function compile(latex: string): { log: string; tables: Array<{ id: string; wide: boolean }>; measured: Map<string, Measured> } {
  const { text, tables } = measuringDocument(latex);
  const dir = mkdtempSync(join(tmpdir(), 'report-latex-'));
  try {
    writeFileSync(join(dir, 'tables.tex'), text);
    const run = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'tables.tex'], { cwd: dir, encoding: 'utf8', timeout: 50_000 });
    const log = readFileSync(join(dir, 'tables.log'), 'latin1');
    expect(run.status, log.slice(-3000)).toBe(0);
    const measured = new Map(
      readFileSync(join(dir, 'widths.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const [id, width, column, page, height, textHeight] = line.split(' ').map((part) => part.replace('pt', ''));
          return [id as string, { width: Number(width), column: Number(column), page: Number(page), height: Number(height), textHeight: Number(textHeight) }];
        }),
    );
    return { log, tables, measured };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function needPdflatex(context: { skip(): void }) {
  if (hasPdflatex()) return;
  if (process.env.CI !== undefined && process.env.CI !== '')
    throw new Error('pdflatex is missing; npm test installs TeX Live as root on Debian or Ubuntu (scripts/ensure-test-tools.mjs)');
  console.log(
    'Skipping the LaTeX compile test: pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended texlive-fonts-recommended)',
  );
  context.skip();
}

describe('the LaTeX tables in a two-column paper', () => {
  it('compile with pdflatex and fit the column, or the page for the wide ones', { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const { log, tables, measured } = compile(renderLatex(wideReport()));
    expect(tables.map((table) => table.id)).toEqual([
      'agreement-match',
      'agreement-answer',
      'chance-match',
      'chance-answer',
      'difficulty-alpha',
      'annotators',
      'players',
      'players-2',
      'judges-people-match',
      'judges-errors-match',
      'judges-labels-match',
      'judges-people-answer',
      'judges-errors-answer',
      'judges-labels-answer',
      'judges-pairs-match',
      'judges-pairs-answer',
      'judges-alt-test',
      'judges-corrected',
      'judges-corrected-2',
      'judges-corrected-3',
      'judges-corrected-4',
      'judges-bias-match',
      'judges-bias-match-2',
      'judges-bias-match-3',
      'judges-bias-answer',
      'judges-bias-answer-2',
      'judges-human-likeness-match',
      'judges-human-likeness-answer',
      'judges-rankings',
      'fitness-1',
      'fitness-1-2',
      'fitness-2',
      'fitness-2-2',
      'fitness-3',
      'fitness-3-2',
    ]);
    expect(log).not.toMatch(/Overfull \\hbox/);
    for (const table of tables) {
      const size = measured.get(table.id);
      expect(size, table.id).toBeDefined();
      const limit = table.wide ? size?.page : size?.column;
      expect(size?.width, `${table.id} (${table.wide ? 'textwidth' : 'columnwidth'})`).toBeLessThanOrEqual(limit ?? 0);
    }
  });

  it('compile and fit with a held-out verdict of two judges run on the test split', { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const split: JudgeSplitSetting = {
      seed: 34,
      shares: { examples: 0.15, development: 0.45, test: 0.4 },
      setAt: NOW,
      developmentJudges: ['synthetic-judge-a', 'synthetic-judge-b', 'synthetic-judge-c'],
      testRuns: [
        { judge: 'synthetic-judge-b', at: NOW },
        { judge: 'synthetic-judge-a', at: NOW },
      ],
    };
    const { log, tables, measured } = compile(renderLatex(wideReport(undefined, undefined, split)));
    expect(tables.map((table) => table.id)).toEqual(expect.arrayContaining(['held-out', 'held-out-2']));
    expect(log).not.toMatch(/Overfull \\hbox|Float too large/);
    for (const table of tables.filter((one) => one.id.startsWith('held-out'))) {
      const size = measured.get(table.id);
      expect(size?.width, table.id).toBeLessThanOrEqual((table.wide ? size?.page : size?.column) ?? 0);
      expect(size?.height, table.id).toBeLessThanOrEqual(size?.textHeight ?? 0);
    }
  });

  it('go on in further floats when nine judges make a table longer than the page', { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const nine = Array.from({ length: 9 }, (_, j) => `judge-${String.fromCharCode(97 + j)}`);
    const latex = renderLatex(wideReport(nine));
    const { log, tables, measured } = compile(latex);
    // 9 judges, gold-free: 9 judge-human rows, 1 human-human and 36 judge-judge, per bucket.
    expect(tables.map((table) => table.id)).toEqual(
      expect.arrayContaining(['agreement-match', 'agreement-match-2', 'agreement-match-3', 'judges-pairs-match', 'judges-pairs-match-2']),
    );
    expect(latex).toContain('(continued, 2 of');
    expect(log).not.toMatch(/Float too large|Overfull \\hbox/);
    for (const table of tables) {
      const size = measured.get(table.id);
      expect(size?.height, table.id).toBeLessThanOrEqual(size?.textHeight ?? 0);
    }
  });

  it("compile and fit with a judge's calibration, its samples and its order-swapped twin", { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const data = biasStudy({ seed: 3, puzzles: 40, samples: 3, judgeErrorRate: 0.25, orderSwapFlips: 0.3 });
    const { log, tables, measured } = compile(
      renderLatex(buildReport({ ...data, settings: { bootstrap: 99, seed: 1, average: 'micro' }, inputs: [], app: 'test', now: NOW })),
    );
    expect(tables.map((table) => table.id)).toEqual(
      expect.arrayContaining([
        'judges-calibration-match',
        'judges-reliability-match',
        'judges-self-match',
        'judges-model-pairs-match',
        'judges-calibration-answer',
        'judges-selective-match',
        'judges-selective-answer',
      ]),
    );
    expect(log).not.toMatch(/Overfull \\hbox/);
    for (const table of tables) {
      const size = measured.get(table.id);
      const limit = table.wide ? size?.page : size?.column;
      expect(size?.width, table.id).toBeLessThanOrEqual(limit ?? 0);
    }
  });

  it('compile and fit with the Estimated truth section, the judges among its raters', { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const data = biasStudy({ seed: 3, puzzles: 40, samples: 3, judgeErrorRate: 0.25, orderSwapFlips: 0.3 });
    const settings = { bootstrap: 20, seed: 1, average: 'micro', estimatedTruth: 'people-and-judges' } as const;
    const { log, tables, measured } = compile(renderLatex(buildReport({ ...data, settings, inputs: [], app: 'test', now: NOW })));
    const truth = tables.filter((table) => table.id.startsWith('truth-'));
    expect(truth.map((table) => table.id)).toEqual(expect.arrayContaining(['truth-raters-match', 'truth-judges-match', 'truth-disagreements-answer']));
    expect(log).not.toMatch(/Overfull \\hbox/);
    for (const table of truth) {
      const size = measured.get(table.id);
      const limit = table.wide ? size?.page : size?.column;
      expect(size?.width, table.id).toBeLessThanOrEqual(limit ?? 0);
    }
  });

  it('compile and fit with the prediction-powered scores, people having labelled a third of the puzzles', { timeout: 60_000 }, (context) => {
    needPdflatex(context);
    const report = wideReport(undefined, (puzzle) => puzzle % 3 === 0);
    expect((report.judges?.predictionPowered ?? []).some((row) => row.estimate !== null)).toBe(true);
    const { log, tables, measured } = compile(renderLatex(report));
    expect(tables.map((table) => table.id)).toEqual(
      expect.arrayContaining([
        'judges-prediction-powered-solve-rate',
        'judges-prediction-powered-solve-rate-labels',
        'judges-prediction-powered-question-accuracy',
        'judges-prediction-powered-question-accuracy-labels',
      ]),
    );
    expect(log).not.toMatch(/Overfull \\hbox/);
    for (const table of tables) {
      const size = measured.get(table.id);
      const limit = table.wide ? size?.page : size?.column;
      expect(size?.width, table.id).toBeLessThanOrEqual(limit ?? 0);
    }
  });
});
