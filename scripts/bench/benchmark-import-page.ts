// Chromium side of the benchmark-import bench: each input imported the app's way (the import
// worker's BenchmarkImports: the files read by their importer, previewed, then stored with the
// human raters' labels) and from the same records in our own formats (bundle and label files), into fresh
// databases, alternating which goes first. Parse to stored, both ways.

import readXlsxFile from 'read-excel-file/universal';
import { Lexer, parseDocument } from 'yaml';
import { parseLabelFile } from '../../shared/formats/label-file';
import { parseTranscriptBundle } from '../../shared/formats/transcript-bundle';
import { StudioDatabase } from '../../renderer/db/database';
import { storeImportedStudy } from '../../renderer/db/store-imported-study';
import { BenchmarkImports } from '../../renderer/workers/benchmark-imports';
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

/** The import worker's own path: read and preview (naming the models where the files lack them), then commit. */
async function fromBenchmarkFiles(input: BenchmarkInput, db: StudioDatabase): Promise<number> {
  const imports = new BenchmarkImports('bench', () => NOW, { parseYaml: parseDocument, lexYaml: (text) => new Lexer().lex(text), readWorkbook: readXlsxFile });
  const start = performance.now();
  let started = await imports.start(input.files);
  if (started !== undefined && 'needs' in started) started = await imports.name(started.requestId, NAMES);
  if (started === undefined || !('requestId' in started) || !('preview' in started)) throw new Error(`${input.what} does not import`);
  const outcome = await imports.commit(db, started.requestId, () => undefined);
  if (!outcome.ok) throw new Error(`${input.what} is not stored: ${outcome.errors[0]?.message}`);
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
    const result: BenchmarkImportResult = {
      what: input.what,
      bytes: input.files.reduce((n, file) => n + file.text.length, 0),
      records: 0,
      benchmarkMs: [],
      ownMs: [],
    };
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
