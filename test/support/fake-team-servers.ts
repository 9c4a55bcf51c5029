// A host's team server access for component tests: every operation a mock that answers as a host
// that keeps passwords encrypted by the browser and admits the server at once, so a test can say
// otherwise (a reload, a refusal) and see what the host was handed.

import { vi } from 'vitest';
import type { TeamServerAccess } from '../../shared/platform/studio-platform';

export function fakeTeamServers() {
  return {
    register: vi.fn<TeamServerAccess['register']>(async () => ({ credentialStorage: 'browser', reloadToConnect: false })),
    forget: vi.fn<TeamServerAccess['forget']>(async () => {}),
    fetch: vi.fn<TeamServerAccess['fetch']>(async () => ({ ok: false, reason: 'no team server in this test' })),
  } satisfies TeamServerAccess;
}
