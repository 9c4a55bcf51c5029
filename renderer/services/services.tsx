// The app's long-lived services (database, host platform, UI stores, the workers' clients and
// the label writes on their way to disk), provided once through React context so components
// and tests can supply their own. The bottom of the renderer's layers: features and the app
// shell reach the outside world through these, and nothing here imports a feature.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StudioPlatform } from '../../shared/platform/studio-platform';
import type { StudioDatabase } from '../db/database';
import type { BackupClient } from './backup-client';
import type { ImportClient } from './import-client';
import type { JudgeWorkerApi } from '../workers/judge-protocol';
import type { LabelWrites } from './label-writes';
import type { MappingClient } from './mapping-client';
import type { PlanClient } from './plan-client';
import type { PreferencesState, PreferencesStore } from './preferences-store';
import type { ReportClient } from './report-client';
import type { StudioState, StudioStore } from './studio-store';
import type { SyncStatusStore } from './sync-statuses';
import type { SyncWorkerApi } from '../workers/sync-protocol';
import type { TeamClient } from './team-client';

/** The clients of the workers that do the heavy work off the window's thread. */
export interface WorkerClients {
  imports: ImportClient;
  mapping: MappingClient;
  report: ReportClient;
  plan: PlanClient;
  team: TeamClient;
  backup: BackupClient;
  judge: JudgeWorkerApi;
  sync: SyncWorkerApi;
}

export interface StudioServices {
  db: StudioDatabase;
  platform: StudioPlatform;
  store: StudioStore;
  preferences: PreferencesStore;
  workers: WorkerClients;
  labelWrites: LabelWrites;
  /** What each study's team server sync is doing now (team-sync.ts runs them). */
  syncStatuses: SyncStatusStore;
}

const ServicesContext = createContext<StudioServices | null>(null);

export function ServicesProvider({ services, children }: { services: StudioServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): StudioServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside ServicesProvider');
  return services;
}

export function useStudio<T>(selector: (state: StudioState) => T): T {
  return useStore(useServices().store, selector);
}

export function usePreferences<T>(selector: (state: PreferencesState) => T): T {
  return useStore(useServices().preferences, selector);
}
