// Player outcomes under the judge's verdicts and under the human majority's: Acc, Rnd and O/A
// with their sessions per bucket (the shared layout's table), O/A on all buckets as a bar chart
// under it, and the two rankings compared on the same sessions (tau-b, RBO, permutation p); in
// words instead when no session has a final answer.

import { memo, useId } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { AgreementReport, PlayerOutcome, RankingComparison } from '../../../shared/report/model/report-model';
import { fewPlayersCaveat, formatStatistic, playerOutcomesUndefined, rankingBasis, type LayoutTable } from '../../../shared/report/table-layout';
import { PlainTick } from './chart-parts';
import { LayoutColumnHeads } from './LayoutColumnHeads';
import { ReportTable } from './ReportTable';

const VERDICTS: ReadonlyArray<PlayerOutcome['verdicts']> = ['judge', 'human'];
const VERDICT_FILL: Record<PlayerOutcome['verdicts'], string> = { judge: '#3b4fd8', human: '#c58a1a' };
const VERDICT_TEXT: Record<PlayerOutcome['verdicts'], string> = { judge: 'judge verdicts', human: 'human majority verdicts' };
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 44 };
const GROUP_WIDTH = 150;
const MAX_LABEL_CHARS = 22;

function OutcomeTable({ layout }: { layout: LayoutTable }) {
  return (
    <ReportTable
      name={{ label: layout.title }}
      head={
        <>
          {layout.groups !== undefined && (
            <tr>
              {layout.groups.map((group, index) => (
                <th key={index} scope="colgroup" colSpan={group.span} className={group.label === '' ? undefined : 'num column-group'}>
                  {group.label}
                </th>
              ))}
            </tr>
          )}
          <tr>
            <LayoutColumnHeads layout={layout} />
          </tr>
        </>
      }
    >
      {layout.rows.map((row) => (
        <tr key={row.labels.join('\u0000')} data-player={row.ids?.[0]} data-bucket={row.ids?.[1]}>
          {row.labels.map((label, index) =>
            index === 0 ? (
              <th key={index} scope="row">
                {label}
              </th>
            ) : (
              <td key={index}>{label}</td>
            ),
          )}
          {row.values.map((value, index) => (
            <td key={index} className="num">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </ReportTable>
  );
}

/** O/A on all buckets per player, judge verdicts beside human ones; the table above it holds the same figures. */
function OutcomeChart({ outcomes }: { outcomes: readonly PlayerOutcome[] }) {
  const all = outcomes.filter((outcome) => outcome.bucket === 'all');
  const players = [...new Set(all.map((outcome) => outcome.player))];
  const width = MARGIN.left + MARGIN.right + Math.max(2, players.length) * GROUP_WIDTH;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: players, range: [0, innerWidth], padding: 0.25 });
  const inner = scaleBand<string>({ domain: [...VERDICTS], range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...all.map((outcome) => outcome.oa ?? 0))], range: [innerHeight, 0], nice: true });
  const summary = all.map((outcome) => `${outcome.player} under ${VERDICT_TEXT[outcome.verdicts]}: ${formatStatistic(outcome.oa, 2)}`).join('; ');
  return (
    <figure className="report-chart">
      <svg className="bar-chart" width={width} height={HEIGHT} role="img" aria-label={`O/A on all buckets: ${summary}`}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {all.map((outcome) => {
            const top = y(outcome.oa ?? 0);
            return (
              <Bar
                key={`${outcome.player}\u0000${outcome.verdicts}`}
                x={(x(outcome.player) ?? 0) + (inner(outcome.verdicts) ?? 0)}
                y={top}
                width={inner.bandwidth()}
                height={innerHeight - top}
                fill={VERDICT_FILL[outcome.verdicts]}
              >
                <title>{`${outcome.player}, ${VERDICT_TEXT[outcome.verdicts]}: O/A ${formatStatistic(outcome.oa, 2)}`}</title>
              </Bar>
            );
          })}
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickFormat={(player) => (player.length > MAX_LABEL_CHARS ? `${player.slice(0, MAX_LABEL_CHARS - 1)}…` : player)}
            tickComponent={PlainTick}
            tickLabelProps={{ textAnchor: 'middle', dy: '0.25em' }}
          />
          <AxisLeft scale={y} numTicks={5} tickComponent={PlainTick} tickLabelProps={{ textAnchor: 'end', dx: '-0.4em', dy: '0.3em' }} />
        </Group>
      </svg>
      <figcaption className="chart-legend small">
        O/A on all buckets:{' '}
        {VERDICTS.map((verdicts) => (
          <span key={verdicts} className="legend-item">
            <span className="legend-swatch" style={{ background: VERDICT_FILL[verdicts] }} aria-hidden="true" /> {VERDICT_TEXT[verdicts]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function RankingCard({ ranking }: { ranking: RankingComparison }) {
  const caveat = fewPlayersCaveat(ranking.judgeRanking.length);
  return (
    <div
      className="card ranking"
      data-testid="ranking"
      data-kendall-tau-b={ranking.kendallTauB ?? ''}
      data-rbo={ranking.rankBiasedOverlap ?? ''}
      data-permutation-p={ranking.permutationP ?? ''}
    >
      <div className="card-title">Do the judge and the humans rank the players alike?</div>
      <div className="ranking-lists">
        {(
          [
            ['judge', ranking.judgeRanking],
            ['human', ranking.humanRanking],
          ] as const
        ).map(([verdicts, players]) => (
          <div key={verdicts}>
            <div className="muted small">Under {VERDICT_TEXT[verdicts]}, best first</div>
            <ol>
              {players.map((player) => (
                <li key={player}>{player}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
      <dl className="figure-list">
        <div>
          <dt>Kendall&apos;s τ-b</dt>
          <dd>{formatStatistic(ranking.kendallTauB)}</dd>
        </div>
        <div>
          <dt>Permutation p</dt>
          <dd>{formatStatistic(ranking.permutationP)}</dd>
        </div>
        <div>
          <dt>Rank-biased overlap (p = 0.9)</dt>
          <dd>{formatStatistic(ranking.rankBiasedOverlap)}</dd>
        </div>
      </dl>
      <p className="muted small" data-testid="ranking-basis">
        {rankingBasis(ranking)}
      </p>
      {caveat !== undefined && (
        <p className="small skew-note" data-testid="ranking-caveat">
          {caveat}
        </p>
      )}
    </div>
  );
}

export const PlayerOutcomesSection = memo(function PlayerOutcomesSection({
  players,
  layout,
}: {
  players: AgreementReport['players'];
  layout: LayoutTable | undefined;
}) {
  const id = useId();
  const none = playerOutcomesUndefined(players.outcomes);
  const leftOut = players.outcomes.filter((outcome) => outcome.bucket === 'all' && (outcome.sessionsWithoutVerdict ?? 0) > 0);
  return (
    <section className="report-section" data-testid="player-outcomes" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        Player outcomes
      </h2>
      {layout === undefined ? (
        <p className="empty">The study has no played sessions.</p>
      ) : none !== undefined ? (
        <p className="empty" data-testid="player-outcomes-undefined">
          No Acc, Rnd or O/A: {none}.
        </p>
      ) : (
        <>
          <p className="muted small">{layout.caption}</p>
          <div className="chart-with-table">
            <OutcomeTable layout={layout} />
            <OutcomeChart outcomes={players.outcomes} />
          </div>
          {leftOut.length > 0 && (
            <p className="muted small">
              Left out because a final answer has no verdict (no strict human majority, or no judge label):{' '}
              {leftOut.map((outcome) => `${outcome.player} under ${VERDICT_TEXT[outcome.verdicts]}: ${outcome.sessionsWithoutVerdict ?? 0}`).join('; ')}.
            </p>
          )}
          {players.ranking !== null && <RankingCard ranking={players.ranking} />}
        </>
      )}
    </section>
  );
});
