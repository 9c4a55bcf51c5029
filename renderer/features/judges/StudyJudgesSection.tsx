// The study's judges as the report names them: each with the units it labelled and what produced
// its labels (the settings of each run behind it, or that they came with the study's files), and
// Merge into… to make two judges one on purpose (issue 28 point 5).

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { studyJudges, type StudyJudge } from '../../db/judge-merge';
import { useServices } from '../../services/services';
import { MergeJudgeDialog } from './MergeJudgeDialog';
import { identityText } from './run-text';

function labelledText({ units, tasks }: StudyJudge): string {
  const what = tasks.map((task) => (task === 'answer' ? 'answers' : 'final answers')).join(' and ');
  return `${units.toLocaleString('en')} ${units === 1 ? 'unit' : 'units'} labelled (${what})`;
}

function Provenance({ judge }: { judge: StudyJudge }) {
  if (judge.runs.length === 0) return <div className="muted small">From the study's files: what produced these labels is not known here.</div>;
  return (
    <ul className="plain-list muted small">
      {judge.runs.map((run) => (
        <li key={run.id} data-testid="study-judge-run">
          {run.ranAs === undefined ? '' : `ran as ${run.ranAs}: `}
          {identityText(run)}
        </li>
      ))}
    </ul>
  );
}

export function StudyJudgesSection({ studyId }: { studyId: string }) {
  const { db } = useServices();
  const judges = useLiveQuery(() => studyJudges(db, studyId), [db, studyId]);
  const [merging, setMerging] = useState<StudyJudge>();
  return (
    <section aria-labelledby="judges-of-study" className="judges-of-study">
      <h2 id="judges-of-study">Judges of this study</h2>
      <p className="muted small">
        Each name is one judge in the report. Two judges that are one way of labelling (runs kept apart as ~2 that you count as one) can be merged.
      </p>
      {judges !== undefined && judges.length === 0 && <p className="empty">No judge has labelled this study.</p>}
      <ul className="plain-list" data-testid="study-judges">
        {judges?.map((judge) => (
          <li key={judge.judge} data-judge={judge.judge}>
            <strong>{judge.judge}</strong> <span className="muted small">— {labelledText(judge)}</span>
            <Provenance judge={judge} />
            {judge.targets.length > 0 && (
              <button type="button" className="chip" aria-label={`Merge ${judge.judge} into…`} onClick={() => setMerging(judge)}>
                Merge into…
              </button>
            )}
          </li>
        ))}
      </ul>
      {merging !== undefined && <MergeJudgeDialog studyId={studyId} judge={merging} onClose={() => setMerging(undefined)} />}
    </section>
  );
}
