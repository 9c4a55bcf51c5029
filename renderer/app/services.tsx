// The app's long-lived services (database, host platform, UI store), provided once through
// React context so components and tests can supply their own.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StudioPlatform } from '../../shared/platform/studio-platform';
import type { StudioDatabase } from '../db/database';
import type { PreferencesState, PreferencesStore } from './preferences-store';
import type { StudioState, StudioStore } from './studio-store';

export interface StudioServices {
  db: StudioDatabase;
  platform: StudioPlatform;
  store: StudioStore;
  preferences: PreferencesStore;
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
