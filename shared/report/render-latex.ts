// The agreement report as LaTeX for a paper: one booktabs `table` per table of table-layout.ts
// (`table*` across the page for the wide ones), with caption and label, under a comment naming
// the app, the inputs' SHA-256 and the settings. Cells are compact: an interval goes under its
// figure, "a vs b" and a header's parenthesis on a second line, so the tables fit a two-column
// paper. A table longer than a page goes on in further floats, each captioned as continued.
// Text from the inputs is escaped so any model name compiles and prints as written.

import type { AgreementReport } from './model/report-model';
import { estimatedTruthTables } from './estimated-truth-layout';
import { heldOutTables } from './held-out-layout';
import { judgesTables } from './judges-layout';
import { setAwareTables } from './set-aware-layout';
import { oneLine, provenanceLines, reportTables, type LayoutTable } from './table-layout';

export function renderLatex(report: AgreementReport): string {
  const comment = [
    ...provenanceLines(report),
    'The tables need \\usepackage{booktabs} in the preamble; all of them in one document, \\extrafloats{100} and \\maxdeadcycles=1000 too (LaTeX holds 18 waiting floats, and gives up placing a hundred).',
  ]
    .map((line) => `% ${line}`)
    .join('\n');
  return `${[comment, ...[...reportTables(report), ...judgesTables(report), ...setAwareTables(report), ...estimatedTruthTables(report), ...heldOutTables(report)].flatMap(pageSized).map(latexTable)].join('\n\n')}\n`;
}

/**
 * Rows in one float. A row is two lines where a figure has its interval under it, and a float
 * taller than the page is held back to the end of the document with a warning: nine judges give
 * 36 pairs of judges per bucket, far more than a page.
 */
const ROWS_PER_FLOAT = 15;

/** The table as floats of at most ROWS_PER_FLOAT rows: the first with its caption and label, the others "continued" with the label numbered, the notes under the last. */
export function pageSized(table: LayoutTable): LayoutTable[] {
  const parts = Math.ceil(table.rows.length / ROWS_PER_FLOAT);
  if (parts <= 1) return [table];
  return Array.from({ length: parts }, (_, part) => ({
    ...table,
    id: part === 0 ? table.id : `${table.id}-${part + 1}`,
    title: part === 0 ? table.title : `${table.title} (continued, ${part + 1} of ${parts})`,
    rows: table.rows.slice(part * ROWS_PER_FLOAT, (part + 1) * ROWS_PER_FLOAT),
    notes: part === parts - 1 ? table.notes : [],
    warnings: part === parts - 1 ? (table.warnings ?? []) : [],
  }));
}

/** The one line of settings before a tabular: narrow gaps between columns, and type a step smaller in a table one column wide. */
function tableSettings(wide: boolean): string {
  return wide ? '\\small\\setlength{\\tabcolsep}{4pt}' : '\\footnotesize\\setlength{\\tabcolsep}{3pt}';
}

export function latexTable(table: LayoutTable): string {
  const env = table.wide === true ? 'table*' : 'table';
  const alignOf = (column: number) => (column < table.labelColumns ? 'l' : 'r');
  const align = table.columns.map((_, column) => alignOf(column)).join('');
  const row = (cells: string[]) => `    ${cells.join(' & ')} \\\\`;
  const body = table.rows.map((r) =>
    row([...r.labels.map((label) => stacked(label, labelBreak(label), 'l')), ...r.values.map((value) => stacked(value, valueBreak(value), 'r', latexValue))]),
  );
  const header = table.columns.map((column, index) => stacked(column, headerBreak(column), alignOf(index)));
  const notes = table.notes.length === 0 ? [] : [`  \\par\\smallskip\\footnotesize ${table.notes.map(escapeLatex).join(' ')}`];
  const warnings = (table.warnings ?? []).map((warning) => `  \\par\\smallskip\\footnotesize\\textbf{Warning:} ${escapeLatex(warning)}`);
  return [
    `\\begin{${env}}[htbp]`,
    '  \\centering',
    `  \\caption[${escapeLatex(table.title)}]{${escapeLatex(table.title)}. ${escapeLatex(table.caption)}}`,
    `  \\label{tab:${table.id}}`,
    `  ${tableSettings(table.wide === true)}`,
    `  \\begin{tabular}{${align}}`,
    '    \\toprule',
    ...groupRows(table),
    row(header),
    '    \\midrule',
    ...body,
    '    \\bottomrule',
    '  \\end{tabular}',
    ...warnings,
    ...notes,
    `\\end{${env}}`,
  ].join('\n');
}

/** A label longer than this goes on two lines. */
const LONG_LABEL = 16;

/** `a vs b` before `vs`; a long name at the space nearest its middle. */
function labelBreak(label: string): number {
  const vs = label.indexOf(' vs ');
  if (vs > 0) return vs;
  if (label.length <= LONG_LABEL) return -1;
  let best = -1;
  for (let i = label.indexOf(' '); i > 0; i = label.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - label.length / 2) < Math.abs(best - label.length / 2)) best = i;
  return best;
}

/** A figure's interval under it, else its n. */
function valueBreak(value: string): number {
  const interval = value.indexOf(' [');
  return interval > 0 ? interval : value.indexOf(' (');
}

/** A header's parenthesis under it, else its last word. */
function headerBreak(header: string): number {
  const parenthesis = header.indexOf(' (');
  return parenthesis > 0 ? parenthesis : header.lastIndexOf(' ');
}

/**
 * A cell on two lines, broken at the space at `index` (dropped), as a tabular inside the cell,
 * which needs no package; one line when there is no break.
 */
function stacked(text: string, index: number, align: 'l' | 'r', write: (text: string) => string = escapeLatex): string {
  if (index <= 0) return write(text);
  // `{}` after the line break: a second line starting with `[` is not read as its optional length.
  return `\\begin{tabular}[t]{@{}${align}@{}}${write(text.slice(0, index))}\\\\{}${write(text.slice(index + 1))}\\end{tabular}`;
}

/** The column-group row (a bucket over its Acc, Rnd, O/A) with a rule under each group. */
function groupRows(table: LayoutTable): string[] {
  if (table.groups === undefined) return [];
  const cells: string[] = [];
  const rules: string[] = [];
  let first = 1;
  for (const { label, span } of table.groups) {
    if (label === '') cells.push(...new Array<string>(span).fill(''));
    else {
      cells.push(`\\multicolumn{${span}}{c}{${escapeLatex(label)}}`);
      rules.push(`\\cmidrule(lr){${first}-${first + span - 1}}`);
    }
    first += span;
  }
  return [`    ${cells.join(' & ')} \\\\`, `    ${rules.join(' ')}`];
}

const LATEX_TEXT: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  _: '\\_',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  $: '\\$',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // Outside T1 encoding these print as other glyphs; brackets are braced so a cell starting
  // with `[` is not read as the optional argument of the `\\` before it.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '[': '{[}',
  ']': '{]}',
  '–': '--',
  '−': '$-$',
  α: '$\\alpha$',
  κ: '$\\kappa$',
  Σ: '$\\Sigma$',
  '×': '$\\times$',
  '±': '$\\pm$',
  '≤': '$\\le$',
};

const LATEX_SPECIAL = /[\\{}_%&#$~^<>|[\]–−ακΣ×±≤]/g;

/** Text as LaTeX that prints it literally, on one line. */
export function escapeLatex(text: string): string {
  return oneLine(text).replace(LATEX_SPECIAL, (char) => LATEX_TEXT[char] ?? char);
}

/** A value cell of table-layout.ts: only the dash of an undefined figure, the minus sign, `<` and `≤` need LaTeX. */
function latexValue(value: string): string {
  return value.replaceAll('–', '--').replaceAll('−', '$-$').replaceAll('<', '$<$').replaceAll('≤', '$\\le$');
}
