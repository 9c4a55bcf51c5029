// The gate of the lead's pages (team, report, adjudication): they show other annotators' work,
// judge labels or agreement figures, so they render only in lead mode and never in a study
// opened from a pack; otherwise a short note says why and whose page it is.

import type { ReactNode } from 'react';
import type { Study } from '../../../shared/domain/model';
import { useStudy } from '../../services/queries';
import { useStudioMode } from './useStudioMode';

interface LeadOnlyPageProps {
  studyId: string;
  /** The `data-testid` of the note shown instead of the page. */
  testId: string;
  /** What the page is, as in "the agreement report". */
  what: string;
  /** Why it needs lead mode, as in "The report compares annotators with judges ..., so it is only in lead mode." */
  leadModeReason: string;
  children: (study: Study) => ReactNode;
}

export function LeadOnlyPage({ studyId, testId, what, leadModeReason, children }: LeadOnlyPageProps) {
  const study = useStudy(studyId);
  const mode = useStudioMode(studyId);
  if (study === undefined) return null;
  if (study === null) return <p className="empty">This study is not in the library.</p>;
  if (study.origin !== undefined || mode !== 'lead') {
    return (
      <p className="empty" data-testid={testId}>
        {study.origin !== undefined
          ? `This study was opened from a pack: this computer labels for one annotator, and ${what} belongs to the study lead.`
          : leadModeReason}
      </p>
    );
  }
  return <>{children(study)}</>;
}
