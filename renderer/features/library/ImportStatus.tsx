// Shows what the current import is doing: a progress bar while it runs, a benchmark import's
// preview or the model names it asks for, the studies it added (and for a pack, whose copy it is
// and what it added), or every located error of a rejected import (nothing was stored in that case).

import { countText } from '../../../shared/domain/count-text';
import { useServices, useStudio } from '../../services/services';
import type { ImportedStudySummary } from '../../workers/import-protocol';
import { DoneNotice, RefusedNotice } from '../backup';
import { ImportPreview } from './ImportPreview';
import { ModelNamesDialog } from './ModelNamesDialog';
import { useHeldImport } from './useImportFiles';
import { MapFieldsOffer } from './MapFieldsOffer';

function importedText(study: ImportedStudySummary): string {
  const { pack } = study;
  if (pack === undefined) return `${study.name} (${study.counts.puzzles} puzzles, ${study.counts.sessions} sessions, ${study.counts.turns} turns)`;
  const added = pack.alreadyOpened ? 'already opened, nothing new' : countText(pack.newUnits, 'new unit');
  const replaced = pack.replacedSample ? "; it replaced the untouched demo study that was loaded on first start, so this is now the annotator's copy" : '';
  return `${study.name}, the pack for ${pack.annotator.name} (${added}${replaced})`;
}

export function ImportStatus() {
  const importState = useStudio((state) => state.importState);
  const { store } = useServices();
  const held = useHeldImport();
  const dismiss = () => store.getState().setImportState({ status: 'idle' });

  switch (importState.status) {
    case 'idle':
      return null;
    case 'running': {
      const { progress } = importState;
      const label = progress
        ? `${progress.phase === 'parsing' ? 'Checking' : 'Saving'} ${importState.fileNames.join(', ')}`
        : `Reading ${importState.fileNames.join(', ')}`;
      return (
        <div className="notice notice-progress" role="status" aria-live="polite">
          <div>{label}…</div>
          <progress max={progress?.total || 1} value={progress?.done ?? 0} aria-label="Import progress" />
        </div>
      );
    }
    case 'preview':
      return (
        <ImportPreview
          preview={importState.preview}
          {...(importState.mappable !== undefined ? { mappable: importState.mappable } : {})}
          onImport={() => void held.confirm(importState.requestId, importState.fileNames)}
          onCancel={() => void held.cancel(importState.requestId)}
        />
      );
    case 'names':
      return (
        <ModelNamesDialog
          needs={importState.needs}
          message={importState.message}
          onSubmit={(names) => void held.name(importState.requestId, importState.fileNames, names)}
          onCancel={() => void held.cancel(importState.requestId)}
        />
      );
    case 'done':
      return (
        <DoneNotice onDismiss={dismiss}>
          Imported {importState.studies.map(importedText).join('; ')}.
          {importState.studies
            .flatMap((study) => study.notes ?? [])
            .map((note) => (
              <span key={note} className="import-note">
                {' '}
                {note}.
              </span>
            ))}
        </DoneNotice>
      );
    case 'failed':
      return (
        <RefusedNotice
          undone="imported"
          where={`in ${importState.fileNames.join(', ')}`}
          errors={importState.errors}
          onDismiss={dismiss}
          data={{ 'data-testid': 'import-errors' }}
        >
          {importState.mappable !== undefined && <MapFieldsOffer files={importState.mappable} />}
        </RefusedNotice>
      );
  }
}
