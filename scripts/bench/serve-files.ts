// Serves exactly the named files on a loopback port for a bench page: an IndexedDB needs an http
// origin, not file://. Shared by the team and sync benches.

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';

const TYPES: Record<string, string> = { html: 'text/html', js: 'text/javascript', json: 'application/json' };

/** `files`: the path each name (`index.html`, `team.js`, ...) is read from, at each request. */
export function serveFiles(files: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(1) || 'index.html';
    const path = files[name];
    if (path === undefined) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      .end(readFileSync(path));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server });
    }),
  );
}
