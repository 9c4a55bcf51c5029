// The lead's ways from their own study to its team page (assignment, packs, label files,
// coverage), its report and its adjudication.

import type { Study } from '../../../shared/domain/model';
import { useServices } from '../../services/services';

export function LeadEntries({ study }: { study: Study }) {
  const { store } = useServices();
  const studyId = study.id;
  return (
    <>
      <div className="card team-entry">
        <button type="button" className="link-button strong" data-testid="team-entry" onClick={() => store.getState().navigate({ view: 'team', studyId })}>
          Team: assign, packs, label files, coverage
        </button>
        <div className="muted small">
          {study.setup ? `Assigned with overlap ${study.setup.overlap} and seed ${study.setup.seed}.` : 'Not assigned to annotators yet.'}
        </div>
      </div>
      <div className="lead-entries">
        <div className="card">
          <button
            type="button"
            className="link-button strong"
            data-testid="report-entry"
            onClick={() => store.getState().navigate({ view: 'report', studyId })}
          >
            Report: agreement of judges and annotators
          </button>
          <div className="muted small">The M and R tables, chance-corrected statistics, pairwise agreement, difficulty and player outcomes; exports.</div>
        </div>
        <div className="card">
          <button
            type="button"
            className="link-button strong"
            data-testid="adjudicate-entry"
            onClick={() => store.getState().navigate({ view: 'adjudicate', studyId })}
          >
            Adjudicate disagreements
          </button>
          <div className="muted small">Set a gold label, with a note, where the raters disagree.</div>
        </div>
      </div>
    </>
  );
}
