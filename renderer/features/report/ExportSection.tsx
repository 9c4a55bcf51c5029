// The report page's exports: the labelled dataset (JSONL, CSV) and the report as shown (JSON,
// Markdown, CSV, LaTeX). Every file names the app version, the inputs' SHA-256 and the settings.

import { memo, useId } from 'react';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import type { DatasetFormat, ReportFileFormat } from '../../workers/report-protocol';
import { WorkProgressNotice } from '../team';
import { REPORT_FILE_FORMATS } from './report-files';
import { useReportExports } from './useReportExports';

const DATASET_BUTTONS: Array<{ format: DatasetFormat; text: string }> = [
  { format: 'jsonl', text: 'Dataset JSONL' },
  { format: 'csv', text: 'Dataset CSV' },
];

const REPORT_TEXT: Record<ReportFileFormat, string> = { json: 'Report JSON', md: 'Markdown', csv: 'Report CSV', latex: 'LaTeX' };

/** `report`: the report as shown (its average is the page's), undefined until the first is computed. */
export const ExportSection = memo(function ExportSection({ studyId, report }: { studyId: string; report: AgreementReport | undefined }) {
  const { state, exportDataset, exportReport } = useReportExports(studyId);
  const id = useId();
  const running = state.status === 'running';
  return (
    <section className="report-section" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Export
      </h2>
      <p className="hint small">
        The dataset has one row per unit with every judge&apos;s and annotator&apos;s label, the majority, the gold label and the puzzle&apos;s difficulty. The
        report files hold the figures on this page. Each records the app version, the SHA-256 of its inputs and the settings.
      </p>
      <div className="export-buttons">
        <div className="segmented" role="group" aria-label="Labelled dataset">
          {DATASET_BUTTONS.map((button) => (
            <button
              key={button.format}
              type="button"
              className="chip"
              data-export={`dataset-${button.format}`}
              disabled={running}
              onClick={() => void exportDataset(button.format)}
            >
              {button.text}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Agreement report">
          {REPORT_FILE_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="chip"
              data-export={`report-${format}`}
              disabled={running || report === undefined}
              onClick={() => {
                if (report) void exportReport(report, format);
              }}
            >
              {REPORT_TEXT[format]}
            </button>
          ))}
        </div>
      </div>
      {state.status === 'running' && <WorkProgressNotice progress={state.progress} fallback={`Writing the ${state.what}`} name="Export progress" />}
      <p className={`small ${state.status === 'failed' ? 'export-failed' : 'muted'}`} data-testid="export-status" role="status" data-status={state.status}>
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </p>
    </section>
  );
});
