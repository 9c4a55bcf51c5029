// Two judges of one model (issue 31 point 2): the same model under two prompt versions, two runs
// of one prompt (`~2`), or a prompt and its order-swapped twin, which gives the reference and
// the player's guess in the other order. How far they agree on the units both labelled, and the
// share of verdicts that change, with its interval.

import { ORDER_SWAPPED } from '../../domain/model';
import { modelOfRater } from '../../domain/model-family';
import type { JudgePairKind, JudgePairStabilityRow, PairKappa, ReportTask } from '../../report/model/report-model';
import { clusterSeries, type ClusterRatioTest, type ClusterSeries } from '../cluster-ratio-test';
import { judgeGroup } from './agreement';
import { testedShare } from './judge-confidence';
import type { TaskUnit } from './study-units';

/** A judge name's prompt version without its run number: `gpt-4o@SPLAT judge~2` is `SPLAT judge`. */
function promptOf(judge: string): string | undefined {
  const at = judge.indexOf('@');
  return at < 0 ? undefined : judge.slice(at + 1).replace(/~\d+$/, '');
}

/** What two judges differ in, with the original first for an order-swapped twin; undefined for judges of two models (or without a prompt version). */
export function judgePairKind(a: string, b: string): { kind: JudgePairKind; first: string; second: string } | undefined {
  if (b === `${a}${ORDER_SWAPPED}`) return { kind: 'order swapped', first: a, second: b };
  if (a === `${b}${ORDER_SWAPPED}`) return { kind: 'order swapped', first: b, second: a };
  const promptA = promptOf(a);
  const promptB = promptOf(b);
  if (promptA === undefined || promptB === undefined || modelOfRater(a) !== modelOfRater(b)) return undefined;
  return { kind: promptA === promptB ? 'runs' : 'prompt versions', first: a, second: b };
}

export interface JudgePairsPlan {
  flips: ClusterSeries[];
  rows(flipTests: readonly ClusterRatioTest[]): JudgePairStabilityRow[];
}

/**
 * Every pair of the task's judges of one model, in judge order: their kappa from the task's
 * pairwise figures, and the flips on the units both labelled, clustered as `clusterOf` says (the
 * All bucket's clusters). One pass over the units, and none when no two judges share a model.
 */
export function judgePairsPlan(
  task: ReportTask,
  units: readonly TaskUnit[],
  judges: readonly string[],
  clusterOf: Int32Array,
  pairwise: readonly PairKappa[],
): JudgePairsPlan {
  const pairs = judges.flatMap((a, i) => judges.slice(i + 1).flatMap((b) => judgePairKind(a, b) ?? []));
  const flips = pairs.map((): { cluster: number; value: number }[] => []);
  if (pairs.length > 0)
    units.forEach((unit, u) => {
      pairs.forEach(({ first, second }, p) => {
        const labelA = unit.judgements.get(first);
        const labelB = unit.judgements.get(second);
        if (labelA !== undefined && labelB !== undefined) flips[p]?.push({ cluster: clusterOf[u] as number, value: Number(labelA !== labelB) });
      });
    });
  return {
    flips: flips.map(clusterSeries),
    rows: (flipTests) =>
      pairs.map(({ kind, first, second }, p) => {
        const kappa = pairwise.find(
          (pair) => (pair.a === judgeGroup(first) && pair.b === judgeGroup(second)) || (pair.a === judgeGroup(second) && pair.b === judgeGroup(first)),
        );
        return {
          task,
          a: first,
          b: second,
          kind,
          n: flips[p]?.length ?? 0,
          kappa: kappa?.cohenKappa ?? null,
          flips: testedShare(flipTests[p] as ClusterRatioTest),
        };
      }),
  };
}
