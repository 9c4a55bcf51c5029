// The lead's adjudication of disagreements: per task, the units where raters disagree, lowest
// agreement first; the current one in full with a gold value and note to set, the queue beside
// it. Setting gold moves on to the next unit, as labelling does. The current unit is in the
// address, so a reload or a link from the report's heatmap opens it. Lead mode only, like the
// report: annotator mode and pack studies get a short note.

import type { ReportTask } from '../../../shared/report/model/report-model';
import { LeadOnlyPage } from '../mode';
import { LeadAdjudicationPage } from './LeadAdjudicationPage';

const DEFAULT_TASK: ReportTask = 'match';

export function AdjudicationView({ studyId, task, unitId }: { studyId: string; task?: ReportTask; unitId?: string }) {
  return (
    <LeadOnlyPage
      studyId={studyId}
      testId="adjudication-lead-only"
      what="adjudication"
      leadModeReason="Adjudication shows every rater’s labels, so it is only in lead mode."
    >
      {/* One page per task, keyed by the task it shows: the address gains the default task at the
          first move, and that must not start a new sitting (its undo would be lost). */}
      {(study) => <LeadAdjudicationPage key={task ?? DEFAULT_TASK} study={study} task={task ?? DEFAULT_TASK} unitId={unitId} />}
    </LeadOnlyPage>
  );
}
