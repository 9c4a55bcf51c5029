// @vitest-environment happy-dom
// The library's side of a benchmark import the worker holds: a preview with leftovers waits for
// "Import anyway" (then commits) or "Cancel" (then the worker drops it); a preview with nothing
// left out commits at once and says so; a new import lets go of one still waiting; records read
// as a puzzle list that left fields unread wait at a preview that offers Map fields… on the same
// files before anything is written, and no summary offers it after an import (issue 26).

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

  it('holds records read as a puzzle list that left fields unread: the preview offers Map fields… on the same files, nothing written', async () => {
    const listPreview: ImportPreview = {
      ...preview,
      system: 'a puzzle list',
      layouts: [{ file: 'review.json', layout: 'a puzzle list (a story or question and an answer in each row), no games' }],
      counts: { ...preview.counts, sessions: 0, turns: 0, questions: 0, judges: 0, raters: 0, humanLabels: 0 },
      leftovers: [{ file: 'review.json', what: 'field "review_data"', count: 18, examples: ['[{"question":"Q?"}]'] }],
    };
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'list-1', preview: listPreview, unreadFields: true });
    vi.mocked(workers.mapping.open).mockResolvedValue({
      ok: true,
      fieldNames: ['title', 'story', 'answer', 'review_data'],
      layouts: ['review.json: a JSON list'],
    });
    // The dialog's own check stays pending: this test is about what opens it, not what it maps.
    vi.mocked(workers.mapping.check).mockReturnValue(new Promise(() => {}));
    const setup = await teamSetup('lead');
    const files = [{ name: 'review.json', size: 2, text: '[]' }];
    setup.platform.openFiles.mockResolvedValue(files);
    renderWithServices(<LibraryView />, setup.services);
    fireEvent.click(screen.getByRole('button', { name: 'Import transcripts…' }));
    const shown = await screen.findByTestId('import-preview');
    expect(shown.textContent).toContain('Not imported: 18 values');
    expect(shown.textContent).toContain('review.json: field "review_data": 18 values');
    expect([...shown.querySelectorAll('.modal-actions > button')].map((button) => button.textContent)).toEqual(['Import anyway', 'Map fields…', 'Cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Map fields…' }));
    await waitFor(() => expect(workers.mapping.open).toHaveBeenCalledOnce());
    expect(vi.mocked(workers.mapping.open).mock.calls[0]?.[0]).toEqual(files);
    expect(workers.imports.commitImport).not.toHaveBeenCalled();
    expect(workers.imports.cancelImport).not.toHaveBeenCalled();
    expect(setup.services.store.getState().importState.status).toBe('preview');
  });

  it('offers no mapping beside a benchmark preview, and none after an import that went in', async () => {
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ requestId: 'import-1', preview });
    await chooseFiles();
    await screen.findByTestId('import-preview');
    expect(screen.queryByRole('button', { name: 'Map fields…' })).toBeNull();
    cleanup();
    const listed = { id: 'l', name: 'list', counts: demo.study.counts, notes: ['not read: list.json: [].review_data: …'] };
    vi.mocked(workers.imports.importFiles).mockResolvedValue({ ok: true, studies: [listed] });
    const again = await chooseFiles();
    await waitFor(() => expect(again.store.getState().importState.status).toBe('done'));
    expect(screen.queryByRole('button', { name: 'Map fields…' })).toBeNull();
  });
});
