// The report's four export files: named after the study, each with the report's provenance
// (app, every input's SHA-256, the settings), JSON as the report itself, and the average the
// page shows recorded in the settings of every format.

import { describe, expect, it } from 'vitest';
import { REPORT_FORMAT } from '../../../../shared/report/model/report-model';
import { REPORT_FILE_FORMATS, reportAsShown, reportFile } from '../../../../renderer/features/report/report-files';
import { INPUTS, sampleReport } from './report-fixtures';

const { report } = sampleReport();

describe('report files', () => {
  it('names the four files after the study and gives each its type', () => {
    expect(REPORT_FILE_FORMATS.map((format) => [reportFile(report, format).name, reportFile(report, format).mimeType])).toEqual([
      ['demo-study.report.json', 'application/json'],
      ['demo-study.report.md', 'text/markdown'],
      ['demo-study.report.csv', 'text/csv'],
      ['demo-study.report.tex', 'application/x-tex'],
    ]);
  });

  it('writes the JSON as the report itself, provenance included', () => {
    const { text } = reportFile(report, 'json');
    expect(text).toBe(JSON.stringify(report, null, 2));
    const parsed = JSON.parse(text) as typeof report;
    expect(parsed.format).toBe(REPORT_FORMAT);
    expect(parsed.app).toBe('agreement-studio test');
    expect(parsed.inputs).toEqual(INPUTS);
    expect(parsed.settings).toEqual({
      bootstrap: 20,
      seed: 1,
      average: 'micro',
      unsureLabels: 'counted',
      unparseable: 'left-out',
      resample: 'puzzles',
      pairedTest: 'bootstrap-t',
    });
  });

  it.each(['md', 'csv', 'latex'] as const)('puts the app, every input with its SHA-256 and the settings into the %s file', (format) => {
    const { text } = reportFile(report, format);
    expect(text).toContain('agreement-studio test');
    for (const input of INPUTS) expect(text).toContain(`input: ${input.file} sha256 ${input.sha256}`);
    expect(text).toContain('settings: bootstrap 20, seed 1, average micro');
  });

  it('records the average the page shows, and leaves every figure alone', () => {
    const macro = reportAsShown(report, 'macro');
    expect(macro.settings).toEqual({
      bootstrap: 20,
      seed: 1,
      average: 'macro',
      unsureLabels: 'counted',
      unparseable: 'left-out',
      resample: 'puzzles',
      pairedTest: 'bootstrap-t',
    });
    expect(macro.tables).toBe(report.tables);
    expect(reportAsShown(report, 'micro')).toBe(report);
    expect(reportFile(macro, 'md').text).toContain('settings: bootstrap 20, seed 1, average macro');
    expect(reportFile(macro, 'md').text).toContain('Macro agreement');
    expect(JSON.parse(reportFile(macro, 'json').text).settings.average).toBe('macro');
  });
});
