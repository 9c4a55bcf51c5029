// The web build's judge endpoints (issue 17): each endpoint's origin and its API key, kept in the
// keys database (keys-database.ts: AES-GCM under a non-extractable Web Crypto key, never in the
// studio's database). The page sends each request itself, to the registered origin only, and only
// where its policy admits it (connect-policy.ts). Test connection tells a server that answered
// without CORS from one that did not answer, which a page's failed fetch hides; a 429 whose
// Retry-After the page may not read says so.

import { endpointOrigin, sendAdmitted } from '../../shared/judge-run/admitted-send';
import type { FetchLike } from '../../shared/judge-run/chat-completions';
import { checkAdmitted, type ConnectionCheck } from '../../shared/judge-run/connection-check';
import type { JudgeEndpointAccess } from '../../shared/platform/studio-platform';
import { pageAdmits, reloadReason, type PageConnect } from './connect-policy';
import { createSecretKeeper, KeysDatabase } from './keys-database';

export interface BrowserJudgeEndpointsOptions extends PageConnect {
  fetch?: FetchLike;
  /** Web Crypto; absent outside a secure context (a page served over http from another computer). */
  subtle?: SubtleCrypto;
  /** Whether anything answers at `url` at all, whatever its CORS (default: an opaque no-cors request, without the key). */
  answers?(url: string): Promise<boolean>;
}

/** An opaque request resolves whenever the server answers, CORS or not, and fails when nothing does. */
async function answersAtAll(url: string): Promise<boolean> {
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

export function createBrowserJudgeEndpoints(options: BrowserJudgeEndpointsOptions): JudgeEndpointAccess {
  const db = new KeysDatabase();
  const keys = createSecretKeeper(db, options.subtle);
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init as RequestInit));
  const answers = options.answers ?? answersAtAll;

  /** A page's fetch fails alike for a server that refused the connection and one that answered without CORS. */
  const explainNetworkFailure = async (url: string): Promise<ConnectionCheck> => {
    const origin = endpointOrigin(url) ?? url;
    if (await answers(url))
      return {
        ok: false,
        problem: 'cors',
        message: `The server at ${origin} answered, but does not let this page read its answers (CORS). Start it allowing ${options.pageOrigin} (for Ollama, OLLAMA_ORIGINS=${options.pageOrigin}), or use the desktop app, which needs no CORS.`,
        models: [],
      };
    return {
      ok: false,
      problem: 'refused',
      message: `Nothing answers at ${origin} (connection refused, or no such computer). Is the server running, on that port?`,
      models: [],
    };
  };

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
      const outcome = await sendAdmitted(fetchImpl, admission, request);
      // Retry-After is not among the headers a page may read from another origin unless the server
      // exposes it: the runner then backs off 1, 2, 4 s …, which may be shorter than asked.
      if (outcome.ok || outcome.failure.kind !== 'rate-limited' || outcome.failure.retryAfterMs !== undefined) return outcome;
      return {
        ok: false,
        failure: {
          ...outcome.failure,
          reason: `${outcome.failure.reason}, with no Retry-After this page can read (a server must list it in Access-Control-Expose-Headers for a web page to see it)`,
        },
      };
    },

    async testConnection(request) {
      const row = await db.endpoints.get(request.endpointId);
      const reload = reloadReason(options, row?.origin, endpointOrigin(request.url));
      if (reload !== undefined)
        return { ok: false, problem: 'not-set-up', message: `Not tested yet: save the endpoint, then ${reload}, and test again.`, models: [] };
      const admission = row && { origin: row.origin, apiKey: () => keys.read(row.endpointId, row.key) };
      return checkAdmitted(fetchImpl, admission, request, { explainNetworkFailure });
    },
  };
}
