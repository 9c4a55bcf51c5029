// The difficulty ratings by level 1 to 9 as a bar chart (visx), each bar in its bucket's
// colour, or as a table of the same counts.

import { useState } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { bucketOfLevel, type Bucket } from '../../../shared/domain/difficulty';
import { BucketBadge } from '../study';
import { PlainTick, TableToggle } from './chart-parts';

const WIDTH = 460;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 48 };
const BUCKET_FILL: Record<Bucket, string> = { easy: '#1c7c54', medium: '#c58a1a', hard: '#b3261e', unrated: '#9aa3b2' };

export function DifficultyHistogram({ ratingsByLevel }: { ratingsByLevel: readonly number[] }) {
  const [asTable, setAsTable] = useState(false);
  const levels = ratingsByLevel.map((count, index) => ({ level: index + 1, count }));
  const total = ratingsByLevel.reduce((sum, count) => sum + count, 0);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<number>({ domain: levels.map((entry) => entry.level), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...ratingsByLevel)], range: [innerHeight, 0], nice: true });
  const summary = levels.map((entry) => `level ${entry.level}: ${entry.count}`).join(', ');

  return (
    <div className="report-chart" data-testid="difficulty-histogram" data-ratings={ratingsByLevel.join(',')}>
      <div className="section-header">
        <h3>Ratings by level</h3>
        <TableToggle asTable={asTable} onChange={setAsTable} chart="difficulty-histogram" />
      </div>
      {asTable ? (
        <table className="data-table compact-table" aria-label="Difficulty ratings by level">
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Bucket</th>
              <th scope="col" className="num">
                Ratings
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((entry) => (
              <tr key={entry.level} data-level={entry.level}>
                <th scope="row">{entry.level}</th>
                <td>
                  <BucketBadge bucket={bucketOfLevel(entry.level)} />
                </td>
                <td className="num">{entry.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <svg
          className="bar-chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-label={`${total.toLocaleString('en-US')} difficulty ratings by level: ${summary}`}
        >
          <Group left={MARGIN.left} top={MARGIN.top}>
            {levels.map((entry) => {
              const top = y(entry.count);
              return (
                <Bar
                  key={entry.level}
                  data-level={entry.level}
                  x={x(entry.level) ?? 0}
                  y={top}
                  width={x.bandwidth()}
                  height={innerHeight - top}
                  fill={BUCKET_FILL[bucketOfLevel(entry.level)]}
                >
                  <title>{`Level ${entry.level}: ${entry.count.toLocaleString('en-US')} ratings`}</title>
                </Bar>
              );
            })}
            <AxisBottom top={innerHeight} scale={x} tickComponent={PlainTick} tickLabelProps={{ textAnchor: 'middle', dy: '0.25em' }} />
            <AxisLeft
              scale={y}
              tickValues={y.ticks(5).filter(Number.isInteger)}
              tickFormat={(count) => count.toLocaleString('en-US')}
              tickComponent={PlainTick}
              tickLabelProps={{ textAnchor: 'end', dx: '-0.4em', dy: '0.3em' }}
            />
            <text x={innerWidth / 2} y={innerHeight + 34} textAnchor="middle" fontSize={11} fill="currentColor">
              Level (1 easiest, 9 hardest)
            </text>
          </Group>
        </svg>
      )}
    </div>
  );
}
