// The model families the own-family bias check reads (issue 31 point 3): every judge's model and
// every player with the family its name shows, and the lead's own where the name shows none or
// the wrong one (a fine-tune, an in-house model). Saved on the study; the report recomputes.

import { memo, useId, useMemo, useState, type FormEvent } from 'react';
import { MAX_FAMILY_NAME_CHARS, modelFamily, modelOfRater } from '../../../shared/domain/model-family';
import type { Study } from '../../../shared/domain/model';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { describeStorageError } from '../../db/storage';
import { setModelFamilies } from '../../db/study-settings';
import { useServices } from '../../services/services';
import { ReportTable } from './ReportTable';

/** Every judge's model and every player of the report, judges first, each once. */
function modelsOf(report: AgreementReport): string[] {
  const judges = (report.judges?.againstPeople ?? []).map((row) => modelOfRater(row.judge));
  const players = report.players.outcomes.map((outcome) => outcome.player);
  return [...new Set([...judges, ...players])];
}

export const ModelFamiliesEditor = memo(function ModelFamiliesEditor({ study, report }: { study: Study; report: AgreementReport }) {
  const { db } = useServices();
  const id = useId();
  const models = useMemo(() => modelsOf(report), [report]);
  const [edited, setEdited] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string>();
  if (report.judges === undefined || models.length === 0) return null;
  const valueOf = (model: string) => edited[model] ?? study.modelFamilies?.[model] ?? '';
  const save = (event: FormEvent) => {
    event.preventDefault();
    const families = Object.fromEntries(models.map((model) => [model, valueOf(model)]));
    setModelFamilies(db, study.id, families).then(
      (changed) => {
        setEdited({});
        setStatus(changed ? 'Saved: the report is computed again with these families.' : 'Nothing changed.');
      },
      (error: unknown) => setStatus(`The families were not saved: ${error instanceof RangeError ? error.message : describeStorageError(error)}.`),
    );
  };
  return (
    <form className="report-section model-families" data-testid="model-families" aria-labelledby={id} onSubmit={save}>
      <h3 id={id}>Model families</h3>
      <p className="hint small">
        The own-family check compares a judge&apos;s verdicts on players of its own family with the others. A family is read from the model&apos;s name; give
        one where the name shows none or the wrong one. Blank keeps the name&apos;s.
      </p>
      <ReportTable name={{ labelledBy: id }} variant="compact" columns={['Model', 'From its name', 'Family']}>
        {models.map((model) => (
          <tr key={model} data-family-model={model}>
            <th scope="row">{model}</th>
            <td>{modelFamily(model) ?? '–'}</td>
            <td>
              <input
                aria-label={`Family of ${model}`}
                value={valueOf(model)}
                maxLength={MAX_FAMILY_NAME_CHARS}
                placeholder={modelFamily(model) ?? ''}
                onChange={(event) => setEdited({ ...edited, [model]: event.target.value })}
              />
            </td>
          </tr>
        ))}
      </ReportTable>
      <button type="submit" data-testid="save-model-families">
        Save the families
      </button>
      <p className="small muted" role="status" data-testid="model-families-status">
        {status}
      </p>
    </form>
  );
});
