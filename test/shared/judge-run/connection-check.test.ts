// Test connection without a server (issue 26 point 3b): the model list's URL from any base a lead
// types, a model found by its id (or Ollama's `:latest`), and every answer read into words that
// say what failed: a wrong key, no such model, not an OpenAI server, a server error; a request
// outside the registered origin never reaches fetch; a key the server echoes is blanked.

import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../../shared/judge-run/chat-completions';
import { checkAdmitted, listsModel, modelsUrl, readModelList } from '../../../shared/judge-run/connection-check';

const LIST = JSON.stringify({ object: 'list', data: [{ id: 'qwen3:8b' }, { id: 'deepseek-r1:latest' }, { id: 'llama3.1:8b' }] });
const URL_ = 'http://127.0.0.1:11434/v1/models';

describe('the model list', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434/v1/models'],
    ['http://127.0.0.1:11434/v1/', 'http://127.0.0.1:11434/v1/models'],
    ['http://127.0.0.1:11434', 'http://127.0.0.1:11434/v1/models'],
    ['http://127.0.0.1:8000/v1/chat/completions', 'http://127.0.0.1:8000/v1/models'],
    ['https://api.example.com/api/v2', 'https://api.example.com/api/v2/models'],
    ['https://x.openai.azure.com/openai/v1/?api-version=2024-10-21', 'https://x.openai.azure.com/openai/v1/models?api-version=2024-10-21'],
  ])('is asked of %s at %s', (base, url) => {
    expect(modelsUrl(base)).toBe(url);
  });

  it('finds a model by its id, or without a tag as :latest', () => {
    const models = ['qwen3:8b', 'deepseek-r1:latest'];
    expect(listsModel(models, 'qwen3:8b')).toBe(true);
    expect(listsModel(models, 'deepseek-r1')).toBe(true);
    expect(listsModel(models, 'qwen3')).toBe(false);
    expect(listsModel(models, 'deepseek-r1:7b')).toBe(false);
  });

  it('says in words what it found or what failed', () => {
    expect(readModelList(200, LIST, URL_, 'qwen3:8b')).toEqual({
      ok: true,
      models: ['qwen3:8b', 'deepseek-r1:latest', 'llama3.1:8b'],
      message: 'Connected: the endpoint serves "qwen3:8b". It lists qwen3:8b, deepseek-r1:latest, llama3.1:8b.',
    });
    expect(readModelList(200, LIST, URL_, 'qwen3')).toEqual({
      ok: false,
      problem: 'no-such-model',
      models: ['qwen3:8b', 'deepseek-r1:latest', 'llama3.1:8b'],
      message: 'Connected, but the endpoint has no model named "qwen3". It lists qwen3:8b, deepseek-r1:latest, llama3.1:8b.',
    });
    const many = JSON.stringify({ data: Array.from({ length: 11 }, (_, i) => ({ id: `m${i}` })) });
    expect(readModelList(200, many, URL_, 'x').message).toBe(
      'Connected, but the endpoint has no model named "x". It lists m0, m1, m2, m3, m4, m5, m6, m7 and 3 more.',
    );
    expect(readModelList(200, '{"data":[]}', URL_, 'x').message).toBe('Connected, but the endpoint has no model named "x". It lists no models.');
    const cases: Array<[number, string, string, string]> = [
      [
        401,
        '{"error":{"message":"Incorrect API key provided"}}',
        'wrong-key',
        'The endpoint refused the API key (HTTP 401): check the key, or enter it again. It said: Incorrect API key provided',
      ],
      [403, '', 'wrong-key', 'The endpoint refused the API key (HTTP 403): check the key, or enter it again.'],
      [
        404,
        '404 page not found',
        'not-openai',
        `Nothing answers at ${URL_} (HTTP 404): this does not look like an OpenAI-compatible server. Check the base URL; it usually ends in /v1.`,
      ],
      [
        200,
        '<!doctype html><title>Router</title>',
        'not-openai',
        `The answer from ${URL_} is not an OpenAI model list: this does not look like an OpenAI-compatible server. Check the base URL.`,
      ],
      [
        200,
        '{"models":[{"name":"llama3"}]}',
        'not-openai',
        `The answer from ${URL_} is not an OpenAI model list: this does not look like an OpenAI-compatible server. Check the base URL.`,
      ],
      [502, 'Bad gateway', 'server-error', 'The endpoint failed (HTTP 502). It said: Bad gateway'],
    ];
    for (const [status, body, problem, message] of cases) expect(readModelList(status, body, URL_, 'm')).toEqual({ ok: false, problem, message, models: [] });
    // A key some services take in the query is not repeated.
    expect(readModelList(404, '', `${URL_}?api-key=sk-in-query`, 'm').message).not.toContain('sk-in-query');
  });
});

describe('checkAdmitted', () => {
  const request = { endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1', model: 'qwen3:8b', timeoutMs: 5000 };
  const answering = (status: number, body: string) => vi.fn<FetchLike>(async () => ({ status, headers: { get: () => null }, text: async () => body }));

  it('asks only the registered origin, with the key only in the Authorization header and no redirect', async () => {
    const fetchImpl = answering(200, LIST);
    const apiKey = vi.fn(async () => 'sk-check');
    expect(await checkAdmitted(fetchImpl, { origin: 'http://127.0.0.1:8080', apiKey }, request)).toEqual({
      ok: false,
      problem: 'not-set-up',
      message: 'Not tested: the endpoint is not set up for http://127.0.0.1:11434 (it is set up for http://127.0.0.1:8080; save it again).',
      models: [],
    });
    expect(await checkAdmitted(fetchImpl, undefined, request)).toMatchObject({ ok: false, problem: 'not-set-up' });
    expect(apiKey).not.toHaveBeenCalled();
    expect(fetchImpl).not.toHaveBeenCalled();

    expect(await checkAdmitted(fetchImpl, { origin: 'http://127.0.0.1:11434', apiKey }, request)).toMatchObject({ ok: true });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('http://127.0.0.1:11434/v1/models');
    expect(fetchImpl.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer sk-check' }, redirect: 'manual' });
    expect(fetchImpl.mock.calls[0]?.[1]).not.toHaveProperty('body');
  });

  it('blanks the key where the server repeats it, and names a refused connection', async () => {
    const echo = answering(401, '{"error":{"message":"Incorrect API key provided: Bearer sk-check"}}');
    const check = await checkAdmitted(echo, { origin: 'http://127.0.0.1:11434', apiKey: async () => 'sk-check' }, request);
    expect(check.message).toContain('Bearer [the API key]');
    expect(check.message).not.toContain('sk-check');

    const refused = vi.fn<FetchLike>(async () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })));
    expect(await checkAdmitted(refused, { origin: 'http://127.0.0.1:11434', apiKey: async () => undefined }, request)).toEqual({
      ok: false,
      problem: 'refused',
      message: 'Connection refused: nothing answers at http://127.0.0.1:11434. Is the server running, on that port?',
      models: [],
    });
    // A host that knows more (a web page telling CORS apart) says so instead.
    const explained = { ok: false as const, problem: 'cors' as const, message: 'CORS', models: [] };
    expect(
      await checkAdmitted(refused, { origin: 'http://127.0.0.1:11434', apiKey: async () => undefined }, request, {
        explainNetworkFailure: async () => explained,
      }),
    ).toBe(explained);
  });
});
