// The report's Judges section: per judge, against the human majority on one task and bucket at a
// time (switches like the heatmap's), then the judges side by side with their paired differences
// and the families the p-values were Holm-adjusted within. Every figure comes computed in the report.

import { memo, startTransition, useId, useMemo, useState } from 'react';
import type { AgreementReport, ReportBucket, ReportTask } from '../../../shared/report/model/report-model';
import { BUCKET_NAME } from '../../../shared/report/table-layout';
import { BiasChecksTable } from './BiasChecksTable';
import { ChoiceChips } from './ChoiceChips';
import { ConfidenceTables } from './ConfidenceTables';
import { HumanLikenessTables } from './HumanLikenessTables';
import { PredictionPoweredTables } from './PredictionPoweredTables';
import { JudgeCard } from './JudgeCard';
import { JudgeComparisonsTable } from './JudgeComparisonsTable';
import { indexJudges } from './judges-view';
import { TASK_NAMES } from './report-text';
import { SelectiveEvaluationTable } from './SelectiveEvaluationTable';
import { TaskSwitch } from './TaskSwitch';

export const JudgesSection = memo(function JudgesSection({ report }: { report: AgreementReport }) {
  const id = useId();
  const { judges } = report;
  const index = useMemo(() => (judges === undefined ? undefined : indexJudges(judges)), [judges]);
  // Nine judges' cards are hundreds of rows: a switch renders them as a transition, which never blocks the window.
  const [task, setTask] = useState<ReportTask>('answer');
  const [chosenBucket, setBucket] = useState<ReportBucket>('all');
  const buckets = index?.buckets[task] ?? [];
  // A bucket the other task had may be missing here: fall back to All, or the first there is.
  const bucket = buckets.includes(chosenBucket) ? chosenBucket : buckets.includes('all') ? 'all' : (buckets[0] ?? 'all');
  const cards = useMemo(() => index?.cards(task, bucket) ?? [], [index, task, bucket]);
  const comparisons = useMemo(() => index?.comparisons(task, bucket) ?? [], [index, task, bucket]);

  return (
    <section className="report-section" data-testid="judges" data-task={task} data-bucket={bucket} aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} tabIndex={-1}>
          Judges
        </h2>
        {judges !== undefined && (
          <div className="report-controls">
            <TaskSwitch task={task} onTask={(option) => startTransition(() => setTask(option))} name="judges" />
            <ChoiceChips
              label="Bucket"
              options={buckets}
              chosen={bucket}
              onChoose={(option) => startTransition(() => setBucket(option))}
              attribute="judges-bucket"
              text={(option) => BUCKET_NAME[option]}
            />
          </div>
        )}
      </div>
      {judges === undefined ? (
        <p className="empty">No judge labelled a unit that people labelled.</p>
      ) : (
        <>
          <p className="hint small">
            Each judge against the human majority: where it agrees, how well it finds each label, and which way it errs (lenient:{' '}
            {task === 'match' ? 'matched' : 'yes'} where people said {task === 'match' ? 'unmatched' : 'no'}; severe: the reverse). The Alt-Test asks whether
            the judge could stand in for an annotator, with ε = <span data-testid="alt-test-epsilon">{judges.altTestEpsilon}</span> for the annotators&apos;
            expertise set above.
          </p>
          {cards.length === 0 ? (
            <p className="empty">No judge has figures for {TASK_NAMES[task]} in this bucket.</p>
          ) : (
            <div className="judge-cards">
              {cards.map((card) => (
                <JudgeCard key={card.judge} report={report} card={card} />
              ))}
            </div>
          )}
          <h3>Judges side by side</h3>
          <JudgeComparisonsTable rows={comparisons} bucketName={BUCKET_NAME[bucket]} settings={report.settings} />
          {judges.holmFamilies.length > 0 && (
            <p className="muted small" data-testid="holm-families">
              p-values Holm-adjusted within {judges.holmFamilies.join('; ')}.
            </p>
          )}
          <BiasChecksTable report={report} task={task} bucket={bucket} />
          <HumanLikenessTables report={report} task={task} />
          <ConfidenceTables report={report} task={task} />
          <SelectiveEvaluationTable report={report} task={task} />
          <PredictionPoweredTables report={report} task={task} bucket={bucket} />
        </>
      )}
    </section>
  );
});
