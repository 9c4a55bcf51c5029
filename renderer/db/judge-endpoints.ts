// The judge endpoints a lead set up (issue 17 point 1), kept in db.judgeEndpoints: URL, model and
// request settings. Never a key: the host holds it by the endpoint's id, so a URL carrying
// credentials (`https://user:key@host`) is refused rather than stored.

import type { JudgeEndpoint } from '../../shared/judge-run/stored-records';
import type { StudioDatabase } from './database';

/** Every endpoint, by name (then id, so two of one name keep one order). */
export async function listJudgeEndpoints(db: StudioDatabase): Promise<JudgeEndpoint[]> {
  const endpoints = await db.judgeEndpoints.toArray();
  return endpoints.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Why `url` cannot be an endpoint's URL, in words a lead can act on; undefined when it can. */
function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the endpoint URL is not a URL (it starts with http:// or https://)';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'the endpoint URL must start with http:// or https://';
  // The message never repeats the URL: its user part may be the key itself.
  if (parsed.username !== '' || parsed.password !== '')
    return 'the endpoint URL must not hold a user name or password; give the API key in its own field, which the app keeps outside its database';
  return undefined;
}

/** Adds or replaces an endpoint; throws an Error with a plain message for a URL it will not keep. */
export async function saveJudgeEndpoint(db: StudioDatabase, endpoint: JudgeEndpoint): Promise<void> {
  const problem = urlProblem(endpoint.url);
  if (problem !== undefined) throw new Error(problem);
  await db.judgeEndpoints.put(endpoint);
}

export async function deleteJudgeEndpoint(db: StudioDatabase, endpointId: string): Promise<void> {
  await db.judgeEndpoints.delete(endpointId);
}
