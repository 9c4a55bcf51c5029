// @vitest-environment happy-dom
// The Judges page's runs over a fake-indexeddb database and a mocked judge worker: a finished run
// shows its counts, self-agreement and first failures ("and N more"), and the replies kept cut for
// being over 1 MB when there were any; a run left running by a
// closed window reads as interrupted and Resume runs it in the worker with a send that goes
// through the host; the live run's progress line and its Pause and Cancel reach the worker; replies cut
// off at max tokens are counted, with what to do; each run shows what produced its labels (issue 28).

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunProgress } from '../../../../shared/judge-run/runner';
import type { JudgeRunRow } from '../../../../shared/judge-run/stored-records';
import type { JudgeRunRecord } from '../../../../shared/judge-run/results';
import { progressText } from '../../../../renderer/features/judges/run-text';
import { RunsList } from '../../../../renderer/features/judges/RunsList';
import { RunSection } from '../../../../renderer/features/judges/RunSection';
import { closeDatabases, demoStudy, freshDatabase, renderWithServices, testServices, workers } from '../mode/mode-fixtures';

const study = demoStudy();
const studyId = study.study.id;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});
beforeEach(() => window.localStorage.clear());

function progress(overrides: Partial<RunProgress> = {}): RunProgress {
  return {
    state: 'running',
    total: 10,
    alreadyAnswered: 0,
    done: 3,
    cutOff: 0,
    failed: 1,
    inFlight: 2,
    retries: 2,
    tokensIn: 1200,
    tokensOut: 40,
    elapsedMs: 8000,
    ...overrides,
  };
}

function runRow(id: string, overrides: Partial<JudgeRunRow> = {}): JudgeRunRow {
  return {
    id,
    studyId,
    endpointId: 'e-1',
    judge: `tiny@${id}`,
    model: 'tiny',
    prompt: { name: id, hash: 'h' },
    endpoint: 'http://127.0.0.1:9/v1',
    parameters: { temperature: 0, maxTokens: 64, samples: 2, concurrency: 1, rpm: null, timeoutSeconds: 10 },
    selection: { kind: 'labelled' },
    state: 'running',
    createdAt: `2026-01-01T00:00:0${id.length % 10}.000Z`,
    updatedAt: '2026-01-01T00:00:00.000Z',
    progress: progress(),
    ...overrides,
  };
}

function record(failures: number): JudgeRunRecord {
  return {
    judge: 'tiny@done',
    model: 'tiny',
    prompt: { name: 'done', hash: 'h' },
    endpoint: 'http://127.0.0.1:9/v1',
    parameters: { temperature: 0, maxTokens: 64, samples: 2, concurrency: 1, rpm: null, timeoutSeconds: 10 },
    selection: 'labelled',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:01:05.000Z',
    cancelled: false,
    counts: {
      items: 20,
      alreadyAnswered: 0,
      answered: 20 - failures,
      failed: failures,
      cutOff: 0,
      turnsLabelled: 9,
      unparseable: 2,
      tokensIn: 5000,
      tokensOut: 100,
      elapsedMs: 65_000,
    },
    selfAgreement: 0.9,
    failures: Array.from({ length: failures }, (_, index) => ({ key: `t-${index}#0`, turnId: `t-${index}`, sample: 0, reason: `HTTP 500 number ${index}` })),
    cutOff: [],
  };
}

async function renderRuns(rows: JudgeRunRow[]) {
  const db = await freshDatabase([study]);
  await db.judgeRuns.bulkPut(rows);
  const services = testServices(db, 'lead');
  renderWithServices(
    <>
      <RunSection studyId={studyId} />
      <RunsList studyId={studyId} />
    </>,
    services,
  );
  return services;
}

describe('the Judges page runs', () => {
  it("shows a finished run's counts, self-agreement and first failures", async () => {
    await renderRuns([runRow('done', { state: 'finished', record: record(5) })]);
    const item = await screen.findByText('tiny@done');
    const entry = item.closest('li') as HTMLElement;
    expect(entry.textContent).toContain('15 answered · 5 failed · 2 unparseable · self-agreement 0.90 · 5,000 tokens in, 100 out · 1 min 5 s');
    expect(within(entry).getByText('t-0 (sample 1): HTTP 500 number 0')).toBeTruthy();
    expect(within(entry).queryByText(/number 3/)).toBeNull();
    expect(within(entry).getByText('and 2 more')).toBeTruthy();
    expect(within(entry).queryByRole('button', { name: /Resume/ })).toBeNull();
  });

  it('shows beside each judge name what produced its labels, so two judges of one model and prompt are told apart', async () => {
    await renderRuns([
      runRow('same', { judge: 'tiny@same', prompt: { name: 'same', hash: '0123456789abcdef' }, createdAt: '2026-01-01T00:00:01.000Z' }),
      runRow('same', {
        id: 'again',
        judge: 'tiny@same~2',
        prompt: { name: 'same', hash: '0123456789abcdef' },
        parameters: { temperature: 0.7, maxTokens: 4096, samples: 3, concurrency: 1, rpm: null, timeoutSeconds: 10 },
        createdAt: '2026-01-01T00:00:02.000Z',
      }),
    ]);
    const identity = (judge: string) => within(screen.getByText(judge).closest('li') as HTMLElement).getByTestId('judge-run-identity').textContent;
    await screen.findByText('tiny@same~2');
    expect(identity('tiny@same')).toBe('http://127.0.0.1:9/v1 · prompt same (01234567) · temperature 0 · max tokens 64 · k = 2');
    expect(identity('tiny@same~2')).toBe('http://127.0.0.1:9/v1 · prompt same (01234567) · temperature 0.7 · max tokens 4,096 · k = 3');
  });

  it('says how many replies were cut off at max tokens, and what to do, from the record and from live progress', async () => {
    const cut = { ...record(0), counts: { ...record(0).counts, cutOff: 3 } };
    await renderRuns([runRow('cut', { state: 'finished', record: cut })]);
    const entry = (await screen.findByText('tiny@cut')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('20 answered · 0 failed · 2 unparseable · 3 cut off at 64 tokens · self-agreement 0.90');
    expect(within(entry).getByTestId('judge-run-cut-off').textContent).toBe(
      '3 replies were cut off at 64 tokens before a verdict and gave no label. A reasoning model thinks first: raise Max tokens on the endpoint (4096 or more) and run again.',
    );
    expect(progressText(progress({ cutOff: 1 }))).toBe('3 of 10 done · 1 cut off at max tokens · 1 failed · 2 retries · 1,200 tokens in, 40 out · 8 s');
  });

  it('says how many replies were kept cut for being over 1 MB', async () => {
    const cut = record(0);
    await renderRuns([runRow('cut', { state: 'finished', record: { ...cut, counts: { ...cut.counts, repliesCut: 2 } } })]);
    const entry = (await screen.findByText('tiny@cut')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('2 unparseable · 2 replies over 1 MB kept cut in the middle · self-agreement 0.90');
  });

  it('resumes an interrupted run in the worker, sending through the host, and shows its live progress with Pause and Cancel', async () => {
    let report: ((progress: RunProgress) => void) | undefined;
    let send: ((request: never) => Promise<unknown>) | undefined;
    workers.judge.run.mockImplementation((_runId, sendThroughHost, onProgress) => {
      report = onProgress;
      send = sendThroughHost as never;
      return new Promise(() => undefined);
    });
    const services = await renderRuns([runRow('left')]);
    const entry = (await screen.findByText('tiny@left')).closest('li') as HTMLElement;
    expect(entry.textContent).toContain('interrupted');
    fireEvent.click(within(entry).getByRole('button', { name: 'Resume tiny@left' }));
    await waitFor(() => expect(workers.judge.run).toHaveBeenCalledWith('left', expect.any(Function), expect.any(Function)));
    await send?.({ endpointId: 'e-1' } as never);
    expect(services.platform.judgeEndpoints.send).toHaveBeenCalledWith({ endpointId: 'e-1' });

    report?.(progress());
    const live = await screen.findByTestId('judge-run-live');
    await waitFor(() => expect(live.textContent).toContain('running: 3 of 10 done · 1 failed · 2 retries · 1,200 tokens in, 40 out · 8 s'));
    expect(within(entry).queryByRole('button', { name: /Resume/ })).toBeNull();
    fireEvent.click(within(live).getByRole('button', { name: 'Pause' }));
    expect(workers.judge.pause).toHaveBeenCalledWith('left');
    report?.(progress({ state: 'paused' }));
    fireEvent.click(await within(live).findByRole('button', { name: 'Resume' }));
    expect(workers.judge.resume).toHaveBeenCalledWith('left');
    fireEvent.click(within(live).getByRole('button', { name: 'Cancel' }));
    expect(workers.judge.cancel).toHaveBeenCalledWith('left');
  });

  it('says why a resumed run stopped without applying its labels', async () => {
    workers.judge.run.mockResolvedValue({ applied: false, reason: 'the endpoint was deleted' });
    await renderRuns([runRow('paused', { state: 'paused' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume tiny@paused' }));
    expect((await screen.findByRole('alert')).textContent).toBe('the endpoint was deleted');
  });
});
