// Chromium's own trace of one report opening, for the bench's BENCH_TRACE: what each main-thread
// task over 50 ms spent its time on (script by function, message deserialisation, style, layout,
// paint), with the task's CPU time beside its wall time, so a task made long by other processes
// on the machine shows as wall time the thread did not run.

import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds, on the trace's clock. */
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, in microseconds. */
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; type?: string } };
}

export interface TracedTask {
  /** Start, in ms after the trace began. */
  atMs: number;
  ms: number;
  /** The main thread's CPU time in it: far below `ms` when the thread waited for a core. */
  cpuMs: number;
  /** The costliest things inside it by wall time, with their CPU time, e.g. "Layout 46 ms (CPU 23)". */
  parts: string[];
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.execute', 'blink', 'blink.user_timing'];

export interface TracedTasks {
  /** The main-thread tasks over the wall time asked for, in order. */
  long: TracedTask[];
  /** The task that ran longest on a core: what the page's own work costs however busy the machine. */
  heaviest?: TracedTask;
}

/**
 * Starts tracing the page's process; `stop` ends it, writes the trace to `file` (for Chromium's
 * performance panel) and returns its main-thread tasks over `longMs` and its heaviest.
 */
export async function startTrace(session: CDPSession, file: string): Promise<{ stop(longMs: number): Promise<TracedTasks> }> {
  await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReturnAsStream' });
  return {
    async stop(longMs) {
      const complete = new Promise<string>((resolve) => session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')));
      await session.send('Tracing.end');
      const stream = await complete;
      let text = '';
      for (;;) {
        const chunk = await session.send('IO.read', { handle: stream });
        text += chunk.base64Encoded === true ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
        if (chunk.eof) break;
      }
      await session.send('IO.close', { handle: stream });
      writeFileSync(file, text);
      const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
      return mainTasks(Array.isArray(parsed) ? parsed : parsed.traceEvents, longMs);
    },
  };
}

/** What an event inside a task is called in the summary: a script call names its function and file. */
function partName(event: TraceEvent): string {
  const data = event.args?.data;
  if (event.name === 'FunctionCall' || event.name === 'v8.callFunction') {
    const file = data?.url?.split('/').pop() ?? '';
    return `${event.name} ${data?.functionName || '(anonymous)'}${file ? ` (${file})` : ''}`;
  }
  if (event.name === 'EventDispatch' && data?.type) return `EventDispatch ${data.type}`;
  return event.name;
}

function mainTasks(events: readonly TraceEvent[], longMs: number): TracedTasks {
  // The page's main thread is the one the click was dispatched on; other tabs' renderers are traced too.
  const clicked = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (clicked === undefined || e.pid === clicked.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`));
  const start = events.reduce((first, e) => (e.ts > 0 && e.ts < first ? e.ts : first), Infinity);
  // A task shows as RunTask inside ThreadControllerImpl::RunTask: only the outermost counts.
  const tasks: TraceEvent[] = [];
  for (const e of complete.filter((c) => c.name.endsWith('RunTask')).sort((a, b) => a.ts - b.ts)) {
    const outer = tasks.find((task) => task.pid === e.pid && task.tid === e.tid && e.ts < task.ts + (task.dur as number));
    if (outer === undefined) tasks.push(e);
  }
  const described = (task: TraceEvent): TracedTask => {
    const end = task.ts + (task.dur as number);
    const totals = new Map<string, { wall: number; cpu: number }>();
    for (const e of complete) {
      if (e.pid !== task.pid || e.tid !== task.tid || e.ts < task.ts || e.ts >= end || e.name.endsWith('RunTask')) continue;
      const name = partName(e);
      const total = totals.get(name) ?? { wall: 0, cpu: 0 };
      total.wall += e.dur as number;
      total.cpu += e.tdur ?? 0;
      totals.set(name, total);
    }
    // Nested events each count in full: the list says where the time went, not a sum.
    const parts = [...totals]
      .sort((a, b) => b[1].wall - a[1].wall)
      .slice(0, 6)
      .map(([name, { wall, cpu }]) => `${name} ${(wall / 1000).toFixed(0)} ms (CPU ${(cpu / 1000).toFixed(0)})`);
    return { atMs: (task.ts - start) / 1000, ms: (task.dur as number) / 1000, cpuMs: (task.tdur ?? 0) / 1000, parts };
  };
  const heaviest = tasks.reduce<TraceEvent | undefined>((most, task) => ((task.tdur ?? 0) > (most?.tdur ?? -1) ? task : most), undefined);
  return {
    long: tasks.filter((task) => (task.dur as number) / 1000 > longMs).map(described),
    heaviest: heaviest === undefined ? undefined : described(heaviest),
  };
}
