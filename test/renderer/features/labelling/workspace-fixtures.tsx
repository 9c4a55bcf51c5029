// Helpers for the workspace's component tests under happy-dom: a fake-indexeddb database per
// test holding the demo study and services as main.tsx makes them (both from
// ../mode/mode-fixtures.tsx), and the workspace rendered and loaded.

import { render, screen } from '@testing-library/react';
import type { Task } from '../../../../shared/domain/model';
import type { StudioDatabase } from '../../../../renderer/db/database';
import { LabellingWorkspace } from '../../../../renderer/features/labelling/LabellingWorkspace';
import type { StudioMode } from '../../../../renderer/services/preferences-store';
import { ServicesProvider, type StudioServices } from '../../../../renderer/services/services';
import { testServices as modeTestServices } from '../mode/mode-fixtures';

export { closeDatabases, demoStudy, freshDatabase } from '../mode/mode-fixtures';

/** Services in the given mode, with no preferences saved before. */
export function testServices(db: StudioDatabase, mode: StudioMode = 'annotator'): StudioServices {
  window.localStorage.clear();
  return modeTestServices(db, mode);
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
