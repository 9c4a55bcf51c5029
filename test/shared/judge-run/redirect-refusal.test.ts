// A redirect is refused in words however the host's fetch shows it: Node's 3xx with its Location
// (named as an absolute address), a browser's opaque redirect, and the errors of Node's fetch with
// `redirect: 'error'` and of Electron's net.fetch; any other answer or failure is not a redirect.

import { describe, expect, it } from 'vitest';
import { failedOnRedirect, redirectAnswered, redirectFailed } from '../../../shared/judge-run/redirect-refusal';

const ADVICE = 'the studio does not follow redirects: use the final address';
const answer = (status: number, location?: string, type?: string) => ({
  status,
  ...(type !== undefined ? { type } : {}),
  headers: { get: (name: string) => (name === 'location' && location !== undefined ? location : null) },
});

describe('a redirect refused', () => {
  it('names the target of a 3xx, made absolute from the request', () => {
    expect(redirectAnswered(answer(302, 'https://other.example/v1/chat/completions'), 'http://127.0.0.1:1/v1/chat/completions')).toBe(
      `the endpoint answered with a redirect to https://other.example/v1/chat/completions; ${ADVICE}`,
    );
    expect(redirectAnswered(answer(308, '/v2/chat/completions'), 'https://api.example/v1/chat/completions')).toBe(
      `the endpoint answered with a redirect to https://api.example/v2/chat/completions; ${ADVICE}`,
    );
    expect(redirectAnswered(answer(301), 'https://api.example/v1')).toBe(`the endpoint answered with a redirect (HTTP 301); ${ADVICE}`);
  });

  it("says so for a browser's opaque redirect, and lets every other answer through", () => {
    expect(redirectAnswered(answer(0, undefined, 'opaqueredirect'), 'https://api.example/v1')).toBe(`the endpoint answered with a redirect; ${ADVICE}`);
    for (const status of [200, 304, 401, 429, 500])
      expect(redirectAnswered(answer(status, 'https://other.example/'), 'https://api.example/v1')).toBeUndefined();
  });

  it("recognises Node's and Electron's redirect errors, and no other failure", () => {
    expect(redirectFailed(new TypeError('fetch failed', { cause: new Error('unexpected redirect') }))).toBe(`the endpoint answered with a redirect; ${ADVICE}`);
    expect(failedOnRedirect(new Error('Redirect was cancelled'))).toBe(true);
    expect(failedOnRedirect(new Error("Attempted to redirect, but redirect policy was 'error'"))).toBe(true);
    expect(failedOnRedirect(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBe(false);
    expect(failedOnRedirect('redirect')).toBe(false);
  });
});
