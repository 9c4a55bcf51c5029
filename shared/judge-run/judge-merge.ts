// A lead merging one judge of a study into another on purpose (issue 28 point 5): which judges a
// judge may go into (those that labelled a task it labelled), what the merge would do (the units
// each labelled, those both labelled and where their labels differ), and the turns after it, the
// merged judge's labels under the target's name with the overlaps resolved as the lead chose.

import type { JudgeSamples, Turn } from '../domain/model';

/** Where both judges labelled a unit: the target keeps its own label (the default), or the merged judge's label wins. */
export type OverlapRule = 'target-keeps' | 'merged-wins';

export interface JudgeMergeCounts {
  /** Units the merged judge labelled (an unparseable reply counts: it is a label the report reads). */
  merged: number;
  /** Units the judge merged into labelled. */
  target: number;
  /** Units both labelled. */
  both: number;
  /** Units both labelled with different labels: where the overlap rule decides. */
  differ: number;
}

type JudgedTask = 'answer' | 'match';

function taskOf(turn: Pick<Turn, 'type'>): JudgedTask {
  return turn.type === 'question' ? 'answer' : 'match';
}

function labelOf(turn: Turn, judge: string) {
  return Object.hasOwn(turn.judgements, judge) ? turn.judgements[judge] : undefined;
}

/** Each judge of the study's turns with the tasks it labelled (answers on questions, matches on finals). */
export function judgeTasks(turns: Iterable<Turn>): Map<string, Set<JudgedTask>> {
  const tasks = new Map<string, Set<JudgedTask>>();
  for (const turn of turns) {
    for (const judge of Object.keys(turn.judgements)) {
      const of = tasks.get(judge) ?? new Set<JudgedTask>();
      of.add(taskOf(turn));
      tasks.set(judge, of);
    }
  }
  return tasks;
}

/** The judges `judge` may be merged into, in name order: the others that labelled a task it labelled. */
export function mergeTargets(tasks: ReadonlyMap<string, ReadonlySet<JudgedTask>>, judge: string): string[] {
  const own = tasks.get(judge);
  if (own === undefined) return [];
  return [...tasks.entries()]
    .filter(([other, of]) => other !== judge && [...of].some((task) => own.has(task)))
    .map(([other]) => other)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * The target a merge of `judge` offers first: for a run kept apart as `<model>@<prompt>~2` the
 * judge it was kept apart from, `<model>@<prompt>`, when that is a target; else the first target.
 */
export function likelyTarget(judge: string, targets: readonly string[]): string | undefined {
  const base = /^(.+)~\d+$/.exec(judge)?.[1];
  return base !== undefined && targets.includes(base) ? base : targets[0];
}

/**
 * Throws an Error in the lead's words when `merged` cannot go into `target`: the same judge, a
 * judge the turns do not carry, or two judges that labelled no task in common.
 */
export function checkJudgeMerge(tasks: ReadonlyMap<string, ReadonlySet<JudgedTask>>, merged: string, target: string): void {
  if (merged === target) throw new Error(`A judge cannot be merged into itself (${merged}).`);
  for (const judge of [merged, target]) if (!tasks.has(judge)) throw new Error(`The study has no labels of the judge ${judge}.`);
  if (!mergeTargets(tasks, merged).includes(target))
    throw new Error(`${merged} and ${target} labelled different tasks (one only answers, the other only final answers), so they are not one judge.`);
}

/** What merging `merged` into `target` would do, counted over the study's turns. */
export function judgeMergeCounts(turns: Iterable<Turn>, merged: string, target: string): JudgeMergeCounts {
  const counts: JudgeMergeCounts = { merged: 0, target: 0, both: 0, differ: 0 };
  for (const turn of turns) {
    const from = labelOf(turn, merged);
    const into = labelOf(turn, target);
    if (from !== undefined) counts.merged++;
    if (into !== undefined) counts.target++;
    if (from !== undefined && into !== undefined) {
      counts.both++;
      if (from !== into) counts.differ++;
    }
  }
  return counts;
}

/**
 * The turns that change when `merged` goes into `target`, changed: `merged`'s label, reply and
 * confidence move under `target` where it has none; where both labelled, `rule` decides whose stay
 * (a label always keeps the reply and confidence that gave it); `merged` is left on no turn.
 */
export function mergeJudgeLabels(turns: Iterable<Turn>, merged: string, target: string, rule: OverlapRule): Turn[] {
  const changed: Turn[] = [];
  for (const turn of turns) {
    const from = labelOf(turn, merged);
    if (from === undefined) continue;
    const takeMerged = labelOf(turn, target) === undefined || rule === 'merged-wins';
    const judgements = { ...turn.judgements };
    const replies = { ...turn.judgeReplies };
    const confidence = { ...turn.judgeConfidence };
    const mergedReply = Object.hasOwn(replies, merged) ? replies[merged] : undefined;
    const mergedConfidence = Object.hasOwn(confidence, merged) ? confidence[merged] : undefined;
    delete judgements[merged];
    delete replies[merged];
    delete confidence[merged];
    if (takeMerged) {
      judgements[target] = from;
      if (mergedReply === undefined) delete replies[target];
      else replies[target] = mergedReply;
      // A label keeps the samples and probability that gave it, as it keeps its reply.
      if (mergedConfidence === undefined) delete confidence[target];
      else confidence[target] = mergedConfidence;
    }
    const next: Turn = { ...turn, judgements };
    if (Object.keys(replies).length > 0) next.judgeReplies = replies;
    else delete next.judgeReplies;
    if (Object.keys(confidence).length > 0) next.judgeConfidence = confidence;
    else delete next.judgeConfidence;
    changed.push(next);
  }
  return changed;
}

/**
 * The study's notes that a judge's imported labels are each a majority of several samples, after
 * the merge: `merged`'s note is `target`'s now (its labels are), one note kept where both said the same.
 */
export function judgeSamplesAfterMerge(samples: readonly JudgeSamples[], merged: string, target: string): JudgeSamples[] {
  const renamed = samples.map((row) => (row.judge === merged ? { ...row, judge: target } : row));
  return renamed.filter(
    (row, index) => renamed.findIndex((other) => other.judge === row.judge && other.samples === row.samples && other.source === row.source) === index,
  );
}
