// Worker clients for the component tests: every method a mock, so a test says what the worker
// answers and sees what it was asked, handed in through the services as main.tsx hands in the
// real ones. The workers' own work is tested with the data layer, and end to end in Chromium.

import { vi, type Mocked } from 'vitest';
import type { BackupClient } from '../../../renderer/services/backup-client';
import type { ImportClient } from '../../../renderer/services/import-client';
import type { MappingClient } from '../../../renderer/services/mapping-client';
import type { PlanClient } from '../../../renderer/services/plan-client';
import type { ReportClient } from '../../../renderer/services/report-client';
import type { WorkerClients } from '../../../renderer/services/services';
import type { TeamClient } from '../../../renderer/services/team-client';
import type { JudgeWorkerApi } from '../../../renderer/workers/judge-protocol';
import type { SyncWorkerApi } from '../../../renderer/workers/sync-protocol';

export type FakeWorkers = { [Client in keyof WorkerClients]: Mocked<WorkerClients[Client]> };

/** Mocks that answer undefined until a test tells them otherwise. */
export function fakeWorkers(): FakeWorkers {
  return {
    imports: {
      importFiles: vi.fn<ImportClient['importFiles']>(),
      nameModels: vi.fn<ImportClient['nameModels']>(),
      commitImport: vi.fn<ImportClient['commitImport']>(),
      cancelImport: vi.fn<ImportClient['cancelImport']>(),
      importMapped: vi.fn<ImportClient['importMapped']>(),
    },
    mapping: {
      open: vi.fn<MappingClient['open']>(),
      check: vi.fn<MappingClient['check']>(),
      build: vi.fn<MappingClient['build']>(),
    },
    report: {
      prepare: vi.fn<ReportClient['prepare']>(),
      computeReport: vi.fn<ReportClient['computeReport']>(),
      listDisagreements: vi.fn<ReportClient['listDisagreements']>(),
      exportDataset: vi.fn<ReportClient['exportDataset']>(),
    },
    plan: {
      planStudy: vi.fn<PlanClient['planStudy']>(),
      estimateTruth: vi.fn<PlanClient['estimateTruth']>(),
      chooseExamples: vi.fn<PlanClient['chooseExamples']>(),
    },
    team: {
      writePacks: vi.fn<TeamClient['writePacks']>(),
      importLabelFiles: vi.fn<TeamClient['importLabelFiles']>(),
      loadCoverage: vi.fn<TeamClient['loadCoverage']>(),
      exportLabels: vi.fn<TeamClient['exportLabels']>(),
    },
    backup: {
      snapshot: vi.fn<BackupClient['snapshot']>(),
      snapshotIfChanged: vi.fn<BackupClient['snapshotIfChanged']>(),
      inspect: vi.fn<BackupClient['inspect']>(),
      restore: vi.fn<BackupClient['restore']>(),
    },
    judge: {
      run: vi.fn<JudgeWorkerApi['run']>(),
      pause: vi.fn<JudgeWorkerApi['pause']>(),
      resume: vi.fn<JudgeWorkerApi['resume']>(),
      cancel: vi.fn<JudgeWorkerApi['cancel']>(),
      runSearch: vi.fn<JudgeWorkerApi['runSearch']>(),
      pauseSearch: vi.fn<JudgeWorkerApi['pauseSearch']>(),
      resumeSearch: vi.fn<JudgeWorkerApi['resumeSearch']>(),
      cancelSearch: vi.fn<JudgeWorkerApi['cancelSearch']>(),
    },
    sync: {
      connectLead: vi.fn<SyncWorkerApi['connectLead']>(),
      inviteAnnotators: vi.fn<SyncWorkerApi['inviteAnnotators']>(),
      updatePacks: vi.fn<SyncWorkerApi['updatePacks']>(),
      restoreProtection: vi.fn<SyncWorkerApi['restoreProtection']>(),
      startLeadPull: vi.fn<SyncWorkerApi['startLeadPull']>(),
      joinInvitation: vi.fn<SyncWorkerApi['joinInvitation']>(),
      startAnnotatorSync: vi.fn<SyncWorkerApi['startAnnotatorSync']>(),
      labelsWritten: vi.fn<SyncWorkerApi['labelsWritten']>(),
      retryNow: vi.fn<SyncWorkerApi['retryNow']>(),
      stop: vi.fn<SyncWorkerApi['stop']>(),
      disconnect: vi.fn<SyncWorkerApi['disconnect']>(),
    },
  };
}
