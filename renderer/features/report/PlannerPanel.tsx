// "Plan the study" on the report page: the lead picks a task, a bucket, the judge (or two, for a
// difference) and a target, presses Plan, and reads how many more puzzles or people the study
// needs, in words with the plan's assumptions. The plan is made in the plan worker with progress,
// so the window never waits on the simulation; the panel holds only the form and the last answer.

import { memo, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import { BUCKET_NAME } from '../../../shared/report/table-layout';
import { useServices } from '../../services/services';
import type { PlanProgress, StudyPlan } from '../../workers/plan-protocol';
import { ChoiceChips } from './ChoiceChips';
import { indexJudges } from './judges-view';
import { DEFAULT_VALUE_TEXT, planRequestOf, type PlanForm, type TargetKind } from './plan-form';
import { asSentence, currentText, headingText, predictionText, recommendationText } from './plan-text';
import { ReportProgressBar } from './ReportProgressBar';
import { TaskSwitch } from './TaskSwitch';

type PlanState =
  | { status: 'idle' }
  | { status: 'planning'; progress: PlanProgress | undefined }
  | { status: 'ready'; plan: StudyPlan }
  | { status: 'failed'; message: string };

const TARGETS: Record<TargetKind, { text: string; unit: string }> = {
  width: { text: "Width of a judge's agreement interval", unit: 'Width (points)' },
  power: { text: 'Power of the Alt-Test', unit: 'Power (%)' },
  difference: { text: 'Difference between two judges', unit: 'Difference (points, empty: the smallest found)' },
};

const TARGET_KINDS = Object.keys(TARGETS) as TargetKind[];

function isTargetKind(value: string): value is TargetKind {
  return (TARGET_KINDS as string[]).includes(value);
}

export const PlannerPanel = memo(function PlannerPanel({ studyId, report }: { studyId: string; report: AgreementReport }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="report-section" data-testid="planner" aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} tabIndex={-1}>
          Plan the study
        </h2>
        <button type="button" className="chip" data-testid="open-planner" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen(!open)}>
          {open ? 'Close the planner' : 'Open the planner'}
        </button>
      </div>
      <p className="hint small">
        How many more puzzles, or people per puzzle, the study needs for a target, by simulating studies drawn from this study&apos;s own labels. The plan
        states what it assumes.
      </p>
      {open && <PlannerForm formId={`${id}-form`} studyId={studyId} report={report} />}
    </section>
  );
});

function PlannerForm({ formId, studyId, report }: { formId: string; studyId: string; report: AgreementReport }) {
  const { db, workers } = useServices();
  const index = useMemo(() => (report.judges === undefined ? undefined : indexJudges(report.judges)), [report.judges]);
  const [form, setForm] = useState<PlanForm>({
    task: 'match',
    bucket: 'all',
    kind: 'width',
    vary: 'puzzles',
    judge: '',
    otherJudge: '',
    valueText: DEFAULT_VALUE_TEXT.width,
  });
  const [state, setState] = useState<PlanState>({ status: 'idle' });
  const [problem, setProblem] = useState<string>();
  // An answer or progress for a panel that is gone is dropped.
  const current = useRef(true);
  useEffect(() => {
    current.current = true;
    return () => {
      current.current = false;
    };
  }, []);

  const buckets = index?.buckets[form.task] ?? [];
  // A bucket or judge the other task had may be missing here: fall back to All, or the first there is.
  const bucket: ReportBucket = buckets.includes(form.bucket) ? form.bucket : buckets.includes('all') ? 'all' : (buckets[0] ?? 'all');
  const judges = useMemo(() => index?.cards(form.task, bucket).map((card) => card.judge) ?? [], [index, form.task, bucket]);
  const judge = judges.includes(form.judge) ? form.judge : (judges[0] ?? '');
  // The same judge twice is left as chosen, for the form to say so, rather than changed behind the lead's back.
  const otherJudge = judges.includes(form.otherJudge) ? form.otherJudge : (judges.find((one) => one !== judge) ?? '');
  const shown: PlanForm = { ...form, bucket, judge, otherJudge };
  const change = (part: Partial<PlanForm>) => {
    setProblem(undefined);
    setForm({ ...shown, ...part });
  };
  const planning = state.status === 'planning';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (planning) return;
    const checked = planRequestOf(shown, judges, report);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    setState({ status: 'planning', progress: undefined });
    workers.plan
      .planStudy(db.name, studyId, checked.request, (progress) => {
        if (current.current) setState({ status: 'planning', progress });
      })
      .then(
        (plan) => {
          if (current.current) setState({ status: 'ready', plan });
        },
        (error: unknown) => {
          if (current.current) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
  };

  return (
    <form id={formId} className="card planner-form" aria-label="Plan the study" onSubmit={submit} noValidate data-state={state.status}>
      <div className="report-controls">
        <TaskSwitch task={form.task} onTask={(task: ReportTask) => change({ task })} name="planner" />
        <ChoiceChips
          label="Bucket"
          options={buckets}
          chosen={bucket}
          onChoose={(option) => change({ bucket: option })}
          attribute="planner-bucket"
          text={(option) => BUCKET_NAME[option]}
        />
      </div>
      <div className="planner-fields">
        <label className="inline-field">
          <span>Target</span>
          <select
            data-testid="planner-target"
            value={form.kind}
            onChange={(event) => {
              if (isTargetKind(event.target.value)) change({ kind: event.target.value, valueText: DEFAULT_VALUE_TEXT[event.target.value] });
            }}
          >
            {TARGET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TARGETS[kind].text}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>{form.kind === 'difference' ? 'First judge' : 'Judge'}</span>
          <select data-testid="planner-judge" value={judge} onChange={(event) => change({ judge: event.target.value })} disabled={judges.length === 0}>
            {judges.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {form.kind === 'difference' ? (
          <label className="inline-field">
            <span>Second judge</span>
            <select
              data-testid="planner-other-judge"
              value={otherJudge}
              onChange={(event) => change({ otherJudge: event.target.value })}
              disabled={judges.length < 2}
            >
              {judges.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="inline-field">
            <span>Vary</span>
            <select
              data-testid="planner-vary"
              value={form.vary}
              onChange={(event) => change({ vary: event.target.value === 'annotators' ? 'annotators' : 'puzzles' })}
            >
              <option value="puzzles">Puzzles</option>
              <option value="annotators">People per puzzle</option>
            </select>
          </label>
        )}
        <label className="inline-field">
          <span>{TARGETS[form.kind].unit}</span>
          <input
            data-testid="planner-value"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={form.valueText}
            onChange={(event) => change({ valueText: event.target.value })}
            aria-describedby={`${formId}-problem`}
          />
        </label>
        <button type="submit" className="primary" data-testid="plan-study" disabled={planning}>
          Plan
        </button>
      </div>
      <div id={`${formId}-problem`} className="report-settings-problems" role="alert" data-testid="planner-problem">
        {problem}
      </div>
      {state.status === 'planning' && (
        <ReportProgressBar progress={state.progress} name="Plan progress" fallback="Planning the study" testId="planner-progress" />
      )}
      {state.status === 'failed' && (
        <div className="notice notice-error" role="alert" data-testid="planner-error">
          The plan could not be made. {asSentence(state.message)}
        </div>
      )}
      {state.status === 'ready' && <PlanAnswer plan={state.plan} />}
    </form>
  );
}

function PlanAnswer({ plan }: { plan: StudyPlan }) {
  const prediction = predictionText(plan);
  return (
    <div
      className="planner-answer"
      data-testid="planner-answer"
      role="status"
      data-recommended-puzzles={plan.recommended?.puzzles ?? ''}
      data-recommended-annotators={plan.recommended?.annotatorsPerPuzzle ?? ''}
      data-detectable-difference={plan.detectableDifference ?? ''}
    >
      <p className="strong">{headingText(plan)}</p>
      <p data-testid="planner-now">{currentText(plan)}</p>
      <p data-testid="planner-recommendation">{recommendationText(plan)}</p>
      {prediction !== undefined && <p data-testid="planner-prediction">{prediction}</p>}
      <h3>Assumptions</h3>
      <ul className="small" data-testid="planner-assumptions">
        {plan.assumptions.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </div>
  );
}
