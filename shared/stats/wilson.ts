// The Wilson score interval of a proportion (Wilson 1927): the floor under a bootstrap interval
// that reaches 0 or 1, where resampling cannot show uncertainty the sample still has (61 of 61
// agreeing puzzles prove a high share, not a share of exactly 1).

/** z of a central 95% interval: scipy's norm.ppf(0.975), as statsmodels' proportion_confint uses. */
const Z95 = 1.959963984540054;

/**
 * The 95% Wilson interval of `share` observed on `n` independent draws (statsmodels'
 * proportion_confint(count, n, method='wilson') with count = share * n; share need not be a
 * count over n, so a macro average fits too). Null for n below 1.
 */
export function wilsonInterval(share: number, n: number): [number, number] | null {
  if (!(n >= 1) || !(share >= 0 && share <= 1)) return null;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (share + z2 / (2 * n)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
