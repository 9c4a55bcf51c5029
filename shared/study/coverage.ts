// How far the team's labelling has come: per annotator, what they were assigned, labelled and
// still owe; per task, how many human labels each assigned unit has. Pure; computed from the
// stored assignment, annotators and labels, which it only reads.

import { TASKS, type Assignment, type Label, type Task } from '../domain/model';
import type { PackTasks } from '../formats/pack';

export interface AnnotatorCoverage {
  id: string;
  name: string;
  /** Assigned units over all tasks, and per task. */
  assigned: number;
  /** Assigned units this annotator has labelled. */
  labelled: number;
  /** Of those labelled assigned units, the ones marked unsure. */
  unsure: number;
  /**
   * Labels this annotator gave to units not assigned to them (the lead labelling in their own
   * workspace, say). They count as human labels in "labels per unit" and in the report.
   */
  outsideAssignment: number;
  /** The latest `at` of this annotator's labels in the study (assigned units or not), or null. */
  lastActivity: string | null;
  assignedByTask: Record<Task, number>;
  labelledByTask: Record<Task, number>;
  /** Assigned units without this annotator's label, in assignment order. */
  missing: PackTasks;
}

export interface TaskCoverage {
  task: Task;
  /** Units of the task that at least one annotator is assigned. */
  units: number;
  /** The most annotators assigned one unit of the task (the k of "0..k labels"). */
  overlap: number;
  /** byLabelCount[i] = assigned units with exactly i human labels; the last entry counts k or more. */
  byLabelCount: number[];
}

export interface StudyCoverage {
  annotators: AnnotatorCoverage[];
  tasks: TaskCoverage[];
  /** Something is assigned, and every assigned unit has its every assigned annotator's label. */
  complete: boolean;
}

export type CoverageLabel = Pick<Label, 'annotatorId' | 'task' | 'unitId' | 'unsure' | 'at'>;

export interface CoverageInput {
  assignments: ReadonlyArray<Pick<Assignment, 'annotatorId' | 'task' | 'units'>>;
  /** The study's annotators, in the order to show them. */
  annotators: ReadonlyArray<{ id: string; name: string }>;
  labels: Iterable<CoverageLabel>;
}

/** What one annotator labelled: unit ids per task, and whether each label is unsure. */
type LabelledUnits = Record<Task, Map<string, boolean>>;

/**
 * Annotators in the given order, then any who hold an assignment or a label without an
 * annotator record (shown by id), so no one's work goes uncounted. Tasks in TASKS order.
 */
export function computeCoverage(input: CoverageInput): StudyCoverage {
  const names = new Map<string, string>();
  for (const annotator of input.annotators) if (!names.has(annotator.id)) names.set(annotator.id, annotator.name);
  const include = (id: string) => {
    if (!names.has(id)) names.set(id, id);
  };

  // Each annotator's assigned units per task, once each, in assignment order.
  const assigned = new Map<string, Record<Task, string[]>>();
  for (const row of input.assignments) {
    include(row.annotatorId);
    let tasks = assigned.get(row.annotatorId);
    if (tasks === undefined) {
      tasks = { answer: [], match: [], difficulty: [] };
      assigned.set(row.annotatorId, tasks);
    }
    const seen = new Set(tasks[row.task]);
    for (const unit of row.units) {
      if (seen.has(unit)) continue;
      seen.add(unit);
      tasks[row.task].push(unit);
    }
  }

  // One pass over the labels: each annotator's labelled units, latest activity, and every
  // unit's count of distinct labellers (the label key makes annotator+task+unit unique).
  const labelled = new Map<string, LabelledUnits>();
  const lastAt = new Map<string, { at: string; time: number }>();
  const labelCount: Record<Task, Map<string, number>> = { answer: new Map(), match: new Map(), difficulty: new Map() };
  for (const label of input.labels) {
    include(label.annotatorId);
    let units = labelled.get(label.annotatorId);
    if (units === undefined) {
      units = { answer: new Map(), match: new Map(), difficulty: new Map() };
      labelled.set(label.annotatorId, units);
    }
    if (!units[label.task].has(label.unitId)) {
      const counts = labelCount[label.task];
      counts.set(label.unitId, (counts.get(label.unitId) ?? 0) + 1);
    }
    units[label.task].set(label.unitId, label.unsure);
    // Compared as times, not text: "...09:00:00Z" and "...09:00:00.500Z" do not sort as text.
    const time = Date.parse(label.at);
    const last = lastAt.get(label.annotatorId);
    if (last === undefined || time > last.time) lastAt.set(label.annotatorId, { at: label.at, time });
  }

  let pairs = 0;
  let labelledPairs = 0;
  const annotators = [...names].map(([id, name]): AnnotatorCoverage => {
    const tasks = assigned.get(id) ?? { answer: [], match: [], difficulty: [] };
    const done = labelled.get(id);
    const coverage: AnnotatorCoverage = {
      id,
      name,
      assigned: 0,
      labelled: 0,
      unsure: 0,
      outsideAssignment: 0,
      lastActivity: lastAt.get(id)?.at ?? null,
      assignedByTask: { answer: 0, match: 0, difficulty: 0 },
      labelledByTask: { answer: 0, match: 0, difficulty: 0 },
      missing: { answer: [], match: [], difficulty: [] },
    };
    for (const task of TASKS) {
      const units = tasks[task];
      coverage.assignedByTask[task] = units.length;
      for (const unit of units) {
        const unsure = done?.[task].get(unit);
        if (unsure === undefined) {
          coverage.missing[task].push(unit);
          continue;
        }
        coverage.labelledByTask[task] += 1;
        if (unsure) coverage.unsure += 1;
      }
      coverage.assigned += units.length;
      coverage.labelled += coverage.labelledByTask[task];
      coverage.outsideAssignment += (done?.[task].size ?? 0) - coverage.labelledByTask[task];
    }
    pairs += coverage.assigned;
    labelledPairs += coverage.labelled;
    return coverage;
  });

  const tasks = TASKS.map((task): TaskCoverage => {
    const holders = new Map<string, number>();
    for (const units of assigned.values()) for (const unit of units[task]) holders.set(unit, (holders.get(unit) ?? 0) + 1);
    let overlap = 0;
    for (const count of holders.values()) overlap = Math.max(overlap, count);
    const byLabelCount = new Array<number>(overlap + 1).fill(0);
    for (const unit of holders.keys()) {
      const bucket = Math.min(labelCount[task].get(unit) ?? 0, overlap);
      byLabelCount[bucket] = (byLabelCount[bucket] ?? 0) + 1;
    }
    return { task, units: holders.size, overlap, byLabelCount };
  });

  // With nothing assigned there is nothing to be complete: the lead has not started.
  return { annotators, tasks, complete: pairs > 0 && labelledPairs === pairs };
}
