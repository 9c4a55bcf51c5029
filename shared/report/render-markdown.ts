// The agreement report as GitHub-flavoured Markdown: provenance, then every table of
// table-layout.ts as a pipe table with its caption and notes. Text from the inputs (model,
// player and annotator names) is escaped so it shows as written and cannot break a table.

import type { AgreementReport } from './model/report-model';
import { estimatedTruthTables } from './estimated-truth-layout';
import { heldOutTables } from './held-out-layout';
import { judgesTables } from './judges-layout';
import { setAwareTables } from './set-aware-layout';
import { oneLine, provenanceLines, reportTables, type LayoutTable } from './table-layout';

export function renderMarkdown(report: AgreementReport): string {
  const parts = [
    `# Agreement report: ${escapeMarkdown(report.study.name)}`,
    provenanceLines(report)
      .map((line) => `- ${escapeMarkdown(line)}`)
      .join('\n'),
    ...reportTables(report).map((table) => markdownTable(table)),
    ...judgesSection(report),
    ...setAwareSection(report),
    ...estimatedTruthSection(report),
    ...heldOutSection(report),
  ];
  return `${parts.join('\n\n')}\n`;
}

/** The Judges section under a heading of its own, since it holds several tables per task. */
function judgesSection(report: AgreementReport): string[] {
  const tables = judgesTables(report);
  return tables.length === 0 ? [] : ['## Judges', ...tables.map((table) => markdownTable(table, '###'))];
}

/** The tables on answers with more than one right answer under a heading of their own; nothing without sets. */
function setAwareSection(report: AgreementReport): string[] {
  const tables = setAwareTables(report);
  return tables.length === 0 ? [] : ['## More than one right answer', ...tables.map((table) => markdownTable(table, '###'))];
}

/** The Estimated truth section under a heading of its own, when the report has it. */
function estimatedTruthSection(report: AgreementReport): string[] {
  const tables = estimatedTruthTables(report);
  return tables.length === 0 ? [] : ['## Estimated truth', ...tables.map((table) => markdownTable(table, '###'))];
}

/** The held-out verdict under a heading of its own, when some judge was run on the test split. */
function heldOutSection(report: AgreementReport): string[] {
  const tables = heldOutTables(report);
  return tables.length === 0 ? [] : ['## Held-out verdict', ...tables.map((table) => markdownTable(table, '###'))];
}

export function markdownTable(table: LayoutTable, heading = '##'): string {
  const header = columnHeaders(table).map(escapeMarkdown);
  const align = header.map((_, column) => (column < table.labelColumns ? ':---' : '---:'));
  const rows = table.rows.map((row) => [...row.labels.map(escapeMarkdown), ...row.values]);
  const lines = [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  const notes = table.notes.map((note) => `- ${escapeMarkdown(note)}`);
  const warnings = (table.warnings ?? []).map((warning) => `> **Warning:** ${escapeMarkdown(warning)}`);
  return [
    `${heading} ${escapeMarkdown(table.title)}`,
    escapeMarkdown(table.caption),
    ...warnings,
    lines.join('\n'),
    ...(notes.length > 0 ? [notes.join('\n')] : []),
  ].join('\n\n');
}

/** Markdown tables have one header row, so a column group's label goes in front of each of its columns. */
function columnHeaders(table: LayoutTable): string[] {
  if (table.groups === undefined) return table.columns;
  const prefixes = table.groups.flatMap((group) => new Array<string>(group.span).fill(group.label));
  return table.columns.map((column, index) => {
    const prefix = prefixes[index] ?? '';
    return prefix === '' ? column : `${prefix} ${column}`;
  });
}

/**
 * Backslash-escapes the characters that would end a table cell (`|`) or start inline markup
 * (emphasis, code, links, HTML, entities, strikethrough), and keeps the text on one line.
 */
export function escapeMarkdown(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<|~&]/g, (char) => `\\${char}`);
}
