// Tells the annotator who just opened a pack of the demo study that it took the place of the demo
// copy loaded on first start (the last import's outcome says so).

import { useStudio } from '../../services/services';

export function SampleReplacedNotice({ studyId }: { studyId: string }) {
  const replaced = useStudio(
    (state) => state.importState.status === 'done' && state.importState.studies.some((study) => study.id === studyId && study.pack?.replacedSample === true),
  );
  if (!replaced) return null;
  return (
    <div className="notice notice-success" role="status" data-testid="sample-replaced">
      This is now your copy of the study: the pack replaced the untouched demo study that was loaded on first start.
    </div>
  );
}
