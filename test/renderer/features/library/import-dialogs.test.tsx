// @vitest-environment happy-dom
// The benchmark import's preview and model-name dialog: the preview lists leftovers and unreadable
// replies with counts and examples (or says nothing was left out) and hands the lead's choice on;
// the dialog refuses a name that is not a model name and passes the trimmed names on.

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview as Preview } from '../../../../shared/formats/importers/import-preview';
import { ImportPreview } from '../../../../renderer/features/library/ImportPreview';
import { ModelNamesDialog } from '../../../../renderer/features/library/ModelNamesDialog';

afterEach(cleanup);

const preview: Preview = {
  system: 'TurtleBench',
  layouts: [
    { file: 'all_cases_en_shot0.json', layout: 'TurtleBench wide table' },
    { file: 'stories.json', layout: 'TurtleBench stories' },
  ],
  grouping: '2 files as one study: the stories with the judged guesses',
  counts: { puzzles: 32, sessions: 32, turns: 1532, judges: 9, raters: 1, humanLabels: 1532 },
  unparseable: [{ judge: 'GPT_4o', reply: 'Invalid', count: 3 }],
  leftovers: [{ file: 'stories.json', what: 'field [].extra', count: 32, examples: ['a', 'b'] }],
};

describe('ImportPreview', () => {
  it('lists the layouts, counts, unreadable replies and leftovers, and passes on the choice', () => {
    const onImport = vi.fn();
    const onCancel = vi.fn();
    render(<ImportPreview preview={preview} onImport={onImport} onCancel={onCancel} />);
    const text = screen.getByTestId('import-preview').textContent ?? '';
    expect(text).toContain('all_cases_en_shot0.json: TurtleBench wide table');
    expect(text).toContain(
      '2 files as one study: the stories with the judged guesses: 32 puzzles, 32 sessions, 1,532 turns, 9 judges, 1,532 human labels by 1 rater.',
    );
    expect(screen.getByTestId('import-unparseable').textContent).toBe('GPT_4o: "Invalid" × 3');
    expect(screen.getByTestId('import-leftovers').textContent).toBe('stories.json: field [].extra: 32 (for example "a", "b")');
    fireEvent.click(screen.getByRole('button', { name: 'Import anyway' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onImport).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('says when nothing was left out', () => {
    render(<ImportPreview preview={{ ...preview, unparseable: [], leftovers: [] }} onImport={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText('Nothing left out.')).toBeTruthy();
    expect(screen.queryByTestId('import-leftovers')).toBeNull();
  });
});

describe('ModelNamesDialog', () => {
  it('asks for each missing name, refuses one that is not a model name, and passes the trimmed names on', () => {
    const onSubmit = vi.fn();
    render(<ModelNamesDialog needs={['player', 'judge']} message="the files name no player or judge model" onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByRole('dialog').textContent).toContain('The files name no player or judge model.');
    fireEvent.change(screen.getByLabelText('Player model'), { target: { value: ' gpt-4o ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toContain('Judge model: a model name must not be empty');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Judge model'), { target: { value: 'judge\u202e' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toContain('Judge model:');
    fireEvent.change(screen.getByLabelText('Judge model'), { target: { value: 'claude' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(onSubmit).toHaveBeenCalledWith({ player: 'gpt-4o', judge: 'claude' });
  });

  it('cancels on Cancel and on Escape', () => {
    const onCancel = vi.fn();
    render(<ModelNamesDialog needs={['judge']} message="the files name no judge model" onSubmit={vi.fn()} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByLabelText('Judge model'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
