// Helpers for the team page's component tests: the demo study in a fake-indexeddb database (from
// ../mode/mode-fixtures.tsx), a host platform whose file dialogs are test doubles, a pack
// study, coverage figures made by hand, and the worker clients as mocks (`workers`, from
// ../mode/mode-fixtures.tsx; the worker's own work is tested with the data layer).

import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { PackOrigin, StudyData } from '../../../../shared/domain/model';
import type { StudioPlatform } from '../../../../shared/platform/studio-platform';
import { fakeJudgeEndpoints } from '../../../support/fake-judge-endpoints';
import { fakeTeamServers } from '../../../support/fake-team-servers';
import type { StudioMode } from '../../../../renderer/services/preferences-store';
import type { StudioServices } from '../../../../renderer/services/services';
import type { StudioDatabase } from '../../../../renderer/db/database';
import type { StudyCoverage } from '../../../../renderer/workers/team-protocol';
import { closeDatabases, demoStudy, freshDatabase, testServices, workers } from '../mode/mode-fixtures';

export { closeDatabases, renderWithServices, workers } from '../mode/mode-fixtures';

export const demo: StudyData = demoStudy();
export const studyId = demo.study.id;

export const PACK_ORIGIN: PackOrigin = { kind: 'pack', annotator: { id: 'ann-02', name: 'Bea Annotator' }, packs: ['0'.repeat(64)] };

/** A platform whose dialogs and saves are mocks, so a test says what the user chose. */
export function fakePlatform() {
  return {
    openFiles: vi.fn<StudioPlatform['openFiles']>(async () => []),
    saveFile: vi.fn<StudioPlatform['saveFile']>(async (request) => ({ saved: true, name: request.suggestedName })),
    saveFiles: vi.fn<StudioPlatform['saveFiles']>(async (request) => ({ saved: true, count: request.files.length, where: '/home/lead/packs' })),
    appInfo: vi.fn<StudioPlatform['appInfo']>(async () => ({ name: 'Agreement Studio', version: 'test', host: 'browser' })),
    openExternal: vi.fn<StudioPlatform['openExternal']>(async () => {}),
    onImportRequested: vi.fn<StudioPlatform['onImportRequested']>(() => () => {}),
    judgeEndpoints: fakeJudgeEndpoints(),
    teamServers: fakeTeamServers(),
  };
}

export interface TeamTestSetup {
  db: StudioDatabase;
  services: StudioServices;
  platform: ReturnType<typeof fakePlatform>;
}

/** The demo study in a database of its own, and services in the given mode with the fake platform. */
export async function teamSetup(mode: StudioMode = 'lead', options: { pack?: boolean } = {}): Promise<TeamTestSetup> {
  const db = await freshDatabase([demo]);
  if (options.pack) await db.studies.update(studyId, { origin: PACK_ORIGIN });
  const platform = fakePlatform();
  const services = { ...testServices(db, mode), platform };
  return { db, services, platform };
}

/** Coverage with nothing assigned: what the page shows before the lead assigns. */
export const EMPTY_COVERAGE: StudyCoverage = { annotators: [], tasks: [], complete: false };

/** Two annotators, one done and one owing three units, and the answer task's histogram. */
export const SAMPLE_COVERAGE: StudyCoverage = {
  annotators: [
    {
      id: 'ann-01',
      name: 'Ada',
      assigned: 10,
      labelled: 10,
      unsure: 2,
      outsideAssignment: 0,
      lastActivity: '2026-11-22T09:12:03Z',
      assignedByTask: { answer: 8, match: 1, difficulty: 1 },
      labelledByTask: { answer: 8, match: 1, difficulty: 1 },
      missing: { answer: [], match: [], difficulty: [] },
    },
    {
      id: 'ann-02',
      name: 'Bea',
      assigned: 10,
      labelled: 7,
      unsure: 0,
      outsideAssignment: 0,
      lastActivity: null,
      assignedByTask: { answer: 8, match: 1, difficulty: 1 },
      labelledByTask: { answer: 6, match: 1, difficulty: 0 },
      missing: { answer: ['s-1/2', 's-1/3'], match: [], difficulty: ['p-1'] },
    },
  ],
  tasks: [
    { task: 'answer', units: 8, overlap: 2, byLabelCount: [0, 2, 6] },
    { task: 'match', units: 1, overlap: 2, byLabelCount: [0, 0, 1] },
    { task: 'difficulty', units: 1, overlap: 2, byLabelCount: [0, 1, 0] },
  ],
  complete: false,
};

/**
 * happy-dom lays nothing out, so every element is 0 px tall and the virtualised assignment
 * table would show no row. Gives its scroller a window's size; returns the undo for afterEach.
 */
export function layOutAssignmentTable(height = 600, width = 960): () => void {
  const prototype = HTMLElement.prototype;
  const saved = ['clientHeight', 'clientWidth'].map((name) => [name, Object.getOwnPropertyDescriptor(prototype, name)] as const);
  const size = (name: 'clientHeight' | 'clientWidth', value: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('assignment-scroll') ? value : (saved.find(([key]) => key === name)?.[1]?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(prototype, 'clientHeight', size('clientHeight', height));
  Object.defineProperty(prototype, 'clientWidth', size('clientWidth', width));
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(prototype, name, descriptor);
      else delete (prototype as unknown as Record<string, unknown>)[name];
    }
  };
}

/**
 * The hooks of a test file that renders the team page with its assignment table: the table laid
 * out, no saved preferences and empty coverage before each test; everything undone after it.
 */
export function useTeamPageHooks(): void {
  let undoLayout: () => void = () => undefined;
  beforeEach(() => {
    undoLayout = layOutAssignmentTable();
    window.localStorage.clear();
    workers.team.loadCoverage.mockResolvedValue(EMPTY_COVERAGE);
  });
  afterEach(() => {
    cleanup();
    undoLayout();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    closeDatabases();
  });
}
