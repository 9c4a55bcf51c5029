// @vitest-environment happy-dom
// Labels the disk has no room for, in the workspace as the annotator sees it: the workspace's
// alert says which units are not saved and what to do, each unit stays "not saved", the save
// log stays silent, and the alert goes once every unit is saved or its change undone.

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { quotaMiddleware, type QuotaForm } from '../../db/quota-failure';
import { currentUnitId, demoStudy, renderWorkspace, testServices } from './workspace-fixtures';

const demo = demoStudy();
const studyId = demo.study.id;
const FORMS: QuotaForm[] = ['direct', 'inner'];
const opened: StudioDatabase[] = [];

afterEach(() => {
  cleanup();
  for (const db of opened.splice(0)) db.close();
});

function press(key: string) {
  act(() => {
    fireEvent.keyDown(window, { key, bubbles: true, cancelable: true });
  });
}

const saveLogTexts = () => [...screen.getByTestId('save-log').querySelectorAll('span')].map((span) => span.textContent?.trim());
const indicatorState = () => screen.getByTestId('saved-indicator').getAttribute('data-state');
const alertText = () => screen.queryByTestId('save-problem')?.textContent ?? null;

describe.each(FORMS)('a label write on a full disk (QuotaExceededError, %s)', (form) => {
  it('raises an alert with what to do, leaves the unit not saved and the save log silent, and lowers it once saved', async () => {
    let full = false;
    const db = new StudioDatabase(`studio-full-disk-${form}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    opened.push(db);
    db.use(quotaMiddleware((table) => (full && table === 'labels' ? form : undefined)));
    await importStudies(db, [demo]);
    await renderWorkspace(testServices(db), studyId, 'answer');
    const first = currentUnitId() ?? '';

    full = true;
    press('y');
    await waitFor(() => expect(alertText()).not.toBeNull());
    expect(screen.getByTestId('save-problem').getAttribute('role')).toBe('alert');
    expect(alertText()).toMatch(/^Not saved: question 1\. The disk or the browser's storage quota is full, so nothing was saved\./);
    for (const advice of [/Free some disk space/, /delete a study/, /export a backup/, /label it again/]) expect(alertText()).toMatch(advice);
    expect(saveLogTexts()).toEqual([]);

    press('n');
    await waitFor(() => expect(alertText()).toMatch(/^Not saved: question 2 and 1 other unit\./));
    expect(alertText()).toMatch(/label them again/);

    // Undoing the change that failed withdraws it: question 2 shows what is stored (nothing) and leaves the alert.
    press('z');
    await waitFor(() => expect(alertText()).toMatch(/^Not saved: question 1\./));
    expect(indicatorState()).toBe('unsaved');

    press('k');
    expect(currentUnitId()).toBe(first);
    const indicator = screen.getByTestId('saved-indicator');
    expect(indicatorState()).toBe('error');
    expect(indicator.getAttribute('role')).toBe('alert');
    expect(indicator.textContent).toMatch(/^Not saved: The disk/);
    expect(await db.labels.count()).toBe(0);
    expect(saveLogTexts()).toEqual([]);

    full = false;
    press('y');
    await waitFor(() => expect(alertText()).toBeNull());
    press('k');
    expect(indicatorState()).toBe('saved');
    expect(saveLogTexts()).toEqual(['Saved yes on question 1.']);
    expect(await db.labels.get([studyId, 'annotator-1', 'answer', first])).toMatchObject({ value: 'yes', rev: 1 });
  });
});
