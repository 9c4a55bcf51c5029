// The app:// handler against path traversal, on a temporary web root beside a secret file: every
// encoded, doubled or backslashed escape is refused before any file is read, and ordinary requests
// are still served, decoded once, with query and fragment ignored.

import { rm } from 'node:fs/promises';
import { sep } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serveTemporaryRoot } from './served-root';

// Requests a page (or anything that can reach app://) might make to read files outside
// build/web. Linux cannot show the Windows-only tricks escaping, so the assertion is stricter
// than "nothing outside was read": the handler refuses them before touching the disk at all.

let base: string;
let root: string;
let handle: (request: Request) => Promise<Response>;
let reads: string[];

beforeAll(async () => {
  ({ base, root, handle, reads } = await serveTemporaryRoot('app-protocol-adversarial-'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

beforeEach(() => {
  reads.length = 0;
});

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await handle(new Request(url));
  return { status: response.status, body: await response.text() };
}

describe('app:// path traversal', () => {
  it.each([
    // Encoded dots and slashes, in every mix.
    'app://studio/..%2fsecret.txt',
    'app://studio/..%2Fsecret.txt',
    'app://studio/%2e%2e%2fsecret.txt',
    'app://studio/%2e%2e%5csecret.txt',
    // Overlong UTF-8 for "." and "/": invalid, so decoding fails.
    'app://studio/%c0%ae%c0%ae/secret.txt',
    'app://studio/..%c0%afsecret.txt',
    // Windows trims trailing dots and spaces, so these would act as "..".
    'app://studio/..%20/secret.txt',
    'app://studio/..%20%20/secret.txt',
    'app://studio/.../secret.txt',
    'app://studio/..%2e/secret.txt',
    'app://studio/assets./index-abc.js',
    'app://studio/index.html.',
    'app://studio/index.html%20',
    // Windows device names, in any folder and with any extension.
    'app://studio/CON',
    'app://studio/nul.js',
    'app://studio/assets/AUX.css',
    'app://studio/COM1',
    'app://studio/lpt9.txt',
    'app://studio/CONIN$',
    // Backslashes, drive letters, UNC and device paths.
    'app://studio/%5c%5cserver%5cshare%5csecret.txt',
    'app://studio/%5c%5c%3f%5cC:%5csecret.txt',
    'app://studio/C:/secret.txt',
    'app://studio/c%3a%2fsecret.txt',
    'app://studio/index.html:$DATA',
    // NUL, raw and encoded.
    'app://studio/index.html%00.js',
    'app://studio/secret.txt%00',
    // Another origin that only looks like the app (a URL with credentials cannot even be requested).
    'app://studio:443/index.html',
    'app://studio.evil/index.html',
    'app://%73tudio/index.html',
  ])('refuses %s without reading anything', async (url) => {
    const { status, body } = await get(url);
    expect([403, 404]).toContain(status);
    expect(body).not.toContain('SECRET');
    expect(reads).toEqual([]);
  });

  it.each([
    // The URL parser resolves encoded dot segments itself, as Chromium does, and never above the root.
    'app://studio/%2e%2e/secret.txt',
    'app://studio/.%2e/secret.txt',
    'app://studio/%2E./secret.txt',
    'app://studio/assets/%2e%2e/%2e%2e/secret.txt',
    // Decoded once only: a doubly encoded traversal is a strange file name inside the root.
    'app://studio/..%252fsecret.txt',
    'app://studio/%252e%252e/secret.txt',
    'app://studio/secret.txt%2500',
    // Absolute paths in the URL path stay under the root.
    'app://studio//etc/passwd',
    'app://studio/%2fetc%2fpasswd',
    // Look-alike dots are ordinary characters.
    'app://studio/%EF%BC%8E%EF%BC%8E/secret.txt',
    'app://studio/%E2%80%A4%E2%80%A4/secret.txt',
  ])('looks %s up inside the root only, and finds nothing', async (url) => {
    const { status } = await get(url);
    expect(status).toBe(404);
    expect(reads.length).toBe(1);
    expect(reads[0]?.startsWith(`${root}${sep}`)).toBe(true);
  });

  it('still serves ordinary requests, decoding once and ignoring query and fragment', async () => {
    for (const url of ['app://studio/assets/index-abc.js?v=1#top', 'app://studio/assets/index%2Dabc.js', 'app://studio/assets//index-abc.js']) {
      expect((await get(url)).body, url).toBe('console.log("app")');
    }
  });
});
