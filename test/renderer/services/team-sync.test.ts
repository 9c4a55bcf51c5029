// The window's runs of team server syncs over a fake sync worker: every stored connection starts
// its pull (lead) or push (annotator) once, with the host's fetch; statuses reach the store only
// from the running sync (a late status or end of a stopped one changes nothing); a sync that
// ends by itself says why; label writes reach the worker only for a study whose push runs; Retry
// now reaches the running sync of the study, or of every study, as does the computer coming back
// on a network until the app lets go of the event.

import { describe, expect, it, vi } from 'vitest';
import { createBrowserPlatform } from '../../../renderer/platform/browser';
import { createSyncStatusStore } from '../../../renderer/services/sync-statuses';
import { labelsWritten, retrySyncNow, retryWhenOnline, startStoredSyncs, startSync, stopSync } from '../../../renderer/services/team-sync';
import type { StudioDatabase } from '../../../renderer/db/database';
import type { HostFetch, LeadSyncStatus } from '../../../renderer/workers/sync-protocol';
import type { SyncConnection } from '../../../shared/sync/stored-records';
import { fakeJudgeEndpoints } from '../../support/fake-judge-endpoints';
import { fakeTeamServers } from '../../support/fake-team-servers';
import { fakeWorkers } from './fake-workers';

function services(connections: SyncConnection[] = []) {
  const teamServers = fakeTeamServers();
  const platform = createBrowserPlatform(fakeJudgeEndpoints(), teamServers);
  const workers = fakeWorkers();
  // Only the connections are read.
  const db = { syncConnections: { toArray: vi.fn(async () => connections) } } as unknown as StudioDatabase;
  return { platform, workers, syncStatuses: createSyncStatusStore(), db, teamServers };
}

const connection = (studyId: string, role: SyncConnection['role']): SyncConnection => ({
  studyId,
  role,
  server: 'https://couch.example.org/',
  user: role === 'lead' ? 'admin' : 'as-ann',
  credentialStorage: 'system',
  connectedAt: '2026-11-24T10:00:00Z',
});

describe('team server syncs in the window', () => {
  it('starts every stored connection once, in its role, with the host fetch', async () => {
    const s = services([connection('lead-study', 'lead'), connection('joined-study', 'annotator')]);
    s.workers.sync.startLeadPull.mockReturnValue(new Promise(() => undefined));
    s.workers.sync.startAnnotatorSync.mockReturnValue(new Promise(() => undefined));
    await startStoredSyncs(s);
    await startStoredSyncs(s);
    expect(s.workers.sync.startLeadPull).toHaveBeenCalledOnce();
    expect(s.workers.sync.startAnnotatorSync).toHaveBeenCalledOnce();
    expect(s.syncStatuses.getState().running).toEqual({
      'lead-study': { role: 'lead', run: expect.any(Number) },
      'joined-study': { role: 'annotator', run: expect.any(Number) },
    });
    const fetch = s.workers.sync.startLeadPull.mock.calls[0]?.[1] as HostFetch;
    await fetch({ connectionId: 'lead:lead-study', url: 'https://couch.example.org/_session', method: 'GET', headers: [] });
    expect(s.teamServers.fetch).toHaveBeenCalledOnce();
  });

  it('keeps only the running sync’s statuses, and says why a sync ended by itself', async () => {
    const s = services();
    let report: (status: LeadSyncStatus) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    s.workers.sync.startLeadPull.mockImplementation((_study, _fetch, onStatus) => {
      report = onStatus;
      return new Promise((_resolve, reject) => (fail = reject));
    });
    startSync(s, 'study', 'lead');
    const status: LeadSyncStatus = { studyId: 'study', databases: [] };
    report(status);
    expect(s.syncStatuses.getState().lead.study).toBe(status);
    stopSync(s, 'study');
    expect(s.workers.sync.stop).toHaveBeenCalledWith('study');
    report(status);
    expect(s.syncStatuses.getState().lead.study).toBeUndefined();

    startSync(s, 'study', 'lead');
    fail(new Error('the database as-x was deleted on the server'));
    await vi.waitFor(() => expect(s.syncStatuses.getState().ended.study).toBe('the database as-x was deleted on the server'));
    expect(s.syncStatuses.getState().running.study).toBeUndefined();
  });

  it('passes label writes on only for a study whose push runs', () => {
    const s = services();
    s.workers.sync.startAnnotatorSync.mockReturnValue(new Promise(() => undefined));
    s.workers.sync.startLeadPull.mockReturnValue(new Promise(() => undefined));
    const units = [{ task: 'answer' as const, unitId: 's-1/2' }];
    labelsWritten(s, 'joined', units);
    startSync(s, 'lead-study', 'lead');
    labelsWritten(s, 'lead-study', units);
    expect(s.workers.sync.labelsWritten).not.toHaveBeenCalled();
    startSync(s, 'joined', 'annotator');
    labelsWritten(s, 'joined', units);
    expect(s.workers.sync.labelsWritten).toHaveBeenCalledExactlyOnceWith('joined', units);
  });

  it('passes Retry now on to the running sync of the study, or of every study, and to none that is stopped', () => {
    const s = services();
    s.workers.sync.startAnnotatorSync.mockReturnValue(new Promise(() => undefined));
    s.workers.sync.startLeadPull.mockReturnValue(new Promise(() => undefined));
    retrySyncNow(s);
    expect(s.workers.sync.retryNow).not.toHaveBeenCalled();
    startSync(s, 'lead-study', 'lead');
    startSync(s, 'joined', 'annotator');
    retrySyncNow(s, 'joined');
    expect(s.workers.sync.retryNow).toHaveBeenCalledExactlyOnceWith('joined');
    s.workers.sync.retryNow.mockClear();
    stopSync(s, 'joined');
    retrySyncNow(s);
    expect(s.workers.sync.retryNow.mock.calls).toEqual([['lead-study']]);
  });

  it('tries every running sync at once when the computer comes back on a network', () => {
    const s = services();
    s.workers.sync.startLeadPull.mockReturnValue(new Promise(() => undefined));
    startSync(s, 'lead-study', 'lead');
    const window = new EventTarget();
    const release = retryWhenOnline(s, window);
    window.dispatchEvent(new Event('offline'));
    expect(s.workers.sync.retryNow).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(s.workers.sync.retryNow).toHaveBeenCalledExactlyOnceWith('lead-study');
    release();
    window.dispatchEvent(new Event('online'));
    expect(s.workers.sync.retryNow).toHaveBeenCalledOnce();
  });
});
