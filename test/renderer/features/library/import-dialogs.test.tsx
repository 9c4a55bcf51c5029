// @vitest-environment happy-dom
// The benchmark import's preview and model-name dialog: the preview counts questions and final
// answers apart, names the judge prompts found and judge_times, lists leftovers (counted in items,
// not groups) and unreadable replies with counts and examples (or says nothing was left out) and
// hands the lead's choice on;
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
  counts: { puzzles: 32, sessions: 32, turns: 1532, questions: 1530, finals: 2, judges: 9, raters: 1, humanLabels: 1532 },
  prompts: [],
  judgeSamples: [],
  unparseable: [{ judge: 'GPT_4o', reply: 'Invalid', count: 3 }],
  leftovers: [
    { file: 'stories.json', what: 'field [].extra', count: 32, examples: ['a', 'b'] },
    { file: 'review.json', what: "records: the user's questions", count: 61, examples: ['q'], noun: 'question' },
    { file: 'config.yaml', what: 'setting log.save_log', count: 1, examples: ['true'] },
  ],
};

describe('ImportPreview', () => {
  it('lists the layouts, counts, unreadable replies and leftovers, and passes on the choice', () => {
    const onImport = vi.fn();
    const onCancel = vi.fn();
    render(<ImportPreview preview={preview} onImport={onImport} onCancel={onCancel} />);
    const text = screen.getByTestId('import-preview').textContent ?? '';
    expect(text).toContain('all_cases_en_shot0.json: TurtleBench wide table');
    expect(text).toContain(
      '2 files as one study: the stories with the judged guesses: 32 puzzles, 32 sessions, 1,532 turns (1,530 questions, 2 final answers), 9 judges, 1,532 human labels by 1 rater.',
    );
    expect(screen.getByTestId('import-unparseable').textContent).toBe('GPT_4o: "Invalid" × 3');
    expect(screen.getByRole('heading', { name: 'Not imported: 61 questions, 32 values and 1 setting' })).toBeTruthy();
    expect([...screen.getByTestId('import-leftovers').querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'stories.json: field [].extra: 32 values (for example "a", "b")',
      `review.json: records: the user's questions: 61 questions (for example "q")`,
      'config.yaml: setting log.save_log: 1 setting (for example "true")',
    ]);
    expect(screen.queryByTestId('import-prompts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import anyway' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onImport).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('names the judge prompts found, where each came from, whether it is sent as its source sent it, and judge_times', () => {
    render(
      <ImportPreview
        preview={{
          ...preview,
          prompts: [
            { name: 'SPLAT judge (config.yaml)', source: 'config.yaml: prompt.prompt_judge_init', note: 'one message, not a conversation' },
            { name: 'Other judge', source: 'x.json: prompt' },
          ],
          judgeSamples: [{ judge: 'wizardlm', samples: 3, source: 'config.yaml: game.judge_times' }],
        }}
        onImport={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect([...screen.getByTestId('import-prompts').querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      "SPLAT judge (config.yaml): from config.yaml: prompt.prompt_judge_init — not sent exactly as the benchmark sent it; the version's note says how",
      'Other judge: from x.json: prompt',
    ]);
    expect(screen.getByTestId('import-preview').textContent).toContain(
      'The labels of wizardlm are each the majority of 3 samples (config.yaml: game.judge_times); the report says so.',
    );
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
