// The lower tail of Student's t distribution, which the Alt-Test's one-sided t-tests need for their
// p-values. Computed through the regularized incomplete beta function, P(T <= t) = I_x(df/2, 1/2) / 2
// for t <= 0 with x = df / (df + t^2), accurate to about 1e-14 for the sample sizes a study has.

/** ln Gamma(z) for z >= 0.5, all the t distribution asks for (Lanczos approximation, g = 7, nine coefficients). */
function logGamma(z: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const x = z - 1;
  let sum = c[0]!;
  for (let i = 1; i < c.length; i++) sum += c[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of I_x(a, b) (modified Lentz), which converges fast for x < (a + 1) / (a + b + 2). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + even * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + even / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + odd / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return h;
}

/**
 * I_x(a, b), given x and 1 - x separately so that 1 - x keeps its precision when x is close to 1
 * (a small t makes x = df / (df + t^2) nearly 1).
 */
function regularizedBeta(a: number, b: number, x: number, oneMinusX: number): number {
  if (x <= 0) return 0;
  if (oneMinusX <= 0) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(oneMinusX));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, oneMinusX)) / b;
}

/** P(T <= t) for Student's t with `df` > 0 degrees of freedom; t may be +-Infinity. */
export function studentTCdf(t: number, df: number): number {
  if (t === -Infinity) return 0;
  if (t === Infinity) return 1;
  const t2 = t * t;
  const tail = 0.5 * regularizedBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
  return t <= 0 ? tail : 1 - tail;
}
