// The units where raters disagree, for the lead's adjudication queue and the heatmap's drill-down:
// each unit with every rater's label, its agreement (share of agreeing rater pairs), the human
// majority and the gold label. Pure; reads the study and labels as the report reads them.

import type { Bucket } from '../../domain/difficulty';
import type { GoldLabel, LabelValue, StudyData } from '../../domain/model';
import type { ReportTask } from '../../report/model/report-model';
import { GOLD, judgeGroup } from './agreement';
import { humanMajority } from './majority';
import { annotatorRater, HUMAN_MAJORITY } from './pairwise';
import { inLabelOrder, inStudyOrder } from './study-order';
import { indexStudy, type StudyLabel, type TaskUnit } from './study-units';

/** Who gave a label: `human:<annotator id>`, `judge:<model>` or `gold`; in a query also `human-majority`. */
export type RaterId = string;

export interface DisagreementQuery {
  task: ReportTask;
  /** With both: the units where these two raters both labelled and disagree (a heatmap cell). */
  a?: RaterId;
  b?: RaterId;
  /** Only units without a gold label yet. */
  openOnly?: boolean;
  limit?: number;
}

export interface UnitDisagreement {
  task: ReportTask;
  unitId: string;
  puzzleId: string;
  sessionId: string;
  bucket: Bucket;
  /** The turn's text (question or final answer). */
  text: string;
  /** Every rater's label on the unit: humans (by annotator id), then judges (in the turn's order). */
  labels: Array<{ rater: RaterId; value: string }>;
  /** Share of agreeing rater pairs, 0..1; the queue runs lowest first. */
  agreement: number;
  humanMajority: string | null;
  gold?: { value: LabelValue; note: string; at: string; by: string };
}

export interface DisagreementInput {
  study: StudyData;
  labels: readonly StudyLabel[];
  gold?: ReadonlyArray<Pick<GoldLabel, 'task' | 'unitId' | 'value' | 'note' | 'at' | 'by'>>;
}

/**
 * The units of `query.task` that need a look, lowest agreement first and, on a tie, in study
 * order (study-order.ts). Agreement counts the pairs among the unit's humans and judges; gold
 * is the lead's decision, not a rater being checked, so it takes no part. A unit with fewer
 * than two raters has no pair and agreement 1.
 *
 * Without `a` and `b`, every unit with at least one disagreeing pair. With both, the units where
 * both labelled and gave different labels, whatever the others said; `human-majority` stands for
 * the strict human majority (none on a tie), so every pairwise row of the report can be opened.
 * `openOnly` leaves out units with a gold label; `limit` keeps the first so many.
 */
export function listDisagreements(input: DisagreementInput, query: DisagreementQuery): UnitDisagreement[] {
  const study = inStudyOrder(input.study);
  const gold = input.gold ?? [];
  // The study's setting for unparseable judge replies, as its report counts them: a heatmap cell lists the disagreements its figure counts.
  const units = indexStudy(study, inLabelOrder(input.labels), gold, study.study.unparseableReplies).units[query.task];
  const goldOfUnit = new Map(gold.filter((label) => label.task === query.task).map((label) => [label.unitId, label]));
  const pair = query.a !== undefined && query.b !== undefined ? { a: query.a, b: query.b } : undefined;

  // Agreement first and texts only for the units kept, so a 100,000-turn study stays quick.
  const found: Array<{ unit: TaskUnit; agreement: number }> = [];
  for (const unit of units) {
    if (query.openOnly === true && goldOfUnit.has(unit.id)) continue;
    const agreement = unitAgreement(unit);
    if (pair === undefined ? agreement < 1 : differ(unit, pair.a, pair.b)) found.push({ unit, agreement });
  }
  // Array sort is stable: equal agreement keeps study order.
  found.sort((x, y) => x.agreement - y.agreement);
  const kept = query.limit === undefined ? found : found.slice(0, Math.max(0, query.limit));

  const turns = new Map(study.turns.map((turn) => [turn.id, turn]));
  return kept.map(({ unit, agreement }) => {
    const turn = turns.get(unit.id);
    const goldLabel = goldOfUnit.get(unit.id);
    return {
      task: query.task,
      unitId: unit.id,
      puzzleId: unit.puzzleId,
      sessionId: turn?.sessionId ?? '',
      bucket: unit.bucket,
      text: turn?.text ?? '',
      labels: [
        ...unit.humans.map(({ annotator, value }) => ({ rater: annotatorRater(annotator), value })),
        ...[...unit.judgements].map(([model, value]) => ({ rater: judgeGroup(model), value })),
      ],
      agreement,
      humanMajority: humanMajority(unit),
      ...(goldLabel !== undefined ? { gold: { value: goldLabel.value, note: goldLabel.note, at: goldLabel.at, by: goldLabel.by } } : {}),
    };
  });
}

/** Agreeing pairs of the unit's humans and judges out of all their pairs; 1 with fewer than two raters. */
function unitAgreement(unit: TaskUnit): number {
  const counts = new Map<string, number>();
  for (const { value } of unit.humans) counts.set(value, (counts.get(value) ?? 0) + 1);
  for (const value of unit.judgements.values()) counts.set(value, (counts.get(value) ?? 0) + 1);
  const raters = unit.humans.length + unit.judgements.size;
  if (raters < 2) return 1;
  let agreeing = 0;
  for (const count of counts.values()) agreeing += (count * (count - 1)) / 2;
  return agreeing / ((raters * (raters - 1)) / 2);
}

function differ(unit: TaskUnit, a: RaterId, b: RaterId): boolean {
  const first = labelOf(unit, a);
  const second = labelOf(unit, b);
  return first !== undefined && second !== undefined && first !== second;
}

/** The label a rater gave the unit (normalised as the report reads it), if any. */
function labelOf(unit: TaskUnit, rater: RaterId): string | undefined {
  if (rater === GOLD) return unit.gold;
  if (rater === HUMAN_MAJORITY) return humanMajority(unit) ?? undefined;
  if (rater.startsWith('judge:')) return unit.judgements.get(rater.slice('judge:'.length));
  if (rater.startsWith('human:')) {
    const annotator = rater.slice('human:'.length);
    return unit.humans.find((human) => human.annotator === annotator)?.value;
  }
  return undefined;
}
