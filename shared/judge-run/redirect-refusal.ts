// A judge's requests never follow a redirect, which could carry the prompts (and a key) to a server
// the lead never named: they go out with `redirect: 'manual'`, and a redirect answered is refused
// in words naming its target, however the host's fetch shows it (a 3xx with its Location in Node,
// an opaque redirect in a browser, an error in Electron's net.fetch or with `redirect: 'error'`).

// shared/ is typed without DOM or Node: the URL parser, as both provide it.
declare const URL: new (url: string, base?: string) => { readonly href: string };

/** The redirect mode every judge request is sent with: a redirect is answered to us, never followed. */
export const NO_REDIRECTS = 'manual';

/** What every refused redirect says to do. */
export const REDIRECTS_REFUSED = 'the studio does not follow redirects: use the final address';
const MAX_TARGET_CHARS = 200;

/** What a response shows of a redirect. */
interface ResponseLike {
  status: number;
  /** `opaqueredirect` in a browser, where a manual redirect hides its status and Location. */
  type?: string;
  headers: { get(name: string): string | null };
}

/** The refusal for a response that is a redirect, with its target when the host shows it; undefined for any other response. */
export function redirectAnswered(response: ResponseLike, requestUrl: string): string | undefined {
  if (response.type === 'opaqueredirect') return `the endpoint answered with a redirect; ${REDIRECTS_REFUSED}`;
  if (response.status < 300 || response.status >= 400 || response.status === 304) return undefined;
  const location = response.headers.get('location');
  if (location === null) return `the endpoint answered with a redirect (HTTP ${response.status}); ${REDIRECTS_REFUSED}`;
  return `the endpoint answered with a redirect to ${targetOf(location, requestUrl)}; ${REDIRECTS_REFUSED}`;
}

/**
 * Whether a fetch failed on a redirect: Node's fetch with `redirect: 'error'` fails with the cause
 * "unexpected redirect", Electron's net.fetch with "Redirect was cancelled" or "Attempted to redirect".
 */
export function failedOnRedirect(error: unknown): boolean {
  const parts = [error, (error as { cause?: unknown } | null)?.cause];
  return parts.some((part) => part instanceof Error && /\bredirect/i.test(part.message));
}

/** The refusal for a fetch that failed on a redirect, or undefined for any other failure. */
export function redirectFailed(error: unknown): string | undefined {
  return failedOnRedirect(error) ? `the endpoint answered with a redirect; ${REDIRECTS_REFUSED}` : undefined;
}

/** The Location as an absolute address, cut to one short line. */
function targetOf(location: string, requestUrl: string): string {
  let target = location;
  try {
    target = new URL(location, requestUrl).href;
  } catch {
    // Not a URL: the server's own words are what there is to show.
  }
  const line = target.replace(/\s+/g, ' ').trim();
  return line.length > MAX_TARGET_CHARS ? `${line.slice(0, MAX_TARGET_CHARS - 1)}…` : line;
}
