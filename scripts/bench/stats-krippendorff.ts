// The competitor of `npm run bench:stats`, run as its own process: reads a unit,rater,value CSV
// and computes nominal Krippendorff's alpha with krippendorff@0.1.0 (rater x unit matrix,
// undefined for a missing rating). Prints {"alpha": ...}.

import { readFileSync } from 'node:fs';
import { alpha } from 'krippendorff';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: stats-krippendorff FILE.csv');
const [header = '', ...lines] = readFileSync(path, 'utf8').split(/\r?\n/);
const names = header.split(',');
const [unitAt, raterAt, valueAt] = ['unit', 'rater', 'value'].map((name) => names.indexOf(name)) as [number, number, number];
const units = new Map<string, number>();
const raters = new Map<string, number>();
const cells: Array<[number, number, string]> = [];
for (const line of lines) {
  if (line === '') continue;
  const fields = line.split(',');
  const unit = fields[unitAt] as string;
  const rater = fields[raterAt] as string;
  if (!units.has(unit)) units.set(unit, units.size);
  if (!raters.has(rater)) raters.set(rater, raters.size);
  cells.push([raters.get(rater) as number, units.get(unit) as number, fields[valueAt] as string]);
}
const matrix: Array<Array<string | undefined>> = Array.from({ length: raters.size }, () => new Array<string | undefined>(units.size).fill(undefined));
for (const [r, u, value] of cells) (matrix[r] as Array<string | undefined>)[u] = value;
process.stdout.write(`${JSON.stringify({ alpha: alpha(matrix) })}\n`);
