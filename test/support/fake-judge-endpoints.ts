// A host's judge endpoints for component and platform tests that do not run a judge: every
// operation a mock that answers as a host holding no key would, so a test can say otherwise;
// and the one request the hosts' send tests make.

import { vi } from 'vitest';
import type { JudgeEndpointAccess, JudgeSendRequest } from '../../shared/platform/studio-platform';

export function fakeJudgeEndpoints() {
  return {
    register: vi.fn<JudgeEndpointAccess['register']>(async (registration) => ({
      hasKey: typeof registration.apiKey === 'string',
      keyStorage: 'browser',
      reloadToConnect: false,
    })),
    forget: vi.fn<JudgeEndpointAccess['forget']>(async () => {}),
    send: vi.fn<JudgeEndpointAccess['send']>(async () => ({ ok: false, failure: { kind: 'refused', reason: 'no endpoint in this test' } })),
    testConnection: vi.fn<JudgeEndpointAccess['testConnection']>(async () => ({
      ok: false,
      problem: 'not-set-up',
      message: 'Not tested: no endpoint in this test.',
      models: [],
    })),
  } satisfies JudgeEndpointAccess;
}

/** One request to endpoint `e-1` at `url` (the loopback server's), as the hosts' send tests make it. */
export function judgeSendRequest(url: string, overrides: Partial<JudgeSendRequest> = {}): JudgeSendRequest {
  return {
    endpointId: 'e-1',
    url,
    model: 'llama3',
    temperature: 0,
    maxTokens: 8,
    timeoutMs: 10_000,
    messages: [{ role: 'user', content: 'Is the man alive? [item:u-1]' }],
    ...overrides,
  };
}
