// The agreement report as LaTeX for a paper: one booktabs `table` per table of table-layout.ts,
// with caption and label, under a comment naming the app, the inputs' SHA-256 and the
// settings. Text from the inputs is escaped so any model name compiles and prints as written.

import type { AgreementReport } from './report-model';
import { oneLine, provenanceLines, reportTables, type LayoutTable } from './table-layout';

export function renderLatex(report: AgreementReport): string {
  const comment = [...provenanceLines(report), 'The tables need \\usepackage{booktabs} in the preamble.'].map((line) => `% ${line}`).join('\n');
  return `${[comment, ...reportTables(report).map(latexTable)].join('\n\n')}\n`;
}

function latexTable(table: LayoutTable): string {
  const align = table.columns.map((_, column) => (column < table.labelColumns ? 'l' : 'r')).join('');
  const row = (cells: string[]) => `    ${cells.join(' & ')} \\\\`;
  const body = table.rows.map((r) => row([...r.labels.map(escapeLatex), ...r.values.map(latexValue)]));
  const notes = table.notes.length === 0 ? [] : [`  \\par\\smallskip\\footnotesize ${table.notes.map(escapeLatex).join(' ')}`];
  return [
    '\\begin{table}[htbp]',
    '  \\centering',
    '  \\small',
    `  \\caption[${escapeLatex(table.title)}]{${escapeLatex(table.title)}. ${escapeLatex(table.caption)}}`,
    `  \\label{tab:${table.id}}`,
    `  \\begin{tabular}{${align}}`,
    '    \\toprule',
    ...groupRows(table),
    row(table.columns.map(escapeLatex)),
    '    \\midrule',
    ...body,
    '    \\bottomrule',
    '  \\end{tabular}',
    ...notes,
    '\\end{table}',
  ].join('\n');
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
};

const LATEX_SPECIAL = /[\\{}_%&#$~^<>|[\]–−ακΣ×±]/g;

/** Text as LaTeX that prints it literally, on one line. */
export function escapeLatex(text: string): string {
  return oneLine(text).replace(LATEX_SPECIAL, (char) => LATEX_TEXT[char] ?? char);
}

/** A value cell of table-layout.ts: only the dash of an undefined figure and the minus sign need LaTeX. */
function latexValue(value: string): string {
  return value.replaceAll('–', '--').replaceAll('−', '$-$');
}
