// Where the figures on the page come from: the app and version that computed them, when, every
// input with its SHA-256, how imported judge labels were made, and the settings. The same facts
// head every exported report file.

import { memo } from 'react';
import type { AgreementReport } from '../../../shared/report/model/report-model';
import { judgeSamplesText, judgeSplitText, unparseableMatters, unparseableSetting, unsureSetting } from '../../../shared/report/table-layout';

function generatedText(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : `${date.toLocaleString()} (${at})`;
}

export const ProvenancePanel = memo(function ProvenancePanel({ report }: { report: AgreementReport }) {
  const { bootstrap, seed, average, resample, pairedTest } = report.settings;
  return (
    <section className="card provenance" data-testid="report-provenance" data-app={report.app} data-generated-at={report.generatedAt} aria-label="Provenance">
      <div className="card-title">Provenance</div>
      <dl className="provenance-list">
        <dt>App</dt>
        <dd>{report.app}</dd>
        <dt>Generated</dt>
        <dd>{generatedText(report.generatedAt)}</dd>
        <dt>Study</dt>
        <dd>
          {report.study.name} <span className="muted">({report.study.id})</span>
        </dd>
        {report.judgeSamples !== undefined && (
          <>
            <dt>Judge labels</dt>
            <dd data-testid="judge-samples">
              {report.judgeSamples.map((row) => (
                <div key={row.judge}>{judgeSamplesText(row)}</div>
              ))}
            </dd>
          </>
        )}
        <dt>Settings</dt>
        <dd>
          bootstrap {bootstrap} resamples, seed {seed}, {average} average, <span data-testid="unsure-setting">{unsureSetting(report.settings)}</span>
          {unparseableMatters(report) && (
            <>
              , <span data-testid="unparseable-setting">{unparseableSetting(report)}</span>
            </>
          )}
          {resample !== undefined && <span data-testid="resample-setting">, resampling {resample}</span>}
          {pairedTest !== undefined && (
            <span data-testid="paired-test-setting">, paired tests {pairedTest === 'bootstrap-t' ? 'bootstrap-t' : 'exact McNemar'}</span>
          )}
          {report.settings.judgeSplit !== undefined && <span data-testid="judge-split-setting">, {judgeSplitText(report.settings.judgeSplit)}</span>}
        </dd>
        <dt>Inputs</dt>
        <dd>
          <ul className="provenance-inputs">
            {report.inputs.map((input, index) => (
              <li key={index} data-input={input.file}>
                {input.file} <code className="sha">sha256 {input.sha256}</code>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
});
