// @vitest-environment happy-dom
// The Prompt versions view over a mocked report worker: with no run applied it asks the worker
// nothing and says so; once a run's labels are applied it shows, per model, each prompt version's
// agreement with people on M and R with its interval, from the report the worker computed.

import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgreementReport } from '../../../../shared/report/model/report-model';
import type { JudgeRunRow } from '../../../../shared/judge-run/stored-records';
import type { StudyReport } from '../../../../renderer/workers/report-protocol';
import { PromptVersionsAgreement } from '../../../../renderer/features/judges/PromptVersionsAgreement';
import { closeDatabases, renderWithServices, studyId, teamSetup, workers } from '../report/report-fixtures';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

const TABLES: AgreementReport['tables'] = {
  match: [{ bucket: 'all', a: 'judge:tiny@terse', b: 'human', agreement: 0.75, n: 8, ci95: [0.5, 0.9], macro: 0.75, units: 8 }],
  answer: [
    { bucket: 'all', a: 'judge:tiny@terse', b: 'human', agreement: 0.6, n: 20, ci95: [0.4, 0.8], macro: 0.6, units: 20 },
    { bucket: 'all', a: 'judge:gpt-4o', b: 'human', agreement: 0.9, n: 20, ci95: [0.8, 1], macro: 0.9, units: 20 },
  ],
};

async function renderView(applied: boolean) {
  const setup = await teamSetup('lead');
  if (applied) await setup.db.judgeRuns.put({ id: 'r-1', studyId, record: {}, createdAt: '2026-01-01T00:00:00Z' } as unknown as JudgeRunRow);
  const study = await setup.db.studies.get(studyId);
  if (study === undefined) throw new Error('no demo study');
  renderWithServices(<PromptVersionsAgreement study={study} />, setup.services);
}

describe('the Prompt versions view', () => {
  it('asks the report worker nothing before a run is applied', async () => {
    await renderView(false);
    expect(await screen.findByText('No prompt version has labelled turns people labelled yet.')).toBeTruthy();
    expect(workers.report.computeReport).not.toHaveBeenCalled();
  });

  it("shows each prompt version's agreement with people and its interval, per model", async () => {
    workers.report.computeReport.mockResolvedValue({ report: { tables: TABLES } } as unknown as StudyReport);
    await renderView(true);
    const row = await screen.findByRole('row', { name: /terse/ });
    expect(row.textContent).toBe('terse75.0% [50.0%, 90.0%] n=860.0% [40.0%, 80.0%] n=20');
    expect(screen.getByText('tiny').tagName).toBe('CAPTION');
    expect(screen.queryByText(/gpt-4o/)).toBeNull();
    await waitFor(() =>
      expect(workers.report.computeReport).toHaveBeenCalledWith(
        expect.any(String),
        studyId,
        expect.objectContaining({ bootstrap: 1000, seed: 1 }),
        expect.any(Function),
      ),
    );
  });
});
