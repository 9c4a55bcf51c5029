// The chat-completions protocol without a server (issue 17 point 3): the request carries the key
// only in the Authorization header, the URL is built from a base or taken whole, a recorded URL
// loses any user name and password, Retry-After is read in seconds and as an HTTP date (to the end
// of the second it names, so the wait is never short), and every response, a JSON body or a stream
// of server-sent events, is read as an answer (its content, any reasoning sent apart, why it ended)
// or a failure with its reason and whether it is worth retrying.

import { describe, expect, it } from 'vitest';
import {
  chatCompletionsUrl,
  chatRequest,
  isRetryable,
  parseRetryAfter,
  readChatResponse,
  recordedEndpointUrl,
} from '../../../shared/judge-run/chat-completions';

const endpoint = { url: 'http://localhost:11434/v1/', model: 'llama3', temperature: 0.2, maxTokens: 8, timeoutMs: 1000 };
const NOW = Date.parse('2026-11-24T10:00:00.000Z');

describe('chat-completions', () => {
  it('builds the request with the key only in the Authorization header', () => {
    const request = chatRequest({ ...endpoint, apiKey: 'sk-secret' }, [{ role: 'user', content: 'Is it dark?' }]);
    expect(request.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-secret');
    expect(JSON.parse(request.body)).toEqual({
      model: 'llama3',
      messages: [{ role: 'user', content: 'Is it dark?' }],
      temperature: 0.2,
      max_tokens: 8,
      stream: false,
    });
    expect(request.body).not.toContain('sk-secret');
    expect(chatRequest(endpoint, []).headers.authorization).toBeUndefined();
  });

  it('takes a full chat-completions URL as it is, and records URLs without credentials', () => {
    expect(chatCompletionsUrl('https://api.example.com/v1/chat/completions')).toBe('https://api.example.com/v1/chat/completions');
    expect(chatCompletionsUrl('https://x.openai.azure.com/openai/v1/?api-version=2024-10-21')).toBe(
      'https://x.openai.azure.com/openai/v1/chat/completions?api-version=2024-10-21',
    );
    expect(recordedEndpointUrl('https://user:sk-pass@api.example.com/v1')).toBe('https://api.example.com/v1');
    expect(recordedEndpointUrl('http://localhost:8080/v1')).toBe('http://localhost:8080/v1');
    expect(recordedEndpointUrl('https://x.openai.azure.com/openai/v1?api-key=sk-query#k=sk-frag')).toBe('https://x.openai.azure.com/openai/v1');
    expect(recordedEndpointUrl('https://u:sk-pass@api.example.com/v1?key=sk-q')).toBe('https://api.example.com/v1');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('1.5', NOW)).toBe(1500);
    // A date names a whole second; the server wrote `now + wait` cut down to one, so the wait runs to its end.
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:30 GMT', NOW)).toBe(31_000);
    expect(parseRetryAfter('Tue, 24 Nov 2026 10:00:02 GMT', NOW + 900)).toBe(2100);
    expect(parseRetryAfter('Tue, 24 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    // Date.parse would read these as a year or a month, a wait of nothing.
    expect(parseRetryAfter('2.5s', NOW)).toBeUndefined();
    expect(parseRetryAfter('-1', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('reads an answer with its token counts', () => {
    const body = JSON.stringify({ choices: [{ message: { content: 'No.' } }], usage: { prompt_tokens: 120, completion_tokens: 2 } });
    expect(readChatResponse(200, null, body, NOW)).toEqual({ ok: true, reply: 'No.', tokensIn: 120, tokensOut: 2 });
    expect(readChatResponse(200, null, JSON.stringify({ choices: [{ message: { content: 'yes' } }] }), NOW)).toEqual({
      ok: true,
      reply: 'yes',
      tokensIn: 0,
      tokensOut: 0,
    });
  });

  it('keeps reasoning sent apart from the content, and says why the model stopped', () => {
    const completion = (message: object, finishReason: string) => JSON.stringify({ choices: [{ message, finish_reason: finishReason }] });
    expect(readChatResponse(200, null, completion({ content: 'No.', reasoning_content: 'The lamp…' }, 'stop'), NOW)).toEqual({
      ok: true,
      reply: 'No.',
      reasoning: 'The lamp…',
      finishReason: 'stop',
      tokensIn: 0,
      tokensOut: 0,
    });
    expect(readChatResponse(200, null, completion({ content: 'Yes', reasoning: 'OpenRouter calls it reasoning' }, 'stop'), NOW)).toMatchObject({
      reply: 'Yes',
      reasoning: 'OpenRouter calls it reasoning',
    });
    // Thinking that ran into max tokens, with nothing written yet: an answer, which the reading of its verdict calls cut off.
    expect(readChatResponse(200, null, completion({ content: '', reasoning_content: 'Hmm' }, 'length'), NOW)).toMatchObject({
      ok: true,
      reply: '',
      reasoning: 'Hmm',
      finishReason: 'length',
    });
    expect(readChatResponse(200, null, completion({ content: null }, 'length'), NOW)).toMatchObject({ ok: true, reply: '', finishReason: 'length' });
  });

  it('puts a stream of server-sent events together from its deltas, with usage from its last chunk', () => {
    const chunk = (delta: object, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finishReason }] })}`;
    const stream = [
      ': a comment line some servers send first',
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'The room is dark, ' }),
      chunk({ reasoning_content: 'but she reads braille.' }),
      chunk({ content: 'N' }),
      chunk({ content: 'o.' }),
      chunk({}, 'stop'),
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 90, completion_tokens: 12 } })}`,
      'data: [DONE]',
      '',
    ].join('\n\n');
    const expected = { ok: true, reply: 'No.', reasoning: 'The room is dark, but she reads braille.', finishReason: 'stop', tokensIn: 90, tokensOut: 12 };
    expect(readChatResponse(200, null, stream, NOW, 'text/event-stream; charset=utf-8')).toEqual(expected);
    // Read as a stream by its lines even when the gateway calls it JSON, and with CRLF line ends.
    expect(readChatResponse(200, null, stream.replace(/^: .*\n\n/, '').replaceAll('\n', '\r\n'), NOW, 'application/json')).toEqual(expected);
    // Chunks on lines of their own with no blank line between, as some gateways send them.
    expect(readChatResponse(200, null, stream.replace(/\n\n/g, '\n'), NOW, 'text/event-stream')).toEqual(expected);
    // Without usage, the counts are 0; without finish_reason, none is given.
    expect(readChatResponse(200, null, `${chunk({ content: 'Yes' })}\n\ndata: [DONE]\n\n`, NOW, 'text/event-stream')).toEqual({
      ok: true,
      reply: 'Yes',
      tokensIn: 0,
      tokensOut: 0,
    });
  });

  it('classifies every failure, retrying only what a wait may cure', () => {
    const cases: Array<[number, string | null, string, string, boolean]> = [
      [429, '3', '', 'the endpoint is rate limiting (HTTP 429); it asked to wait 3 s', true],
      [503, null, 'busy', 'the endpoint failed (HTTP 503)', true],
      [
        404,
        null,
        '{"error":{"message":"model \\"llama9\\" not found"}}',
        'the endpoint refused the request (HTTP 404) (check the URL and the model name): model "llama9" not found',
        false,
      ],
      [400, null, 'bad request', 'the endpoint refused the request (HTTP 400): bad request', false],
      [200, null, '<html>', 'the endpoint answered with something that is not JSON', false],
      [200, null, '{"choices":[]}', 'the endpoint answered with no choice', false],
      [200, null, '{"choices":[{"message":{"content":"  "}}]}', 'the model replied with no text', false],
      [200, null, 'data: {"choices":[{"delta":{"content":"No"}}]}\n\ndata: {oops\n\n', 'the endpoint streamed an event that is not JSON', false],
      [200, null, 'data: [DONE]\n\n', 'the endpoint streamed no answer', false],
      [200, null, 'data: {"error":{"message":"overloaded"}}\n\n', 'the endpoint failed while streaming: overloaded', true],
    ];
    for (const [status, retryAfter, body, reason, retryable] of cases) {
      const outcome = readChatResponse(status, retryAfter, body, NOW);
      if (outcome.ok) throw new Error(`HTTP ${status} read as an answer`);
      expect(outcome.failure.reason).toBe(reason);
      expect(isRetryable(outcome.failure)).toBe(retryable);
    }
  });
});
