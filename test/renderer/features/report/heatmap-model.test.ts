// The heatmap's data: raters ordered judges, gold, human majority, annotators (ann-2 before
// ann-10), both orders of every pair, and each cell's used / total counts and label.

import { describe, expect, it } from 'vitest';
import type { PairKappa } from '../../../../shared/report/model/report-model';
import { cellKey, cellLabel, heatmapModel } from '../../../../renderer/features/report/heatmap-model';
import type { AgreementReport } from '../../../../shared/report/model/report-model';
import { raterName } from '../../../../shared/report/table-layout';

const pair = (a: string, b: string, n: number, units: number, percentAgreement: number | null): PairKappa => ({
  a,
  b,
  n,
  units,
  percentAgreement,
  cohenKappa: null,
});

describe('heatmapModel', () => {
  const model = heatmapModel([
    pair('human:ann-10', 'human:ann-2', 30, 50, 0.9),
    pair('human:ann-2', 'judge:zeta', 40, 52, 0.82),
    pair('gold', 'judge:alpha', 10, 10, 1),
    pair('judge:zeta', 'human-majority', 45, 52, 0.95),
  ]);

  it('orders judges as the report does, then gold, the majority and the annotators by number', () => {
    expect(model.raters).toEqual(['judge:zeta', 'judge:alpha', 'gold', 'human-majority', 'human:ann-2', 'human:ann-10']);
  });

  it('holds both orders of a pair and lists each pair once', () => {
    expect(model.cells.get(cellKey('judge:zeta', 'human:ann-2'))).toMatchObject({ a: 'judge:zeta', b: 'human:ann-2', used: 40, total: 52 });
    expect(model.cells.get(cellKey('human:ann-2', 'judge:zeta'))).toMatchObject({ a: 'human:ann-2', b: 'judge:zeta', used: 40, total: 52 });
    expect(model.pairs).toHaveLength(4);
    expect(model.cells.size).toBe(8);
  });

  it('labels a cell with its agreement and counts', () => {
    const cell = model.cells.get(cellKey('human:ann-2', 'judge:zeta'));
    expect(cell && cellLabel(cell, model.names)).toBe('human:ann-2 vs judge:zeta: 82% (used 40 / total 52)');
  });

  it('names raters by their display names, keeping the ids as keys', () => {
    const report = { annotatorNames: { 'ann-2': 'Ann Two' } } as unknown as AgreementReport;
    const named = heatmapModel(
      model.pairs.map((pair) => ({ a: pair.a, b: pair.b, n: pair.used, units: pair.total, percentAgreement: pair.agreement, cohenKappa: pair.kappa })),
      (rater) => raterName(report, rater),
    );
    const cell = named.cells.get(cellKey('human:ann-2', 'judge:zeta'));
    expect(cell && cellLabel(cell, named.names)).toBe('Ann Two vs zeta: 82% (used 40 / total 52)');
    expect(named.raters).toContain('human:ann-2');
  });
});
