// The host's TeamServerAccess for tests that run the sync code in Node: passwords kept in memory,
// every request sent with Node's fetch through the same admission as both real hosts
// (shared/sync/admitted-request.ts). `requests` lists what was sent, without credentials.

import { sendAdmitted, teamServerOrigin, type TeamServerAdmission, type TeamServerFetch } from '../../shared/sync/admitted-request';
import type { TeamServerAccess, TeamServerRequest } from '../../shared/platform/studio-platform';

export interface NodeTeamServers extends TeamServerAccess {
  /** Every request sent, in order. */
  requests: TeamServerRequest[];
}

export function nodeTeamServers(): NodeTeamServers {
  const admissions = new Map<string, TeamServerAdmission>();
  const requests: TeamServerRequest[] = [];
  const send: TeamServerFetch = (url, init) => fetch(url, init);
  return {
    requests,
    register(registration) {
      const origin = teamServerOrigin(registration.url);
      if (!origin.ok) return Promise.reject(new Error(origin.reason));
      // No password given keeps the one held, as the real hosts do.
      const given = registration.password;
      const password =
        given !== undefined ? () => Promise.resolve(given) : (admissions.get(registration.connectionId)?.password ?? (() => Promise.resolve(undefined)));
      admissions.set(registration.connectionId, { origin: origin.origin, user: registration.user, password });
      return Promise.resolve({ credentialStorage: 'session', reloadToConnect: false });
    },
    forget(connectionId) {
      admissions.delete(connectionId);
      return Promise.resolve();
    },
    fetch(request) {
      requests.push(request);
      return sendAdmitted(send, admissions.get(request.connectionId), request);
    },
  };
}
