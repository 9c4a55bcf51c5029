// Serves the built UI (build/web) on app://studio/ for Electron's protocol.handle.
// Main process only. Treats every request path as hostile: decodes it once, refuses anything
// that could leave the root, and answers with the CSP header on every response.

import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { isAppUrl } from '../security/url-policy';

export interface AppProtocolOptions {
  /** Absolute directory holding index.html and the bundled assets. */
  root: string;
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function respond(status: number, body: Uint8Array<ArrayBuffer> | string | null, contentType = 'text/plain; charset=utf-8'): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': contentType,
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Windows opens these as devices in any folder, whatever the extension (`nul.js` is the null device). */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * Windows drops trailing dots and spaces from a name, so `.. ` or `...` would act as `..` there
 * while looking harmless to path.resolve; `.` and `..` themselves end in a dot too.
 */
function isUnsafeSegment(segment: string): boolean {
  return /[. ]$/.test(segment) || WINDOWS_DEVICE_NAME.test(segment);
}

/**
 * Maps a URL path to a file under `root`, or undefined when the path is not acceptable.
 * Refused: bad percent-encoding, NUL, backslashes (separators on Windows), colons (drive
 * letters, NTFS streams), unsafe segments (also when they arrive encoded), and anything that
 * still resolves outside the root.
 */
function resolveUnderRoot(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (/[\0\\:]/.test(decoded) || !decoded.startsWith('/')) return undefined;
  if (decoded.split('/').slice(1).some(isUnsafeSegment)) return undefined;
  const wanted = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const absoluteRoot = resolve(root);
  const file = resolve(absoluteRoot, `.${wanted}`);
  const inside = relative(absoluteRoot, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return undefined;
  return file;
}

function isMissingFile(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

export function createAppProtocolHandler({ root, readFile }: AppProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return respond(405, 'Method not allowed');
    // Exactly app://studio: no other host, port or credentials.
    if (!isAppUrl(request.url)) return respond(404, 'Not found');
    const { pathname } = new URL(request.url);
    // A standard scheme always has a path; Node's URL (in tests) leaves it empty for `app://studio`.
    const file = resolveUnderRoot(root, pathname === '' ? '/' : pathname);
    if (file === undefined) return respond(403, 'Forbidden');
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readFile(file);
    } catch (error) {
      return isMissingFile(error) ? respond(404, 'Not found') : respond(500, 'Could not read the file');
    }
    return respond(200, request.method === 'HEAD' ? null : bytes, contentTypeFor(file));
  };
}
