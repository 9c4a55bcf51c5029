// @vitest-environment happy-dom
// The annotator's side of a joined study, over a fake sync worker: the push is told about each
// label once it is stored (and not for a study that does not sync); the workspace header and the
// study overview show the sync state in words (synced, n waiting, offline, refused and why), and
// labelling goes on while the server cannot be reached; offline, the next try is counted down and
// Retry now asks the push to try at once.

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncConnection } from '../../../../shared/sync/stored-records';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { StudyOverview } from '../../../../renderer/features/study/StudyOverview';
import type { StudioServices } from '../../../../renderer/services/services';
import { startSync } from '../../../../renderer/services/team-sync';
import type { AnnotatorSyncStatus } from '../../../../renderer/workers/sync-protocol';
import { renderWithServices, workers } from '../mode/mode-fixtures';
import { closeDatabases, currentUnitId, demoStudy, freshDatabase, renderWorkspace, testServices } from '../labelling/workspace-fixtures';

const demo = demoStudy();
const studyId = demo.study.id;

let report: (status: Omit<AnnotatorSyncStatus, 'studyId'>) => void = () => undefined;

beforeEach(() => {
  workers.sync.startAnnotatorSync.mockImplementation((_study, _fetch, onStatus) => {
    report = (status) => act(() => onStatus({ studyId, ...status }));
    return new Promise(() => undefined);
  });
});
afterEach(() => {
  cleanup();
  closeDatabases();
  workers.sync.labelsWritten.mockReset();
});

async function joined(): Promise<{ db: StudioDatabase; services: StudioServices }> {
  const db = await freshDatabase([demo]);
  const connection: SyncConnection = {
    studyId,
    role: 'annotator',
    server: 'https://couch.example.org/',
    user: 'as-demo-ann',
    database: 'as-demo-ann',
    credentialStorage: 'browser',
    connectedAt: '2026-11-24T10:00:00Z',
  };
  await db.syncConnections.put(connection);
  const services = testServices(db);
  startSync(services, studyId, 'annotator');
  return { db, services };
}

function press(key: string) {
  act(() => {
    fireEvent.keyDown(window, { key, bubbles: true, cancelable: true });
  });
}

describe('label writes and the push', () => {
  it('tells the push about each label once it is stored', async () => {
    const { db, services } = await joined();
    const stored: Array<Promise<unknown>> = [];
    workers.sync.labelsWritten.mockImplementation((_study, units) => {
      for (const unit of units) stored.push(db.labels.get([studyId, 'annotator-1', unit.task, unit.unitId]));
    });
    await renderWorkspace(services, studyId, 'answer');
    const first = currentUnitId() ?? '';
    press('y');
    await waitFor(() => expect(workers.sync.labelsWritten).toHaveBeenCalledWith(studyId, [{ task: 'answer', unitId: first }]));
    expect(await Promise.all(stored)).toEqual([expect.objectContaining({ unitId: first, value: 'yes' })]);
  });

  it('tells nothing for a study that does not sync', async () => {
    const db = await freshDatabase([demo]);
    const services = testServices(db);
    await renderWorkspace(services, studyId, 'answer');
    const first = currentUnitId() ?? '';
    press('y');
    await waitFor(async () => expect(await db.labels.get([studyId, 'annotator-1', 'answer', first])).toBeDefined());
    expect(workers.sync.labelsWritten).not.toHaveBeenCalled();
  });
});

describe('the sync state', () => {
  it('shows in the workspace header in words, and labelling goes on offline', async () => {
    const { db, services } = await joined();
    await renderWorkspace(services, studyId, 'answer');
    const status = () => screen.getByTestId('sync-status');
    // The header's sync note comes in once the study's stored connection is read: waited for, not assumed.
    await waitFor(() => expect(status().textContent).toBe('Connecting to the team server…'));
    report({ state: 'synced', waiting: 0 });
    expect(status().textContent).toBe('Synced');
    report({ state: 'waiting', waiting: 12 });
    expect(status().textContent).toBe('12 waiting');
    report({ state: 'offline', waiting: 12, reason: 'couch.example.org could not be reached' });
    expect(status().textContent).toBe('Offline: 12 waiting, sent when the server can be reached');
    expect(screen.getByTestId('next-try').textContent).toBe('Retry now');
    report({ state: 'offline', waiting: 12, reason: 'couch.example.org could not be reached', nextTryAt: new Date(Date.now() + 3_000).toISOString() });
    await waitFor(() => expect(screen.getByTestId('next-try').textContent).toMatch(/^next try in [1-3] s Retry now$/));
    report({ state: 'offline', waiting: 12, reason: 'couch.example.org could not be reached', nextTryAt: new Date(Date.now() - 1).toISOString() });
    await waitFor(() => expect(screen.getByTestId('next-try').textContent).toBe('trying now Retry now'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(workers.sync.retryNow).toHaveBeenCalledWith(studyId);
    const first = currentUnitId() ?? '';
    press('y');
    await waitFor(async () => expect(await db.labels.get([studyId, 'annotator-1', 'answer', first])).toMatchObject({ value: 'yes' }));
    report({ state: 'refused', waiting: 13, reason: 'the server refused the account as-demo-ann: its password changed' });
    expect(status().textContent).toBe('Refused: the server refused the account as-demo-ann: its password changed');
    expect(status().dataset.state).toBe('refused');
    expect(screen.queryByTestId('next-try')).toBeNull();
  });

  it('shows on the study overview, and not for a study without a team server', async () => {
    const { services } = await joined();
    renderWithServices(<StudyOverview studyId={studyId} />, services);
    report({ state: 'waiting', waiting: 3 });
    expect((await screen.findByTestId('sync-status')).textContent).toBe('3 waiting');
    cleanup();
    const plain = testServices(await freshDatabase([demo]));
    renderWithServices(<StudyOverview studyId={studyId} />, plain);
    await screen.findByText(/puzzles ·/);
    expect(screen.queryByTestId('sync-status')).toBeNull();
  });
});
