// A temporary web root for the app:// handler tests: base/web with index.html and a script,
// base/secret.txt beside it to be kept out of reach, any further files a test names, and a
// handler over it that records every path it reads.

import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppProtocolHandler } from '../../electron/protocol/app-protocol';

export interface ServedRoot {
  base: string;
  /** base/web, the folder the handler serves. */
  root: string;
  handle: (request: Request) => Promise<Response>;
  /** Every path the handler read, in order. */
  reads: string[];
}

/** `moreFiles` maps a path below base (`web/assets/logo.svg`, `package.json`) to its text. */
export async function serveTemporaryRoot(prefix: string, moreFiles: Record<string, string> = {}): Promise<ServedRoot> {
  const base = await mkdtemp(join(tmpdir(), prefix));
  const root = join(base, 'web');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Agreement Studio</title>');
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log("app")');
  await writeFile(join(base, 'secret.txt'), 'SECRET');
  for (const [path, text] of Object.entries(moreFiles)) await writeFile(join(base, path), text);
  const reads: string[] = [];
  const handle = createAppProtocolHandler({
    root,
    readFile: async (path) => {
      reads.push(path);
      return readFile(path);
    },
  });
  return { base, root, handle, reads };
}
