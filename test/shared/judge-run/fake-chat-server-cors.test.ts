// The loopback chat server's CORS (test/support/fake-chat-server.ts), which lets the web build call
// it in the e2e tests: off by default, as a local server not told to allow the page; with
// `allowOrigin`, the preflight is answered for the Authorization header and left out of the log.

import { afterEach, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../support/fake-chat-server';

const PAGE = 'http://127.0.0.1:4173';
let server: FakeChatServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const preflight = (url: string) =>
  fetch(`${url}/chat/completions`, {
    method: 'OPTIONS',
    headers: { origin: PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

const ask = (url: string) =>
  fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { origin: PAGE, 'content-type': 'application/json', authorization: 'Bearer sk-1' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: '[item:u-1]' }] }),
  });

describe('the loopback chat server and CORS', () => {
  it('answers no CORS by default', async () => {
    server = await startFakeChatServer();
    expect((await preflight(server.url)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await ask(server.url)).headers.get('access-control-allow-origin')).toBeNull();
    expect(server.log).toHaveLength(1);
  });

  it('with allowOrigin, answers the preflight for authorization and content-type, marks answers readable, and logs only the request', async () => {
    server = await startFakeChatServer({ allowOrigin: PAGE });
    const answer = await preflight(server.url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(server.log).toEqual([]);

    const response = await ask(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(server.log.map((entry) => entry.item)).toEqual(['u-1']);
  });
});
