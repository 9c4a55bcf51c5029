// A host's judge endpoints for component and platform tests that do not run a judge: every
// operation a mock that answers as a host holding no key would, so a test can say otherwise.

import { vi } from 'vitest';
import type { JudgeEndpointAccess } from '../../shared/platform/studio-platform';

export function fakeJudgeEndpoints() {
  return {
    register: vi.fn<JudgeEndpointAccess['register']>(async (registration) => ({
      hasKey: typeof registration.apiKey === 'string',
      keyStorage: 'browser',
      reloadToConnect: false,
    })),
    forget: vi.fn<JudgeEndpointAccess['forget']>(async () => {}),
    send: vi.fn<JudgeEndpointAccess['send']>(async () => ({ ok: false, failure: { kind: 'refused', reason: 'no endpoint in this test' } })),
  } satisfies JudgeEndpointAccess;
}
