// The lead's label files: import many at once, then a summary (files, labels added, updated,
// unchanged, conflicts, files rejected), every member of an imported file that was not read, and
// every rejected file with its located errors, as text.

import { countText } from '../../../shared/domain/count-text';
import { useId } from 'react';
import { formatErrorText } from '../../../shared/formats/errors';
import { unreadMemberText } from '../../../shared/formats/format-header';
import type { LabelImportReport } from '../../workers/team-protocol';
import { useLabelImport } from './useLabelImport';
import { WorkProgressNotice } from './WorkProgressNotice';

/** Errors listed per rejected file; a file of garbage would otherwise list thousands. */
const MAX_ERRORS_PER_FILE = 50;

function ImportSummary({ report }: { report: LabelImportReport }) {
  const { totals, rejected, notRead = [] } = report;
  return (
    <div
      className={`notice team-summary${rejected.length > 0 ? ' has-rejected' : ''}`}
      role="status"
      data-testid="label-import-summary"
      data-files={totals.files}
      data-added={totals.added}
      data-updated={totals.updated}
      data-unchanged={totals.unchanged}
      data-conflicts={totals.conflicts}
      data-rejected={totals.rejected}
    >
      <p className="strong">
        {countText(totals.files, 'file', 'files')} imported: {countText(totals.added, 'label', 'labels')} added, {totals.updated.toLocaleString('en-US')}{' '}
        updated, {totals.unchanged.toLocaleString('en-US')} unchanged
        {totals.conflicts > 0 ? `, ${countText(totals.conflicts, 'conflict', 'conflicts')} kept in the audit log` : ''}.{' '}
        {countText(totals.rejected, 'file', 'files')} rejected.
      </p>
      {notRead.length > 0 && (
        <ul className="error-list" data-testid="label-import-not-read">
          {notRead.map((warning, index) => (
            <li key={index}>{unreadMemberText(warning)}</li>
          ))}
        </ul>
      )}
      {rejected.length > 0 && (
        <ul className="rejected-files" data-testid="rejected-files">
          {rejected.map((file, index) => (
            <li key={index} data-rejected-file={file.file}>
              <span className="strong">{file.file}</span> was rejected whole; nothing from it was stored:
              <ul className="error-list">
                {file.errors.slice(0, MAX_ERRORS_PER_FILE).map((error, errorIndex) => (
                  <li key={errorIndex}>{formatErrorText(error)}</li>
                ))}
              </ul>
              {file.errors.length > MAX_ERRORS_PER_FILE && (
                <div className="small">…and {(file.errors.length - MAX_ERRORS_PER_FILE).toLocaleString('en-US')} more.</div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LabelFilesSection({ studyId, onImported }: { studyId: string; onImported: () => void }) {
  const { state, chooseAndImport } = useLabelImport(studyId, onImported);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Label files</h2>
      <p className="hint">
        Import the label files annotators send back (.labels.json), or a CSV with the columns annotator, unit, task, value. A damaged file, or one for another
        study, is rejected whole with the reason; the others go in.
      </p>
      <div className="team-actions">
        <button type="button" className="primary" data-testid="import-labels" disabled={state.status === 'running'} onClick={() => void chooseAndImport()}>
          Import label files…
        </button>
      </div>
      {state.status === 'running' && (
        <WorkProgressNotice
          progress={state.progress}
          fallback={state.fileNames.length <= 3 ? `Reading ${state.fileNames.join(', ')}` : `Reading ${state.fileNames.length} files`}
          name="Label import progress"
        />
      )}
      {state.status === 'done' && <ImportSummary report={state.report} />}
      {state.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="label-import-failed">
          {state.message}
        </div>
      )}
    </section>
  );
}
