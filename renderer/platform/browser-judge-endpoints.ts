// The web build's judge endpoints (issue 17): each endpoint's origin and its API key, kept in the
// keys database (keys-database.ts: AES-GCM under a non-extractable Web Crypto key, never in the
// studio's database). The page sends each request itself, to the registered origin only, and only
// where its policy admits it (connect-policy.ts).

import { endpointOrigin, sendAdmitted } from '../../shared/judge-run/admitted-send';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import type { JudgeEndpointAccess } from '../../shared/platform/studio-platform';
import { pageAdmits, reloadReason, type PageConnect } from './connect-policy';
import { createSecretKeeper, KeysDatabase } from './keys-database';

export interface BrowserJudgeEndpointsOptions extends PageConnect {
  fetch?: FetchLike;
  /** Web Crypto; absent outside a secure context (a page served over http from another computer). */
  subtle?: SubtleCrypto;
}

export function createBrowserJudgeEndpoints(options: BrowserJudgeEndpointsOptions): JudgeEndpointAccess {
  const db = new KeysDatabase();
  const keys = createSecretKeeper(db, options.subtle);
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init as RequestInit));

  return {
    async register({ endpointId, url, apiKey }) {
      const origin = endpointOrigin(url);
      if (origin === undefined) throw new Error('Refused: the endpoint URL must be an http or https address without credentials');
      const previous = await db.endpoints.get(endpointId);
      const { sealed, hasSecret, storage } = await keys.keep(endpointId, previous?.key, apiKey);
      await db.endpoints.put({ endpointId, origin, ...(sealed ? { key: sealed } : {}) });
      return { hasKey: hasSecret, keyStorage: storage, reloadToConnect: !pageAdmits(options, origin) };
    },

    async forget(endpointId) {
      keys.drop(endpointId);
      await db.endpoints.delete(endpointId);
    },

    async send(request) {
      const row = await db.endpoints.get(request.endpointId);
      const reload = reloadReason(options, row?.origin, endpointOrigin(request.url));
      if (reload !== undefined) return { ok: false, failure: { kind: 'refused', reason: reload } };
      const admission = row && { origin: row.origin, apiKey: () => keys.read(row.endpointId, row.key) };
      return sendAdmitted(fetchImpl, admission, request);
    },
  };
}
