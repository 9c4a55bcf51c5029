// The judge runner (issue 17 point 3) with a scripted transport and a virtual clock: the
// concurrency and requests-per-minute bounds, retries with Retry-After and exponential backoff,
// giving up with a reason, no retry of a refused request, pause, resume and cancel, each answer
// journaled before it counts, items the journal holds never asked, and a journal that cannot be
// written stopping the run.

import { describe, expect, it } from 'vitest';
import type { ChatOutcome } from '../../../shared/judge-run/chat-completions';
import type { JudgeItem } from '../../../shared/judge-run/items';
import { startJudgeRun, type AnswerJournal, type JudgeAnswer, type RunnerOptions } from '../../../shared/judge-run/runner';
import { virtualClock } from './virtual-clock';

const items = (n: number): JudgeItem[] => Array.from({ length: n }, (_, i) => ({ key: `t${i}#0`, turnId: `t${i}`, sample: 0, task: 'answer' }));
const yes: ChatOutcome = { ok: true, reply: 'yes', tokensIn: 10, tokensOut: 1 };

/** A journal holding `held` from an earlier sitting, each answer 10 tokens in, 1 out, the last at 500 ms a piece of working time. */
function memoryJournal(held: string[] = []): AnswerJournal & { answers: JudgeAnswer[] } {
  const answers: JudgeAnswer[] = [];
  const earlier = held.map((key, index): JudgeAnswer => ({
    key,
    turnId: key.replace(/#.*/, ''),
    sample: 0,
    reply: 'yes',
    tokensIn: 10,
    tokensOut: 1,
    at: '',
    elapsedMs: (index + 1) * 500,
  }));
  return { answers, readEarlier: async (visit) => earlier.forEach(visit), append: async (answer) => void answers.push(answer) };
}

function run(options: Partial<RunnerOptions> & Pick<RunnerOptions, 'ask'>, clock = virtualClock()) {
  const journal = memoryJournal();
  const judgeRun = startJudgeRun({ items: items(5), journal, concurrency: 2, clock, ...options });
  return { judgeRun, journal, clock, summary: clock.drive(judgeRun.done) };
}

describe('judge runner', () => {
  it('keeps at most `concurrency` requests in flight and answers every item', async () => {
    let inFlight = 0;
    let most = 0;
    const { summary, journal } = run({
      items: items(20),
      concurrency: 3,
      ask: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        return yes;
      },
    });
    const { progress, failures } = await summary;
    expect(most).toBe(3);
    expect(progress).toMatchObject({ state: 'finished', total: 20, done: 20, failed: 0, inFlight: 0, tokensIn: 200, tokensOut: 20 });
    expect(failures).toEqual([]);
    expect(journal.answers.map((answer) => answer.key).sort()).toEqual(
      items(20)
        .map((item) => item.key)
        .sort(),
    );
  });

  it('spaces request starts 60000 / rpm ms apart', async () => {
    const clock = virtualClock();
    const starts: number[] = [];
    const { summary } = run({ concurrency: 4, rpm: 30, ask: async () => (starts.push(clock.now()), yes) }, clock);
    await summary;
    expect(starts.map((at) => at - (starts[0] as number))).toEqual([0, 2000, 4000, 6000, 8000]);
  });

  it('waits what Retry-After asks before any further request, and retries 5xx with doubling backoff', async () => {
    const clock = virtualClock();
    const asked: Array<[string, number]> = [];
    const script = new Map<string, ChatOutcome[]>([
      ['t0#0', [{ ok: false, failure: { kind: 'rate-limited', reason: 'HTTP 429', retryAfterMs: 7000 } }]],
      [
        't1#0',
        [
          { ok: false, failure: { kind: 'server-error', reason: 'HTTP 500' } },
          { ok: false, failure: { kind: 'timeout', reason: 'timeout' } },
        ],
      ],
    ]);
    const { summary } = run(
      {
        items: items(2),
        concurrency: 1,
        backoffMs: 100,
        ask: async (item) => {
          asked.push([item.key, clock.now() - 1_000_000]);
          return script.get(item.key)?.shift() ?? yes;
        },
      },
      clock,
    );
    const { progress } = await summary;
    expect(asked).toEqual([
      ['t0#0', 0],
      ['t0#0', 7000],
      ['t1#0', 7000],
      ['t1#0', 7100],
      ['t1#0', 7300],
    ]);
    expect(progress).toMatchObject({ done: 2, failed: 0, retries: 3 });
  });

  it('holds every worker while the endpoint asked to wait', async () => {
    const clock = virtualClock();
    const starts: Array<[string, number]> = [];
    let limited = false;
    const { summary } = run(
      {
        items: items(5),
        concurrency: 3,
        ask: async (item) => {
          starts.push([item.key, clock.now() - 1_000_000]);
          if (item.key === 't0#0' && !limited) {
            limited = true;
            return { ok: false, failure: { kind: 'rate-limited', reason: 'HTTP 429', retryAfterMs: 5000 } };
          }
          // The other two are still being answered when the 429 arrives; they finish, then no one starts before 5 s.
          await clock.sleep(1);
          return yes;
        },
      },
      clock,
    );
    await summary;
    expect(starts.filter(([, at]) => at > 0).sort()).toEqual([
      ['t0#0', 5000],
      ['t3#0', 5000],
      ['t4#0', 5000],
    ]);
  });

  it('gives up after the last attempt with the reason, and never retries a refused request', async () => {
    const asks = new Map<string, number>();
    const { summary } = run({
      items: items(2),
      maxAttempts: 3,
      ask: async (item) => {
        asks.set(item.key, (asks.get(item.key) ?? 0) + 1);
        return item.key === 't0#0'
          ? { ok: false, failure: { kind: 'server-error', reason: 'the endpoint failed (HTTP 502)' } }
          : { ok: false, failure: { kind: 'refused', reason: 'the endpoint refused the request (HTTP 400)' } };
      },
    });
    const { progress, failures } = await summary;
    expect(Object.fromEntries(asks)).toEqual({ 't0#0': 3, 't1#0': 1 });
    expect(failures).toEqual([
      { key: 't1#0', turnId: 't1', sample: 0, reason: 'the endpoint refused the request (HTTP 400)' },
      { key: 't0#0', turnId: 't0', sample: 0, reason: 'the endpoint failed (HTTP 502); gave up after 3 attempts' },
    ]);
    expect(progress).toMatchObject({ done: 0, failed: 2 });
  });

  it('asks nothing the journal already holds', async () => {
    const asked: string[] = [];
    const journal = memoryJournal(['t1#0', 't3#0', 'other#0']);
    const { summary } = run({ journal, ask: async (item) => (asked.push(item.key), yes) });
    const { progress } = await summary;
    expect(asked.sort()).toEqual(['t0#0', 't2#0', 't4#0']);
    expect(progress).toMatchObject({ total: 5, alreadyAnswered: 2, done: 3 });
  });

  it('goes on from the journal: the tokens, working time and cut-off replies of an earlier sitting count in the progress', async () => {
    const clock = virtualClock();
    const cut: JudgeAnswer = { key: 't3#0', turnId: 't3', sample: 0, reply: '', finishReason: 'length', tokensIn: 10, tokensOut: 64, at: '', elapsedMs: 900 };
    const earlier: JudgeAnswer[] = [
      { key: 't1#0', turnId: 't1', sample: 0, reply: 'yes', tokensIn: 10, tokensOut: 1, at: '', elapsedMs: 400 },
      cut,
      // Not an item of this run: counts nowhere.
      { key: 'other#0', turnId: 'other', sample: 0, reply: 'yes', tokensIn: 999, tokensOut: 999, at: '', elapsedMs: 99_000 },
    ];
    const answers: JudgeAnswer[] = [];
    const journal: AnswerJournal = { readEarlier: async (visit) => earlier.forEach(visit), append: async (answer) => void answers.push(answer) };
    const reports: Array<{ state: string; tokensIn: number; cutOff: number; elapsedMs: number }> = [];
    const judgeRun = startJudgeRun({
      items: items(5),
      journal,
      concurrency: 2,
      clock,
      ask: async (item) => {
        await clock.sleep(300);
        return item.key === 't4#0' ? { ok: true, reply: '<think>still', finishReason: 'length', tokensIn: 10, tokensOut: 64 } : yes;
      },
      isCutOff: (answer) => answer.finishReason === 'length' && !/^(yes|no)\b/i.test(answer.reply),
      onProgress: ({ state, tokensIn, cutOff, elapsedMs }) => reports.push({ state, tokensIn, cutOff, elapsedMs }),
    });
    const { progress } = await clock.drive(judgeRun.done);
    // From its first report the run shows the earlier sitting's figures, not zero.
    expect(reports.find((report) => report.state === 'running')).toEqual({ state: 'running', tokensIn: 20, cutOff: 1, elapsedMs: 900 });
    // Three asked now: t0 and t2 at once, then t4; 600 ms of this sitting after 900 of the last.
    expect(progress).toMatchObject({ alreadyAnswered: 2, done: 3, cutOff: 2, tokensIn: 50, tokensOut: 64 + 1 + 1 + 1 + 64, elapsedMs: 1500 });
    expect(answers.map((answer) => answer.elapsedMs).sort()).toEqual([1200, 1200, 1500]);
    expect(answers.find((answer) => answer.key === 't4#0')).toMatchObject({ reply: '<think>still', finishReason: 'length' });
  });

  it("goes on from the working time the run's stored progress gave when it is later than the journal's last answer", async () => {
    const clock = virtualClock();
    // The earlier sitting was cancelled 700 ms after its last answer, with requests still in flight.
    const earlier: JudgeAnswer[] = [{ key: 't0#0', turnId: 't0', sample: 0, reply: 'yes', tokensIn: 10, tokensOut: 1, at: '', elapsedMs: 400 }];
    const journal: AnswerJournal = { readEarlier: async (visit) => earlier.forEach(visit), append: async () => undefined };
    const judgeRun = startJudgeRun({
      items: items(2),
      journal,
      concurrency: 1,
      clock,
      ask: async () => (await clock.sleep(300), yes),
      earlierElapsedMs: 1100,
    });
    const { progress } = await clock.drive(judgeRun.done);
    expect(progress.elapsedMs).toBe(1400);
  });

  it('counts an item done only once the journal has it', async () => {
    let release = () => {};
    const written = new Promise<void>((resolve) => (release = resolve));
    const journal: AnswerJournal = { readEarlier: async () => {}, append: () => written };
    const clock = virtualClock();
    const judgeRun = startJudgeRun({ items: items(1), journal, concurrency: 1, clock, ask: async () => yes });
    await expect.poll(() => judgeRun.progress().inFlight === 0 && judgeRun.progress().state === 'running').toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(judgeRun.progress().done).toBe(0);
    release();
    expect((await judgeRun.done).progress.done).toBe(1);
  });

  it('asks the next items while answers are being written, with at most four unwritten answers per worker', async () => {
    const releases: Array<() => void> = [];
    const appended: string[] = [];
    const asked: string[] = [];
    const journal: AnswerJournal = {
      readEarlier: async () => {},
      append: (answer) => {
        appended.push(answer.key);
        return new Promise<void>((resolve) => releases.push(resolve));
      },
    };
    const judgeRun = startJudgeRun({ items: items(7), journal, concurrency: 1, clock: virtualClock(), ask: async (item) => (asked.push(item.key), yes) });
    await expect.poll(() => asked).toEqual(['t0#0', 't1#0', 't2#0', 't3#0', 't4#0']);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(appended).toEqual(['t0#0', 't1#0', 't2#0', 't3#0']);
    expect(judgeRun.progress().done).toBe(0);
    releases.shift()?.();
    await expect.poll(() => appended).toEqual(['t0#0', 't1#0', 't2#0', 't3#0', 't4#0']);
    await expect.poll(() => asked).toHaveLength(6);
    expect(judgeRun.progress().done).toBe(1);
    while ((await Promise.race([judgeRun.done.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))])) === false) releases.shift()?.();
    expect((await judgeRun.done).progress.done).toBe(7);
  });

  it('stops asking when paused, goes on when resumed', async () => {
    const asked: string[] = [];
    const ref: { run?: ReturnType<typeof startJudgeRun> } = {};
    const clock = virtualClock();
    const journal = memoryJournal();
    const judgeRun = startJudgeRun({
      items: items(5),
      journal,
      concurrency: 1,
      clock,
      ask: async (item) => {
        asked.push(item.key);
        if (item.key === 't1#0') ref.run?.pause();
        return yes;
      },
    });
    ref.run = judgeRun;
    await expect.poll(() => judgeRun.progress().state).toBe('paused');
    await expect.poll(() => judgeRun.progress().done).toBe(2);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual(['t0#0', 't1#0']);
    judgeRun.resume();
    const { progress } = await clock.drive(judgeRun.done);
    expect(asked).toHaveLength(5);
    expect(progress).toMatchObject({ state: 'finished', done: 5 });
  });

  it('cancels: aborts the requests in flight, starts no more and counts nothing they return', async () => {
    const ref: { run?: ReturnType<typeof startJudgeRun> } = {};
    const signals: Array<{ aborted: boolean }> = [];
    const { judgeRun, summary, journal } = run({
      items: items(10),
      concurrency: 2,
      ask: async (item, signal) => {
        signals.push(signal);
        if (item.key === 't3#0') ref.run?.cancel();
        return yes;
      },
    });
    ref.run = judgeRun;
    const { progress } = await summary;
    expect(progress.state).toBe('cancelled');
    expect(signals.length).toBeLessThan(10);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(journal.answers.map((answer) => answer.key)).not.toContain('t3#0');
    expect(progress.done).toBe(journal.answers.length);
  });

  it('cancels a run waiting out a Retry-After at once', async () => {
    const clock = virtualClock();
    const judgeRun = startJudgeRun({
      items: items(1),
      journal: memoryJournal(),
      concurrency: 1,
      clock,
      ask: async () => ({ ok: false, failure: { kind: 'rate-limited', reason: 'HTTP 429', retryAfterMs: 3_600_000 } }),
    });
    await expect.poll(() => clock.sleeps).toEqual([3_600_000]);
    judgeRun.cancel();
    // Not driven: the hour-long sleep never fires, yet the run settles.
    expect((await judgeRun.done).progress.state).toBe('cancelled');
  });

  it('stops the run when the journal cannot be written', async () => {
    const asked: string[] = [];
    const journal: AnswerJournal = {
      readEarlier: async () => {},
      append: async () => {
        throw new Error('disk full');
      },
    };
    const { summary } = run({ journal, concurrency: 1, ask: async (item) => (asked.push(item.key), yes) });
    await expect(summary).rejects.toThrow('disk full');
    // The failed write stops the run at once: at most the item asked while it was being written follows it.
    expect(asked[0]).toBe('t0#0');
    expect(asked.length).toBeLessThanOrEqual(2);
  });
});
