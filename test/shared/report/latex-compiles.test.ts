// The report's LaTeX as a paper takes it: every table compiles with pdflatex (Debian's TeX Live)
// in a two-column article, and fits: a `table` within \columnwidth, a wide `table*` within
// \textwidth, measured by typesetting each tabular into a box. One document holds every table.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSyntheticStudy } from '../../../shared/demo/synthetic-study';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { buildReport } from '../../../shared/report/build-report';
import { renderLatex } from '../../../shared/report/render-latex';
import type { AgreementReport } from '../../../shared/report/report-model';

const NOW = '2026-11-22T10:00:00.000Z';

/** A study as wide as the tables get: three judges, every bucket including unrated, four players, long names. */
function wideReport(): AgreementReport {
  const generated = generateSyntheticStudy({ puzzles: 24, annotators: 6, seed: 11, judgeErrorRates: [0.1, 0.2, 0.3] });
  const parsed = parseTranscriptBundle({ name: 'synthetic.json', text: JSON.stringify(generated.bundle) }, { now: NOW });
  if (!parsed.ok) throw new Error('the synthetic bundle does not parse');
  const study = parsed.value;
  // Two puzzles without a difficulty from anyone: the Unrated column appears.
  const unrated = new Set(study.puzzles.slice(0, 2).map((puzzle) => puzzle.id));
  const puzzles = study.puzzles.map((puzzle) => (unrated.has(puzzle.id) ? { ...puzzle, difficulty: undefined } : puzzle));
  const players = ['gpt-4o-2024-08-06', 'claude-3-5-sonnet', 'llama-3.1-70b-instruct', 'qwen2.5-72b'];
  const sessions = study.sessions.map((session, index) => ({ ...session, player: players[index % players.length] as string }));
  const labels = generated.labelFiles.flatMap((file) =>
    file.labels.filter((label) => !(label.task === 'difficulty' && unrated.has(label.unit))).map((label) => ({ annotatorId: file.annotator.id, unitId: label.unit, task: label.task, value: label.value })),
  );
  const annotatorNames = Object.fromEntries(generated.labelFiles.map((file, index) => [file.annotator.id, `Annotator ${String.fromCharCode(65 + index)}. Longname-Surname`]));
  return buildReport({
    study: { ...study, puzzles, sessions },
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
  const blocks = [...latex.matchAll(/\\begin\{(table\*?)\}[\s\S]*?\\label\{tab:([^}]+)\}\n {2}([^\n]*)\n {2}(\\begin\{tabular\}[\s\S]*?\n {2}\\end\{tabular\})\n/g)];
  const tables = blocks.map((block) => ({ id: block[2] as string, wide: block[1] === 'table*' }));
  const measures = blocks.map(
    (block) => `{${block[3] as string}\\sbox0{${block[4] as string}}\\immediate\\write\\measures{${block[2] as string} \\the\\wd0 \\space \\the\\columnwidth\\space \\the\\textwidth}}`,
  );
  const text = [
    '\\documentclass[twocolumn]{article}',
    '\\usepackage{booktabs}',
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

describe('the LaTeX tables in a two-column paper', () => {
  it('compile with pdflatex and fit the column, or the page for the wide ones', { timeout: 60_000 }, (context) => {
    if (!hasPdflatex()) {
      if (process.env.CI !== undefined && process.env.CI !== '') throw new Error('pdflatex is missing; npm test installs TeX Live as root on Debian or Ubuntu (scripts/ensure-test-tools.mjs)');
      console.log('Skipping the LaTeX compile test: pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended texlive-fonts-recommended)');
      context.skip();
    }
    const latex = renderLatex(wideReport());
    const { text, tables } = measuringDocument(latex);
    expect(tables.map((table) => table.id)).toEqual([
      'agreement-match', 'agreement-answer', 'chance-match', 'chance-answer', 'difficulty-alpha', 'annotators', 'players',
      'judges-people-match', 'judges-errors-match', 'judges-labels-match', 'judges-people-answer', 'judges-errors-answer', 'judges-labels-answer',
      'judges-pairs-match', 'judges-pairs-answer', 'judges-alt-test', 'judges-corrected',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'report-latex-'));
    try {
      writeFileSync(join(dir, 'tables.tex'), text);
      const run = spawnSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', 'tables.tex'], { cwd: dir, encoding: 'utf8', timeout: 50_000 });
      const log = readFileSync(join(dir, 'tables.log'), 'latin1');
      expect(run.status, log.slice(-3000)).toBe(0);
      expect(log).not.toMatch(/Overfull \\hbox/);
      const widths = new Map(
        readFileSync(join(dir, 'widths.txt'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => {
            const [id, width, column, page] = line.split(' ').map((part) => part.replace('pt', ''));
            return [id as string, { width: Number(width), column: Number(column), page: Number(page) }];
          }),
      );
      for (const table of tables) {
        const measured = widths.get(table.id);
        expect(measured, table.id).toBeDefined();
        const limit = table.wide ? measured?.page : measured?.column;
        expect(measured?.width, `${table.id} (${table.wide ? 'textwidth' : 'columnwidth'})`).toBeLessThanOrEqual(limit ?? 0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
