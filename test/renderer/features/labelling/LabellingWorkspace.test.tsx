// @vitest-environment happy-dom
// The workspace as an annotator drives it, under happy-dom with fake-indexeddb: one key labels,
// saves and advances; keys typed into text fields never label; the note editor, help,
// guidelines and settings; remapped keys; marking every acceptable answer where the study allows
// it; and no judge label, reply or model name, in any mode.

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudioMode } from '../../../../renderer/services/preferences-store';
import type { Task } from '../../../../shared/domain/model';
import { DEFAULT_GUIDELINES } from '../../../../shared/domain/default-guidelines';
import { setMultipleAnswers } from '../../../../renderer/db/study-settings';
import { closeDatabases, currentUnitId, demoStudy, freshDatabase, renderWorkspace, testServices } from './workspace-fixtures';

afterEach(() => {
  cleanup();
  closeDatabases();
});

const demo = demoStudy();
const studyId = demo.study.id;

function press(key: string, init: KeyboardEventInit = {}, target: Element | Window = window) {
  act(() => {
    fireEvent.keyDown(target, { key, bubbles: true, cancelable: true, ...init });
  });
}

function saveLog() {
  return [...screen.getByTestId('save-log').querySelectorAll('span')].map((span) => ({
    unitId: span.getAttribute('data-unit-id'),
    value: span.getAttribute('data-value'),
    rev: span.getAttribute('data-rev'),
    unsure: span.getAttribute('data-unsure'),
    noteLength: span.getAttribute('data-note-length'),
    text: span.textContent,
  }));
}

async function setup(task: Task = 'answer', mode: StudioMode = 'annotator') {
  const db = await freshDatabase([demo]);
  const services = testServices(db, mode);
  return { db, services, render: () => renderWorkspace(services, studyId, task) };
}

describe('labelling by keyboard', () => {
  it('labels, saves durably and moves on with one key, and says so only once it is on disk', async () => {
    const { db, render } = await setup();
    await render();
    expect(screen.getByTestId('workspace').getAttribute('data-ready')).toBe('true');
    const first = currentUnitId();
    expect(screen.getByTestId('saved-indicator').getAttribute('data-state')).toBe('unsaved');

    press('y');
    const second = currentUnitId();
    expect(second).not.toBe(first);
    await waitFor(() => expect(saveLog()).toHaveLength(1));
    expect(saveLog()[0]).toMatchObject({ unitId: first, value: 'yes', rev: '1', unsure: 'false', noteLength: '0' });
    expect(saveLog()[0]?.text).toMatch(/^Saved yes on question \d+\.\s*$/);
    expect(await db.labels.get([studyId, 'annotator-1', 'answer', first ?? ''])).toMatchObject({ value: 'yes', rev: 1 });
    expect(screen.getByTestId('progress').getAttribute('data-done')).toBe('1');
    expect(screen.getByTestId('progress').getAttribute('data-total')).toBe('280');

    press('k');
    expect(currentUnitId()).toBe(first);
    expect(screen.getByTestId('saved-indicator').getAttribute('data-state')).toBe('saved');
    expect(screen.getByRole('button', { name: /^Yes/, pressed: true })).toBeTruthy();
    press('2');
    await waitFor(() => expect(saveLog()).toHaveLength(2));
    expect(saveLog()[1]).toMatchObject({ unitId: first, value: 'no', rev: '2' });
    // The first unit's annotator record was put with the first label.
    expect(await db.annotators.toArray()).toEqual([{ studyId, id: 'annotator-1', name: 'Annotator 1' }]);
  });

  it('shows every label value of the task on a button with its keys', async () => {
    const { render } = await setup();
    await render();
    const buttons = screen.getAllByTestId('label-button');
    expect(buttons.map((button) => button.getAttribute('data-value'))).toEqual(['yes', 'no', 'irrelevant']);
    expect(within(buttons[0] as HTMLElement).getAllByText(/^(Y|1)$/)).toHaveLength(2);
    fireEvent.click(buttons[2] as HTMLElement);
    await waitFor(() => expect(saveLog()).toHaveLength(1));
    expect(saveLog()[0]?.value).toBe('irrelevant');
  });

  it('marks unsure with S, undoes with Z, and ignores a held-down label key', async () => {
    const { db, render } = await setup('match');
    await render();
    const first = currentUnitId();
    press('s');
    press('m');
    await waitFor(() => expect(saveLog()).toHaveLength(1));
    expect(saveLog()[0]).toMatchObject({ unitId: first, value: 'matched', unsure: 'true' });

    const second = currentUnitId();
    press('x', { repeat: true });
    expect(currentUnitId()).toBe(second);
    press('z');
    expect(currentUnitId()).toBe(first);
    await waitFor(() => expect(saveLog()).toHaveLength(2));
    expect(saveLog()[1]).toMatchObject({ unitId: first, value: '', rev: '0' });
    expect(await db.labels.count()).toBe(0);
  });

  it('never labels from keys typed into a text field, or with Ctrl, Cmd or Alt held', async () => {
    const { db, render } = await setup();
    await render();
    const first = currentUnitId();
    const input = screen.getByLabelText('Find units');
    input.focus();
    for (const key of ['y', 'n', 'j', 'e', 'z', 'g', '?']) press(key, {}, input);
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    document.body.append(editable);
    press('y', {}, editable);
    editable.remove();
    press('y', { ctrlKey: true });
    press('n', { metaKey: true });
    press('i', { altKey: true });
    expect(currentUnitId()).toBe(first);
    expect(screen.queryByTestId('note-editor')).toBeNull();
    expect(screen.queryByTestId('guidelines')).toBeNull();
    expect(screen.queryByTestId('shortcut-help')).toBeNull();
    await new Promise((done) => setTimeout(done, 50));
    expect(await db.labels.count()).toBe(0);
  });

  it('goes to a unit by id from the jump box', async () => {
    const { render } = await setup();
    await render();
    const target = demo.turns.find((turn) => turn.type === 'question' && turn.index === 4);
    const input = screen.getByLabelText('Find units');
    fireEvent.change(input, { target: { value: target?.id } });
    fireEvent.submit(input);
    expect(currentUnitId()).toBe(target?.id);
  });

  it('narrows the list as words are typed, focuses the search with /, and clears it with Escape', async () => {
    const { render } = await setup();
    await render();
    press('/');
    const input = screen.getByLabelText('Find units');
    expect(document.activeElement).toBe(input);
    const coffee = demo.turns.filter((turn) => turn.type === 'question' && turn.puzzleId === 'p-cold-coffee').length;
    fireEvent.change(input, { target: { value: 'coffee SHE never' } });
    await waitFor(() => expect(screen.getByText(`${coffee} units match this search.`)).toBeTruthy());
    expect(screen.getByTestId('current-unit').textContent).toContain('The Coffee She Never Sips');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(document.activeElement).not.toBe(input);
  });
});

describe('marking every acceptable answer', () => {
  const pressed = () =>
    screen
      .getAllByTestId('label-button')
      .filter((button) => button.getAttribute('aria-pressed') === 'true')
      .map((button) => [button.getAttribute('data-value'), button.getAttribute('data-first')]);

  it('marks with the keys and the buttons, saves with Enter, and shows the saved set on coming back', async () => {
    const { db, render } = await setup();
    await setMultipleAnswers(db, studyId, true);
    await render();
    const first = currentUnitId();
    press('n');
    fireEvent.click(screen.getAllByTestId('label-button')[2] as HTMLElement);
    expect(pressed()).toEqual([
      ['no', 'true'],
      ['irrelevant', 'false'],
    ]);
    expect(currentUnitId()).toBe(first);
    expect(saveLog()).toHaveLength(0);
    press('Enter');
    expect(currentUnitId()).not.toBe(first);
    await waitFor(() => expect(saveLog()).toHaveLength(1));
    expect(saveLog()[0]?.text).toMatch(/^Saved no \+ irrelevant on question \d+\.\s*$/);
    expect(await db.labels.get([studyId, 'annotator-1', 'answer', first ?? ''])).toMatchObject({ value: 'no', acceptable: ['no', 'irrelevant'] });

    press('k');
    expect(pressed()).toEqual([
      ['no', 'true'],
      ['irrelevant', 'false'],
    ]);
    press('Enter');
    press('Enter');
    await waitFor(() =>
      expect(screen.getByText('Nothing is marked, so nothing was saved: mark every acceptable answer with its key, then press Enter.')).toBeTruthy(),
    );
    expect(saveLog()).toHaveLength(1);
  });

  it('says in the shortcut list what the answer keys and Enter do', async () => {
    const { db, render } = await setup();
    await setMultipleAnswers(db, studyId, true);
    await render();
    press('?');
    const help = screen.getByTestId('shortcut-help');
    expect(within(help).getByTestId('shortcut-summary').textContent).toContain('an answer key marks that answer, or unmarks it, and Enter saves');
    expect(within(help).getByText('Mark or unmark: Answer yes')).toBeTruthy();
    expect(within(help).getByText('Save the marked answers and move on')).toBeTruthy();
  });
});

describe('notes, help, guidelines and settings', () => {
  it('opens the note editor with E, keeps letters typed there as text, and saves with Ctrl+Enter', async () => {
    const { db, render } = await setup();
    await render();
    const first = currentUnitId();
    press('y');
    press('k');
    press('e');
    const editor = await screen.findByTestId('note-editor');
    // The opening key did not type itself into the editor.
    expect((editor as HTMLTextAreaElement).value).toBe('');
    for (const key of ['y', 'n', 'j', 'k', 'z']) press(key, {}, editor);
    expect(currentUnitId()).toBe(first);
    fireEvent.change(editor, { target: { value: 'yes, but only just' } });
    press('Enter', { ctrlKey: true }, editor);
    expect(screen.queryByTestId('note-editor')).toBeNull();
    await waitFor(() => expect(saveLog()).toHaveLength(2));
    expect(saveLog()[1]).toMatchObject({ unitId: first, value: 'yes', rev: '2', noteLength: '18' });
    expect(await db.labels.get([studyId, 'annotator-1', 'answer', first ?? ''])).toMatchObject({ note: 'yes, but only just' });
    expect(await screen.findByText('yes, but only just')).toBeTruthy();

    press('e');
    const again = await screen.findByTestId('note-editor');
    expect((again as HTMLTextAreaElement).value).toBe('yes, but only just');
    press('Escape', {}, again);
    expect(screen.queryByTestId('note-editor')).toBeNull();
  });

  it('links the shortcut list to the Help page', async () => {
    const { services, render } = await setup();
    await render();
    press('?');
    fireEvent.click(within(screen.getByTestId('shortcut-help')).getByRole('button', { name: /^Help/ }));
    expect(services.store.getState().route).toEqual({ view: 'help' });
  });

  it('shows every shortcut with ? and the guidelines with G; Escape closes them', async () => {
    const { render } = await setup();
    await render();
    press('?');
    const help = screen.getByTestId('shortcut-help');
    for (const text of [
      'Answer yes',
      'Answer no',
      'Answer irrelevant',
      'Next unit',
      'Previous unit',
      'Mark or unmark unsure',
      'Write a note',
      'Undo the last label change',
      'Show the guidelines',
    ]) {
      expect(within(help).getByText(text)).toBeTruthy();
    }
    const first = currentUnitId();
    press('y');
    expect(currentUnitId()).toBe(first);
    press('Escape');
    expect(screen.queryByTestId('shortcut-help')).toBeNull();

    press('g');
    expect(screen.getByTestId('guidelines').textContent).toContain('Answering questions (yes / no / irrelevant / unknown)');
    press('g');
    expect(screen.queryByTestId('guidelines')).toBeNull();
  });

  it('lets the lead edit the guidelines, shown as text, and annotators only read them', async () => {
    const { db, render } = await setup('answer', 'lead');
    const view = await render();
    press('g');
    fireEvent.click(screen.getByRole('button', { name: 'Edit guidelines' }));
    const editor = screen.getByLabelText('Guidelines text') as HTMLTextAreaElement;
    expect(editor.value).toBe(DEFAULT_GUIDELINES);
    fireEvent.change(editor, { target: { value: '# Our rules\n\n<b>Say yes</b> when in doubt.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save guidelines' }));
    await waitFor(() => expect(screen.getByTestId('guidelines').textContent).toContain('<b>Say yes</b> when in doubt.'));
    expect(screen.getByTestId('guidelines').querySelector('b')).toBeNull();
    expect((await db.studies.get(studyId))?.guidelines).toBe('# Our rules\n\n<b>Say yes</b> when in doubt.');
    expect((await db.audit.toArray()).map((entry) => entry.kind)).toContain('study:guidelines');
    view.unmount();

    const annotator = testServices(db, 'annotator');
    await renderWorkspace(annotator, studyId, 'answer');
    press('g');
    expect(screen.getByTestId('guidelines').textContent).toContain('Our rules');
    expect(screen.queryByRole('button', { name: 'Edit guidelines' })).toBeNull();
  });

  it('labels with remapped keys and shows them on the buttons', async () => {
    const { services, render } = await setup();
    services.preferences.getState().setKeyOverrides({ 'answer:yes': ['h'] });
    await render();
    const yes = screen.getAllByTestId('label-button')[0] as HTMLElement;
    expect(within(yes).getByText('H')).toBeTruthy();
    expect(within(yes).queryByText('Y')).toBeNull();
    const first = currentUnitId();
    press('y');
    expect(currentUnitId()).toBe(first);
    press('H');
    await waitFor(() => expect(saveLog()).toHaveLength(1));
    expect(saveLog()[0]).toMatchObject({ unitId: first, value: 'yes' });
  });

  it('changes who is labelling and the keys in the settings, refusing a key that would do two things', async () => {
    const { services, render } = await setup();
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(within(dialog).getByLabelText('Annotator id'), { target: { value: 'grace' } });
    // Give "Answer yes" the key N, which already answers no.
    const row = dialog.querySelector('tr[data-action="answer:yes"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Add key' }));
    press('n', {}, within(row).getByRole('button', { name: 'Press a key…' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Answer yes and Answer no');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(services.preferences.getState().annotator).toEqual({ id: 'annotator-1', name: 'Annotator 1' });

    fireEvent.click(within(row).getByRole('button', { name: 'Remove N from Answer yes' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Add key' }));
    press('h', {}, within(row).getByRole('button', { name: 'Press a key…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(services.preferences.getState().annotator).toEqual({ id: 'grace', name: 'Grace' });
    expect(services.preferences.getState().keyOverrides).toEqual({ 'answer:yes': ['y', '1', 'h'] });
    expect(screen.queryByRole('dialog')).toBeNull();
    // A new annotator opens the workspace afresh, labelling under the new id.
    await screen.findByText('Grace');
  });
});

describe('blind by construction', () => {
  const judgeNames = [...new Set([...demo.sessions.map((session) => session.judge), ...demo.turns.flatMap((turn) => Object.keys(turn.judgements))])];
  const replies = [...new Set(demo.turns.flatMap((turn) => (turn.judgeReply === undefined ? [] : [turn.judgeReply])))];

  it.each(['lead', 'annotator'] as const)('shows no judge reply or judge model on any unit of any task, in %s mode', { timeout: 30_000 }, async (mode) => {
    expect(judgeNames.length).toBeGreaterThan(0);
    expect(replies.length).toBeGreaterThan(0);
    const db = await freshDatabase([demo]);
    for (const task of ['match', 'answer', 'difficulty'] as const) {
      const view = await renderWorkspace(testServices(db, mode), studyId, task);
      press('g');
      const total = Number(screen.getByTestId('progress').getAttribute('data-total'));
      for (let step = 0; step < total; step++) {
        const html = document.body.innerHTML;
        for (const text of [...judgeNames, ...replies]) expect(html.includes(text), `${task} unit ${currentUnitId()} shows "${text}"`).toBe(false);
        press('j');
      }
      view.unmount();
    }
  });
});
