// Every unit the filter shows, as a virtualised list: only the rows in view are in the page,
// so 100,000 units scroll smoothly. The current unit's row is kept in view as the cursor moves.

import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { UnitRow } from './UnitRow';
import { useWorkspace, useWorkspaceState } from './useWorkspace';

const ROW_HEIGHT = 34;
/** Rows kept in view above (or below) the current one when the list pages on. */
const CONTEXT_ROWS = 3;
/** Rows rendered beyond the view on each side: more than a page flip moves, so a flip shows rows already there. */
const OVERSCAN_ROWS = 24;

export function UnitList() {
  const controller = useWorkspace();
  const visible = useWorkspaceState((state) => state.visible);
  const cursor = useWorkspaceState((state) => state.cursor);
  const searching = useWorkspaceState((state) => state.query.trim() !== '');
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design; the rows are memoised instead.
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 320, height: 600 },
    // Scrolling one row shows an overscan row already rendered, so the list's own re-render can
    // wait a task instead of running inside the frame that paints the next unit.
    useFlushSync: false,
  });

  // Keeps the current row in view by paging: when it leaves the view, the list jumps so that it
  // sits near the top (or bottom), with a few rows of context, so most key presses scroll
  // nothing. Decided at the start of the next frame, which lays the page out anyway: reading
  // the scroll position right after React's commit would force a second layout per press.
  useEffect(() => {
    const element = scroller.current;
    if (cursor < 0 || !element) return;
    const frame = requestAnimationFrame(() => {
      const top = cursor * ROW_HEIGHT;
      const offset = element.scrollTop;
      const height = element.clientHeight;
      const context = Math.min(CONTEXT_ROWS * ROW_HEIGHT, Math.max(0, height - ROW_HEIGHT) / 2);
      if (top + ROW_HEIGHT > offset + height) element.scrollTop = top - context;
      else if (top < offset) element.scrollTop = Math.max(0, top + ROW_HEIGHT + context - height);
    });
    return () => cancelAnimationFrame(frame);
  }, [cursor]);

  const select = controller.store.getState().select;
  return (
    <div className="unit-list" ref={scroller} role="listbox" aria-label="Units">
      {visible.length === 0 ? (
        <p className="muted small unit-list-empty">{searching ? 'No unit matches this search.' : 'No unit matches this filter.'}</p>
      ) : (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <UnitRow
              key={item.key}
              listIndex={item.index}
              position={visible[item.index] as number}
              top={item.start}
              current={item.index === cursor}
              onSelect={select}
            />
          ))}
        </div>
      )}
    </div>
  );
}
