// The agreement report as the four files a lead exports (docs/formats.md#report): JSON, Markdown, CSV and
// LaTeX, named `<study id>.report.<ext>`. Pure: the shared renderers write the text, and every
// file carries the report's provenance (app, inputs' SHA-256, settings).

import type { AgreementReport } from '../../../shared/report/model/report-model';
import { renderCsv } from '../../../shared/report/render-csv';
import { renderLatex } from '../../../shared/report/render-latex';
import { renderMarkdown } from '../../../shared/report/render-markdown';
import type { ReportFileFormat } from '../../workers/report-protocol';
import type { OutgoingFile } from '../../workers/team-protocol';

export const REPORT_FILE_FORMATS: readonly ReportFileFormat[] = ['json', 'md', 'csv', 'latex'];

const EXTENSION: Record<ReportFileFormat, string> = { json: 'json', md: 'md', csv: 'csv', latex: 'tex' };

const MIME_TYPE: Record<ReportFileFormat, string> = { json: 'application/json', md: 'text/markdown', csv: 'text/csv', latex: 'application/x-tex' };

function reportText(report: AgreementReport, format: ReportFileFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify(report, null, 2);
    case 'md':
      return renderMarkdown(report);
    case 'csv':
      return renderCsv(report);
    case 'latex':
      return renderLatex(report);
  }
}

export function reportFile(report: AgreementReport, format: ReportFileFormat): OutgoingFile {
  return { name: `${report.study.id}.report.${EXTENSION[format]}`, text: reportText(report, format), mimeType: MIME_TYPE[format] };
}

/** The report as the lead sees it: the report holds micro and macro, `average` says which the renderings lead with. */
export function reportAsShown(report: AgreementReport, average: AgreementReport['settings']['average']): AgreementReport {
  return report.settings.average === average ? report : { ...report, settings: { ...report.settings, average } };
}
