// What every chart of the report page shares: tick labels as plain SVG text (visx's own Text
// measures each word in the DOM, too slow for a 58-rater heatmap), and the "Show as table"
// toggle that gives every chart a table with the same figures.

import type { TickRendererProps } from '@visx/axis';

export const CHART_FONT_SIZE = 11;

/** A tick label without measuring: `angle` rotates it about its anchor. */
export function PlainTick({ x, y, formattedValue, textAnchor, angle, dx, dy }: TickRendererProps) {
  return (
    <text
      x={x}
      y={y}
      dx={dx}
      dy={dy}
      fontSize={CHART_FONT_SIZE}
      fill="currentColor"
      textAnchor={textAnchor}
      transform={angle === undefined ? undefined : `rotate(${angle} ${x} ${y})`}
    >
      {formattedValue}
    </text>
  );
}

export function TableToggle({ asTable, onChange, chart }: { asTable: boolean; onChange: (asTable: boolean) => void; chart: string }) {
  return (
    <button type="button" className="chip" aria-pressed={asTable} data-show-table={chart} onClick={() => onChange(!asTable)}>
      Show as table
    </button>
  );
}
