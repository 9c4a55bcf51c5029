// resamplingClusters: the units of a puzzle share a cluster, numbered in order of first appearance,
// every unit is its own cluster when resampling units, and no unit gives no cluster.

import { describe, expect, it } from 'vitest';
import { resamplingClusters } from '../../../../shared/stats/study/resampling';

const units = [{ puzzleId: 'p2' }, { puzzleId: 'p1' }, { puzzleId: 'p2' }, { puzzleId: 'p3' }, { puzzleId: 'p1' }];

describe('resamplingClusters', () => {
  it('puts the units of one puzzle in one cluster, numbered in order of first appearance', () => {
    const { clusterOfUnit, clusters } = resamplingClusters(units, 'puzzles');
    expect([...clusterOfUnit]).toEqual([0, 1, 0, 2, 1]);
    expect(clusters).toBe(3);
  });

  it('makes every unit its own cluster when resampling units', () => {
    const { clusterOfUnit, clusters } = resamplingClusters(units, 'units');
    expect([...clusterOfUnit]).toEqual([0, 1, 2, 3, 4]);
    expect(clusters).toBe(5);
  });

  it('has no cluster for no unit', () => {
    expect(resamplingClusters([], 'puzzles').clusters).toBe(0);
  });
});
