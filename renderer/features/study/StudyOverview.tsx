// A study at a glance: its name (renamed in place), counts (with the sync state of a study joined
// from a team server invitation), the lead's ways to the team page, report and adjudication for
// their own studies, the labelling entries with the annotator's label export, its sessions by
// player (and judge, for the lead) and its puzzles. Each part is
// its own component; this page sets them in order and, showing the lead's entries, has the app
// start loading the pages they lead to.

import { useEffect } from 'react';
import { usePuzzles, useSessions, useStudy } from '../../services/queries';
import { useServices } from '../../services/services';
import { useStudioMode } from '../mode';
import { LeadEntries } from './LeadEntries';
import { PuzzleTable } from './PuzzleTable';
import { SampleReplacedNotice } from './SampleReplacedNotice';
import { SessionGroups } from './SessionGroups';
import { StudyTitle } from './StudyTitle';
import { LabelEntryPoints } from '../labelling';
import { ExportLabelsButton } from '../team';
import { BackupButton } from '../backup';
import { SyncStatusNote } from '../sync';

export interface StudyOverviewProps {
  studyId: string;
  /** Called once the lead's entries to the team, report and adjudication pages show, so their code can start loading. */
  onLeadEntriesShown?: () => void;
}

export function StudyOverview({ studyId, onLeadEntriesShown }: StudyOverviewProps) {
  const mode = useStudioMode(studyId);
  const study = useStudy(studyId);
  const puzzles = usePuzzles(studyId);
  const sessions = useSessions(studyId);
  const { workers } = useServices();
  const leadPages = mode === 'lead' && study?.origin === undefined;
  useEffect(() => {
    if (leadPages) onLeadEntriesShown?.();
  }, [leadPages, onLeadEntriesShown]);
  // The report worker warms its engine while the lead looks at this page, in a thread of its own:
  // a large study's report then starts on code already compiled (about half a second at 50,000 turns).
  const turns = study?.counts.turns;
  useEffect(() => {
    if (leadPages && turns !== undefined) workers.report.prepare(turns);
  }, [leadPages, turns, workers]);

  if (study === undefined) return null;
  if (study === null) return <p className="empty">This study is not in the library.</p>;

  return (
    <section className="page" aria-labelledby="study-title">
      <div className="page-header">
        <StudyTitle studyId={studyId} name={study.name} />
        <BackupButton studyId={studyId} studyName={study.name} className="chip" />
      </div>
      <p className="muted">
        {study.counts.puzzles} puzzles · {study.counts.sessions} sessions · {study.counts.questions} questions · {study.counts.finals} final answers{' '}
        <SyncStatusNote studyId={studyId} />
      </p>
      <SampleReplacedNotice studyId={studyId} />
      {leadPages && <LeadEntries study={study} />}

      <div className="section-header">
        <h2>Label</h2>
        <ExportLabelsButton studyId={studyId} className="chip" />
      </div>
      <LabelEntryPoints study={study} />
      <SessionGroups studyId={studyId} sessions={sessions} lead={mode === 'lead'} />
      <PuzzleTable stored={puzzles} sessions={sessions} showDifficulty={mode === 'lead'} />
    </section>
  );
}
