// The lead's team page of a study: whether annotators may mark several answers, setup and
// assignment, the editable assignment table, packs out, label files in, and coverage. Lead mode
// only: annotator mode, and any study opened from a pack, get a short note instead, since the
// page shows everyone's progress.

import { useCallback, useMemo, useState } from 'react';
import type { Study } from '../../../shared/domain/model';
import { useAnnotators, useAssignments, useTeamDatabases } from '../../services/queries';
import { LeadOnlyPage } from '../mode';
import type { TeamMember } from './annotator-list';
import { AnswerSetsSetting } from './AnswerSetsSetting';
import { AssignmentTable } from './AssignmentTable';
import { CalibrationSampleNotice } from './CalibrationSampleNotice';
import { CoverageSection } from './CoverageSection';
import { LabelFilesSection } from './LabelFilesSection';
import { PacksSection } from './PacksSection';
import { SetupSection } from './SetupSection';
import { TeamServerSection } from './TeamServerSection';

/** The assigned team in assignment order, named as stored; undefined while loading. */
function useTeam(studyId: string): TeamMember[] | undefined {
  const assignments = useAssignments(studyId);
  const annotators = useAnnotators(studyId);
  return useMemo(() => {
    if (!assignments || !annotators) return undefined;
    const names = new Map(annotators.map((annotator) => [annotator.id, annotator.name]));
    const ids = [...new Set(assignments.map((row) => row.annotatorId))];
    return ids.map((id) => ({ id, name: names.get(id) ?? id }));
  }, [assignments, annotators]);
}

/**
 * Grows with every batch the team server pull merges (the pull records its counts as it merges,
 * and a label edited again keeps the count of labels but grows the conflicts or the refusals, or
 * at least moves the time), so coverage reloads as labels arrive, not only after the changes made here.
 */
function usePulledLabels(studyId: string): number {
  const databases = useTeamDatabases(studyId);
  return (
    databases?.reduce(
      (sum, database) =>
        sum +
        database.labelsPulled +
        (database.conflicts ?? 0) +
        database.refused +
        (database.lastPulledAt === undefined ? 0 : Date.parse(database.lastPulledAt)),
      0,
    ) ?? 0
  );
}

function LeadTeamPage({ study }: { study: Study }) {
  const team = useTeam(study.id);
  // Counts the changes made here, so coverage reloads after each.
  const [version, setVersion] = useState(0);
  const pulled = usePulledLabels(study.id);
  const changed = useCallback(() => setVersion((count) => count + 1), []);
  const assigned = study.setup !== undefined;

  return (
    <section className="page team-page" aria-labelledby="team-title" data-testid="team-view">
      <div className="page-header">
        <h1 id="team-title">Team: {study.name}</h1>
      </div>
      <p className="hint">
        Assign the study to annotators, send each a pack, import the label files they send back, and follow the coverage until every unit has its labels.
      </p>
      <AnswerSetsSetting study={study} />
      {/* Mounted once the team is read, so the form starts from the stored setup. */}
      {team !== undefined && <SetupSection key={study.id} study={study} team={team} onAssigned={changed} />}
      <section aria-labelledby="assignment-title">
        <h2 id="assignment-title">Assignment</h2>
        {assigned && study.calibrationSample !== undefined && <CalibrationSampleNotice sample={study.calibrationSample} />}
        {assigned ? <AssignmentTable study={study} onChanged={changed} /> : <p className="empty">Not assigned yet: list the annotators above and assign.</p>}
      </section>
      <PacksSection studyId={study.id} assigned={assigned} />
      {assigned && <TeamServerSection studyId={study.id} />}
      <LabelFilesSection studyId={study.id} onImported={changed} />
      <CoverageSection studyId={study.id} version={version + pulled} />
    </section>
  );
}

export function TeamView({ studyId }: { studyId: string }) {
  return (
    <LeadOnlyPage
      studyId={studyId}
      testId="team-lead-only"
      what="the team page"
      leadModeReason="The team page shows every annotator’s progress, so it is only in lead mode."
    >
      {(study) => <LeadTeamPage study={study} />}
    </LeadOnlyPage>
  );
}
