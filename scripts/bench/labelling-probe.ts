// In-page probe of the labelling benchmarks, bundled as an init script that runs before the
// app: times each key press to the next unit painted, the workspace's readiness and the
// library's first interactive frame, all from the page's own clock (navigation start = 0).

export interface LabellingProbe {
  /** Key press to next unit painted, in ms, one per press that moved the current unit. */
  pressMs: number[];
  /** Key press to the next unit in the DOM (the app's own work, before any frame), same presses. */
  domMs: number[];
  /** The frame's own work: its requestAnimationFrame callback to painted, same presses. The rest of pressMs is waiting for that frame. */
  frameMs: number[];
  /** When the workspace was first painted ready (ms after navigation start). */
  readyAt?: number;
  /** When the library first showed a study and could run a frame after it (ms after navigation start). */
  libraryAt?: number;
  /** Forgets the presses timed so far, so that a new series counts from one. */
  reset(): void;
  /** Resolves once `count` presses are timed; rejects after `timeoutMs`. */
  pressesTimed(count: number, timeoutMs: number): Promise<void>;
}

/**
 * "Painted": the frame after the change has been produced once a task posted from that frame's
 * requestAnimationFrame callback runs, since Chromium styles, lays out, paints and commits the
 * frame in the same task as its animation callbacks. The task is posted at user-blocking
 * priority: a posted message (the usual way) waits behind every ordinary task queued before it,
 * such as the label's durable write, which the workspace starts right after the paint, and
 * would time those too.
 */
function afterPaint(then: (frameStart: number) => void): void {
  requestAnimationFrame(() => {
    const frameStart = performance.now();
    void scheduler.postTask(() => then(frameStart), { priority: 'user-blocking' });
  });
}

function installProbe(): LabellingProbe {
  const waiters: Array<() => void> = [];
  const probe: LabellingProbe = {
    pressMs: [],
    domMs: [],
    frameMs: [],
    reset: () => {
      probe.pressMs.length = 0;
      probe.domMs.length = 0;
      probe.frameMs.length = 0;
    },
    pressesTimed: (count, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (probe.pressMs.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`press ${count} moved no unit within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (probe.pressMs.length < count) return false;
          clearTimeout(timer);
          resolve();
          return true;
        };
        waiters.push(check);
      }),
  };
  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]?.()) waiters.splice(i, 1);
  };

  // Capture phase on window: the press is seen before any app handler, with the event's own time.
  let pressedAt: number | undefined;
  window.addEventListener('keydown', (event) => (pressedAt = event.timeStamp), true);

  let unitId: string | null = null;
  let libraryPending = false;
  let readyPending = false;
  new MutationObserver(() => {
    const current = document.querySelector('[data-testid="current-unit"]')?.getAttribute('data-unit-id') ?? null;
    if (current !== unitId) {
      unitId = current;
      const start = pressedAt;
      pressedAt = undefined;
      if (start !== undefined && current !== null) {
        probe.domMs.push(performance.now() - start);
        afterPaint((frameStart) => {
          const now = performance.now();
          probe.pressMs.push(now - start);
          probe.frameMs.push(now - frameStart);
          settle();
        });
      }
    }
    if (probe.readyAt === undefined && !readyPending && document.querySelector('[data-testid="workspace"][data-ready="true"]')) {
      readyPending = true;
      afterPaint(() => (probe.readyAt = performance.now()));
    }
    if (probe.libraryAt === undefined && !libraryPending && document.querySelector('[data-study-id]')) {
      libraryPending = true;
      afterPaint(() => (probe.libraryAt = performance.now()));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-unit-id', 'data-ready'] });
  return probe;
}

(globalThis as unknown as { labellingProbe: LabellingProbe }).labellingProbe = installProbe();
