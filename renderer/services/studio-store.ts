// UI and session state only (where the user is, what the import is doing). Domain data lives
// in IndexedDB and is read with live queries; it is never mirrored here.

import { createStore } from 'zustand/vanilla';
import type { FormatError } from '../../shared/formats/errors';
import type { ImportPreview } from '../../shared/formats/importers/import-preview';
import type { MissingName } from '../../shared/formats/importers/imported-study';
import type { OpenedFile } from '../../shared/platform/studio-platform';
import type { Invitation } from '../../shared/sync/invitation';
import type { ImportPhaseProgress, ImportedStudySummary } from '../workers/import-protocol';
import type { Route } from './routes';

export type ImportState =
  | { status: 'idle' }
  | { status: 'running'; fileNames: string[]; progress?: ImportPhaseProgress }
  | {
      status: 'failed';
      fileNames: string[];
      errors: FormatError[];
      /** Set when the files are records of a layout the studio does not know, which the lead may map. */ mappable?: OpenedFile[];
    }
  /** A benchmark import the worker holds until the lead agrees to what it will and will not import. */
  /** `mappable`: the files, when they are records read as a puzzle list that left fields unread, which the lead may map instead. */
  | { status: 'preview'; fileNames: string[]; requestId: string; preview: ImportPreview; mappable?: OpenedFile[] }
  /** A benchmark import the worker holds until the lead names the models its files do not. */
  | { status: 'names'; fileNames: string[]; requestId: string; needs: MissingName[]; message: string }
  | { status: 'done'; studies: ImportedStudySummary[] };

export interface StudioState {
  route: Route;
  importState: ImportState;
  /** The invitation file opened in the library, shown by the invitation page until joined; held in memory only, as it holds a password. */
  invitation?: Invitation;
  navigate(route: Route): void;
  setImportState(state: ImportState): void;
  setInvitation(invitation: Invitation | undefined): void;
}

export function createStudioStore(initialRoute: Route) {
  return createStore<StudioState>()((set) => ({
    route: initialRoute,
    importState: { status: 'idle' },
    navigate: (route) => set({ route }),
    setImportState: (importState) => set({ importState }),
    setInvitation: (invitation) => set({ invitation }),
  }));
}

export type StudioStore = ReturnType<typeof createStudioStore>;
