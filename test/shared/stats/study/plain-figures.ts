// Figures written out plainly for the tests to hold the report's against: the strict majority of
// labels and Cohen's kappa of two raters, each from its definition with no shortcut.

/** The strictly most frequent of the labels; null on a tie or without labels. */
export function plainMajority(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  return sorted.length === 0 || sorted[0]?.[1] === sorted[1]?.[1] ? null : (sorted[0]?.[0] ?? null);
}

/** Cohen's kappa of two raters' labels on the same units: (observed - chance) / (1 - chance), chance from their marginals. */
export function plainKappa(x: readonly string[], y: readonly string[]): number {
  const n = x.length;
  const observed = x.filter((label, i) => label === y[i]).length / n;
  const labels = [...new Set([...x, ...y])];
  const expected = labels.reduce((sum, label) => sum + (x.filter((v) => v === label).length / n) * (y.filter((v) => v === label).length / n), 0);
  return (observed - expected) / (1 - expected);
}
