// The lead's ways from their own study to its team page (assignment, packs, label files,
// coverage), its report, its adjudication and its judge runs.

import type { ReactNode } from 'react';
import type { Study } from '../../../shared/domain/model';
import { useServices } from '../../services/services';

/** One way in: a card with the link to one of the study's lead pages and a line on what it holds. */
function EntryCard({
  studyId,
  view,
  title,
  className = 'card',
  children,
}: {
  studyId: string;
  view: 'team' | 'report' | 'adjudicate' | 'judges';
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const { store } = useServices();
  return (
    <div className={className}>
      <button type="button" className="link-button strong" data-testid={`${view}-entry`} onClick={() => store.getState().navigate({ view, studyId })}>
        {title}
      </button>
      <div className="muted small">{children}</div>
    </div>
  );
}

export function LeadEntries({ study }: { study: Study }) {
  const studyId = study.id;
  return (
    <>
      <EntryCard studyId={studyId} view="team" title="Team: assign, packs, label files, coverage" className="card team-entry">
        {study.setup ? `Assigned with overlap ${study.setup.overlap} and seed ${study.setup.seed}.` : 'Not assigned to annotators yet.'}
      </EntryCard>
      <div className="lead-entries">
        <EntryCard studyId={studyId} view="report" title="Report: agreement of judges and annotators">
          The M and R tables, chance-corrected statistics, pairwise agreement, difficulty and player outcomes; exports.
        </EntryCard>
        <EntryCard studyId={studyId} view="adjudicate" title="Adjudicate disagreements">
          Set a gold label, with a note, where the raters disagree.
        </EntryCard>
        <EntryCard studyId={studyId} view="judges" title="Judges: try a judge model">
          Run a judge model on this study's transcripts through an endpoint you set up, and compare prompt versions.
        </EntryCard>
      </div>
    </>
  );
}
