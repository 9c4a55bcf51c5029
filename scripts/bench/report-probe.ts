// In-page probe of the report benchmark, bundled as an init script that runs before the app:
// the lead's click on Report, the report view's arrival, the report worker's answer, the report
// painted ready, and the main thread's long tasks and frame gaps in between, on the page's clock.

export interface LongTask {
  /** Start, in ms after the click (negative: the task was already running). */
  atMs: number;
  ms: number;
}

export interface ReportOpening {
  /** Click on the study's Report entry to the report view painted with data-state="ready". */
  openMs: number;
  /** Click to the report view in the DOM: its code and the study's record loaded; the worker not asked yet. */
  viewMs: number;
  /** The view in the DOM to the report worker's answer: its start, the read, the bootstrap, the report's transfer. */
  workerMs: number;
  /** The answer to ready painted: the window rendering the report. */
  renderMs: number;
  /** Tasks over 50 ms (the Long Tasks API reports no shorter ones) overlapping click to ready painted. */
  longTasks: LongTask[];
  /** The longest time between two requestAnimationFrame callbacks in that span. */
  longestFrameGapMs: number;
}

export interface ReportProbe {
  /** Resolves once the main thread ran `ms` without a long task or a frame gap over 50 ms. */
  quietFor(ms: number): Promise<void>;
  /** Why the opening cannot be timed: the view's data-state="failed", or no answer seen from the report worker. */
  failed?: string;
  /** Undefined until the report is painted ready after a click on Report. */
  opening(): ReportOpening | undefined;
}

const LONG_MS = 50;

/**
 * "Painted" as in the labelling probe: the frame after the change has been produced once the
 * task posted from that frame's requestAnimationFrame callback runs.
 */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(undefined);
  });
}

function installProbe(): ReportProbe {
  /** When the main thread was last seen blocked: the end of a long task or of a long frame gap. */
  let busyUntil = 0;
  const longTasks: Array<{ start: number; end: number }> = [];
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      const end = entry.startTime + entry.duration;
      longTasks.push({ start: entry.startTime, end });
      busyUntil = Math.max(busyUntil, end);
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });

  // Every frame's callback time: a gap between two is how long the page could not paint.
  const frames: number[] = [];
  const frame = () => {
    const now = performance.now();
    const previous = frames[frames.length - 1];
    if (previous !== undefined && now - previous > LONG_MS) busyUntil = now;
    frames.push(now);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // The app names its report worker 'report'; its messages to the window are answers to calls.
  let lastAnswerAt: number | undefined;
  const NativeWorker = globalThis.Worker;
  globalThis.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (options?.name === 'report') this.addEventListener('message', () => (lastAnswerAt = performance.now()));
    }
  };

  let clickAt: number | undefined;
  let viewAt: number | undefined;
  let answerAt: number | undefined;
  let readySeen = false;
  let readyAt: number | undefined;
  // Capture phase on window: the click is seen before the app's handler, with the event's own time.
  window.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('[data-testid="report-entry"]')) clickAt = event.timeStamp;
    },
    true,
  );

  const probe: ReportProbe = {
    quietFor: (ms) =>
      new Promise((resolve) => {
        const check = () => (performance.now() - busyUntil >= ms ? resolve() : setTimeout(check, 100));
        check();
      }),
    opening() {
      if (clickAt === undefined || viewAt === undefined || answerAt === undefined || readyAt === undefined) return undefined;
      const [from, to] = [clickAt, readyAt];
      // Entries the observer holds but has not delivered yet.
      record(observer.takeRecords());
      let longestFrameGapMs = 0;
      for (let i = 1; i < frames.length; i++) {
        const [previous, next] = [frames[i - 1] as number, frames[i] as number];
        if (next > from && previous < to) longestFrameGapMs = Math.max(longestFrameGapMs, next - previous);
      }
      return {
        openMs: to - from,
        viewMs: viewAt - from,
        workerMs: answerAt - viewAt,
        renderMs: to - answerAt,
        longTasks: longTasks.filter((task) => task.end > from && task.start < to).map((task) => ({ atMs: task.start - from, ms: task.end - task.start })),
        longestFrameGapMs,
      };
    },
  };

  new MutationObserver(() => {
    if (clickAt === undefined || readySeen) return;
    const view = document.querySelector('[data-testid="report-view"]');
    if (view === null) return;
    viewAt ??= performance.now();
    const state = view.getAttribute('data-state');
    if (state === 'failed') probe.failed = `the report failed: ${document.querySelector('[data-testid="report-error"]')?.textContent ?? ''}`;
    if (state !== 'ready') return;
    readySeen = true;
    answerAt = lastAnswerAt;
    if (answerAt === undefined) probe.failed = 'the report is ready, but no worker named "report" answered: the probe needs updating';
    afterPaint(() => (readyAt = performance.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  return probe;
}

(globalThis as unknown as { reportProbe: ReportProbe }).reportProbe = installProbe();
