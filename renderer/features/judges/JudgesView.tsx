// The lead's Judges page of a study (issue 17): the endpoints, the prompt versions, the split for
// improving the judge and a search for a better prompt (issue 34), a run with its
// live progress, the study's runs, its judges (to merge two on purpose, issue 28), and how each prompt version agrees with people. Lead mode only,
// like the report: it shows judge labels beside people's.

import { LeadOnlyPage } from '../mode';
import { EndpointsSection } from './EndpointsSection';
import { JudgeSplitSection } from './JudgeSplitSection';
import { PromptVersionsAgreement } from './PromptVersionsAgreement';
import { PromptSearchSection } from './PromptSearchSection';
import { PromptVersionsSection } from './PromptVersionsSection';
import { RunSection } from './RunSection';
import { RunsList } from './RunsList';
import { StudyJudgesSection } from './StudyJudgesSection';

export function JudgesView({ studyId }: { studyId: string }) {
  return (
    <LeadOnlyPage
      studyId={studyId}
      testId="judges-lead-only"
      what="running judges"
      leadModeReason="Judge runs label the study's turns beside its annotators, so they are only in lead mode."
    >
      {(study) => (
        <div className="judges-view" data-testid="judges-view">
          <h1>Judges of {study.name}</h1>
          <EndpointsSection />
          <PromptVersionsSection study={study} />
          <JudgeSplitSection study={study} />
          <RunSection studyId={study.id} judgeSplit={study.judgeSplit} />
          <PromptSearchSection study={study} />
          <RunsList studyId={study.id} />
          <StudyJudgesSection studyId={study.id} />
          <PromptVersionsAgreement study={study} />
        </div>
      )}
    </LeadOnlyPage>
  );
}
