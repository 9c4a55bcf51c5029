// The pairwise heatmap as data: every rater of a task (judges, gold, the human majority, then
// annotators) on both axes, and per pair its agreement, Cohen's kappa and the units used out of
// the units either labelled. Pure, so the 58 x 58 case is built once per report and tested alone.

import type { PairKappa } from '../../../shared/report/model/report-model';
import { percentText } from './report-text';

export interface HeatmapCell {
  /** Row rater and column rater, as the report names them (`human:<id>`, `judge:<model>`, `gold`, `human-majority`). */
  a: string;
  b: string;
  agreement: number | null;
  kappa: number | null;
  /** Units both labelled (the kappa's n). */
  used: number;
  /** Units either labelled. */
  total: number;
}

export interface HeatmapModel {
  raters: string[];
  /** Each rater's display name (an annotator's name, a judge's model, Humans), by rater id. */
  names: Map<string, string>;
  /** Each unordered pair once, in report order, as the table view lists them. */
  pairs: HeatmapCell[];
  /** Both orders of every pair, by cellKey, for the symmetric matrix. */
  cells: Map<string, HeatmapCell>;
}

/** The cell's key, also its `data-heatmap-cell` attribute. */
export function cellKey(a: string, b: string): string {
  return `${a}|${b}`;
}

const KIND_ORDER = ['judge', 'gold', 'human-majority', 'human'];

function kindOf(rater: string): number {
  const kind = rater.startsWith('judge:') ? 'judge' : rater.startsWith('human:') ? 'human' : rater;
  const index = KIND_ORDER.indexOf(kind);
  return index === -1 ? KIND_ORDER.length : index;
}

const collator = new Intl.Collator('en', { numeric: true });

export function heatmapModel(pairwise: readonly PairKappa[], nameOf: (rater: string) => string = (rater) => rater): HeatmapModel {
  const seen = new Map<string, number>();
  const pairs: HeatmapCell[] = [];
  const cells = new Map<string, HeatmapCell>();
  for (const pair of pairwise) {
    for (const rater of [pair.a, pair.b]) if (!seen.has(rater)) seen.set(rater, seen.size);
    const cell: HeatmapCell = { a: pair.a, b: pair.b, agreement: pair.percentAgreement, kappa: pair.cohenKappa, used: pair.n, total: pair.units };
    pairs.push(cell);
    cells.set(cellKey(pair.a, pair.b), cell);
    cells.set(cellKey(pair.b, pair.a), { ...cell, a: pair.b, b: pair.a });
  }
  // Judges keep the report's order (first seen); annotators sort by id, ann-2 before ann-10.
  const raters = [...seen.keys()].sort((x, y) => kindOf(x) - kindOf(y) || (kindOf(x) === 0 ? (seen.get(x) ?? 0) - (seen.get(y) ?? 0) : collator.compare(x, y)));
  return { raters, names: new Map(raters.map((rater) => [rater, nameOf(rater)])), pairs, cells };
}

/** `Ann Lee vs arbiter-large: 82% (used 40 / total 52)`, the cell's accessible name and tooltip. */
export function cellLabel(cell: HeatmapCell, names: ReadonlyMap<string, string>): string {
  return `${names.get(cell.a) ?? cell.a} vs ${names.get(cell.b) ?? cell.b}: ${percentText(cell.agreement, 0)} (used ${cell.used} / total ${cell.total})`;
}
