// The app shell: header with navigation, the current view, drag-and-drop import anywhere on
// the window (transcript bundles and packs), the host's Import menu command, and the
// first-start demo. The mode switch is locked inside a study opened from a pack.

import { Suspense, useCallback, useEffect } from 'react';
import { useServices, useStudio } from '../services/services';
import { importDemoOnFirstStart } from './first-start';
import { AdjudicationView, JudgesView, preloadLeadPages, ReportView, TeamView } from './lead-pages';
import { StorageClearedBanner } from './StorageClearedBanner';
import { formatBytes, useStorageStatus, useStorageStatusSource } from './useStorageStatus';
import type { DroppedFile } from './dropped-files';
import { useWindowFileDrop } from './useWindowFileDrop';
import { useHashRouting } from './useHashRouting';
import { readFiles } from '../platform/browser';
import { HelpView } from '../features/help/HelpView';
import { LibraryView } from '../features/library/LibraryView';
import { LIBRARY_FILE_REQUEST, useImportFiles } from '../features/library/useImportFiles';
import { ModeSwitch } from '../features/mode/ModeSwitch';
import { useModeLockReason } from '../features/mode/useStudioMode';
import { StudyOverview } from '../features/study/StudyOverview';
import { TranscriptView } from '../features/transcript/TranscriptView';
import { LabellingWorkspace } from '../features/labelling/LabellingWorkspace';
import { TASK_TITLES } from '../../shared/domain/task-words';
import { useStudy } from '../services/queries';
import { useAutoBackup } from '../features/backup/useAutoBackup';
import { InvitationView } from '../features/sync';
import { retryWhenOnline, startStoredSyncs } from '../services/team-sync';

function Breadcrumbs() {
  const { store } = useServices();
  const route = useStudio((state) => state.route);
  const studyId = 'studyId' in route ? route.studyId : '';
  const study = useStudy(studyId);
  const go = store.getState().navigate;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <button type="button" className="link-button" onClick={() => go({ view: 'library' })}>
        Studies
      </button>
      {route.view === 'help' && (
        <>
          <span aria-hidden="true">›</span>
          <span>Help</span>
        </>
      )}
      {route.view === 'invitation' && (
        <>
          <span aria-hidden="true">›</span>
          <span>Invitation</span>
        </>
      )}
      {'studyId' in route && (
        <>
          <span aria-hidden="true">›</span>
          <button type="button" className="link-button" onClick={() => go({ view: 'study', studyId: route.studyId })}>
            {study?.name ?? route.studyId}
          </button>
        </>
      )}
      {route.view === 'transcript' && (
        <>
          <span aria-hidden="true">›</span>
          <span>{route.sessionId}</span>
        </>
      )}
      {route.view === 'label' && (
        <>
          <span aria-hidden="true">›</span>
          <span>{TASK_TITLES[route.task]}</span>
        </>
      )}
      {route.view === 'team' && (
        <>
          <span aria-hidden="true">›</span>
          <span>Team</span>
        </>
      )}
      {route.view === 'report' && (
        <>
          <span aria-hidden="true">›</span>
          <span>Report</span>
        </>
      )}
      {route.view === 'judges' && (
        <>
          <span aria-hidden="true">›</span>
          <span>Judges</span>
        </>
      )}
      {route.view === 'adjudicate' && (
        <>
          <span aria-hidden="true">›</span>
          <button type="button" className="link-button" onClick={() => go({ view: 'report', studyId: route.studyId })}>
            Report
          </button>
          <span aria-hidden="true">›</span>
          <span>Adjudicate</span>
        </>
      )}
    </nav>
  );
}

/** Starts the team server sync of every study connected on this computer, once the app starts; back on a network, each tries at once. */
function useStoredSyncs() {
  const services = useServices();
  useEffect(() => {
    // Should the connections not be readable, the studies sync from the next start; their labels wait here meanwhile.
    startStoredSyncs(services).catch(() => undefined);
    return retryWhenOnline(services, window);
  }, [services]);
}

export function App() {
  const { db, platform, store } = useServices();
  const route = useHashRouting(store);
  const importFiles = useImportFiles();
  const importStatus = useStudio((state) => state.importState.status);
  const storageSource = useStorageStatusSource();
  const storage = useStorageStatus(storageSource);
  const modeLockReason = useModeLockReason();
  useAutoBackup();
  useStoredSyncs();
  // Imports write from a worker: re-read the storage state when one ends, whatever Dexie relays.
  useEffect(() => storageSource.refreshSoon(), [storageSource, importStatus]);

  useEffect(() => {
    importDemoOnFirstStart(db, importFiles).catch((error: unknown) =>
      store
        .getState()
        .setImportState({ status: 'failed', fileNames: ['demo-study.json'], errors: [{ file: 'demo-study.json', path: '', message: String(error) }] }),
    );
  }, [db, importFiles, store]);

  useEffect(
    () =>
      platform.onImportRequested(() => {
        store.getState().navigate({ view: 'library' });
        platform.openFiles(LIBRARY_FILE_REQUEST).then(importFiles, () => undefined);
      }),
    [platform, importFiles, store],
  );

  const onDrop = useCallback(
    (files: DroppedFile[]) => {
      store.getState().navigate({ view: 'library' });
      readFiles(files).then(importFiles, () => undefined);
    },
    [importFiles, store],
  );
  const dragging = useWindowFileDrop(onDrop);

  return (
    <div className={`app ${dragging ? 'dragging' : ''}`}>
      <header className="app-header">
        <div className="brand">Agreement Studio</div>
        <Breadcrumbs />
        <ModeSwitch lockedReason={modeLockReason} />
        <button
          type="button"
          className="link-button help-link"
          aria-current={route.view === 'help' ? 'page' : undefined}
          onClick={() => store.getState().navigate({ view: 'help' })}
        >
          Help
        </button>
      </header>
      <main className="app-main">
        <StorageClearedBanner onPersistenceAsked={() => storageSource.refresh()} />
        {route.view === 'library' && <LibraryView />}
        {route.view === 'help' && <HelpView />}
        {route.view === 'invitation' && <InvitationView {...(route.payload !== undefined ? { payload: route.payload } : {})} />}
        {route.view === 'study' && <StudyOverview studyId={route.studyId} onLeadEntriesShown={preloadLeadPages} />}
        {route.view === 'transcript' && <TranscriptView studyId={route.studyId} sessionId={route.sessionId} />}
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {route.view === 'team' && <TeamView key={route.studyId} studyId={route.studyId} />}
          {route.view === 'report' && <ReportView key={route.studyId} studyId={route.studyId} />}
          {route.view === 'judges' && <JudgesView key={route.studyId} studyId={route.studyId} />}
          {route.view === 'adjudicate' && <AdjudicationView key={route.studyId} studyId={route.studyId} task={route.task} unitId={route.unitId} />}
        </Suspense>
        {route.view === 'label' && (
          <LabellingWorkspace key={`${route.studyId}/${route.task}`} studyId={route.studyId} task={route.task} unitId={route.unitId} />
        )}
      </main>
      <footer
        className="app-footer muted small"
        data-testid="storage-footer"
        data-usage={storage?.usageBytes ?? ''}
        data-persisted={storage ? String(storage.persisted) : ''}
      >
        {storage?.usageBytes !== undefined ? `Storage: ${formatBytes(storage.usageBytes)} used` : 'Storage: checking…'}
        {storage ? (storage.persisted ? ' · kept persistently' : ' · the browser may clear it under disk pressure; export your work') : ''}
      </footer>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true" data-testid="drop-overlay">
          Drop transcript bundles or packs to import them
        </div>
      )}
    </div>
  );
}
