// The window's side of the mapping worker: started on first use.

import * as Comlink from 'comlink';
import type { MappingPreset } from '../../shared/formats/importers/mapping-preset';
import type { RecordsAt } from '../../shared/formats/importers/mapping-records';
import type { SourceFile } from '../../shared/formats/limits';
import type { MappedBundle, MappingCheck, MappingFields } from './mapping-protocol';
import type { MappingWorkerApi } from './mapping.worker';

let worker: Comlink.Remote<MappingWorkerApi> | undefined;

function mappingWorker(): Comlink.Remote<MappingWorkerApi> {
  worker ??= Comlink.wrap<MappingWorkerApi>(new Worker(new URL('./mapping.worker.ts', import.meta.url), { type: 'module', name: 'mapping' }));
  return worker;
}

export function openForMappingInWorker(files: SourceFile[], at: RecordsAt): Promise<MappingFields> {
  return mappingWorker().open(files, at);
}

export function checkMappingInWorker(preset: MappingPreset, rows: number): Promise<MappingCheck> {
  return mappingWorker().check(preset, rows);
}

export function buildMappedBundleInWorker(preset: MappingPreset): Promise<MappedBundle> {
  return mappingWorker().build(preset);
}
