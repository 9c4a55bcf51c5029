// The study library: every imported study with its counts, an Import button (transcript
// bundles, or a pack from the lead), and the place where import progress and errors appear.
// Files can also be dropped anywhere on the window. Each study backs up; backups restore below.

import { useServices } from '../../services/services';
import { useStudies } from '../../services/queries';
import { deleteStudy } from '../../db/import-study';
import { BackupButton, BackupReminder, BackupSection } from '../backup';
import { ImportStatus } from './ImportStatus';
import { LIBRARY_FILE_REQUEST, useImportFiles } from './useImportFiles';

export function LibraryView() {
  const { db, platform, store } = useServices();
  const studies = useStudies();
  const importFiles = useImportFiles();

  const chooseAndImport = async () => importFiles(await platform.openFiles(LIBRARY_FILE_REQUEST));
  const chooseAndCombine = async () =>
    importFiles(await platform.openFiles({ ...LIBRARY_FILE_REQUEST, title: 'Import several files as one study' }), { combine: true });
  const remove = async (studyId: string, name: string) => {
    if (window.confirm(`Delete the study "${name}" and all its labels from this computer?`)) await deleteStudy(db, studyId);
  };

  return (
    <section className="page" aria-labelledby="library-title">
      <div className="page-header">
        <h1 id="library-title">Studies</h1>
        <div className="page-actions">
          <button type="button" className="chip" data-testid="import-combined" onClick={chooseAndCombine}>
            Import several files as one study…
          </button>
          <button type="button" className="primary" onClick={chooseAndImport}>
            Import transcripts…
          </button>
        </div>
      </div>
      <p className="hint">
        Import transcript bundles (.json or .jsonl), a pack from your study lead (.pack.json), or a benchmark's own files (TurtleBench, TurtleSoup-Bench, SPLAT,
        GuessTheRuleBench, GameArena, AgentBench, DeepTurtle, AR-Bench), or drop them anywhere on this window. A benchmark's files make one study, shown to you
        before anything is stored; any other file becomes a study of its own. To make one study of several puzzle lists (each puzzle's genre taken from its
        file's name), use <em>Import several files as one study</em>.
      </p>
      <ImportStatus />
      <BackupReminder />
      {studies === undefined ? null : studies.length === 0 ? (
        <p className="empty">No studies yet. Import a transcript bundle to begin.</p>
      ) : (
        <table className="data-table" aria-label="Studies">
          <thead>
            <tr>
              <th>Study</th>
              <th className="num">Puzzles</th>
              <th className="num">Sessions</th>
              <th className="num">Turns</th>
              <th>Imported</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {studies.map((study) => (
              <tr key={study.id} data-study-id={study.id}>
                <td>
                  <button type="button" className="link-button strong" onClick={() => store.getState().navigate({ view: 'study', studyId: study.id })}>
                    {study.name}
                  </button>
                  <div className="muted small">
                    {study.id}
                    {study.origin !== undefined && ` · pack for ${study.origin.annotator.name}`}
                  </div>
                </td>
                <td className="num" data-testid="count-puzzles">
                  {study.counts.puzzles}
                </td>
                <td className="num" data-testid="count-sessions">
                  {study.counts.sessions}
                </td>
                <td className="num" data-testid="count-turns">
                  {study.counts.turns}
                </td>
                <td>{new Date(study.importedAt).toLocaleString()}</td>
                <td>
                  <BackupButton studyId={study.id} studyName={study.name} className="link-button" />{' '}
                  <button type="button" className="link-button danger" onClick={() => remove(study.id, study.name)} aria-label={`Delete ${study.name}`}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <BackupSection />
    </section>
  );
}
