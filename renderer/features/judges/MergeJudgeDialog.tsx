// The confirmation before a judge is merged into another (issue 28 point 5): which judge it goes
// into, how many units each labelled, how many both labelled and on how many their labels differ,
// and whose label stays where both labelled (the target's own, by default). Nothing is written
// until Merge; Cancel and Escape leave the study as it was.

import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { likelyTarget, type JudgeMergeCounts, type OverlapRule } from '../../../shared/judge-run/judge-merge';
import { judgeMergePreview, mergeJudge, type StudyJudge } from '../../db/judge-merge';
import { useServices } from '../../services/services';
import { FormDialog } from '../settings';

function unitsText(count: number): string {
  return count === 1 ? '1 unit' : `${count.toLocaleString('en')} units`;
}

function Counts({ merged, target, counts }: { merged: string; target: string; counts: JudgeMergeCounts }) {
  return (
    <ul
      className="plain-list"
      data-testid="judge-merge-counts"
      data-merged={counts.merged}
      data-target={counts.target}
      data-both={counts.both}
      data-differ={counts.differ}
    >
      <li>
        <strong>{merged}</strong> labelled {unitsText(counts.merged)}.
      </li>
      <li>
        <strong>{target}</strong> labelled {unitsText(counts.target)}.
      </li>
      <li>
        Both labelled {unitsText(counts.both)}; their labels differ on {counts.differ.toLocaleString('en')}.
      </li>
    </ul>
  );
}

export function MergeJudgeDialog({ studyId, judge, onClose }: { studyId: string; judge: StudyJudge; onClose: () => void }) {
  const { db, preferences } = useServices();
  const [target, setTarget] = useState(likelyTarget(judge.judge, judge.targets) ?? '');
  const [rule, setRule] = useState<OverlapRule>('target-keeps');
  const [problem, setProblem] = useState<string>();
  // Live, so counts a finishing run changes are the ones confirmed; a merge that cannot be says why.
  const preview = useLiveQuery(
    () =>
      judgeMergePreview(db, studyId, judge.judge, target).then(
        (counts) => ({ counts }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      ),
    [db, studyId, judge.judge, target],
  );

  const merge = (event: FormEvent) => {
    event.preventDefault();
    mergeJudge(db, { studyId, merged: judge.judge, target, rule, by: preferences.getState().annotator.name }).then(onClose, (error: unknown) =>
      setProblem(`Not merged: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  return (
    <FormDialog
      titleId="merge-judge-title"
      title={`Merge ${judge.judge} into another judge`}
      className="merge-judge-dialog"
      submitText="Merge"
      problem={problem ?? (preview !== undefined && 'error' in preview ? preview.error : undefined)}
      onSubmit={merge}
      onCancel={onClose}
    >
      <label className="field">
        <span>Merge into</span>
        <select value={target} onChange={(event) => setTarget(event.target.value)} autoFocus>
          {judge.targets.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {preview !== undefined && 'counts' in preview && <Counts merged={judge.judge} target={target} counts={preview.counts} />}
      <fieldset>
        <legend>Where both labelled a unit</legend>
        <label>
          <input type="radio" name="merge-overlap" checked={rule === 'target-keeps'} onChange={() => setRule('target-keeps')} /> Keep {target}'s own label
        </label>
        <label>
          <input type="radio" name="merge-overlap" checked={rule === 'merged-wins'} onChange={() => setRule('merged-wins')} /> Take {judge.judge}'s label
        </label>
      </fieldset>
      <p className="muted small">
        {judge.judge} then leaves the study: its labels are {target}'s, the report shows one judge, its runs are listed under {target} with the name they ran
        as, and the audit log keeps who merged, the counts and this choice. There is no undo.
      </p>
    </FormDialog>
  );
}
