// The standard normal distribution function, for turning a bootstrap-t quantile back into the
// level at which it is reached (a p-value that agrees with its interval): Hart's double
// precision algorithm (Computer Approximations, 1968, 5666) as Graeme West wrote it out
// ("Better approximations to cumulative normal functions", Wilmott Magazine, 2005), good to 1e-15 absolute (far less relative in the far tails, where no p-value of ours lives).

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  const x = Math.abs(z);
  let tail: number;
  if (x > 37) tail = 0;
  else {
    const density = Math.exp((-x * x) / 2);
    if (x < 7.07106781186547) {
      let numerator = 3.52624965998911e-2 * x + 0.700383064443688;
      numerator = numerator * x + 6.37396220353165;
      numerator = numerator * x + 33.912866078383;
      numerator = numerator * x + 112.079291497871;
      numerator = numerator * x + 221.213596169931;
      numerator = numerator * x + 220.206867912376;
      let denominator = 8.83883476483184e-2 * x + 1.75566716318264;
      denominator = denominator * x + 16.064177579207;
      denominator = denominator * x + 86.7807322029461;
      denominator = denominator * x + 296.564248779674;
      denominator = denominator * x + 637.333633378831;
      denominator = denominator * x + 793.826512519948;
      denominator = denominator * x + 440.413735824752;
      tail = (density * numerator) / denominator;
    } else {
      // The continued fraction of the Mills ratio, where the polynomial loses precision.
      let fraction = x + 0.65;
      fraction = x + 4 / fraction;
      fraction = x + 3 / fraction;
      fraction = x + 2 / fraction;
      fraction = x + 1 / fraction;
      tail = density / fraction / 2.506628274631;
    }
  }
  return z > 0 ? 1 - tail : tail;
}
