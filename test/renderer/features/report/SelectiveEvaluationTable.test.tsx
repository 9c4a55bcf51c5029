// @vitest-environment happy-dom
// Selective evaluation on the report page (issue 32 point 5): the task's table as the exports lay
// it out, and per judge and source with units below its threshold a button that asks the team
// worker for packs of just those units (each annotator's assigned, unlabelled ones) and saves
// them; it says so when no one has any left to label, and why when the study is not assigned.

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectiveEvaluationTable } from '../../../../renderer/features/report/SelectiveEvaluationTable';
import type { AgreementReport, SelectiveEvaluationRow } from '../../../../shared/report/model/report-model';
import { closeDatabases, renderWithServices, sampleReport, studyId, teamSetup, workers } from './report-fixtures';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

const row = (judge: string, source: SelectiveEvaluationRow['source'], escalatedUnits: string[], passes: boolean): SelectiveEvaluationRow => ({
  task: 'answer',
  judge,
  source,
  alpha: 0.1,
  delta: 0.1,
  threshold: passes ? 0.8 : null,
  passes,
  calibrationUnits: 40,
  keptCalibrationUnits: passes ? 30 : 0,
  keptCalibrationShare: passes ? 0.75 : 0,
  units: 50,
  keptShare: passes ? 0.7 : 0,
  agreementOnKept: passes ? 29 / 30 : null,
  escalatedUnits,
  ...(passes ? {} : { reason: 'no confidence level of this judge reaches 90% agreement with 90% certainty on these 40 labelled units' }),
});

const ROWS = [
  row('arbiter-large', 'samples', ['t1', 't2', 't3'], true),
  row('arbiter-large', 'log-probabilities', [], true),
  row('arbiter-mini', 'samples', ['t1'], false),
];

function reportWith(rows: SelectiveEvaluationRow[]): AgreementReport {
  const { report } = sampleReport({ bootstrap: 0 });
  if (report.judges === undefined) throw new Error('the sample report has no Judges section');
  return { ...report, judges: { ...report.judges, selectiveEvaluation: rows } };
}

const PACKS = [
  { name: 'ann-01.escalated.pack.json', text: JSON.stringify({ tasks: { answer: ['t1', 't2'], match: [], difficulty: [] } }), mimeType: 'application/json' },
  { name: 'ann-02.escalated.pack.json', text: JSON.stringify({ tasks: { answer: ['t2'], match: [], difficulty: [] } }), mimeType: 'application/json' },
];

async function renderTable() {
  const setup = await teamSetup('lead');
  renderWithServices(<SelectiveEvaluationTable report={reportWith(ROWS)} task="answer" />, setup.services);
  return setup;
}

const button = (judge: string, source: string) => {
  const found = screen.getByTestId('escalate').querySelector<HTMLButtonElement>(`button[data-escalate-judge="${judge}"][data-escalate-source="${source}"]`);
  if (found === null) throw new Error(`no button for ${judge} ${source}`);
  return found;
};

describe('selective evaluation on the report page', () => {
  it('shows the rows as the exports lay them out, with a button where units go to people', async () => {
    await renderTable();
    const rows = screen.getByTestId('judge-selective').querySelectorAll('tbody tr');
    expect([...rows].map((tr) => [tr.getAttribute('data-selective-judge'), tr.getAttribute('data-selective-source')])).toEqual([
      ['arbiter-large', 'samples'],
      ['arbiter-large', 'log-probabilities'],
      ['arbiter-mini', 'samples'],
    ]);
    expect(rows[0]?.textContent).toContain('0.800');
    expect(rows[2]?.textContent).toContain('no');
    expect(document.body.textContent).toContain('Nothing kept for arbiter-mini (vote share): no confidence level');
    expect(button('arbiter-large', 'samples').textContent).toBe('Send 3 units to people');
    expect(button('arbiter-mini', 'samples').textContent).toBe('Send 1 unit to people');
    expect(screen.getByTestId('escalate').querySelector('button[data-escalate-source="log-probabilities"]')).toBeNull();
  });

  it('writes the packs of those units in the team worker and saves them, saying how many units reach people', async () => {
    vi.mocked(workers.team.writePacks).mockResolvedValue(PACKS);
    const { db, platform } = await renderTable();
    fireEvent.click(button('arbiter-large', 'samples'));
    expect((await screen.findByTestId('escalate-status')).textContent).toBe(
      '2 packs with 2 units for people saved to /home/lead/packs; the other 1 unit is labelled already by everyone assigned it, or assigned to no one.',
    );
    expect(workers.team.writePacks).toHaveBeenCalledWith(
      db.name,
      studyId,
      { missingOnly: true, onlyUnits: { task: 'answer', units: ['t1', 't2', 't3'] } },
      expect.any(Function),
    );
    expect(platform.saveFiles).toHaveBeenCalledExactlyOnceWith({
      title: 'Choose a folder for 2 packs of the units arbiter-large does not keep',
      files: PACKS.map((file) => ({ suggestedName: file.name, text: file.text, mimeType: file.mimeType })),
    });
  });

  it('says so when everyone assigned the units has labelled them, and saves nothing', async () => {
    vi.mocked(workers.team.writePacks).mockResolvedValue([]);
    const { platform } = await renderTable();
    fireEvent.click(button('arbiter-mini', 'samples'));
    expect((await screen.findByTestId('escalate-status')).textContent).toBe(
      'Nothing to send: each of the 1 unit is labelled already by everyone assigned it, or assigned to no one.',
    );
    expect(platform.saveFiles).not.toHaveBeenCalled();
  });

  it('says why when the study is not assigned to a team', async () => {
    vi.mocked(workers.team.writePacks).mockRejectedValue(new Error('The study "demo-study" is not assigned to a team yet; assign it before writing packs.'));
    await renderTable();
    fireEvent.click(button('arbiter-large', 'samples'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The packs of the units to send to people were not saved: The study "demo-study" is not assigned to a team yet; assign it before writing packs.',
      ),
    );
  });
});
