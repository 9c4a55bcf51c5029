// A 95% interval as every figure carries it: [lower, upper], on the figure's own scale.

export type Interval = [number, number];
