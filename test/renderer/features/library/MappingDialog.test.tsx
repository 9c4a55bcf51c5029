// @vitest-environment happy-dom
// The "Map fields…" dialog over an in-process stand-in for the mapping worker (the same shared
// code the worker runs): fields prefilled from their names, the first records mapped with counts,
// problems and leftovers, raters' and judges' label columns with each value's count and label,
// presets saved by name and chosen again (value maps too), exported as a preset file, and the
// mapped study handed to the import worker with its raters' labels.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordTable } from '../../../../shared/formats/importers/mapping-records';
import { readRecords } from '../../../../shared/formats/importers/mapping-records';
import { mapRecords, previewMapping } from '../../../../shared/formats/importers/mapping';
import { parseMappingPreset } from '../../../../shared/formats/importers/mapping-preset';
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
    const { result, columns } = mapRecords(tables, preset);
    if (!result.ok)
      return { rows: preview.rows, problems: result.needs ? [] : result.errors, needs: result.needs ?? [], leftovers: preview.leftovers, columns };
    const turns = result.value.bundle.sessions.flatMap((s) => s.turns);
    const unparseable = turns.filter((t) => Object.values(t.judgements).includes(UNPARSEABLE)).length;
    const finals = turns.filter((t) => t.type === 'final').length;
    return {
      rows: preview.rows,
      problems: [],
      needs: [],
      leftovers: result.value.leftovers,
      columns,
      counts: {
        puzzles: result.value.bundle.puzzles.length,
        sessions: result.value.bundle.sessions.length,
        turns: turns.length,
        questions: turns.length - finals,
        finals,
        unparseable,
      },
    };
  });
  vi.mocked(workers.mapping.build).mockImplementation(async (preset) => {
    const { result } = mapRecords(tables, preset);
    return result.ok ? { ok: true, study: result.value, fileNames: tables.map((table) => table.file) } : { ok: false, errors: result.errors };
  });
  vi.mocked(workers.imports.importMapped).mockResolvedValue({
    ok: true,
    studies: [{ id: 'lab', name: 'lab', counts: { puzzles: 2, sessions: 2, turns: 3 } as never }],
  });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

const LABELLED_CSV = [
  'puzzle_id,story,solution,question,Ann 1,ann_2,gpt',
  'p1,A man turns off a lamp.,Lighthouse keeper.,At sea?,1,Yes,1',
  'p1,A man turns off a lamp.,Lighthouse keeper.,Night?,2,No,0',
  'p2,A note on a door.,A proposal.,A letter?,1,,1',
].join('\n');
const LABELLED = [{ name: 'labelled.csv', size: LABELLED_CSV.length, text: LABELLED_CSV }];

async function renderDialog(files = FILES) {
  const services = testServices(await freshDatabase(), 'lead');
  const saveFile = vi.spyOn(services.platform, 'saveFile').mockResolvedValue({ saved: true, name: 'Lab.mapping.json' });
  const onClose = vi.fn();
  renderWithServices(<MappingDialog files={files} onClose={onClose} />, services);
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

  it('hands the mapped study, its files and the preset name to the import worker', async () => {
    const { dialog } = await renderDialog();
    await waitFor(() => expect(selected(dialog, 'story')).toBe('story'));
    fireEvent.change(within(dialog).getByLabelText('Judge name'), { target: { value: 'jd' } });
    fireEvent.change(within(dialog).getByLabelText('Player name'), { target: { value: 'pl' } });
    const importButton = within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    await waitFor(() => expect(importButton.disabled).toBe(false));
    fireEvent.click(importButton);
    await waitFor(() => expect(workers.imports.importMapped).toHaveBeenCalledTimes(1));
    const [, study, fileNames, presetName] = vi.mocked(workers.imports.importMapped).mock.calls[0] ?? [];
    expect([fileNames, presetName]).toEqual([['lab.csv'], 'Unnamed mapping']);
    expect([study?.bundle.puzzles.length, study?.bundle.sessions.length]).toEqual([2, 2]);
  });

  it("maps raters' and judges' columns: each value with its count and label, changed by the lead, saved and chosen again", async () => {
    const first = await renderDialog(LABELLED);
    await waitFor(() => expect(selected(first.dialog, 'story')).toBe('story'));
    fireEvent.change(within(first.dialog).getByLabelText('Player name'), { target: { value: 'pl' } });
    for (const field of ['Ann 1', 'ann_2']) fireEvent.click(within(within(first.dialog).getByRole('group', { name: /Human raters/ })).getByLabelText(field));
    fireEvent.click(within(within(first.dialog).getByRole('group', { name: /Judges' label columns/ })).getByLabelText('gpt'));
    expect(within(first.dialog).getByText(/The header is not usable as an annotator's id/).textContent).toContain('so the rater is Ann-1');
    const values = await within(first.dialog).findByRole('table', { name: 'Values of Ann 1' });
    const shown = () =>
      within(values)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...[...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent), row.querySelector('select')?.value]);
    await waitFor(() =>
      expect(shown()).toEqual([
        ['question', '1', '2', 'no label'],
        ['question', '2', '1', 'no label'],
      ]),
    );
    // A judge's value the rule cannot read starts as unparseable; a person's as no label, and is counted.
    expect(selected(first.dialog, 'gpt, question value 1')).toBe('unparseable');
    await waitFor(() => expect(within(first.dialog).getByTestId('mapping-labels').textContent).toContain('Rater Ann-1: 0 labels, 3 values left as no label'));
    fireEvent.change(within(first.dialog).getByLabelText('Ann 1, question value 1'), { target: { value: 'yes' } });
    fireEvent.change(within(first.dialog).getByLabelText('Ann 1, question value 2'), { target: { value: 'no' } });
    fireEvent.change(within(first.dialog).getByLabelText('gpt, question value 1'), { target: { value: 'yes' } });
    await waitFor(() => expect(within(first.dialog).getByTestId('mapping-labels').textContent).toContain('Rater Ann-1: 3 labels'));
    expect(within(first.dialog).getByTestId('mapping-labels').textContent).toContain('Rater ann_2: 2 labels');
    fireEvent.change(within(first.dialog).getByLabelText('Judge name for gpt'), { target: { value: 'gpt-4o' } });
    fireEvent.change(within(first.dialog).getByLabelText('Preset name'), { target: { value: 'Labels' } });
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Save preset' }));
    const [saved] = first.services.preferences.getState().mappingPresets;
    expect([saved?.raters, saved?.judges, saved?.values]).toEqual([
      [{ field: 'Ann 1' }, { field: 'ann_2' }],
      [{ field: 'gpt', name: 'gpt-4o' }],
      { 'Ann 1': { question: { '1': 'yes', '2': 'no' } }, gpt: { question: { '1': 'yes' } } },
    ]);
    cleanup();

    const second = await renderDialog(LABELLED);
    await waitFor(() => expect(selected(second.dialog, 'story')).toBe('story'));
    fireEvent.change(within(second.dialog).getByLabelText('Saved preset'), { target: { value: 'Labels' } });
    expect((within(within(second.dialog).getByRole('group', { name: /Human raters/ })).getByLabelText('Ann 1') as HTMLInputElement).checked).toBe(true);
    expect((within(second.dialog).getByLabelText('Judge name for gpt') as HTMLInputElement).value).toBe('gpt-4o');
    await waitFor(() => expect(selected(second.dialog, 'Ann 1, question value 2')).toBe('no'));
    expect(selected(second.dialog, 'gpt, question value 1')).toBe('yes');
  });

  it('closes on Escape and Cancel', async () => {
    const { dialog, onClose } = await renderDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
