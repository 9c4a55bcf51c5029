// The Prompt versions view (issue 17 point 4): per model, each prompt version's agreement with
// people on M and R with its 95% interval, so the lead sees whether an edit helped. On the Judges
// page, where versions are edited and run, rather than in the report: the lead compares versions
// right after a run. The figures are the report worker's, at the report page's default settings
// (1000 bootstrap resamples, seed 1, resampling puzzles), so they match the report as it opens.

import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Study } from '../../../shared/domain/model';
import { ALT_TEST_EPSILON } from '../../../shared/stats/judge/alt-test';
import { SELECTIVE_AGREEMENT, SELECTIVE_RISK } from '../../../shared/stats/study/judge-selective';
import { listJudgeRuns } from '../../db/judge-runs';
import { useServices } from '../../services/services';
import { percentText } from '../report';
import { promptVersionFigures, type ModelFigures, type TaskFigure } from './prompt-version-figures';

function FigureCell({ figure }: { figure: TaskFigure | undefined }) {
  if (figure === undefined) return <td>—</td>;
  const interval = figure.ci95 === null ? '' : ` [${percentText(figure.ci95[0])}, ${percentText(figure.ci95[1])}]`;
  return (
    <td>
      {percentText(figure.agreement)}
      {interval} <span className="muted small">n={figure.n}</span>
    </td>
  );
}

export function PromptVersionsAgreement({ study }: { study: Study }) {
  const { db, workers } = useServices();
  // The figures change when a run's labels are applied: its record appears.
  const applied = useLiveQuery(
    async () =>
      (await listJudgeRuns(db, study.id))
        .filter((run) => run.record !== undefined)
        .map((run) => run.id)
        .join(','),
    [db, study.id],
  );
  const [models, setModels] = useState<ModelFigures[]>();
  const [problem, setProblem] = useState<string>();

  // As text, so a new study record with the same families asks nothing again.
  const familiesText = JSON.stringify(study.modelFamilies ?? {});
  useEffect(() => {
    // No run applied yet: no prompt version has labels, and the report need not be computed.
    if (applied === undefined || applied === '') return;
    let current = true;
    workers.report
      .computeReport(
        db.name,
        study.id,
        {
          bootstrap: 1000,
          seed: 1,
          average: 'micro',
          includeGold: false,
          leaveOutUnsure: false,
          unparseable: study.unparseableReplies ?? 'left-out',
          altTestEpsilon: ALT_TEST_EPSILON[study.annotatorExpertise ?? 'expert'],
          modelFamilies: JSON.parse(familiesText) as Record<string, string>,
          resample: 'puzzles',
          pairedTest: 'bootstrap-t',
          selectiveAgreement: SELECTIVE_AGREEMENT,
          selectiveRisk: SELECTIVE_RISK,
        },
        () => undefined,
      )
      .then(
        (studyReport) => {
          if (current) setModels(promptVersionFigures(studyReport.report));
        },
        (error: unknown) => {
          if (current) setProblem(`The figures could not be computed: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    return () => {
      current = false;
    };
  }, [applied, db.name, study.id, study.unparseableReplies, study.annotatorExpertise, familiesText, workers.report]);

  const shown = applied === '' ? [] : models;
  return (
    <section aria-labelledby="judges-prompt-agreement" className="judges-prompt-agreement">
      <h2 id="judges-prompt-agreement">Prompt versions against people</h2>
      <p className="muted small">
        Each prompt version's agreement with people (M: final answers, R: questions), with its 95% bootstrap interval, as the report computes it.
      </p>
      {problem !== undefined && (
        <div className="notice notice-error" role="alert">
          {problem}
        </div>
      )}
      {shown === undefined && problem === undefined && <p className="muted">Computing…</p>}
      {shown !== undefined && shown.length === 0 && <p className="empty">No prompt version has labelled turns people labelled yet.</p>}
      {shown?.map(({ model, versions }) => (
        <table key={model} className="report-table" data-testid="prompt-version-figures" data-model={model}>
          <caption>{model}</caption>
          <thead>
            <tr>
              <th scope="col">Prompt version</th>
              <th scope="col">M (final answers)</th>
              <th scope="col">R (questions)</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((entry) => (
              <tr key={entry.judge} data-judge={entry.judge}>
                <th scope="row">{entry.version}</th>
                <FigureCell figure={entry.figures.match} />
                <FigureCell figure={entry.figures.answer} />
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
