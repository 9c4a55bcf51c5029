// The hosts' admission of a judge request: which URLs have an origin a key may be sent to, and that
// a request outside the registered origin, or one that cannot be admitted, never reaches fetch.

import { describe, expect, it, vi } from 'vitest';
import { endpointOrigin, sendAdmitted } from '../../../shared/judge-run/admitted-send';
import type { FetchLike } from '../../../shared/judge-run/chat-completions';

describe('endpointOrigin', () => {
  it.each([
    ['http://127.0.0.1:11434/v1', 'http://127.0.0.1:11434'],
    ['https://api.openai.com/v1/chat/completions', 'https://api.openai.com'],
    ['https://example.openai.azure.com/openai/deployments/x?api-version=2024-06-01', 'https://example.openai.azure.com'],
    ['HTTP://LOCALHOST:8080', 'http://localhost:8080'],
  ])('%s goes to %s', (url, origin) => {
    expect(endpointOrigin(url)).toBe(origin);
  });

  it.each([
    'http://user:secret@127.0.0.1/v1',
    'http://:secret@127.0.0.1/v1',
    'ftp://127.0.0.1/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'localhost:11434',
    '',
  ])('admits no origin for %j', (url) => {
    expect(endpointOrigin(url)).toBeUndefined();
  });
});

describe('sendAdmitted', () => {
  const request = { endpointId: 'e-1', url: 'http://127.0.0.1:11434/v1', model: 'm', temperature: 0, maxTokens: 8, timeoutMs: 1000, messages: [] };

  it('asks for the key and fetches only when the origin is the registered one', async () => {
    const fetchImpl = vi.fn<FetchLike>(async () => ({
      status: 200,
      headers: { get: () => null },
      text: async () => '{"choices":[{"message":{"content":"Yes"}}]}',
    }));
    const apiKey = vi.fn(async () => 'sk-1');
    expect(await sendAdmitted(fetchImpl, { origin: 'http://127.0.0.1:8080', apiKey }, request)).toEqual({
      ok: false,
      failure: { kind: 'refused', reason: 'the endpoint is not set up for http://127.0.0.1:11434 (it is set up for http://127.0.0.1:8080; save it again)' },
    });
    expect(apiKey).not.toHaveBeenCalled();
    expect(fetchImpl).not.toHaveBeenCalled();

    expect(await sendAdmitted(fetchImpl, { origin: 'http://127.0.0.1:11434', apiKey }, request)).toMatchObject({ ok: true, reply: 'Yes' });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(init).toMatchObject({ redirect: 'manual', headers: { authorization: 'Bearer sk-1' } });
  });
});
