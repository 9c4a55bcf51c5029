// Chromium side of the benchmark-import bench: each input imported the app's way (the benchmark's
// own files read by its importer, then stored with the human raters' labels, as the import worker
// does) and from the same records in our own formats (bundle and label files), into fresh
// databases, alternating which goes first. Parse to stored, both ways.

import { importBenchmarkFiles } from '../../shared/formats/importers/benchmark-import';
import { importedStudyData, raterLabelFiles } from '../../shared/formats/importers/stored-study';
import { parseLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { StudioDatabase } from '../../renderer/db/database';
import { storeImportedStudy } from '../../renderer/db/store-imported-study';
import type { BenchmarkInput } from './benchmark-inputs';

export interface BenchmarkImportResult {
  what: string;
  bytes: number;
  records: number;
  benchmarkMs: number[];
  ownMs: number[];
}

const NOW = '2026-11-24T00:00:00.000Z';
const NAMES = { player: 'bench-player', judge: 'bench-judge' };

async function fresh(name: string): Promise<StudioDatabase> {
  await StudioDatabase.delete(name);
  const db = new StudioDatabase(name);
  await db.open();
  return db;
}

async function fromBenchmarkFiles(input: BenchmarkInput, db: StudioDatabase): Promise<number> {
  const start = performance.now();
  const names = input.what.startsWith('SPLAT') ? NAMES : {};
  const result = await importBenchmarkFiles(input.files, names);
  if (result === undefined || !result.ok) throw new Error(`${input.what} does not import`);
  const data = importedStudyData(result.value, input.files.map((file) => file.name), NOW);
  if (!data.ok) throw new Error(`${input.what} does not read back`);
  await storeImportedStudy(db, data.value, raterLabelFiles(data.value.study.id, result.value.raters, NOW, 'bench'), NOW);
  return performance.now() - start;
}

async function fromOwnFormats(input: BenchmarkInput, db: StudioDatabase): Promise<{ ms: number; records: number }> {
  const start = performance.now();
  const data = parseTranscriptBundle({ name: 'bundle.json', text: input.bundle }, { now: NOW });
  if (!data.ok) throw new Error(`${input.what}'s bundle does not parse`);
  const labels = input.labels.map((text) => {
    const parsed = parseLabelFile({ name: 'rater.labels.json', text });
    if (!parsed.ok) throw new Error(`${input.what}'s label file does not parse`);
    return parsed.value;
  });
  await storeImportedStudy(db, data.value, labels, NOW);
  const ms = performance.now() - start;
  const { puzzles, sessions, turns } = data.value;
  return { ms, records: 1 + puzzles.length + sessions.length + turns.length + labels.reduce((n, file) => n + file.labels.length, 0) };
}

async function runBenchmarkImportBench(inputsUrl: string, runs: number): Promise<BenchmarkImportResult[]> {
  const inputs = (await (await fetch(inputsUrl)).json()) as BenchmarkInput[];
  const results: BenchmarkImportResult[] = [];
  for (const input of inputs) {
    const result: BenchmarkImportResult = { what: input.what, bytes: input.files.reduce((n, file) => n + file.text.length, 0), records: 0, benchmarkMs: [], ownMs: [] };
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? (['benchmark', 'own'] as const) : (['own', 'benchmark'] as const);
      for (const which of order) {
        const name = `bench-benchmark-import-${which}`;
        const db = await fresh(name);
        if (which === 'benchmark') result.benchmarkMs.push(await fromBenchmarkFiles(input, db));
        else {
          const own = await fromOwnFormats(input, db);
          result.ownMs.push(own.ms);
          result.records = own.records;
        }
        db.close();
        await StudioDatabase.delete(name);
      }
    }
    results.push(result);
  }
  return results;
}

(globalThis as unknown as { runBenchmarkImportBench: typeof runBenchmarkImportBench }).runBenchmarkImportBench = runBenchmarkImportBench;
