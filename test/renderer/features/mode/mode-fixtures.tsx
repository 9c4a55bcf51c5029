// Helpers for the mode tests, which render views under happy-dom: a fake-indexeddb database per
// test holding the given studies (as ../db/db-fixtures.ts makes them, with Dexie's live queries
// switched on below), the parsed demo study, and views rendered with services
// whose worker clients are this test file's mocks (`workers`) and whose host answers for team
// servers without a network (../../../support/fake-team-servers.ts).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { ReactElement } from 'react';
import type { StudyData } from '../../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { LabelWrites } from '../../../../renderer/services/label-writes';
import { createPreferencesStore, type StudioMode } from '../../../../renderer/services/preferences-store';
import { ServicesProvider, type StudioServices } from '../../../../renderer/services/services';
import { createStudioStore } from '../../../../renderer/services/studio-store';
import { createSyncStatusStore } from '../../../../renderer/services/sync-statuses';
import { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { fakeJudgeEndpoints } from '../../../support/fake-judge-endpoints';
import { fakeTeamServers } from '../../../support/fake-team-servers';
import { createBrowserPlatform } from '../../../../renderer/platform/browser';
import { fakeWorkers } from '../../services/fake-workers';

// Dexie's live queries (useLiveQuery) never run unless Dexie saw a global indexedDB when it
// loaded, and Node has none. Each test database still gets an IDBFactory of its own.
Dexie.dependencies.indexedDB = new IDBFactory();
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

const DEMO_PATH = resolve(fileURLToPath(import.meta.url), '../../../../../assets/demo-study.json');

let counter = 0;
const opened: StudioDatabase[] = [];

/** The shipped demo study, parsed as the app parses it. */
export function demoStudy(): StudyData {
  const result = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(DEMO_PATH, 'utf8') });
  if (!result.ok) throw new Error('assets/demo-study.json does not parse');
  return result.value;
}

/** A database of its own (own name, own IDBFactory), optionally holding the given studies. */
export async function freshDatabase(studies: readonly StudyData[] = []): Promise<StudioDatabase> {
  counter += 1;
  const db = new StudioDatabase(`studio-mode-test-${counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  await importStudies(db, studies);
  return db;
}

/** Closes every database opened since the last call; for afterEach. */
export function closeDatabases(): void {
  for (const db of opened.splice(0)) db.close();
}

/** The worker clients of every service this test file makes: a test sets what they answer. */
export const workers = fakeWorkers();

/** Services as main.tsx makes them, but for the workers; the preferences persist to happy-dom's localStorage. */
export function testServices(db: StudioDatabase, mode: StudioMode): StudioServices {
  const preferences = createPreferencesStore(window.localStorage);
  preferences.getState().setMode(mode);
  return {
    db,
    platform: createBrowserPlatform(fakeJudgeEndpoints(), fakeTeamServers()),
    store: createStudioStore({ view: 'library' }),
    preferences,
    workers,
    labelWrites: new LabelWrites(),
    syncStatuses: createSyncStatusStore(),
  };
}

export function renderWithServices(ui: ReactElement, services: StudioServices) {
  return render(<ServicesProvider services={services}>{ui}</ServicesProvider>);
}
