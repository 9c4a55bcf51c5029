// @vitest-environment happy-dom
// The "Map fields…" dialog over an in-process stand-in for the mapping worker (the same shared
// code the worker runs): fields prefilled from their names, the first records mapped with counts,
// problems and leftovers, presets saved by name and chosen again, exported as a preset file, and
// the import handed to the import worker as our own bundle.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordTable } from '../../../../shared/formats/importers/mapping-records';
import { readRecords } from '../../../../shared/formats/importers/mapping-records';
import { applyMapping, previewMapping } from '../../../../shared/formats/importers/mapping';
import { serializeBundleDocument } from '../../../../shared/formats/importers/imported-study';
import { parseMappingPreset } from '../../../../shared/formats/importers/mapping-preset';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { MappingDialog } from '../../../../renderer/features/library/MappingDialog';
import { UNPARSEABLE } from '../../../../shared/domain/model';
import { closeDatabases, freshDatabase, renderWithServices, testServices, workers } from '../mode/mode-fixtures';
import { FILE_READERS } from '../../../../cli/support/file-readers';

const CSV = [
  'session_id,puzzle_id,story,solution,question,verdict,level,cost',
  's1,p1,A man turns off a lamp.,Lighthouse keeper.,At sea?,"Yes, he is.",7/10 HARD,0.1',
  's1,p1,A man turns off a lamp.,Lighthouse keeper.,Night?,hmm,7/10 HARD,0.2',
  's2,p2,A note on a door.,A proposal.,A letter?,No,2,0.3',
].join('\n');
const FILES = [{ name: 'lab.csv', size: CSV.length, text: CSV }];

let tables: RecordTable[] = [];

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(workers.mapping.open).mockImplementation(async (files) => {
    const read = await readRecords(files[0] ?? { name: '', text: '' }, {}, FILE_READERS);
    if (!read.ok) return read;
    tables = [read.value];
    return { ok: true, fieldNames: read.value.fieldNames, layouts: [`${read.value.file}: ${read.value.layout}`] };
  });
  vi.mocked(workers.mapping.check).mockImplementation(async (preset, rows) => {
    const preview = previewMapping(tables, preset, rows);
    const result = applyMapping(tables, preset);
    if (!result.ok) return { rows: preview.rows, problems: result.needs ? [] : result.errors, needs: result.needs ?? [], leftovers: preview.leftovers };
    const turns = result.value.bundle.sessions.flatMap((s) => s.turns);
    const unparseable = turns.filter((t) => Object.values(t.judgements).includes(UNPARSEABLE)).length;
    return {
      rows: preview.rows,
      problems: [],
      needs: [],
      leftovers: result.value.leftovers,
      counts: { puzzles: result.value.bundle.puzzles.length, sessions: result.value.bundle.sessions.length, turns: turns.length, unparseable },
    };
  });
  vi.mocked(workers.mapping.build).mockImplementation(async (preset) => {
    const result = applyMapping(tables, preset);
    return result.ok
      ? { ok: true, fileName: `${result.value.bundle.name}.json`, text: serializeBundleDocument(result.value.bundle) }
      : { ok: false, errors: result.errors };
  });
  vi.mocked(workers.imports.importFiles).mockResolvedValue({
    ok: true,
    studies: [{ id: 'lab', name: 'lab', counts: { puzzles: 2, sessions: 2, turns: 3 } as never }],
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function renderDialog() {
  const services = testServices(await freshDatabase(), 'lead');
  const saveFile = vi.spyOn(services.platform, 'saveFile').mockResolvedValue({ saved: true, name: 'Lab.mapping.json' });
  const onClose = vi.fn();
  renderWithServices(<MappingDialog files={FILES} onClose={onClose} />, services);
  const dialog = await screen.findByTestId('mapping-dialog');
  return { services, saveFile, onClose, dialog };
}

const selected = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label, { selector: 'select' }) as HTMLSelectElement).value;

describe('the mapping dialog', () => {
  it('prefills the fields from their names and shows the first records mapped, the counts and what is not imported', async () => {
    const { dialog } = await renderDialog();
    await waitFor(() => expect(selected(dialog, 'story')).toBe('story'));
    expect(['puzzle id', 'reference', 'session', 'question text', 'judge label', 'difficulty'].map((label) => selected(dialog, label))).toEqual([
      'puzzle_id',
      'solution',
      'session_id',
      'question',
      'verdict',
      'level',
    ]);
    fireEvent.change(within(dialog).getByLabelText('Player name'), { target: { value: 'pl' } });
    expect(await within(dialog).findByText('The records name no judge: map a judge field or type the judge name.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Judge name'), { target: { value: 'jd' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('mapping-counts').textContent).toBe(
        'Would import 2 puzzles, 2 sessions, 3 turns; 1 judge labels could not be read and are kept as written.',
      ),
    );
    const rows = within(within(dialog).getByRole('table', { name: 'First records mapped' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'line 2p1A man turns off a lamp.s1pljdquestion: At sea?yes (“Yes, he is.”)',
      'line 3p1A man turns off a lamp.s1pljdquestion: Night?unparseable (“hmm”)',
      'line 4p2A note on a door.s2pljdquestion: A letter?no (“No”)',
    ]);
    expect(within(dialog).getByTestId('mapping-leftovers').textContent).toContain('field cost: 3 (for example "0.1", "0.2", "0.3")');
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists the problems of the whole import and keeps Import off', async () => {
    const { dialog } = await renderDialog();
    await waitFor(() => expect(selected(dialog, 'story')).toBe('story'));
    fireEvent.change(within(dialog).getByLabelText('Judge name'), { target: { value: 'jd' } });
    fireEvent.change(within(dialog).getByLabelText('Player name'), { target: { value: 'pl' } });
    fireEvent.change(within(dialog).getByLabelText('reference', { selector: 'select' }), { target: { value: 'cost' } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('mapping-problems').textContent).toContain(
        'lab.csv: line 3: puzzle "p1" has another reference here than at lab.csv, line 2',
      ),
    );
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the preset by name in the preferences, and a saved preset fills the dialog for the next file', async () => {
    const first = await renderDialog();
    await waitFor(() => expect(selected(first.dialog, 'story')).toBe('story'));
    fireEvent.change(within(first.dialog).getByLabelText('Judge name'), { target: { value: 'jd' } });
    fireEvent.change(within(first.dialog).getByLabelText('Preset name'), { target: { value: 'Lab' } });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Save preset' }));
    expect(within(first.dialog).getByTestId('mapping-message').textContent).toBe('Saved the preset "Lab".');
    expect(first.services.preferences.getState().mappingPresets.map((preset) => [preset.name, preset.fields.story, preset.constants?.judge])).toEqual([
      ['Lab', 'story', 'jd'],
    ]);
    expect(window.localStorage.getItem('agreement-studio.preferences')).toContain('"mappingPresets":[{');
    cleanup();

    const second = await renderDialog();
    await waitFor(() => expect(selected(second.dialog, 'story')).toBe('story'));
    expect((within(second.dialog).getByLabelText('Judge name') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(second.dialog).getByLabelText('Saved preset'), { target: { value: 'Lab' } });
    expect((within(second.dialog).getByLabelText('Judge name') as HTMLInputElement).value).toBe('jd');
    expect((within(second.dialog).getByLabelText('Preset name') as HTMLInputElement).value).toBe('Lab');
  });

  it('exports the preset as a file the command line reads', async () => {
    const { dialog, saveFile } = await renderDialog();
    await waitFor(() => expect(selected(dialog, 'story')).toBe('story'));
    fireEvent.change(within(dialog).getByLabelText('Preset name'), { target: { value: 'Lab runs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export preset…' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const request = saveFile.mock.calls[0]?.[0];
    expect(request?.suggestedName).toBe('Lab-runs.mapping.json');
    const preset = parseMappingPreset({ name: 'x', text: request?.text ?? '' });
    expect(preset.ok && preset.value.fields).toMatchObject({ puzzleId: 'puzzle_id', story: 'story', reference: 'solution', judgeLabel: 'verdict' });
    expect(await within(dialog).findByText('Exported the preset as Lab.mapping.json.')).toBeTruthy();
  });

  it('imports the mapped study through the import worker as our own bundle', async () => {
    const { dialog } = await renderDialog();
    await waitFor(() => expect(selected(dialog, 'story')).toBe('story'));
    fireEvent.change(within(dialog).getByLabelText('Judge name'), { target: { value: 'jd' } });
    fireEvent.change(within(dialog).getByLabelText('Player name'), { target: { value: 'pl' } });
    const importButton = within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    await waitFor(() => expect(importButton.disabled).toBe(false));
    fireEvent.click(importButton);
    await waitFor(() => expect(workers.imports.importFiles).toHaveBeenCalledTimes(1));
    const [, files] = vi.mocked(workers.imports.importFiles).mock.calls[0] ?? [];
    expect(files?.[0]?.name).toBe('lab.json');
    const bundle = parseTranscriptBundle(files?.[0] ?? { name: '', text: '' });
    expect(bundle.ok && bundle.value.study.counts).toMatchObject({ puzzles: 2, sessions: 2, turns: 3 });
  });

  it('closes on Escape and Cancel', async () => {
    const { dialog, onClose } = await renderDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
