// @vitest-environment happy-dom
// The assignment table: one row per puzzle, one column per annotator, two toggles per cell that
// give or take the puzzle's turns or difficulty through setPuzzleAssignment (real, on
// fake-indexeddb), the loads row following, "edited by hand" once changed, refusals shown.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeamView } from '../../../../renderer/features/team/TeamView';
import { assignTeam } from '../../../../renderer/db/team-setup';
import { demo, renderWithServices, studyId, teamSetup, useTeamPageHooks } from './team-fixtures';

useTeamPageHooks();

const TEAM = [
  { id: 'ann-01', name: 'Ada' },
  { id: 'ann-02', name: 'Bea' },
  { id: 'ann-03', name: 'Cy' },
];

async function renderAssigned() {
  const setup = await teamSetup('lead');
  await assignTeam(setup.db, studyId, { annotators: TEAM, overlap: 2, seed: 3 });
  const view = renderWithServices(<TeamView studyId={studyId} />, setup.services);
  const table = await screen.findByTestId('assignment-table');
  await waitFor(() => expect(table.querySelectorAll('[data-puzzle-row]').length).toBe(demo.puzzles.length));
  return { ...setup, ...view, table };
}

function cell(table: HTMLElement, puzzleId: string, annotatorId: string, part: 'turns' | 'difficulty'): HTMLButtonElement {
  const button = table.querySelector<HTMLButtonElement>(`button[data-cell="${puzzleId}|${annotatorId}|${part}"]`);
  if (!button) throw new Error(`no cell ${puzzleId}|${annotatorId}|${part}`);
  return button;
}

function loadUnits(table: HTMLElement, annotatorId: string): number {
  return Number(table.querySelector(`[data-load-annotator="${annotatorId}"]`)?.getAttribute('data-units'));
}

/** The answer and match turn ids of a puzzle. */
function turnUnitsOf(puzzleId: string): string[] {
  const sessions = new Set(demo.sessions.filter((session) => session.puzzleId === puzzleId).map((session) => session.id));
  return demo.turns.filter((turn) => sessions.has(turn.sessionId)).map((turn) => turn.id);
}

describe('AssignmentTable', () => {
  it('shows every puzzle, in stored (id) order, with its annotators pressed', async () => {
    const { table, db } = await renderAssigned();
    expect([...table.querySelectorAll('[data-puzzle-row]')].map((row) => row.getAttribute('data-puzzle-row'))).toEqual(
      demo.puzzles.map((puzzle) => puzzle.id).sort(),
    );
    expect([...table.querySelectorAll('[data-annotator-column]')].map((th) => th.textContent)).toEqual(['ann-01', 'ann-02', 'ann-03']);
    const stored = await db.assignments.toArray();
    for (const puzzle of demo.puzzles) {
      for (const { id } of TEAM) {
        const difficulty = stored.find((row) => row.annotatorId === id && row.task === 'difficulty')?.units.includes(puzzle.id) ?? false;
        expect(cell(table, puzzle.id, id, 'difficulty').getAttribute('aria-pressed')).toBe(String(difficulty));
      }
    }
    const first = cell(table, demo.puzzles[0]!.id, 'ann-01', 'turns');
    expect(first.getAttribute('aria-label')).toBe(`Turns of ${demo.puzzles[0]!.title ?? demo.puzzles[0]!.id} for Ada`);
    expect(first.tagName).toBe('BUTTON');
    expect(screen.queryByTestId('edited-by-hand')).toBeNull();
  });

  it('takes a puzzle from an annotator and gives it to another, marking the setup as edited by hand', async () => {
    const { table, db } = await renderAssigned();
    const puzzleId = demo.puzzles[0]!.id;
    const holder = TEAM.find(({ id }) => cell(table, puzzleId, id, 'turns').getAttribute('aria-pressed') === 'true')!.id;
    const other = TEAM.find(({ id }) => cell(table, puzzleId, id, 'turns').getAttribute('aria-pressed') === 'false')!.id;
    const units = turnUnitsOf(puzzleId);
    const holderLoad = loadUnits(table, holder);

    fireEvent.click(cell(table, puzzleId, holder, 'turns'));
    await waitFor(() => expect(cell(table, puzzleId, holder, 'turns').getAttribute('aria-pressed')).toBe('false'));
    const answer = await db.assignments.get([studyId, holder, 'answer']);
    const match = await db.assignments.get([studyId, holder, 'match']);
    expect([...(answer?.units ?? []), ...(match?.units ?? [])].filter((unit) => units.includes(unit))).toEqual([]);
    await waitFor(() => expect(loadUnits(table, holder)).toBe(holderLoad - units.length));
    expect((await screen.findByTestId('edited-by-hand')).textContent).toMatch(/command line with seed 3 no longer gives these packs/);
    expect((await db.studies.get(studyId))?.setup?.editedByHand).toBe(true);

    fireEvent.click(cell(table, puzzleId, other, 'turns'));
    await waitFor(() => expect(cell(table, puzzleId, other, 'turns').getAttribute('aria-pressed')).toBe('true'));
    const given = await db.assignments.get([studyId, other, 'answer']);
    expect(given?.units).toEqual(expect.arrayContaining(units.filter((unit) => demo.turns.find((turn) => turn.id === unit)?.type === 'question')));
  });

  it('toggles a difficulty cell on its own', async () => {
    const { table, db } = await renderAssigned();
    const puzzleId = demo.puzzles[1]!.id;
    const free = TEAM.find(({ id }) => cell(table, puzzleId, id, 'difficulty').getAttribute('aria-pressed') === 'false')!.id;
    const turnsBefore = cell(table, puzzleId, free, 'turns').getAttribute('aria-pressed');
    fireEvent.click(cell(table, puzzleId, free, 'difficulty'));
    await waitFor(() => expect(cell(table, puzzleId, free, 'difficulty').getAttribute('aria-pressed')).toBe('true'));
    expect((await db.assignments.get([studyId, free, 'difficulty']))?.units).toContain(puzzleId);
    expect(cell(table, puzzleId, free, 'turns').getAttribute('aria-pressed')).toBe(turnsBefore);
  });

  it("shows setPuzzleAssignment's refusal and changes nothing", async () => {
    const { table, db } = await renderAssigned();
    const before = await db.assignments.toArray();
    await act(async () => {
      await db.annotators.delete([studyId, 'ann-03']);
    });
    fireEvent.click(cell(table, demo.puzzles[0]!.id, 'ann-03', 'difficulty'));
    expect((await screen.findByRole('alert')).textContent).toBe(`Not changed: the annotator "ann-03" is not in the study "${demo.study.name}"`);
    expect(await db.assignments.toArray()).toEqual(before);
  });

  it('narrows the rows to the puzzles whose id or title matches the search', async () => {
    const { table } = await renderAssigned();
    const target = demo.puzzles[demo.puzzles.length - 1]!;
    fireEvent.change(screen.getByLabelText('Find a puzzle'), { target: { value: (target.title ?? target.id).toUpperCase() } });
    await waitFor(() => expect([...table.querySelectorAll('[data-puzzle-row]')].map((row) => row.getAttribute('data-puzzle-row'))).toEqual([target.id]));
    fireEvent.change(screen.getByLabelText('Find a puzzle'), { target: { value: 'no such puzzle' } });
    await waitFor(() => expect(table.querySelectorAll('[data-puzzle-row]')).toHaveLength(0));
    expect(within(table.parentElement!).getByText(/No puzzle matches/)).toBeTruthy();
  });
});
