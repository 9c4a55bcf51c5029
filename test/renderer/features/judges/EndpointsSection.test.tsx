// @vitest-environment happy-dom
// The Judges page's endpoints over a fake-indexeddb database and a fake host: saving hands the
// API key to the host alone (the stored row says only whether the host holds one), field
// problems are shown in words and nothing is saved, editing with a blank key keeps it and
// "Remove key" removes it, a host asking for a reload shows the Reload notice, deleting forgets
// the key, and annotator mode gets the lead-only note. Test connection registers the address and
// key as Save would, shows the host's words, and Cancel takes a new endpoint's registration back.

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JudgesView } from '../../../../renderer/features/judges/JudgesView';
import { closeDatabases, demoStudy, freshDatabase, renderWithServices, testServices, workers } from '../mode/mode-fixtures';

const KEY = 'sk-test-secret-4242';

beforeEach(() => {
  window.localStorage.clear();
  // The page's Prompt versions view asks the report worker; these tests are not about it.
  workers.report.computeReport.mockReturnValue(new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  closeDatabases();
});

async function renderPage(mode: 'lead' | 'annotator' = 'lead') {
  const study = demoStudy();
  const db = await freshDatabase([study]);
  const services = testServices(db, mode);
  renderWithServices(<JudgesView studyId={study.study.id} />, services);
  return { db, services };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function addEndpoint() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
  fill('Name', 'Local');
  fill('Base URL', 'http://127.0.0.1:9999/v1');
  fill('Model', 'tiny');
  fill('API key', KEY);
  fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
}

describe('the Judges page endpoints', () => {
  it('gives the key to the host alone and stores only that it holds one', async () => {
    const { db, services } = await renderPage();
    await addEndpoint();
    await waitFor(async () => expect(await db.judgeEndpoints.count()).toBe(1));
    const register = vi.mocked(services.platform.judgeEndpoints.register);
    expect(register).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://127.0.0.1:9999/v1', apiKey: KEY }));
    const [row] = await db.judgeEndpoints.toArray();
    expect(row).toMatchObject({ name: 'Local', model: 'tiny', hasKey: true, keyStorage: 'browser', rpm: null, concurrency: 2 });
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row?.id).toBe(register.mock.calls[0]?.[0].endpointId);
    expect(await screen.findByText('encrypted by the browser, in its own database')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tests the connection with the address and key typed, shows what the host said, and Cancel forgets a new endpoint', async () => {
    const { db, services } = await renderPage();
    const access = vi.mocked(services.platform.judgeEndpoints);
    access.testConnection.mockResolvedValueOnce({
      ok: false,
      problem: 'no-such-model',
      message: 'Connected, but the endpoint has no model named "tiny". It lists qwen3:8b.',
      models: ['qwen3:8b'],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    // No model named: the host is not asked.
    expect(await screen.findByText('Give the model name the endpoint serves, such as llama3.1:8b')).toBeTruthy();
    expect(access.register).not.toHaveBeenCalled();
    fill('Base URL', 'http://127.0.0.1:9999/v1');
    fill('Model', 'tiny');
    fill('API key', KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('endpoint-test-result');
    expect(result.textContent).toBe('Connected, but the endpoint has no model named "tiny". It lists qwen3:8b.');
    expect(result.dataset.problem).toBe('no-such-model');
    const endpointId = access.register.mock.calls[0]?.[0].endpointId;
    expect(access.register).toHaveBeenCalledExactlyOnceWith({ endpointId, url: 'http://127.0.0.1:9999/v1', apiKey: KEY });
    expect(access.testConnection).toHaveBeenCalledExactlyOnceWith({ endpointId, url: 'http://127.0.0.1:9999/v1', model: 'tiny', timeoutMs: 60_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(access.forget).toHaveBeenCalledWith(endpointId));
    expect(await db.judgeEndpoints.count()).toBe(0);
  });

  it('stores that the endpoint returns log-probabilities when the lead says so, and nothing of it otherwise', async () => {
    const { db } = await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    fill('Name', 'vLLM');
    fill('Base URL', 'http://127.0.0.1:8000/v1');
    fill('Model', 'qwen');
    const box = screen.getByLabelText('Returns log-probabilities') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(async () => expect(await db.judgeEndpoints.count()).toBe(1));
    expect((await db.judgeEndpoints.toArray())[0]).toMatchObject({ name: 'vLLM', logprobs: true });
    await addEndpoint();
    await waitFor(async () => expect(await db.judgeEndpoints.count()).toBe(2));
    expect((await db.judgeEndpoints.toArray()).find((row) => row.name === 'Local')).not.toHaveProperty('logprobs');
  });

  it('offers 4096 max tokens, with a hint for reasoning models', async () => {
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    expect((screen.getByLabelText('Max tokens') as HTMLInputElement).value).toBe('4096');
    expect(screen.getByText(/A reasoning model \(DeepSeek-R1, Qwen3, QwQ\) thinks before its verdict: give it 4096 or more/)).toBeTruthy();
  });

  it('names each field problem in words and saves nothing', async () => {
    const { db, services } = await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    fill('Name', 'Local');
    fill('Concurrency (requests at once)', '0');
    fill('Requests per minute', 'fast');
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    expect(await screen.findByText('Give the model name the endpoint serves, such as llama3.1:8b')).toBeTruthy();
    expect(screen.getByText('Concurrency must be a whole number of at least 1')).toBeTruthy();
    expect(screen.getByText('Requests per minute must be a whole number of at least 1')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some fields need a change');
    expect(services.platform.judgeEndpoints.register).not.toHaveBeenCalled();
    expect(await db.judgeEndpoints.count()).toBe(0);
  });

  it('refuses a base URL holding a user name or password without repeating it, before the host sees anything', async () => {
    const { db, services } = await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    fill('Name', 'Hosted');
    fill('Base URL', `https://user:${KEY}@api.example.com/v1`);
    fill('Model', 'big');
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    const problem = await screen.findByText(/must not hold a user name or password/);
    expect(problem.textContent).not.toContain(KEY);
    expect(services.platform.judgeEndpoints.register).not.toHaveBeenCalled();
    expect(await db.judgeEndpoints.count()).toBe(0);
  });

  it('keeps the stored key on a blank edit and removes it with "Remove key"', async () => {
    const { db, services } = await renderPage();
    await addEndpoint();
    const register = vi.mocked(services.platform.judgeEndpoints.register);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local' }));
    fill('Model', 'tiny-2');
    // A real host keeps the key it holds when none is given.
    register.mockResolvedValueOnce({ hasKey: true, keyStorage: 'browser', reloadToConnect: false });
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(2));
    expect(register.mock.calls[1]?.[0]).not.toHaveProperty('apiKey');
    await waitFor(async () => expect((await db.judgeEndpoints.toArray())[0]?.model).toBe('tiny-2'));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local' }));
    fireEvent.click(screen.getByLabelText('Remove key'));
    fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(register).toHaveBeenCalledTimes(3));
    expect(register.mock.calls[2]?.[0].apiKey).toBeNull();
    await waitFor(async () => expect((await db.judgeEndpoints.toArray())[0]?.hasKey).toBe(false));
  });

  it('asks for a reload when the host must admit a new address, and deleting forgets the key', async () => {
    const { db, services } = await renderPage();
    vi.mocked(services.platform.judgeEndpoints.register).mockResolvedValueOnce({ hasKey: true, keyStorage: 'browser', reloadToConnect: true });
    await addEndpoint();
    expect((await screen.findByTestId('judges-reload-notice')).textContent).toContain('after a reload');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // The notice may show before the live list has the new row: wait for the row, not the clock.
    const deleteButton = await screen.findByRole('button', { name: 'Delete Local' });
    const [row] = await db.judgeEndpoints.toArray();
    fireEvent.click(deleteButton);
    await waitFor(async () => expect(await db.judgeEndpoints.count()).toBe(0));
    expect(services.platform.judgeEndpoints.forget).toHaveBeenCalledWith(row?.id);
  });

  it('is only in lead mode', async () => {
    await renderPage('annotator');
    expect((await screen.findByTestId('judges-lead-only')).textContent).toContain('only in lead mode');
    expect(screen.queryByRole('button', { name: 'Add an endpoint' })).toBeNull();
  });
});
