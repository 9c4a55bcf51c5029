// Chromium side of the team benchmark of `npm run bench`: stores a study with the app's import
// (not timed), then times the lead's round trip with the app's own code: assignTeam, writing
// every pack (writeTeamPacks), and importing every annotator's label file twice.

import { createPrng } from '../../shared/random/prng';
import type { StudyCounts, Task } from '../../shared/domain/model';
import { TASKS } from '../../shared/domain/model';
import { buildLabelFile, serializeLabelFile, type LabelRecord } from '../../shared/formats/label-file';
import type { SourceFile } from '../../shared/formats/limits';
import { parsePack, type Pack } from '../../shared/formats/pack';
import { StudioDatabase } from '../../renderer/db/database';
import { importLabelSources } from '../../renderer/db/import-label-files';
import { importStudies } from '../../renderer/db/import-study';
import { assignTeam } from '../../renderer/db/team-setup';
import { writeTeamPacks } from '../../renderer/db/team-packs';
import type { LabelImportReport } from '../../renderer/workers/team-protocol';
import { deleteDatabase, loadBenchStudy, randomLabelValue } from './bench-page-study';
import { APP } from '../../renderer/db/app-stamp';

export interface TeamScenario {
  /** The transcript bundle, fetched from the page's origin. */
  bundleUrl: string;
  annotators: number;
  overlap: number;
  difficultyOverlap?: number;
  /** The tasks each label file labels: every unit of these tasks in the annotator's pack. */
  labelTasks: Task[];
  runs: number;
  seed: number;
}

export interface TeamScenarioResult {
  counts: StudyCounts;
  assignMs: number[];
  packsMs: number[];
  packBytes: number;
  /** Units over all packs, by task. */
  packUnits: Record<Task, number>;
  labelBytes: number;
  /** Labels over all label files. */
  labels: number;
  importMs: number[];
  added: number;
  reimportMs: number[];
  unchanged: number;
}

// Fixed times, so every run writes the same packs and label files.
const CREATED_AT = '2026-01-05T09:00:00.000Z';
const LABELLED_FROM = Date.UTC(2026, 0, 6, 9, 0, 0);

/** The packs as the app's pack reader sees them, as an annotator would open them. */
function readPacks(files: readonly SourceFile[]): Pack[] {
  return files.map((file) => {
    const parsed = parsePack(file);
    if (!parsed.ok) throw new Error(`${file.name} does not parse: ${parsed.errors[0]?.message}`);
    return parsed.value;
  });
}

/** Each annotator's label file: seeded values for every unit of `tasks` in their pack. */
function labelFiles(packs: readonly Pack[], tasks: readonly Task[], seed: number): SourceFile[] {
  const prng = createPrng(seed);
  return packs.map((pack) => {
    let clock = LABELLED_FROM;
    const labels = tasks.flatMap((task) =>
      pack.tasks[task].map((unit): LabelRecord => {
        const ms = prng.int(1_500, 8_000);
        clock += ms;
        return { unit, task, value: randomLabelValue(task, prng), at: new Date(clock).toISOString(), ms, rev: 1, unsure: false, note: '' };
      }),
    );
    const file = buildLabelFile({ studyId: pack.study.id, annotator: pack.annotator, exportedAt: new Date(clock).toISOString(), app: APP, labels });
    return { name: `${pack.annotator.id}.labels.json`, text: serializeLabelFile(file) };
  });
}

function bytes(files: readonly SourceFile[]): number {
  const encoder = new TextEncoder();
  return files.reduce((sum, file) => sum + encoder.encode(file.text).byteLength, 0);
}

async function timed<T>(work: () => Promise<T>, into: number[]): Promise<T> {
  const start = performance.now();
  const value = await work();
  into.push(performance.now() - start);
  return value;
}

function checkReport(report: LabelImportReport, what: string): void {
  const first = report.rejected[0];
  if (first) throw new Error(`${what}: ${report.totals.rejected} label files rejected, e.g. ${first.file}: ${first.errors[0]?.message}`);
}

async function runTeamBench(scenario: TeamScenario): Promise<TeamScenarioResult> {
  const { data, team: annotators } = await loadBenchStudy(scenario.bundleUrl, scenario.annotators);
  const studyId = data.study.id;
  const result: TeamScenarioResult = {
    counts: data.study.counts,
    assignMs: [],
    packsMs: [],
    packBytes: 0,
    packUnits: { answer: 0, match: 0, difficulty: 0 },
    labelBytes: 0,
    labels: 0,
    importMs: [],
    added: 0,
    reimportMs: [],
    unchanged: 0,
  };
  // The same seed and times give the same packs every run, so the label files are made once.
  let files: SourceFile[] | undefined;

  for (let run = 0; run < scenario.runs; run++) {
    // A fresh database per run: the first import must find no labels stored.
    const name = `bench-team-${studyId}-${run}`;
    await deleteDatabase(name);
    const db = new StudioDatabase(name);
    try {
      await importStudies(db, [data]);
      const { overlap, difficultyOverlap, seed } = scenario;
      await timed(
        () => assignTeam(db, studyId, { annotators, overlap, ...(difficultyOverlap !== undefined ? { difficultyOverlap } : {}), seed, now: CREATED_AT }),
        result.assignMs,
      );
      const packs = await timed(() => writeTeamPacks(db, studyId, { missingOnly: false }, { createdAt: CREATED_AT, app: APP }), result.packsMs);
      if (packs.length !== annotators.length) throw new Error(`wrote ${packs.length} packs for ${annotators.length} annotators`);

      if (!files) {
        result.packBytes = bytes(packs);
        const read = readPacks(packs);
        for (const pack of read) for (const task of TASKS) result.packUnits[task] += pack.tasks[task].length;
        files = labelFiles(read, scenario.labelTasks, seed);
        result.labelBytes = bytes(files);
      }
      const labelSources = files;

      const first = await timed(() => importLabelSources(db, studyId, labelSources, { now: CREATED_AT }), result.importMs);
      checkReport(first, 'first import');
      const again = await timed(() => importLabelSources(db, studyId, labelSources, { now: CREATED_AT }), result.reimportMs);
      checkReport(again, 'second import');
      ({ labels: result.labels, added: result.added } = first.totals);
      result.unchanged = again.totals.unchanged;
    } finally {
      db.close();
      await deleteDatabase(name);
    }
  }
  return result;
}

(globalThis as unknown as { runTeamBench: typeof runTeamBench }).runTeamBench = runTeamBench;
