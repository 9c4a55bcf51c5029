// @vitest-environment happy-dom
// The report page's planner over a mocked plan worker and a real report of the demo study: closed
// until opened, a bad figure refused in words with nothing sent, the request the form makes (the
// width in points as a share, the report's label settings), progress while the worker plans, the
// answer in words with its assumptions, and the worker's refusal as a sentence.

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlannerPanel } from '../../../../renderer/features/report/PlannerPanel';
import type { PlanProgress, PlanRequest, StudyPlan } from '../../../../renderer/workers/plan-protocol';
import { closeDatabases, renderWithServices, sampleReport, studyId, teamSetup, workers } from './report-fixtures';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

const REPORT = sampleReport().report;

function planFor(request: PlanRequest): StudyPlan {
  const trial = { size: 30, repeats: 200, share: 0.81, width: { atLevel: 0.2, median: 0.17 } };
  return {
    target: request.target,
    task: request.task,
    bucket: request.bucket,
    vary: 'puzzles',
    level: 0.8,
    current: { puzzles: 12, studyPuzzles: 12, annotatorsPerPuzzle: 3 },
    atCurrent: { size: 12, repeats: 200, share: 0.1, width: { atLevel: 0.34, median: 0.29 } },
    recommended: { puzzles: 30, studyPuzzles: 30, annotatorsPerPuzzle: 3 },
    more: { puzzles: 18, studyPuzzles: 18, annotatorsPerPuzzle: 0 },
    atRecommended: trial,
    trials: [trial],
    assumptions: ['New puzzles are like the study’s puzzles.', 'People are right as often as here.'],
    settings: { seed: 1, repeats: 200, replicates: 200, maxSize: 200 },
  };
}

async function openPlanner() {
  const setup = await teamSetup('lead');
  renderWithServices(<PlannerPanel studyId={studyId} report={REPORT} />, setup.services);
  const opener = screen.getByTestId('open-planner');
  expect(opener.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('form')).toBeNull();
  fireEvent.click(opener);
  expect(opener.getAttribute('aria-expanded')).toBe('true');
  return { ...setup, form: screen.getByRole('form', { name: 'Plan the study' }) };
}

describe('the planner panel', () => {
  it('refuses a width out of range in words and sends nothing', async () => {
    const { form } = await openPlanner();
    fireEvent.change(within(form).getByTestId('planner-value'), { target: { value: '0' } });
    fireEvent.click(within(form).getByTestId('plan-study'));
    expect(within(form).getByTestId('planner-problem').textContent).toBe("Give the interval's width in points, a number above 0 and below 100, such as 10.");
    expect(workers.plan.planStudy).not.toHaveBeenCalled();
  });

  it('plans the width in the worker with progress, then says the answer and its assumptions', async () => {
    let answer: (plan: StudyPlan) => void = () => undefined;
    let report: (progress: PlanProgress) => void = () => undefined;
    workers.plan.planStudy.mockImplementation((_db, _study, request, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => {
        answer = () => resolve(planFor(request));
      });
    });
    const { form, db } = await openPlanner();
    const judge = (within(form).getByTestId('planner-judge') as HTMLSelectElement).value;
    fireEvent.change(within(form).getByTestId('planner-value'), { target: { value: '20' } });
    fireEvent.click(within(form).getByTestId('plan-study'));

    expect(workers.plan.planStudy).toHaveBeenCalledWith(
      db.name,
      studyId,
      {
        task: 'match',
        bucket: 'all',
        target: { kind: 'width', width: 0.2, judge },
        vary: 'puzzles',
        leaveOutUnsure: false,
        unparseable: 'left-out',
      },
      expect.any(Function),
    );
    expect(form.getAttribute('data-state')).toBe('planning');
    expect((within(form).getByTestId('plan-study') as HTMLButtonElement).disabled).toBe(true);
    act(() => report({ label: 'Simulating studies', done: 400, total: 3200 }));
    const bar = within(form).getByRole('progressbar', { name: 'Plan progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('400');
    expect(within(form).getByText('Simulating studies…')).toBeTruthy();

    act(() => answer(planFor({} as PlanRequest)));
    await waitFor(() => expect(form.getAttribute('data-state')).toBe('ready'));
    const shown = within(form).getByTestId('planner-answer');
    expect(shown.getAttribute('data-recommended-puzzles')).toBe('30');
    expect(within(shown).getByTestId('planner-now').textContent).toBe(
      'Now: 12 puzzles with 3 people per puzzle: 10.0% of 200 simulated studies reach the width; in 80.0% of them the interval is at most 34.0 points wide (median 29.0 points).',
    );
    expect(within(shown).getByTestId('planner-recommendation').textContent).toBe('Recommended: 30 puzzles with 3 people per puzzle (18 more puzzles).');
    expect(within(shown).getByTestId('planner-prediction').textContent).toBe(
      'At that size, 81.0% of 200 simulated studies reach the width; in 80.0% of them the interval is at most 20.0 points wide (median 17.0 points).',
    );
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(planFor({} as PlanRequest).assumptions);
  });

  it("says the worker's refusal as a sentence", async () => {
    workers.plan.planStudy.mockRejectedValue(new Error('the judge "x" has no unit with a human majority in the all bucket: nothing to plan from'));
    const { form } = await openPlanner();
    fireEvent.click(within(form).getByTestId('plan-study'));
    await waitFor(() =>
      expect(within(form).getByTestId('planner-error').textContent).toBe(
        'The plan could not be made. The judge "x" has no unit with a human majority in the all bucket: nothing to plan from.',
      ),
    );
  });

  it('asks for two different judges for a difference', async () => {
    const { form } = await openPlanner();
    fireEvent.change(within(form).getByTestId('planner-target'), { target: { value: 'difference' } });
    const first = within(form).getByTestId('planner-judge') as HTMLSelectElement;
    fireEvent.change(within(form).getByTestId('planner-other-judge'), { target: { value: first.value } });
    fireEvent.click(within(form).getByTestId('plan-study'));
    expect(within(form).getByTestId('planner-problem').textContent).toBe('Pick two different judges to compare.');
    expect(workers.plan.planStudy).not.toHaveBeenCalled();
  });
});
