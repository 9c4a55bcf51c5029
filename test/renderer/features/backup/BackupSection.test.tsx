// @vitest-environment happy-dom
// The library's restore from a backup file, over a mocked backup worker: a backup with top-level
// members this version does not read names each of them in words, in the question before the
// restore and in the notice after it; a backup without any says nothing of it (issue 26 point 7).

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupSection } from '../../../../renderer/features/backup';
import type { BackupSummary } from '../../../../renderer/workers/backup-protocol';
import { closeDatabases, renderWithServices, teamSetup, workers } from '../team/team-fixtures';

const SUMMARY: BackupSummary = {
  studyId: 'demo-study',
  studyName: 'Demo study',
  createdAt: '2026-11-22T09:12:03Z',
  app: 'agreement-studio 9.9.9',
  counts: { puzzles: 2, sessions: 3, turns: 12, annotators: 2, labels: 20, gold: 1 },
};
const NOT_READ = [{ file: 'demo.backup.json', path: 'comment', message: 'a member a backup does not have (it has format, …); not read' }];
const LINE = 'demo.backup.json: not read: the member "comment" (this version of the studio does not know it)';

let confirm: ReturnType<typeof vi.fn<(message?: string) => boolean>>;

beforeEach(() => {
  window.localStorage.clear();
  confirm = vi.fn<(message?: string) => boolean>(() => true);
  window.confirm = confirm;
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function restoreWith(summary: BackupSummary) {
  vi.mocked(workers.backup.inspect).mockResolvedValue({ ok: true, summary });
  vi.mocked(workers.backup.restore).mockResolvedValue({ ok: true, summary });
  const setup = await teamSetup('lead');
  setup.platform.openFiles.mockResolvedValue([{ name: 'demo.backup.json', size: 2, text: '{}' }]);
  renderWithServices(<BackupSection />, setup.services);
  fireEvent.click(screen.getByTestId('restore-backup'));
  // Each state is a notice of its own: wait for the one that says it is done.
  await vi.waitFor(() => expect(screen.getByTestId('restore-status').getAttribute('data-state')).toBe('done'));
  return screen.getByTestId('restore-status');
}

describe('restoring a backup', () => {
  it('names each member of the file it does not read, before and after the restore', async () => {
    const status = await restoreWith({ ...SUMMARY, notRead: NOT_READ });
    expect(confirm.mock.calls[0]?.[0]).toContain(LINE);
    expect(status.textContent).toContain('Restored "Demo study"');
    expect([...within(status).getByTestId('restore-not-read').querySelectorAll('li')].map((item) => item.textContent)).toEqual([LINE]);
  });

  it('says nothing of unread members when the file has none', async () => {
    const status = await restoreWith(SUMMARY);
    expect(confirm.mock.calls[0]?.[0]).not.toContain('not read');
    expect(within(status).queryByTestId('restore-not-read')).toBeNull();
  });
});
