// A judge's reliability diagram (issue 31 point 1): per bin of confidence with verdicts, its mean
// confidence across and its agreement with people up, each dot as large as its bin, beside the
// diagonal where a calibrated judge's dots lie. The table beside it holds the same figures.

import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import type { CalibrationRow } from '../../../shared/report/model/report-model';
import { PlainTick } from './chart-parts';

const SIZE = 200;
const MARGIN = { top: 8, right: 8, bottom: 36, left: 44 };
const INNER = SIZE - MARGIN.left;

const percent = (value: number) => `${Math.round(value * 100)}%`;

export function ReliabilityDiagram({ row }: { row: CalibrationRow }) {
  const x = scaleLinear<number>({ domain: [0, 1], range: [0, INNER - MARGIN.right] });
  const y = scaleLinear<number>({ domain: [0, 1], range: [INNER - MARGIN.bottom, 0] });
  const filled = row.bins.filter((bin) => bin.n > 0 && bin.meanConfidence !== null && bin.agreement !== null);
  const largest = Math.max(1, ...filled.map((bin) => bin.n));
  const summary = filled.map((bin) => `${percent(bin.meanConfidence as number)} confident, ${percent(bin.agreement as number)} agreeing (${bin.n})`).join('; ');
  return (
    <figure className="reliability-diagram" data-reliability-judge={row.judge} data-reliability-source={row.source} data-bins={filled.length}>
      <svg width={SIZE} height={SIZE} role="img" aria-label={`Reliability of ${row.judge} (${row.source}): ${summary}`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="currentColor" strokeOpacity={0.3} strokeDasharray="4 3" />
          {filled.map((bin) => (
            <circle
              key={bin.upper}
              cx={x(bin.meanConfidence as number)}
              cy={y(bin.agreement as number)}
              r={3 + 6 * Math.sqrt(bin.n / largest)}
              className="reliability-dot"
              data-bin-upper={bin.upper}
              data-bin-n={bin.n}
            />
          ))}
          <AxisBottom top={y(0)} scale={x} numTicks={5} tickFormat={(value) => percent(Number(value))} tickComponent={PlainTick} label="confidence" />
          <AxisLeft scale={y} numTicks={5} tickFormat={(value) => percent(Number(value))} tickComponent={PlainTick} label="agreement" />
        </Group>
      </svg>
    </figure>
  );
}
