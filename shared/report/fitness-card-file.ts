// One judge's fitness card as a file of its own (issue 31 point 5), for a model card, a paper's
// appendix or a release review: Markdown, LaTeX or JSON, each with the report's provenance (app,
// study, inputs' SHA-256, settings), so the card says what it was computed from.

import { fitnessTable } from './fitness-layout';
import type { AgreementReport, FitnessCard } from './model/report-model';
import { latexTable, pageSized } from './render-latex';
import { escapeMarkdown, markdownTable } from './render-markdown';
import { provenanceLines } from './table-layout';

export type FitnessCardFormat = 'md' | 'latex' | 'json';

export const FITNESS_CARD_FORMAT = 'agreement-studio.fitness-card/1';

const EXTENSION: Record<FitnessCardFormat, string> = { md: 'md', latex: 'tex', json: 'json' };

const MIME_TYPE: Record<FitnessCardFormat, string> = { md: 'text/markdown', latex: 'application/x-tex', json: 'application/json' };

/** A judge name as part of a file name: anything but letters, digits, `.`, `_` and `-` as `-`. */
function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'judge';
}

export function fitnessCardFile(report: AgreementReport, judge: string, format: FitnessCardFormat): { name: string; text: string; mimeType: string } {
  const cards = report.judges?.fitness ?? [];
  const index = cards.findIndex((card) => card.judge === judge);
  if (index < 0) throw new Error(`the report has no fitness card of the judge ${judge}`);
  const card = cards[index] as FitnessCard;
  return {
    name: `${report.study.id}.fitness-card.${fileSafe(judge)}.${EXTENSION[format]}`,
    text: cardText(report, card, index, format),
    mimeType: MIME_TYPE[format],
  };
}

function cardText(report: AgreementReport, card: FitnessCard, index: number, format: FitnessCardFormat): string {
  const table = fitnessTable(card, index);
  switch (format) {
    case 'json':
      return `${JSON.stringify({ format: FITNESS_CARD_FORMAT, app: report.app, generatedAt: report.generatedAt, study: report.study, inputs: report.inputs, settings: report.settings, card }, null, 2)}\n`;
    case 'md': {
      const [title, ...rest] = markdownTable(table, '#').split('\n\n');
      const provenance = provenanceLines(report)
        .map((line) => `- ${escapeMarkdown(line)}`)
        .join('\n');
      return `${[title, provenance, ...rest].join('\n\n')}\n`;
    }
    case 'latex':
      return `${[...provenanceLines(report).map((line) => `% ${line}`), '% The table needs \\usepackage{booktabs} in the preamble.', ...pageSized(table).map(latexTable)].join('\n')}\n`;
  }
}
