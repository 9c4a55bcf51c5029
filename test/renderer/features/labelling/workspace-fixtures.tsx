// Helpers for the workspace's component tests under happy-dom: a fake-indexeddb database per
// test holding the demo study, services as main.tsx makes them, and the workspace rendered
// and loaded. (../../db/db-fixtures.ts resolves the demo's file URL, which happy-dom's URL breaks.)

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { StudyData, Task } from '../../../../shared/domain/model';
import { parseTranscriptBundle } from '../../../../shared/formats/transcript-bundle';
import { createPreferencesStore, type StudioMode } from '../../../../renderer/app/preferences-store';
import { ServicesProvider, type StudioServices } from '../../../../renderer/app/services';
import { createStudioStore } from '../../../../renderer/app/studio-store';
import { StudioDatabase } from '../../../../renderer/db/database';
import { importStudies } from '../../../../renderer/db/import-study';
import { LabellingWorkspace } from '../../../../renderer/features/labelling/LabellingWorkspace';
import { createBrowserPlatform } from '../../../../renderer/platform/browser';

// Live queries run only if Dexie saw a global indexedDB when it loaded; Node has none.
Dexie.dependencies.indexedDB = new IDBFactory();
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

const DEMO_PATH = resolve(fileURLToPath(import.meta.url), '../../../../../assets/demo-study.json');

export function demoStudy(): StudyData {
  const result = parseTranscriptBundle({ name: 'demo-study.json', text: readFileSync(DEMO_PATH, 'utf8') });
  if (!result.ok) throw new Error('assets/demo-study.json does not parse');
  return result.value;
}

let counter = 0;
const opened: StudioDatabase[] = [];

export async function freshDatabase(studies: readonly StudyData[]): Promise<StudioDatabase> {
  counter += 1;
  const db = new StudioDatabase(`studio-labelling-test-${counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  await importStudies(db, studies);
  return db;
}

export function closeDatabases(): void {
  for (const db of opened.splice(0)) db.close();
}

export function testServices(db: StudioDatabase, mode: StudioMode = 'annotator'): StudioServices {
  window.localStorage.clear();
  const preferences = createPreferencesStore(window.localStorage);
  preferences.getState().setMode(mode);
  return { db, platform: createBrowserPlatform(), store: createStudioStore({ view: 'library' }), preferences };
}

/** Renders the workspace of a task and waits until its units and labels are loaded. */
export async function renderWorkspace(services: StudioServices, studyId: string, task: Task) {
  const view = render(
    <ServicesProvider services={services}>
      <LabellingWorkspace studyId={studyId} task={task} />
    </ServicesProvider>,
  );
  await screen.findByTestId('current-unit', {}, { timeout: 5_000 });
  return view;
}

export function currentUnitId(): string | null {
  return screen.getByTestId('current-unit').getAttribute('data-unit-id');
}
