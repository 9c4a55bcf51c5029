// Where the web page may connect: its own origin and the origins registered in the keys database
// (judge endpoints and team servers), fixed by a second Content-Security-Policy added before the
// app renders. An origin registered later is reached only after a reload.

import { endpointOrigin } from '../../shared/judge-run/admitted-send';
import { isTeamServerOrigin } from '../../shared/sync/admitted-request';
import { connectPolicy } from '../../shared/security/content-security-policy';
import { KeysDatabase } from './keys-database';

/** What the page may reach, as the browser hosts check it before sending. */
export interface PageConnect {
  /** Which origins the page's Content-Security-Policy admits: fixed at load (see prepareConnectPolicy); 'any' without a policy (`npm run dev`). */
  admitted: ReadonlySet<string> | 'any';
  /** The page's own origin, which the policy always admits ('self'). */
  pageOrigin: string;
}

export function pageAdmits(page: PageConnect, origin: string): boolean {
  return page.admitted === 'any' || origin === page.pageOrigin || page.admitted.has(origin);
}

/** Why a request to a registered origin must wait for a reload (registered after the page's policy was fixed); undefined when it need not. */
export function reloadReason(page: PageConnect, registeredOrigin: string | undefined, targetOrigin: string | undefined): string | undefined {
  if (registeredOrigin === undefined || pageAdmits(page, registeredOrigin) || targetOrigin !== registeredOrigin) return undefined;
  return `reload the page to reach ${registeredOrigin} (it was added after the page loaded)`;
}

/** The registered origins a policy may name: each checked again, since a policy is built from them. */
export async function registeredOrigins(): Promise<string[]> {
  const db = new KeysDatabase();
  try {
    const [endpoints, teamServers] = await Promise.all([db.endpoints.toArray(), db.teamServers.toArray()]);
    const origins = [
      ...endpoints.map((row) => row.origin).filter((origin) => endpointOrigin(origin) === origin),
      ...teamServers.map((row) => row.origin).filter(isTeamServerOrigin),
    ];
    return [...new Set(origins)].sort();
  } finally {
    db.close();
  }
}

/**
 * Before the app renders: a page served with the policy (the built app, whose index.html carries it)
 * gets a second policy admitting only its own origin and the registered ones. A policy can be
 * tightened after load but never loosened, so the static one admits any http(s) address and this
 * one narrows it; an origin registered later needs a reload. Returns what the page now admits.
 */
export async function prepareConnectPolicy(document: Document): Promise<ReadonlySet<string> | 'any'> {
  if (document.head.querySelector('meta[http-equiv="Content-Security-Policy" i]') === null) return 'any';
  let origins: string[] = [];
  try {
    origins = await registeredOrigins();
  } catch {
    // No keys database (storage refused): the page admits only itself, and the app still opens.
  }
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = connectPolicy(origins);
  document.head.append(meta);
  return new Set(origins);
}
