// The window's side of the mapping worker, started on first use. A service, so tests hand in
// their own.

import type { MappingPreset } from '../../shared/formats/importers/mapping-preset';
import type { RecordsAt } from '../../shared/formats/importers/mapping-records';
import type { SourceFile } from '../../shared/formats/limits';
import type { MappedStudy, MappingCheck, MappingFields } from '../workers/mapping-protocol';
import type { MappingWorkerApi } from '../workers/mapping.worker';
import { lazyWorker } from './lazy-worker';

export interface MappingClient {
  open(files: SourceFile[], at: RecordsAt): Promise<MappingFields>;
  check(preset: MappingPreset, rows: number): Promise<MappingCheck>;
  build(preset: MappingPreset): Promise<MappedStudy>;
}

export function createMappingClient(): MappingClient {
  const remote = lazyWorker<MappingWorkerApi>(
    () => new Worker(new URL('../workers/mapping.worker.ts', import.meta.url), { type: 'module', name: 'mapping' }),
    'the field mapping',
  );
  return {
    open: (files, at) => remote().open(files, at),
    check: (preset, rows) => remote().check(preset, rows),
    build: (preset) => remote().build(preset),
  };
}
