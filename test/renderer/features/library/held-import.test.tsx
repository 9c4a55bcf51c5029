// @vitest-environment happy-dom
// The library's side of a benchmark import the worker holds: a preview with leftovers waits for
// "Import anyway" (then commits) or "Cancel" (then the worker drops it); a preview with nothing
// left out commits at once and says so; a new import lets go of one still waiting; records read
// as a puzzle list that left fields unread are offered the mapping beside the summary (issue 26).

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '../../../../shared/formats/importers/import-preview';
import { LibraryView } from '../../../../renderer/features/library/LibraryView';
import { closeDatabases, demo, renderWithServices, teamSetup, workers } from '../team/team-fixtures';

workers.imports.cancelImport.mockImplementation(async () => undefined);

const preview: ImportPreview = {
  system: 'TurtleBench',
  layouts: [{ file: 'all_cases_en_shot0.json', layout: 'TurtleBench wide table' }],
  grouping: 'one file',
  counts: { puzzles: 32, sessions: 32, turns: 1532, questions: 1532, finals: 0, judges: 9, raters: 1, humanLabels: 1532 },
  prompts: [],
  judgeSamples: [],
  unparseable: [],
  leftovers: [{ file: 'all_cases_en_shot0.json', what: 'field extra', count: 2, examples: ['x'] }],
};
const done = { ok: true as const, studies: [{ id: 'tb', name: 'TurtleBench (en)', counts: demo.study.counts, notes: ['nothing left out'] }] };

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function chooseFiles() {
  const setup = await teamSetup('lead');
  setup.platform.openFiles.mockResolvedValue([{ name: 'all_cases_en_shot0.json', size: 2, text: '{}' }]);
  renderWithServices(<LibraryView />, setup.services);
  fireEvent.click(screen.getByRole('button', { name: 'Import transcripts…' }));
  return setup.services;
}

describe('a held benchmark import in the library', () => {
  it('waits for "Import anyway", then commits and shows the summary', async () => {
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-1', preview });
    vi.mocked(workers.imports.commitImport).mockResolvedValue(done);
    const services = await chooseFiles();
    await screen.findByTestId('import-preview');
    expect(workers.imports.commitImport).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Import anyway' }));
    await waitFor(() => expect(services.store.getState().importState.status).toBe('done'));
    expect(vi.mocked(workers.imports.commitImport).mock.calls[0]?.[1]).toBe('import-1');
    expect(screen.getByRole('status').textContent).toContain('nothing left out');
  });

  it('cancel lets the worker drop it and writes nothing', async () => {
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-1', preview });
    const services = await chooseFiles();
    await screen.findByTestId('import-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(services.store.getState().importState.status).toBe('idle'));
    expect(workers.imports.cancelImport).toHaveBeenCalledExactlyOnceWith('import-1');
    expect(workers.imports.commitImport).not.toHaveBeenCalled();
  });

  it('commits at once when nothing was left out', async () => {
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-1', preview: { ...preview, leftovers: [] } });
    vi.mocked(workers.imports.commitImport).mockResolvedValue(done);
    const services = await chooseFiles();
    await waitFor(() => expect(services.store.getState().importState.status).toBe('done'));
    expect(screen.queryByTestId('import-preview')).toBeNull();
  });

  it('a new import lets go of one still waiting for the lead', async () => {
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-1', preview });
    await chooseFiles();
    await screen.findByTestId('import-preview');
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-2', preview });
    fireEvent.click(screen.getByRole('button', { name: 'Import transcripts…' }));
    await waitFor(() => expect(workers.imports.cancelImport).toHaveBeenCalledExactlyOnceWith('import-1'));
  });

  it('offers to map the fields of records read as a puzzle list that left some unread, and not otherwise', async () => {
    const listed = { id: 'l', name: 'list', counts: demo.study.counts, notes: ['not read: list.json: [].review_data: …'] };
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ ok: true, studies: [{ ...listed, unreadFields: true }] });
    const services = await chooseFiles();
    await waitFor(() => expect(services.store.getState().importState.status).toBe('done'));
    expect(screen.getByRole('button', { name: 'Map fields…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Some fields of these records were read by no layout');
    cleanup();
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ ok: true, studies: [listed] });
    const again = await chooseFiles();
    await waitFor(() => expect(again.store.getState().importState.status).toBe('done'));
    expect(screen.queryByRole('button', { name: 'Map fields…' })).toBeNull();
  });
});
