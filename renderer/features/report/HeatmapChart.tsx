// The pairwise heatmap as one SVG: every rater on both axes, one plain rect per pair (visx
// HeatmapRect), coloured by agreement. Keyboard: one tab stop, the arrow keys move between the
// pairs that share units, Enter or Space lists their disagreements. Hovering or focusing a cell
// writes its figures into one readout line directly, without a React render: 3,364 cells with a
// <title> each would double the SVG, and a render per mouse move would redraw them all.

import { memo, useCallback, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { AxisLeft, AxisTop } from '@visx/axis';
import { Group } from '@visx/group';
import { HeatmapRect } from '@visx/heatmap';
import { scaleBand, scaleLinear } from '@visx/scale';
import { CHART_FONT_SIZE, PlainTick } from './chart-parts';
import { cellKey, cellLabel, type HeatmapCell, type HeatmapModel } from './heatmap-model';
import { percentText } from './report-text';

/** The matrix fits about this many pixels across; cells stay between the two sizes. */
const MATRIX_SIZE = 640;
const MIN_CELL = 11;
const MAX_CELL = 48;
/** Cells this large have room for their percentage. */
const CELL_WITH_TEXT = 34;
const MAX_LABEL_CHARS = 26;
const EMPTY_FILL = '#f1f3f6';

const colour = scaleLinear<string>({ domain: [0, 1], range: ['#eef1ff', '#1f2f9e'] });

function shortName(name: string): string {
  return name.length > MAX_LABEL_CHARS ? `${name.slice(0, MAX_LABEL_CHARS - 1)}…` : name;
}

interface Column {
  rater: string;
  bins: Array<HeatmapCell | null>;
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

interface Props {
  model: HeatmapModel;
  /** cellKey of the cell whose disagreements are listed. */
  chosen: string | undefined;
  onChoose: (cell: HeatmapCell) => void;
}

export const HeatmapChart = memo(function HeatmapChart({ model, chosen, onChoose }: Props) {
  const { raters, names, cells } = model;
  const tickName = useCallback((rater: string) => shortName(names.get(rater) ?? rater), [names]);
  const count = raters.length;
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(MATRIX_SIZE / Math.max(count, 1))));
  const longest = Math.min(MAX_LABEL_CHARS, Math.max(4, ...raters.map((rater) => (names.get(rater) ?? rater).length)));
  const margin = Math.ceil(longest * CHART_FONT_SIZE * 0.62) + 10;
  const size = count * cell;
  const scale = useMemo(() => scaleBand<string>({ domain: raters, range: [0, size] }), [raters, size]);
  // Column b holds, row by row, the pairs (a, b); the diagonal and pairs with no unit in common are empty.
  const columns = useMemo(
    (): Column[] => raters.map((b) => ({ rater: b, bins: raters.map((a) => (a === b ? null : (cells.get(cellKey(a, b)) ?? null))) })),
    [raters, cells],
  );
  const firstCell = columns.flatMap((column) => column.bins).find((bin): bin is HeatmapCell => bin !== null);
  /** The one cell in the tab order (roving tabindex); it follows focus. */
  const [active, setActive] = useState<string>();
  const tabStop = active !== undefined && cells.has(active) ? active : firstCell && cellKey(firstCell.a, firstCell.b);
  const svg = useRef<SVGSVGElement>(null);
  const readout = useRef<HTMLDivElement>(null);

  const show = (target: HeatmapCell | undefined) => {
    if (readout.current) readout.current.textContent = target === undefined ? '' : cellLabel(target, names);
  };

  const cellAt = (target: EventTarget) => {
    const element = (target as Element).closest?.('[data-heatmap-cell]');
    return element ? cells.get(element.getAttribute('data-heatmap-cell') ?? '') : undefined;
  };

  const onClick = (event: MouseEvent) => {
    const target = cellAt(event.target);
    if (target) onChoose(target);
  };

  const onFocus = (event: FocusEvent) => {
    const target = cellAt(event.target);
    show(target);
    if (target) setActive(cellKey(target.a, target.b));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = cellAt(event.target);
    if (!target) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(target);
      return;
    }
    const step = ARROWS[event.key];
    if (!step) return;
    event.preventDefault();
    // The next pair in that direction that shares units; pairs that share none are not cells.
    let row = raters.indexOf(target.a);
    let column = raters.indexOf(target.b);
    for (;;) {
      row += step[0];
      column += step[1];
      const a = raters[row];
      const b = raters[column];
      if (a === undefined || b === undefined) return;
      if (cells.has(cellKey(a, b))) {
        svg.current?.querySelector<SVGElement>(`[data-row="${row}"][data-column="${column}"]`)?.focus();
        return;
      }
    }
  };

  // Both axes name the raters alike, from the same corner: only their labels' direction differs.
  const axis = { top: margin, left: margin, scale, hideAxisLine: true, hideTicks: true, tickFormat: tickName, tickComponent: PlainTick };

  return (
    <div className="heatmap-scroll">
      <svg
        ref={svg}
        className="heatmap-chart"
        width={margin + size + 8}
        height={margin + size + 8}
        role="group"
        aria-label={`Agreement of every pair of ${count} raters; arrow keys move between pairs, Enter lists their disagreements`}
      >
        <AxisTop {...axis} tickLabelProps={{ angle: -90, textAnchor: 'start', dx: '0.3em', dy: '0.3em' }} />
        <AxisLeft {...axis} tickLabelProps={{ textAnchor: 'end', dx: '-0.3em', dy: '0.3em' }} />
        <Group
          top={margin}
          left={margin}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onMouseOver={(event) => show(cellAt(event.target))}
          onMouseLeave={() => show(undefined)}
        >
          <HeatmapRect<Column, HeatmapCell | null>
            data={columns}
            bins={(column) => column.bins}
            count={(bin) => bin?.agreement ?? 0}
            xScale={(index) => index * cell}
            yScale={(index) => index * cell}
            binWidth={cell}
            binHeight={cell}
            gap={1}
          >
            {(grid) => {
              const bins = grid.flat();
              return (
                <>
                  {bins.map(({ bin, row, column, x, y, width, height }) => {
                    if (bin === null) return <rect key={`${row}-${column}`} x={x} y={y} width={width} height={height} fill={EMPTY_FILL} aria-hidden="true" />;
                    const key = cellKey(bin.a, bin.b);
                    const label = cellLabel(bin, names);
                    return (
                      <rect
                        key={key}
                        className={`heatmap-cell${key === chosen ? ' chosen' : ''}`}
                        data-heatmap-cell={key}
                        data-row={row}
                        data-column={column}
                        data-used={bin.used}
                        data-total={bin.total}
                        x={x}
                        y={y}
                        width={width}
                        height={height}
                        fill={bin.agreement === null ? EMPTY_FILL : colour(bin.agreement)}
                        role="button"
                        tabIndex={key === tabStop ? 0 : -1}
                        aria-label={label}
                      />
                    );
                  })}
                  {cell >= CELL_WITH_TEXT &&
                    bins.map(({ bin, x, y, width, height }) =>
                      bin === null ? null : (
                        <text
                          key={`text-${cellKey(bin.a, bin.b)}`}
                          className="heatmap-cell-text"
                          x={x + width / 2}
                          y={y + height / 2}
                          dy="0.35em"
                          textAnchor="middle"
                          fill={(bin.agreement ?? 0) > 0.55 ? '#fff' : '#1d2430'}
                          aria-hidden="true"
                        >
                          {percentText(bin.agreement, 0)}
                        </text>
                      ),
                    )}
                </>
              );
            }}
          </HeatmapRect>
        </Group>
      </svg>
      {/* For the eyes (screen readers hear each cell's label on focus). React gives it no children,
          so the text written into it is never React's to reconcile; the hint comes from CSS. */}
      <div className="heatmap-readout" ref={readout} aria-hidden="true" />
      <div className="heatmap-legend" aria-hidden="true">
        <span>0%</span>
        <span className="heatmap-legend-ramp" />
        <span>100%</span>
        <span className="heatmap-legend-empty" /> <span>no unit in common</span>
      </div>
    </div>
  );
});
