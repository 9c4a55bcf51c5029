// The app:// handler on a temporary web root: index.html with the CSP header, content types by
// extension, HEAD, other methods refused, 404 for a missing file or folder, nothing for another
// host, a read failure as a 500; and the CSP itself locks everything to the app.

import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppProtocolHandler } from '../../electron/protocol/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { serveTemporaryRoot } from './served-root';

let base: string;
let root: string;
let handle: (request: Request) => Promise<Response>;
let reads: string[];

beforeAll(async () => {
  // base/secret.txt and base/package.json sit next to the served root, base/web.
  ({ base, root, handle, reads } = await serveTemporaryRoot('app-protocol-', {
    'web/assets/index-abc.css': 'body{}',
    'web/assets/logo.svg': '<svg/>',
    'web/assets/blob.bin': 'x',
    'package.json': '{"secret":true}',
  }));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Builds a Request whose URL keeps the raw path, as a hostile or unusual page could send it. */
function get(url: string, method = 'GET'): Promise<Response> {
  return handle(new Request(url, { method }));
}

function readsOutsideRoot(): string[] {
  return reads.filter((path) => !path.startsWith(root));
}

describe('app:// protocol handler', () => {
  it('serves index.html for / and for /index.html, with the CSP header', async () => {
    for (const url of ['app://studio/', 'app://studio/index.html', 'app://studio']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await response.text()).toContain('Agreement Studio');
    }
  });

  it('sets the content type by extension', async () => {
    const cases = {
      'assets/index-abc.js': 'text/javascript; charset=utf-8',
      'assets/index-abc.css': 'text/css; charset=utf-8',
      'assets/logo.svg': 'image/svg+xml',
      'assets/blob.bin': 'application/octet-stream',
    };
    for (const [path, type] of Object.entries(cases)) {
      const response = await get(`app://studio/${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await (await get('app://studio/assets/index-abc.js')).text()).toBe('console.log("app")');
  });

  it('answers HEAD without a body', async () => {
    const response = await get('app://studio/index.html', 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('refuses other methods', async () => {
    const response = await get('app://studio/index.html', 'POST');
    expect(response.status).toBe(405);
  });

  it('answers 404 for a missing file and for a directory, with the CSP header', async () => {
    for (const url of ['app://studio/missing.js', 'app://studio/assets']) {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('serves nothing for another host', async () => {
    for (const url of ['app://evil/index.html', 'app://studio.evil.com/index.html', 'app://STUDIO/index.html', 'app://studio:1/index.html']) {
      expect((await get(url)).status).toBe(404);
    }
  });

  it.each([
    'app://studio/../package.json',
    'app://studio/../secret.txt',
    'app://studio/%2e%2e/%2e%2e/etc/passwd',
    'app://studio/%2e%2e/secret.txt',
    'app://studio/%2E%2E/secret.txt',
    'app://studio/..%2f..%2fsecret.txt',
    'app://studio/..%2fsecret.txt',
    'app://studio/assets/..%2f..%2fsecret.txt',
    'app://studio/a/../../secret.txt',
    'app://studio/assets/../../secret.txt',
    'app://studio/..\\secret.txt',
    'app://studio/..\\..\\secret.txt',
    'app://studio/%5c..%5csecret.txt',
    'app://studio/..%5csecret.txt',
    'app://studio/index.html%00.js',
    'app://studio/%00',
    'app://studio/%2fetc%2fpasswd',
    'app://studio//etc/passwd',
    'app://studio/C:/Windows/win.ini',
    'app://studio/C%3A%5CWindows%5Cwin.ini',
    'app://studio/index.html::$DATA',
    'app://studio/%E0%A4%A',
    'app://studio/%',
  ])('never reads outside the root for %s', async (url) => {
    const response = await get(url);
    expect([400, 403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain('SECRET');
    expect(readsOutsideRoot()).toEqual([]);
  });

  it('turns read failures other than a missing file into a 500 without throwing', async () => {
    const failing = createAppProtocolHandler({
      root,
      readFile: vi.fn(async () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      }),
    });
    const response = await failing(new Request('app://studio/index.html'));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('EACCES');
  });
});

describe('content security policy', () => {
  it('locks scripts, objects, frames, forms and base URLs to nothing outside the app', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives.get('default-src')).toBe("'self'");
    // WebAssembly compiles (sql.js), JavaScript eval does not.
    expect(directives.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-src')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});
