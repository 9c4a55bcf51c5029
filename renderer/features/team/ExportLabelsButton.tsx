// The annotator's "Export my labels" button with its status line, on the study overview and in
// the labelling workspace's toolbar, for whoever labels the study on this computer.

import { useLabellingAnnotator } from '../mode';
import { useLabelExport } from './useLabelExport';

export function ExportLabelsButton({ studyId, className }: { studyId: string; className: string }) {
  const annotator = useLabellingAnnotator(studyId);
  const { state, exportLabels } = useLabelExport(studyId, annotator?.id);
  return (
    <span className="export-labels">
      <button
        type="button"
        className={className}
        data-testid="export-labels"
        disabled={annotator === undefined || state.status === 'running'}
        title={annotator === undefined ? undefined : `Save the labels of ${annotator.name} as a label file for the study lead`}
        onClick={() => void exportLabels()}
      >
        {state.status === 'running' ? 'Exporting…' : 'Export my labels'}
      </button>
      <span className={`small ${state.status === 'failed' ? 'export-failed' : 'muted'}`} role="status" data-testid="export-labels-status">
        {state.status === 'done' || state.status === 'failed' ? state.message : ''}
      </span>
    </span>
  );
}
