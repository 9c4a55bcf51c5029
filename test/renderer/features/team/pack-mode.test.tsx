// @vitest-environment happy-dom
// A study opened from a pack is one annotator's copy: it is always annotator mode, whatever
// this computer's preference (blind views, a locked mode switch, no team page), it labels and
// exports under the pack's annotator, and the mode fails closed while a study record loads.
// Also: opening a pack from the library goes to its study.

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudioMode } from '../../../../renderer/services/preferences-store';
import { LabelEntryPoints } from '../../../../renderer/features/labelling/LabelEntryPoints';
import { LibraryView } from '../../../../renderer/features/library/LibraryView';
import { LIBRARY_FILE_REQUEST } from '../../../../renderer/features/library/useImportFiles';
import { ModeSwitch } from '../../../../renderer/features/mode/ModeSwitch';
import { PACK_LOCK_REASON, useModeLockReason, useStudioMode } from '../../../../renderer/features/mode/useStudioMode';
import { StudyOverview } from '../../../../renderer/features/study/StudyOverview';
import { TeamView } from '../../../../renderer/features/team/TeamView';
import { closeDatabases, demo, PACK_ORIGIN, renderWithServices, studyId, teamSetup, workers } from './team-fixtures';

workers.team.loadCoverage.mockImplementation(async () => ({ annotators: [], tasks: [], complete: false }));

const judgeNames = [...new Set(demo.sessions.map((session) => session.judge))];

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

/** Renders the mode on every render, so a test can tell whether lead mode ever showed. */
function ModeProbe({ log }: { log: Array<{ route: string; mode: StudioMode }> }) {
  const mode = useStudioMode();
  const lock = useModeLockReason();
  log.push({ route: window.location.hash, mode });
  return (
    <>
      <span data-testid="probe-mode">{mode}</span>
      <ModeSwitch lockedReason={lock} />
    </>
  );
}

describe('a study opened from a pack', () => {
  it('shows the overview blind even when this computer prefers lead mode, with no way to the team page', async () => {
    const { services } = await teamSetup('lead', { pack: true });
    const { container } = renderWithServices(<StudyOverview studyId={studyId} />, services);
    await screen.findByRole('heading', { name: 'Sessions by player' });
    await screen.findByRole('table', { name: 'Puzzles' });
    for (const name of judgeNames) expect(container.innerHTML).not.toContain(name);
    expect(container.textContent).not.toContain('judge');
    expect(screen.queryByRole('columnheader', { name: 'Difficulty' })).toBeNull();
    expect(screen.queryByTestId('team-entry')).toBeNull();
  });

  it('locks the mode switch in annotator mode with the reason', async () => {
    const { services } = await teamSetup('lead', { pack: true });
    services.store.getState().navigate({ view: 'study', studyId });
    renderWithServices(<ModeProbe log={[]} />, services);
    expect((await screen.findByTestId('mode-locked')).textContent).toBe(PACK_LOCK_REASON);
    expect(PACK_LOCK_REASON).toBe('Opened from a pack: annotator mode');
    expect(screen.getByTestId('mode').textContent).toBe('Annotator mode');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('never renders lead mode inside it, not even while its record loads', async () => {
    const { services } = await teamSetup('lead', { pack: true });
    services.store.getState().navigate({ view: 'study', studyId });
    const log: Array<{ route: string; mode: StudioMode }> = [];
    renderWithServices(<ModeProbe log={log} />, services);
    await screen.findByTestId('mode-locked');
    expect(log.length).toBeGreaterThan(1);
    expect(log.every((entry) => entry.mode === 'annotator')).toBe(true);
  });

  it('does not show the team page', async () => {
    const { services } = await teamSetup('lead', { pack: true });
    renderWithServices(<TeamView studyId={studyId} />, services);
    expect((await screen.findByTestId('team-lead-only')).textContent).toMatch(/opened from a pack/);
    expect(screen.queryByTestId('annotator-list')).toBeNull();
    expect(screen.queryByTestId('coverage')).toBeNull();
  });

  it("counts the pack annotator's assigned units, not the preferences annotator's", async () => {
    const { db, services } = await teamSetup('annotator', { pack: true });
    const questions = demo.turns.filter((turn) => turn.type === 'question').slice(0, 5);
    await db.assignments.bulkPut([
      { studyId, annotatorId: 'ann-02', task: 'answer', units: questions.map((turn) => turn.id) },
      { studyId, annotatorId: 'ann-02', task: 'match', units: [] },
      { studyId, annotatorId: 'ann-02', task: 'difficulty', units: [demo.puzzles[0]!.id] },
    ]);
    const at = '2026-11-22T09:00:00Z';
    await db.labels.bulkPut([
      { studyId, annotatorId: 'ann-02', unitId: questions[0]!.id, task: 'answer', value: 'yes', at, rev: 1, unsure: false, note: '' },
      // A label outside the assignment and one under the preferences annotator count for nothing.
      { studyId, annotatorId: 'ann-02', unitId: 'not-assigned', task: 'answer', value: 'no', at, rev: 1, unsure: false, note: '' },
      { studyId, annotatorId: 'annotator-1', unitId: questions[1]!.id, task: 'answer', value: 'no', at, rev: 1, unsure: false, note: '' },
    ]);
    const study = (await db.studies.get(studyId))!;
    renderWithServices(<LabelEntryPoints study={study} />, services);
    const entry = (task: string) => document.querySelector(`[data-testid="label-entry"][data-task="${task}"]`);
    await waitFor(() => expect(entry('answer')?.getAttribute('data-total')).toBe('5'));
    expect(entry('answer')?.getAttribute('data-done')).toBe('1');
    expect(entry('answer')?.textContent).toContain('1 of 5 questions labelled by Bea Annotator');
    expect(entry('match')?.getAttribute('data-total')).toBe('0');
    expect(entry('difficulty')?.getAttribute('data-total')).toBe('1');
  });

  it("exports the pack annotator's labels from the overview", async () => {
    vi.mocked(workers.team.exportLabels).mockResolvedValue({ name: `${studyId}.ann-02.labels.json`, text: '{"labels":[]}', mimeType: 'application/json' });
    const { db, services, platform } = await teamSetup('annotator', { pack: true });
    renderWithServices(<StudyOverview studyId={studyId} />, services);
    const button = await screen.findByTestId('export-labels');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('export-labels-status').textContent).toBe(`Saved ${studyId}.ann-02.labels.json. Send it to the study lead.`));
    expect(workers.team.exportLabels).toHaveBeenCalledExactlyOnceWith(db.name, studyId, PACK_ORIGIN.annotator.id);
    expect(platform.saveFile).toHaveBeenCalledExactlyOnceWith({
      suggestedName: `${studyId}.ann-02.labels.json`,
      text: '{"labels":[]}',
      mimeType: 'application/json',
    });
  });
});

describe("the lead's own study", () => {
  it('is annotator mode until its record is read, then the preferred lead mode, with the team entry', async () => {
    const { services } = await teamSetup('lead');
    services.store.getState().navigate({ view: 'study', studyId });
    const log: Array<{ route: string; mode: StudioMode }> = [];
    renderWithServices(<ModeProbe log={log} />, services);
    await waitFor(() => expect(screen.getByTestId('probe-mode').textContent).toBe('lead'));
    expect(log[0]?.mode).toBe('annotator');
    expect(screen.queryByTestId('mode-locked')).toBeNull();
    cleanup();

    renderWithServices(<StudyOverview studyId={studyId} />, services);
    fireEvent.click(await screen.findByTestId('team-entry'));
    expect(services.store.getState().route).toEqual({ view: 'team', studyId });
  });

  it('shows no team entry and no team page in annotator mode, but the label export', async () => {
    const { services } = await teamSetup('annotator');
    renderWithServices(<StudyOverview studyId={studyId} />, services);
    await screen.findByRole('heading', { name: 'Sessions by player' });
    expect(screen.queryByTestId('team-entry')).toBeNull();
    expect(screen.getByTestId('export-labels')).toBeTruthy();
    cleanup();
    renderWithServices(<TeamView studyId={studyId} />, services);
    expect((await screen.findByTestId('team-lead-only')).textContent).toMatch(/only in lead mode/);
  });

  it('never shows lead mode for a pack study reached from an own study', async () => {
    const { db, services } = await teamSetup('lead');
    const copy = { ...demo.study, id: 'pack-copy', origin: PACK_ORIGIN };
    await db.studies.put(copy);
    services.store.getState().navigate({ view: 'study', studyId });
    const log: Array<{ route: string; mode: StudioMode }> = [];
    const Probe = () => {
      const route = services.store.getState().route;
      const mode = useStudioMode();
      log.push({ route: 'studyId' in route ? route.studyId : '', mode });
      return <span data-testid="probe-mode">{mode}</span>;
    };
    renderWithServices(<Probe />, services);
    await waitFor(() => expect(screen.getByTestId('probe-mode').textContent).toBe('lead'));
    act(() => services.store.getState().navigate({ view: 'study', studyId: 'pack-copy' }));
    await waitFor(() => expect(log.filter((entry) => entry.route === 'pack-copy').length).toBeGreaterThan(1));
    expect(log.filter((entry) => entry.route === 'pack-copy').every((entry) => entry.mode === 'annotator')).toBe(true);
  });
});

describe('opening a pack from the library', () => {
  it('offers packs in the import dialog and goes to the study of an opened pack', async () => {
    const { services, platform } = await teamSetup('lead');
    const file = { name: 'ann-02.pack.json', size: 10, text: '{}' };
    platform.openFiles.mockResolvedValue([file]);
    vi.mocked(workers.imports.importFiles).mockResolvedValue({
      ok: true,
      studies: [
        {
          id: studyId,
          name: demo.study.name,
          counts: demo.study.counts,
          pack: { annotator: PACK_ORIGIN.annotator, newUnits: 12, alreadyOpened: false, replacedSample: false },
        },
      ],
    });
    renderWithServices(<LibraryView />, services);
    fireEvent.click(screen.getByRole('button', { name: 'Import transcripts…' }));
    await waitFor(() => expect(services.store.getState().route).toEqual({ view: 'study', studyId }));
    expect(platform.openFiles).toHaveBeenCalledExactlyOnceWith(LIBRARY_FILE_REQUEST);
    expect(LIBRARY_FILE_REQUEST.title).toBe('Import transcript bundles or packs');
    expect(services.store.getState().importState).toMatchObject({ status: 'done' });
  });

  it('stays in the library after importing transcript bundles', async () => {
    const { services, platform } = await teamSetup('lead');
    platform.openFiles.mockResolvedValue([{ name: 'more.json', size: 2, text: '{}' }]);
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ ok: true, studies: [{ id: 'more', name: 'More', counts: demo.study.counts }] });
    renderWithServices(<LibraryView />, services);
    fireEvent.click(screen.getByRole('button', { name: 'Import transcripts…' }));
    await waitFor(() => expect(services.store.getState().importState.status).toBe('done'));
    expect(services.store.getState().route).toEqual({ view: 'library' });
  });
});
