// Small per-computer preferences: lead or annotator mode, who is labelling here, remapped
// keys, and the lead's field-mapping presets (settings, like the keys). Persisted in localStorage through zustand's persist middleware; labels never live here
// (they are domain data, in IndexedDB).

import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MappingPreset } from '../../shared/formats/importers/mapping-preset';

/** `annotator` hides every judge label, judge reply and agreement figure (SPEC §5). */
export type StudioMode = 'lead' | 'annotator';

export interface AnnotatorProfile {
  id: string;
  name: string;
}

/** Action name (e.g. `answer:yes`, `next`, `undo`) -> keys that trigger it, overriding the defaults. */
export type KeyOverrides = Record<string, string[]>;

export interface PreferencesState {
  mode: StudioMode;
  annotator: AnnotatorProfile;
  keyOverrides: KeyOverrides;
  /** Field-mapping presets saved by name, for the next file of the same layout. */
  mappingPresets: MappingPreset[];
  setMode(mode: StudioMode): void;
  setAnnotator(annotator: AnnotatorProfile): void;
  setKeyOverrides(keyOverrides: KeyOverrides): void;
  /** Saves a preset, replacing the one of the same name. */
  saveMappingPreset(preset: MappingPreset): void;
}

export const PREFERENCES_STORAGE_KEY = 'agreement-studio.preferences';

export const DEFAULT_ANNOTATOR: AnnotatorProfile = { id: 'annotator-1', name: 'Annotator 1' };

export function createPreferencesStore(storage: Storage | undefined = globalThis.localStorage) {
  return createStore<PreferencesState>()(
    persist(
      (set) => ({
        mode: 'lead',
        annotator: DEFAULT_ANNOTATOR,
        keyOverrides: {},
        mappingPresets: [],
        setMode: (mode) => set({ mode }),
        setAnnotator: (annotator) => set({ annotator }),
        setKeyOverrides: (keyOverrides) => set({ keyOverrides }),
        saveMappingPreset: (preset) =>
          set(({ mappingPresets }) => ({ mappingPresets: [...mappingPresets.filter((saved) => saved.name !== preset.name), preset] })),
      }),
      {
        name: PREFERENCES_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => storage ?? memoryStorage()),
        partialize: ({ mode, annotator, keyOverrides, mappingPresets }) => ({ mode, annotator, keyOverrides, mappingPresets }),
      },
    ),
  );
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}
