// The report page's exports: the labelled dataset (JSONL or CSV, with judge labels: this page
// is the lead's) written in the report worker, and the report files and judges' fitness cards
// written here from the report on the page; each saved through the host, with progress and one status line.

import { useCallback, useState } from 'react';
import { fitnessCardFile, type FitnessCardFormat } from '../../../shared/report/fitness-card-file';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { useServices } from '../../services/services';
import { describeStorageError } from '../../db/storage';
import type { DatasetFormat, ReportFileFormat } from '../../workers/report-protocol';
import type { OutgoingFile, WorkProgress } from '../../workers/team-protocol';
import { reportFile } from './report-files';

type ExportState = { status: 'idle' } | { status: 'running'; what: string; progress?: WorkProgress } | { status: 'done' | 'failed'; message: string };

const DATASET_NAME: Record<DatasetFormat, string> = { jsonl: 'labelled dataset (JSONL)', csv: 'labelled dataset (CSV)' };
const CARD_FORMAT_NAME: Record<FitnessCardFormat, string> = { md: 'Markdown', latex: 'LaTeX', json: 'JSON' };
const REPORT_NAME: Record<ReportFileFormat, string> = { json: 'report (JSON)', md: 'report (Markdown)', csv: 'report (CSV)', latex: 'report (LaTeX)' };

export function useReportExports(studyId: string) {
  const { db, platform, workers } = useServices();
  const [state, setState] = useState<ExportState>({ status: 'idle' });

  const save = useCallback(
    async (what: string, write: (onProgress: (progress: WorkProgress) => void) => Promise<OutgoingFile>) => {
      setState({ status: 'running', what });
      try {
        const file = await write((progress) => setState({ status: 'running', what, progress }));
        const saved = await platform.saveFile({ suggestedName: file.name, text: file.text, mimeType: file.mimeType });
        setState({ status: 'done', message: saved.saved ? `Saved ${saved.name}.` : `The ${what} was not saved.` });
      } catch (error) {
        setState({ status: 'failed', message: `The ${what} was not exported: ${describeStorageError(error)}` });
      }
    },
    [platform],
  );

  const exportDataset = useCallback(
    (format: DatasetFormat) =>
      save(DATASET_NAME[format], (onProgress) => workers.report.exportDataset(db.name, studyId, { format, includeJudges: true }, onProgress)),
    [db, studyId, save, workers],
  );

  const exportReport = useCallback(
    (report: AgreementReport, format: ReportFileFormat) => save(REPORT_NAME[format], async () => reportFile(report, format)),
    [save],
  );

  const exportFitnessCard = useCallback(
    (report: AgreementReport, judge: string, format: FitnessCardFormat) =>
      save(`fitness card of ${judge} (${CARD_FORMAT_NAME[format]})`, async () => fitnessCardFile(report, judge, format)),
    [save],
  );

  return { state, exportDataset, exportReport, exportFitnessCard };
}
