// @vitest-environment happy-dom
// The adjudication queue over a mocked report worker (disagreements of the demo study with
// synthetic labels) and a real fake-indexeddb database: lowest agreement first, the unit in
// full, a gold label set with a button or a key and kept with its note, author and basis, then
// the next unit, as in labelling; the question before a replacement (Enter replaces, Esc
// keeps), undo, the unit's gold history, remapped keys, the open count going down, moving
// through the queue in the address, a gold set marked with the keys where a person gave a set,
// and nothing for annotators.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportTask } from '../../../../shared/report/model/report-model';
import { useStudio } from '../../../../renderer/services/services';
import { loadGoldLabels, setGoldLabel } from '../../../../renderer/db/gold';
import { AdjudicationView } from '../../../../renderer/features/adjudication/AdjudicationView';
import type { DisagreementQuery } from '../../../../renderer/workers/report-protocol';
import { closeDatabases, renderWithServices, sampleDisagreements, studyId, teamSetup, workers } from '../report/report-fixtures';

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(workers.report.listDisagreements).mockImplementation(async (_db, _study, query: DisagreementQuery) => sampleDisagreements(query));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

/** The view as App.tsx mounts it: one per study and task, the unit from the address. */
function RoutedAdjudication() {
  const route = useStudio((state) => state.route);
  if (route.view !== 'adjudicate') return null;
  return <AdjudicationView key={route.studyId} studyId={route.studyId} task={route.task} unitId={route.unitId} />;
}

async function renderQueue(route: { task?: ReportTask; unitId?: string } = {}, mode: 'lead' | 'annotator' = 'lead') {
  const setup = await teamSetup(mode);
  setup.services.preferences.getState().setAnnotator({ id: 'lead', name: 'Lena Lead' });
  setup.services.store.getState().navigate({ view: 'adjudicate', studyId, ...route });
  const view = renderWithServices(<RoutedAdjudication />, setup.services);
  return { ...setup, ...view };
}

const openCount = () => screen.getByTestId('adjudication-view').getAttribute('data-open');

describe('a gold set', () => {
  it("shows a person's set, and where there is one marks a gold set with the keys and saves it with Enter", async () => {
    const [first, second] = sampleDisagreements({ task: 'answer', openOnly: true });
    if (!first || !second) throw new Error('the sample needs two answer disagreements');
    const { db, services } = await renderQueue({ task: 'answer' });
    await db.annotators.put({ studyId, id: 'ann-4', name: 'Dee' });
    const at = '2026-11-24T10:00:00.000Z';
    await db.labels.put({
      studyId,
      annotatorId: 'ann-4',
      task: 'answer',
      unitId: first.unitId,
      value: 'no',
      acceptable: ['no', 'irrelevant'],
      at,
      rev: 1,
      unsure: false,
      note: '',
    });
    await waitFor(() => expect(document.querySelector('tr[data-rater="human:ann-4"]')?.getAttribute('data-acceptable')).toBe('no irrelevant'));
    expect(document.querySelector('tr[data-rater="human:ann-4"]')?.textContent).toBe('human:ann-4no + irrelevant');
    expect(screen.getByTestId('gold-marks-hint')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'i' });
    fireEvent.keyDown(window, { key: 'y' });
    await waitFor(() => expect(document.querySelector('button[data-gold-value="yes"]')?.getAttribute('aria-pressed')).toBe('true'));
    expect(document.querySelector('button[data-gold-value="irrelevant"]')?.getAttribute('data-first')).toBe('true');
    expect(await loadGoldLabels(db, studyId)).toEqual([]);
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(services.store.getState().route).toEqual({ view: 'adjudicate', studyId, task: 'answer', unitId: second.unitId }));
    expect(await loadGoldLabels(db, studyId)).toMatchObject([{ unitId: first.unitId, value: 'irrelevant', acceptable: ['irrelevant', 'yes'] }]);

    // The next unit has no set and the study no setting: one key sets the gold value at once.
    const third = sampleDisagreements({ task: 'answer', openOnly: true })[2];
    await waitFor(() => expect(screen.queryByTestId('gold-marks-hint')).toBeNull());
    fireEvent.keyDown(window, { key: 'n' });
    await waitFor(() => expect(services.store.getState().route).toMatchObject({ unitId: third?.unitId }));
    expect((await loadGoldLabels(db, studyId)).find((gold) => gold.unitId === second.unitId)).toMatchObject({ value: 'no' });
  });
});

describe('the queue', () => {
  it('lists the open disagreements of final answers, lowest agreement first, the first in full', async () => {
    const { db } = await renderQueue();
    const expected = sampleDisagreements({ task: 'match', openOnly: true });
    await waitFor(() => expect(openCount()).toBe(String(expected.length)));
    expect(workers.report.listDisagreements).toHaveBeenCalledWith(db.name, studyId, { task: 'match', openOnly: true });
    expect(screen.getByTestId('open-count').textContent).toBe(`${expected.length} open disagreements`);
    const agreements = expected.map((unit) => unit.agreement);
    expect(agreements).toEqual([...agreements].sort((x, y) => x - y));

    const first = expected[0];
    if (!first) throw new Error('the sample has no match disagreement');
    const unit = await screen.findByTestId('adjudication-unit');
    expect(unit.getAttribute('data-unit-id')).toBe(first.unitId);
    expect(unit.textContent).toContain(first.text);
    for (const label of first.labels) expect(unit.querySelector(`tr[data-rater="${label.rater}"]`)?.textContent).toBe(`${label.rater}${label.value}`);
    expect((await within(unit).findByTestId('story')).textContent).not.toBe('');
    expect([...unit.querySelectorAll('button[data-gold-value]')].map((button) => button.getAttribute('data-gold-value'))).toEqual(['matched', 'unmatched']);
    expect(screen.queryByTestId('gold-saved')).toBeNull();
  });

  it('sets a gold label with its note, who set it and the labels it was set on', async () => {
    const { db } = await renderQueue();
    const expected = sampleDisagreements({ task: 'match', openOnly: true });
    const first = expected[0];
    if (!first) throw new Error('the sample has no match disagreement');
    await waitFor(() => expect(openCount()).toBe(String(expected.length)));

    fireEvent.change(await screen.findByTestId('gold-note'), { target: { value: 'The answer names the cause.' } });
    fireEvent.click(document.querySelector('button[data-gold-value="matched"]') as HTMLElement);
    // Set, then the next unit, as labelling does; back to the decided one to see it.
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(expected[1]?.unitId));
    fireEvent.click(document.querySelector(`button[data-queue-unit="${first.unitId}"]`) as HTMLElement);

    const saved = await screen.findByTestId('gold-saved');
    expect(saved.getAttribute('data-gold-value')).toBe('matched');
    expect(saved.textContent).toContain('set by Lena Lead');
    expect(saved.textContent).toContain('The answer names the cause.');
    expect(document.querySelector('button[data-gold-value="matched"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(openCount()).toBe(String(expected.length - 1));

    const [gold] = await loadGoldLabels(db, studyId);
    expect(gold).toMatchObject({ studyId, task: 'match', unitId: first.unitId, value: 'matched', note: 'The answer names the cause.', by: 'Lena Lead' });
    expect(gold?.basis).toEqual(first.labels.map((label) => `${label.rater}=${label.value}`));

    fireEvent.click(within(saved).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('gold-saved')).toBeNull());
    expect(await loadGoldLabels(db, studyId)).toEqual([]);
    expect(openCount()).toBe(String(expected.length));
  });

  it('works from the keyboard with the labelling keys, and keeps the unit in the address', async () => {
    const { db, services } = await renderQueue({ task: 'match' });
    const expected = sampleDisagreements({ task: 'match', openOnly: true });
    const [first, second] = expected;
    if (!first || !second) throw new Error('the sample needs two match disagreements');
    await screen.findByTestId('adjudication-unit');

    fireEvent.keyDown(window, { key: 'x' });
    // Set, then the next unit.
    await waitFor(() => expect(services.store.getState().route).toEqual({ view: 'adjudicate', studyId, task: 'match', unitId: second.unitId }));
    expect((await loadGoldLabels(db, studyId))[0]).toMatchObject({ unitId: first.unitId, value: 'unmatched', note: '' });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(second.unitId));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(first.unitId));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(second.unitId));
    expect((screen.getByTestId('gold-note') as HTMLTextAreaElement).value).toBe('');

    // Keys typed into the note are the note's.
    const note = screen.getByTestId('gold-note');
    fireEvent.keyDown(window, { key: 'e' });
    expect(document.activeElement).toBe(note);
    fireEvent.keyDown(note, { key: 'm' });
    expect(await loadGoldLabels(db, studyId)).toHaveLength(1);

    fireEvent.keyDown(window, { key: 'k' });
    expect(services.store.getState().route).toMatchObject({ unitId: first.unitId });
  });

  it('asks before replacing gold: Esc keeps it, Enter replaces it, Z puts it back, and the history lists each change', async () => {
    const { db, services } = await renderQueue({ task: 'match' });
    const [first, second] = sampleDisagreements({ task: 'match', openOnly: true });
    if (!first || !second) throw new Error('the sample needs two match disagreements');
    const unitShown = () => screen.getByTestId('adjudication-unit').getAttribute('data-unit-id');
    const storedValue = async () => (await loadGoldLabels(db, studyId)).find((gold) => gold.unitId === first.unitId)?.value;
    await screen.findByTestId('adjudication-unit');

    fireEvent.change(screen.getByTestId('gold-note'), { target: { value: 'It names the cause.' } });
    fireEvent.keyDown(window, { key: 'm' });
    await waitFor(() => expect(unitShown()).toBe(second.unitId));
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(unitShown()).toBe(first.unitId));
    // The stored note is in the editor once the unit's gold is read (later on a busy machine).
    await waitFor(() => expect((screen.getByTestId('gold-note') as HTMLTextAreaElement).value).toBe('It names the cause.'));

    // X on a unit with gold matched: a question, nothing written, the unit stays.
    fireEvent.keyDown(window, { key: 'x' });
    const question = await screen.findByTestId('gold-replace');
    expect(question.textContent).toContain('Replace gold matched with unmatched? Enter to replace, Esc to keep.');
    // The note still argues for matched, and the question says so.
    expect(question.textContent).toContain(
      'The note “It names the cause.” was written for matched and would go with unmatched. To rewrite it first, keep and press E.',
    );
    expect(document.activeElement?.textContent).toContain('Replace with unmatched');
    fireEvent.keyDown(window, { key: 'j' });
    expect(unitShown()).toBe(first.unitId);
    expect(await storedValue()).toBe('matched');

    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('gold-replace')).toBeNull());
    expect(screen.getByTestId('adjudication-notice').textContent).toBe('Kept the gold label matched.');
    expect(await storedValue()).toBe('matched');
    expect(unitShown()).toBe(first.unitId);

    fireEvent.change(screen.getByTestId('gold-note'), { target: { value: 'Too vague on reflection.' } });
    fireEvent.keyDown(window, { key: 'x' });
    await screen.findByTestId('gold-replace');
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(unitShown()).toBe(second.unitId));
    expect(await storedValue()).toBe('unmatched');

    // Z: the replacement undone, matched back with its note, and that unit in front again.
    fireEvent.keyDown(window, { key: 'z' });
    await waitFor(() => expect(services.store.getState().route).toMatchObject({ unitId: first.unitId }));
    await waitFor(() => expect(screen.getByTestId('gold-saved').getAttribute('data-gold-value')).toBe('matched'));
    expect((await loadGoldLabels(db, studyId))[0]).toMatchObject({ value: 'matched', note: 'It names the cause.', by: 'Lena Lead' });

    const history = await screen.findByTestId('gold-history');
    await waitFor(() => expect(history.querySelectorAll('tr[data-history-kind]')).toHaveLength(3));
    const rows = [...history.querySelectorAll('tr[data-history-kind]')].map((row) => [
      row.getAttribute('data-history-kind'),
      ...[...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
    ]);
    expect(rows).toEqual([
      ['set', 'Lena Lead', 'set', 'matched', 'It names the cause.'],
      ['set', 'Lena Lead', 'replaced matched', 'unmatched', 'Too vague on reflection.'],
      ['undo', 'Lena Lead', 'undo of unmatched', 'matched', 'It names the cause.'],
    ]);
  });

  it('Enter on the question’s Keep button keeps, and the question’s buttons work with the mouse', async () => {
    const { db } = await renderQueue({ task: 'match' });
    const [first] = sampleDisagreements({ task: 'match', openOnly: true });
    if (!first) throw new Error('the sample needs a match disagreement');
    await setGoldLabel(db, { studyId, task: 'match', unitId: first.unitId, value: 'matched', note: '', by: 'Lena Lead', basis: [] });
    await screen.findByTestId('adjudication-unit');
    await waitFor(() => expect(screen.getByTestId('gold-saved').getAttribute('data-gold-value')).toBe('matched'));

    fireEvent.click(document.querySelector('button[data-gold-value="unmatched"]') as HTMLElement);
    const keep = within(await screen.findByTestId('gold-replace')).getByRole('button', { name: /Keep matched/ });
    keep.focus();
    // The button's own activation answers; the page does not read Enter as "replace".
    fireEvent.keyDown(keep, { key: 'Enter' });
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByTestId('gold-replace')).toBeNull());
    expect((await loadGoldLabels(db, studyId))[0]?.value).toBe('matched');

    fireEvent.click(document.querySelector('button[data-gold-value="unmatched"]') as HTMLElement);
    fireEvent.click(within(await screen.findByTestId('gold-replace')).getByRole('button', { name: /Replace with unmatched/ }));
    await waitFor(async () => expect((await loadGoldLabels(db, studyId))[0]?.value).toBe('unmatched'));
  });

  it('keeps the sitting when the address gains the task at the first move, so Z still undoes', async () => {
    const { db, services } = await renderQueue();
    const [first, second] = sampleDisagreements({ task: 'match', openOnly: true });
    if (!first || !second) throw new Error('the sample needs two match disagreements');
    await screen.findByTestId('adjudication-unit');
    fireEvent.keyDown(window, { key: 'm' });
    await waitFor(() => expect(services.store.getState().route).toEqual({ view: 'adjudicate', studyId, task: 'match', unitId: second.unitId }));
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(second.unitId));
    fireEvent.keyDown(window, { key: 'z' });
    await waitFor(async () => expect(await loadGoldLabels(db, studyId)).toEqual([]));
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(first.unitId));
    // The open-only list the page started with is still the one shown.
    expect((screen.getByTestId('open-only') as HTMLInputElement).checked).toBe(true);
  });

  it('takes the keys as remapped for labelling', async () => {
    const setup = await teamSetup('lead');
    setup.services.preferences.getState().setAnnotator({ id: 'lead', name: 'Lena Lead' });
    setup.services.preferences.getState().setKeyOverrides({ 'match:matched': ['q'], undo: ['b'] });
    setup.services.store.getState().navigate({ view: 'adjudicate', studyId, task: 'match' });
    renderWithServices(<RoutedAdjudication />, setup.services);
    const [first, second] = sampleDisagreements({ task: 'match', openOnly: true });
    if (!first || !second) throw new Error('the sample needs two match disagreements');
    await screen.findByTestId('adjudication-unit');
    expect(screen.getByTestId('adjudication-keys').textContent).toContain('B undoes the last gold change');

    fireEvent.keyDown(window, { key: 'm' });
    fireEvent.keyDown(window, { key: 'q' });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(second.unitId));
    expect(await loadGoldLabels(setup.db, studyId)).toMatchObject([{ unitId: first.unitId, value: 'matched' }]);
    fireEvent.keyDown(window, { key: 'z' });
    fireEvent.keyDown(window, { key: 'b' });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(first.unitId));
    await waitFor(async () => expect(await loadGoldLabels(setup.db, studyId)).toEqual([]));
  });

  it('says so when the last unit of the list is decided', async () => {
    const queue = sampleDisagreements({ task: 'match', openOnly: false }).sort((x, y) => x.agreement - y.agreement);
    const last = queue.at(-1);
    if (!last) throw new Error('the sample needs a match disagreement');
    const { db } = await renderQueue({ task: 'match', unitId: last.unitId });
    await waitFor(() => expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(last.unitId));
    fireEvent.keyDown(window, { key: 'm' });
    expect((await screen.findByTestId('adjudication-notice')).textContent).toBe('That was the last disagreement in this list.');
    expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(last.unitId);
    expect(await loadGoldLabels(db, studyId)).toMatchObject([{ unitId: last.unitId, value: 'matched' }]);
  });

  it('opens the unit in the address even when it has a gold label already', async () => {
    const setupUnit = sampleDisagreements({ task: 'answer' })[3];
    if (!setupUnit) throw new Error('the sample needs answer disagreements');
    const setup = await teamSetup('lead');
    await setGoldLabel(setup.db, { studyId, task: 'answer', unitId: setupUnit.unitId, value: 'no', note: 'checked', by: 'Lena Lead', basis: [] });
    setup.services.store.getState().navigate({ view: 'adjudicate', studyId, task: 'answer', unitId: setupUnit.unitId });
    renderWithServices(<RoutedAdjudication />, setup.services);

    const unit = await screen.findByTestId('adjudication-unit');
    expect(unit.getAttribute('data-unit-id')).toBe(setupUnit.unitId);
    expect(workers.report.listDisagreements).toHaveBeenCalledWith(setup.db.name, studyId, { task: 'answer', openOnly: false });
    expect((await screen.findByTestId('gold-saved')).getAttribute('data-gold-value')).toBe('no');
    expect((screen.getByTestId('gold-note') as HTMLTextAreaElement).value).toBe('checked');
    expect(screen.getByTestId('adjudication-view').getAttribute('data-open')).toBe(String(sampleDisagreements({ task: 'answer' }).length - 1));
  });

  it('shows a failure to list', async () => {
    vi.mocked(workers.report.listDisagreements).mockRejectedValue(new Error('The study is not in the library.'));
    await renderQueue();
    expect((await screen.findByRole('alert')).textContent).toContain('The disagreements could not be listed: The study is not in the library.');
  });
});

describe('lead only', () => {
  it('shows annotators a short note and lists nothing', async () => {
    await renderQueue({}, 'annotator');
    expect((await screen.findByTestId('adjudication-lead-only')).textContent).toContain('only in lead mode');
    expect(screen.queryByTestId('adjudication-view')).toBeNull();
    expect(workers.report.listDisagreements).not.toHaveBeenCalled();
  });
});
