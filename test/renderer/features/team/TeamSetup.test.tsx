// @vitest-environment happy-dom
// The team page's setup form: the annotator list, overlaps and seed checked before anything is
// stored, assignTeam's own refusals shown inline, a seeded assignment stored and shown, and a
// second assignment only after the lead confirms. The worker client is mocked; the data
// functions run for real on fake-indexeddb.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseAnnotatorList } from '../../../../renderer/features/team/annotator-list';
import { TeamView } from '../../../../renderer/features/team/TeamView';
import { REASSIGN_QUESTION } from '../../../../renderer/features/team/useTeamSetup';
import { demo, renderWithServices, studyId, teamSetup, useTeamPageHooks, workers } from './team-fixtures';

useTeamPageHooks();

async function renderTeam(options: Parameters<typeof teamSetup>[1] = {}) {
  const setup = await teamSetup('lead', options);
  const view = renderWithServices(<TeamView studyId={studyId} />, setup.services);
  await screen.findByTestId('annotator-list');
  return { ...setup, ...view };
}

function fill(values: { annotators?: string; overlap?: string; difficulty?: string; seed?: string }) {
  if (values.annotators !== undefined) fireEvent.change(screen.getByTestId('annotator-list'), { target: { value: values.annotators } });
  if (values.overlap !== undefined) fireEvent.change(screen.getByTestId('overlap'), { target: { value: values.overlap } });
  if (values.difficulty !== undefined) fireEvent.change(screen.getByTestId('difficulty-overlap'), { target: { value: values.difficulty } });
  if (values.seed !== undefined) fireEvent.change(screen.getByTestId('seed'), { target: { value: values.seed } });
}

async function problems(): Promise<string[]> {
  const alert = await screen.findByRole('alert');
  return within(alert)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('annotator list', () => {
  it('reads ids alone or with display names, skipping blank lines', () => {
    expect(parseAnnotatorList('ann-01, Ada Lovelace\n\n  ann-02  \nann-03,  Bea, the second ')).toEqual({
      ok: true,
      annotators: [
        { id: 'ann-01', name: 'Ada Lovelace' },
        { id: 'ann-02', name: 'ann-02' },
        { id: 'ann-03', name: 'Bea, the second' },
      ],
    });
  });

  it('names the line of every unusable or repeated id', () => {
    const result = parseAnnotatorList('ann-01\nann/02, Evil\n__proto__\nANN-01\n.hidden');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(4);
    expect(result.problems[0]).toMatch(/^Line 2: "ann\/02" is not a usable annotator id/);
    expect(result.problems[1]).toMatch(/^Line 3: "__proto__" is not a usable annotator id/);
    expect(result.problems[2]).toMatch(/^Line 4: "ANN-01" is already on line 1/);
    expect(result.problems[3]).toMatch(/^Line 5: "\.hidden"/);
  });
});

describe('TeamView setup', () => {
  it('starts from the defaults: no team, overlap 3, blank difficulty overlap, a seed', async () => {
    await renderTeam();
    expect((screen.getByTestId('annotator-list') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByTestId('overlap') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('difficulty-overlap') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('seed') as HTMLInputElement).value).toMatch(/^\d+$/);
    // Every input has a label, so a screen reader names it.
    expect(screen.getByLabelText('Annotators')).toBe(screen.getByTestId('annotator-list'));
    expect(screen.getByLabelText('Overlap')).toBe(screen.getByTestId('overlap'));
    expect(screen.getByLabelText('Difficulty overlap')).toBe(screen.getByTestId('difficulty-overlap'));
    expect(screen.getByLabelText('Seed')).toBe(screen.getByTestId('seed'));
    expect(screen.queryByTestId('assignment-table')).toBeNull();
  });

  it('shows every problem of the form inline and stores nothing', async () => {
    const { db } = await renderTeam();
    fill({ annotators: 'ann-01\nann 02', overlap: '0', difficulty: '1.5', seed: 'x' });
    fireEvent.click(screen.getByTestId('assign'));
    expect(await problems()).toEqual([
      expect.stringMatching(/^Line 2: "ann 02" is not a usable annotator id/),
      'Overlap: enter a whole number of at least 1.',
      'Difficulty overlap: enter a whole number of at least 1.',
      expect.stringMatching(/^Seed: enter a whole number from -2147483648 to 4294967295\.$/),
    ]);
    expect(await db.assignments.count()).toBe(0);
    expect((await db.studies.get(studyId))?.setup).toBeUndefined();
  });

  it('asks for at least one annotator', async () => {
    await renderTeam();
    fireEvent.click(screen.getByTestId('assign'));
    expect(await problems()).toEqual(['Name at least one annotator.']);
  });

  it("shows assignTeam's refusal when the overlap is larger than the team", async () => {
    const { db } = await renderTeam();
    fill({ annotators: 'ann-01\nann-02', overlap: '3' });
    fireEvent.click(screen.getByTestId('assign'));
    const [problem] = await problems();
    expect(problem).toMatch(/^Not assigned: the overlap is 3, but there are 2 annotators/);
    expect(await db.assignments.count()).toBe(0);
  });

  it('assigns the study with the seed, shows the table and reloads the coverage', async () => {
    const { db } = await renderTeam();
    const coverageLoads = vi.mocked(workers.team.loadCoverage).mock.calls.length;
    fill({ annotators: 'ann-01, Ada\nann-02, Bea\nann-03', overlap: '2', difficulty: '3', seed: '42' });
    fireEvent.click(screen.getByTestId('assign'));

    expect((await screen.findByTestId('setup-status')).textContent).toBe(
      `Assigned ${demo.puzzles.length} puzzles to 3 annotators: overlap 2, difficulty overlap 3, seed 42.`,
    );
    expect((await db.studies.get(studyId))?.setup).toMatchObject({ overlap: 2, difficultyOverlap: 3, seed: 42, editedByHand: false });
    expect(await db.assignments.count()).toBe(9);
    expect(await db.annotators.toArray()).toEqual([
      { studyId, id: 'ann-01', name: 'Ada' },
      { studyId, id: 'ann-02', name: 'Bea' },
      { studyId, id: 'ann-03', name: 'ann-03' },
    ]);

    const table = await screen.findByTestId('assignment-table');
    await waitFor(() => expect(table.querySelectorAll('[data-puzzle-row]').length).toBeGreaterThan(0));
    const loads = [...table.querySelectorAll('[data-load-annotator]')].map((cell) => cell.getAttribute('data-load-annotator'));
    expect(loads).toEqual(['ann-01', 'ann-02', 'ann-03']);
    // Overlap 2 for turns, 3 for difficulty: every shown row has two turn labellers and three raters.
    for (const row of table.querySelectorAll('[data-puzzle-row]')) {
      expect(row.querySelectorAll('button[data-cell$="|turns"][aria-pressed="true"]')).toHaveLength(2);
      expect(row.querySelectorAll('button[data-cell$="|difficulty"][aria-pressed="true"]')).toHaveLength(3);
    }
    await waitFor(() => expect(vi.mocked(workers.team.loadCoverage).mock.calls.length).toBeGreaterThan(coverageLoads));
    expect(vi.mocked(workers.team.loadCoverage)).toHaveBeenLastCalledWith(db.name, studyId);
  });

  it('replaces an assignment only once the lead confirms', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { db } = await renderTeam();
    fill({ annotators: 'ann-01\nann-02', overlap: '1', seed: '5' });
    fireEvent.click(screen.getByTestId('assign'));
    await screen.findByTestId('setup-status');
    expect(confirm).not.toHaveBeenCalled();
    const first = await db.assignments.toArray();

    fill({ seed: '6' });
    fireEvent.click(screen.getByTestId('assign'));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(REASSIGN_QUESTION);
    expect(await db.assignments.toArray()).toEqual(first);
    expect((await db.studies.get(studyId))?.setup?.seed).toBe(5);

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId('assign'));
    await waitFor(async () => expect((await db.studies.get(studyId))?.setup?.seed).toBe(6));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('opens with the stored team and setup in the form', async () => {
    const setup = await teamSetup('lead');
    const { assignTeam } = await import('../../../../renderer/db/team-setup');
    await assignTeam(setup.db, studyId, {
      annotators: [
        { id: 'ann-01', name: 'Ada' },
        { id: 'ann-02', name: 'ann-02' },
      ],
      overlap: 2,
      seed: 9,
    });
    renderWithServices(<TeamView studyId={studyId} />, setup.services);
    const list = (await screen.findByTestId('annotator-list')) as HTMLTextAreaElement;
    expect(list.value).toBe('ann-01, Ada\nann-02');
    expect((screen.getByTestId('overlap') as HTMLInputElement).value).toBe('2');
    expect((screen.getByTestId('seed') as HTMLInputElement).value).toBe('9');
    expect(screen.getByTestId('assign').textContent).toBe('Assign again');
  });

  it('assigns a calibration sample where the judge is least sure: says what the uncertainty is read from, then assigns only the drawn puzzles', async () => {
    const { db } = await renderTeam();
    expect((screen.getByLabelText('Every puzzle') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('budget')).toBeNull();
    fireEvent.click(screen.getByLabelText('A calibration sample where the judge is least sure'));
    const signal = await screen.findByTestId('judge-signal');
    await waitFor(() => expect(signal.getAttribute('data-source')).toBe('samples'));
    expect(signal.textContent).toBe(
      `The judge's uncertainty is read from the disagreement among the judge's repeated samples, on ${demo.puzzles.length} of ${demo.puzzles.length} puzzles.`,
    );
    expect(screen.getByLabelText('Budget (puzzles)')).toBe(screen.getByTestId('budget'));

    fill({ annotators: 'ann-01\nann-02\nann-03', overlap: '2', seed: '7' });
    fireEvent.change(screen.getByTestId('budget'), { target: { value: '16' } });
    fireEvent.click(screen.getByTestId('assign'));
    expect(await problems()).toEqual([`Budget: enter a whole number from 1 to ${demo.puzzles.length}.`]);

    fireEvent.change(screen.getByTestId('budget'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('assign'));
    const status = await screen.findByTestId('setup-status');
    const sample = (await db.studies.get(studyId))?.calibrationSample;
    expect(sample).toMatchObject({ rule: 'uncertainty', budget: 5, seed: 7, source: 'samples' });
    const chosen = sample?.chosen.length ?? 0;
    expect(status.textContent).toBe(
      `Assigned ${chosen} of ${demo.puzzles.length} puzzles, a calibration sample where the judge is least sure, to 3 annotators: overlap 2, difficulty by the same annotators, seed 7.`,
    );
    const notice = await screen.findByTestId('calibration-sample');
    expect(notice.getAttribute('data-chosen')).toBe(String(chosen));
    expect(notice.textContent).toMatch(
      new RegExp(
        `^This assignment is a calibration sample where the judge is least sure: ${chosen} of ${demo.puzzles.length} puzzles drawn \\(budget 5, seed 7\\)`,
      ),
    );
    const table = await screen.findByTestId('assignment-table');
    await waitFor(() => expect(table.querySelectorAll('[data-puzzle-row]').length).toBe(demo.puzzles.length));
    const assignedRows = [...table.querySelectorAll('[data-puzzle-row]')].filter((row) => row.querySelector('[data-turn-annotators="2"]') !== null);
    expect(assignedRows.map((row) => row.getAttribute('data-puzzle-row')).sort()).toEqual([...(sample?.chosen ?? [])].sort());
  });

  it('opens with the stored sample rule and budget in the form', async () => {
    const setup = await teamSetup('lead');
    const { assignTeam } = await import('../../../../renderer/db/team-setup');
    await assignTeam(setup.db, studyId, { annotators: [{ id: 'ann-01', name: 'Ada' }], overlap: 1, seed: 3, sample: { rule: 'random', budget: 6 } });
    renderWithServices(<TeamView studyId={studyId} />, setup.services);
    await screen.findByTestId('annotator-list');
    expect((screen.getByLabelText('A plain random sample') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('budget') as HTMLInputElement).value).toBe('6');
    expect(screen.queryByTestId('judge-signal')).toBeNull();
    expect((await screen.findByTestId('calibration-sample')).getAttribute('data-rule')).toBe('random');
  });
});
