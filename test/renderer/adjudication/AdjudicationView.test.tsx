// @vitest-environment happy-dom
// The adjudication queue over a mocked report worker (disagreements of the demo study with
// synthetic labels) and a real fake-indexeddb database: lowest agreement first, the unit in
// full, a gold label set with a button or a key and kept with its note, author and basis, the
// open count going down, moving through the queue in the address, and nothing for annotators.

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportTask } from '../../../shared/report/report-model';
import { useStudio } from '../../../renderer/app/services';
import { loadGoldLabels, setGoldLabel } from '../../../renderer/db/gold';
import { AdjudicationView } from '../../../renderer/features/adjudication/AdjudicationView';
import { listDisagreementsInWorker } from '../../../renderer/workers/report-client';
import type { DisagreementQuery } from '../../../renderer/workers/report-protocol';
import { closeDatabases, renderWithServices, sampleDisagreements, studyId, teamSetup } from '../report/report-fixtures';

vi.mock('../../../renderer/workers/report-client', () => ({
  computeReportInWorker: vi.fn(),
  listDisagreementsInWorker: vi.fn(),
  exportDatasetInWorker: vi.fn(),
}));

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(listDisagreementsInWorker).mockImplementation(async (_db, _study, query: DisagreementQuery) => sampleDisagreements(query));
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
  return <AdjudicationView key={`${route.studyId}/${route.task ?? ''}`} studyId={route.studyId} task={route.task} unitId={route.unitId} />;
}

async function renderQueue(route: { task?: ReportTask; unitId?: string } = {}, mode: 'lead' | 'annotator' = 'lead') {
  const setup = await teamSetup(mode);
  setup.services.preferences.getState().setAnnotator({ id: 'lead', name: 'Lena Lead' });
  setup.services.store.getState().navigate({ view: 'adjudicate', studyId, ...route });
  const view = renderWithServices(<RoutedAdjudication />, setup.services);
  return { ...setup, ...view };
}

const openCount = () => screen.getByTestId('adjudication-view').getAttribute('data-open');

describe('the queue', () => {
  it('lists the open disagreements of final answers, lowest agreement first, the first in full', async () => {
    const { db } = await renderQueue();
    const expected = sampleDisagreements({ task: 'match', openOnly: true });
    await waitFor(() => expect(openCount()).toBe(String(expected.length)));
    expect(listDisagreementsInWorker).toHaveBeenCalledWith(db.name, studyId, { task: 'match', openOnly: true });
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

    const saved = await screen.findByTestId('gold-saved');
    expect(saved.getAttribute('data-gold-value')).toBe('matched');
    expect(saved.textContent).toContain('set by Lena Lead');
    expect(saved.textContent).toContain('The answer names the cause.');
    expect(document.querySelector('button[data-gold-value="matched"]')?.getAttribute('aria-pressed')).toBe('true');
    expect(openCount()).toBe(String(expected.length - 1));
    // The decided unit stays in front of the lead until they move on.
    expect(screen.getByTestId('adjudication-unit').getAttribute('data-unit-id')).toBe(first.unitId);

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
    await waitFor(() => expect(screen.getByTestId('gold-saved').getAttribute('data-gold-value')).toBe('unmatched'));
    expect((await loadGoldLabels(db, studyId))[0]).toMatchObject({ unitId: first.unitId, value: 'unmatched', note: '' });

    fireEvent.keyDown(window, { key: 'j' });
    expect(services.store.getState().route).toEqual({ view: 'adjudicate', studyId, task: 'match', unitId: second.unitId });
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

  it('opens the unit in the address even when it has a gold label already', async () => {
    const setupUnit = sampleDisagreements({ task: 'answer' })[3];
    if (!setupUnit) throw new Error('the sample needs answer disagreements');
    const setup = await teamSetup('lead');
    await setGoldLabel(setup.db, { studyId, task: 'answer', unitId: setupUnit.unitId, value: 'no', note: 'checked', by: 'Lena Lead', basis: [] });
    setup.services.store.getState().navigate({ view: 'adjudicate', studyId, task: 'answer', unitId: setupUnit.unitId });
    renderWithServices(<RoutedAdjudication />, setup.services);

    const unit = await screen.findByTestId('adjudication-unit');
    expect(unit.getAttribute('data-unit-id')).toBe(setupUnit.unitId);
    expect(listDisagreementsInWorker).toHaveBeenCalledWith(setup.db.name, studyId, { task: 'answer', openOnly: false });
    expect((await screen.findByTestId('gold-saved')).getAttribute('data-gold-value')).toBe('no');
    expect((screen.getByTestId('gold-note') as HTMLTextAreaElement).value).toBe('checked');
    expect(screen.getByTestId('adjudication-view').getAttribute('data-open')).toBe(String(sampleDisagreements({ task: 'answer' }).length - 1));
  });

  it('shows a failure to list', async () => {
    vi.mocked(listDisagreementsInWorker).mockRejectedValue(new Error('The study is not in the library.'));
    await renderQueue();
    expect((await screen.findByRole('alert')).textContent).toContain('The disagreements could not be listed: The study is not in the library.');
  });
});

describe('lead only', () => {
  it('shows annotators a short note and lists nothing', async () => {
    await renderQueue({}, 'annotator');
    expect((await screen.findByTestId('adjudication-lead-only')).textContent).toContain('only in lead mode');
    expect(screen.queryByTestId('adjudication-view')).toBeNull();
    expect(listDisagreementsInWorker).not.toHaveBeenCalled();
  });
});
