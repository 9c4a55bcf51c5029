// In real Chromium, the built web app runs under the web build's Content-Security-Policy: the
// preview's header and index.html's meta tag carry it, and it refuses inline scripts, styles and
// blob: workers; the page adds a second policy at load, so it reaches only its own origin and the
// judge endpoints' and team servers' registered origins (a fetch to another loopback server is
// blocked; a registered pouchdb-server answers the page as the user its Authorization names).

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { WEB_CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-chat-server';
import { startTeamServer, type TeamServer } from '../support/team-server';
import { useAppInChromium } from './harness';

const chromiumApp = useAppInChromium();
const CONTENT_SECURITY_POLICY = WEB_CONTENT_SECURITY_POLICY;

/** Chromium ignores frame-ancestors in a meta tag, so the build leaves it out there. */
const META_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors '))
  .join('; ');

interface Violation {
  directive: string;
  blocked: string;
}

type Recorded = Window & { cspViolations?: Violation[]; inlineScriptRan?: boolean };

/**
 * A fresh profile on the app, recording every securitypolicyviolation from the first script on.
 * `metaOnly` strips the header from every response, as a plain static host would serve the files.
 */
async function openRecording(metaOnly: boolean): Promise<{ context: BrowserContext; page: Page; response: Response }> {
  const context = await chromiumApp.browser().newContext();
  if (metaOnly) {
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
  }
  await context.addInitScript(() => {
    const recorded = window as Recorded;
    recorded.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      recorded.cspViolations?.push({ directive: event.violatedDirective, blocked: event.blockedURI }),
    );
  });
  const page = await context.newPage();
  const response = await page.goto(chromiumApp.app().url);
  if (response === null) throw new Error('the app page gave no response');
  // The UI rendered: the bundle itself runs under the policy.
  await page.locator('#root > *').first().waitFor({ timeout: 60_000 });
  return { context, page, response };
}

function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(() => (window as Recorded).cspViolations ?? []);
}

/** Puts `row` in a table of the keys database the page made at its first load, as the hosts register (renderer/platform/keys-database.ts). */
function putInKeysDatabase(page: Page, table: string, row: object): Promise<void> {
  return page.evaluate(
    ({ table, row }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('agreement-studio-keys');
        opening.onerror = () => reject(opening.error ?? new Error('cannot open the keys database'));
        opening.onsuccess = () => {
          try {
            const transaction = opening.result.transaction(table, 'readwrite');
            transaction.objectStore(table).put(row);
            transaction.oncomplete = () => {
              opening.result.close();
              resolve();
            };
            transaction.onerror = () => reject(transaction.error ?? new Error(`cannot write to ${table}`));
          } catch (error) {
            // No such table: the page never opened its keys database.
            opening.result.close();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
      }),
    { table, row },
  );
}

/** The page's Content-Security-Policy tags, in order. */
function policyTags(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy" i]')].map((meta) => meta.content));
}

describe('the policy in force', () => {
  it("is the web build's policy: all of it in the header of the page and its scripts, all but frame-ancestors in the first tag of <head>", async () => {
    const { context, page, response } = await openRecording(false);
    expect(response.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // A worker takes its policy from its own script's response, not from the page.
    const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"]')?.src);
    expect(entry).toBeDefined();
    const script = await context.request.get(entry as string);
    expect(script.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);

    const metas = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy" i]')].map((meta) => meta.content),
    );
    // The second, added by the page before the app rendered: no endpoint is registered, so only itself.
    expect(metas).toEqual([META_POLICY, "connect-src 'self'"]);
    // A meta policy only covers what comes after it, so it must precede every script and stylesheet.
    expect(await page.evaluate(() => document.head.firstElementChild?.getAttribute('http-equiv'))).toBe('Content-Security-Policy');
    await context.close();
  });

  it("lets WebAssembly compile (sql.js reads GameArena's SQLite database) and still refuses eval", async () => {
    const { context, page } = await openRecording(false);
    const outcome = await page.evaluate(async () => {
      // The smallest module there is: the magic number and version 1.
      const compiled = await WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])).then(
        () => 'compiled',
        (error: unknown) => `refused: ${String(error)}`,
      );
      let evaluated: string;
      try {
        evaluated = String(eval('1 + 1'));
      } catch (error) {
        evaluated = `refused: ${(error as Error).name}`;
      }
      return { compiled, evaluated };
    });
    expect(outcome).toEqual({ compiled: 'compiled', evaluated: 'refused: EvalError' });
    await context.close();
  });

  it('is never broken by the app itself: loading it, with the demo study imported in a worker, reports no violation', async () => {
    const { context, page } = await openRecording(false);
    await page.locator('tr[data-study-id="demo-study"]').waitFor({ timeout: 60_000 });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe.each([
  { served: 'with the header and the meta tag', metaOnly: false },
  { served: 'with the meta tag alone', metaOnly: true },
])('served $served, the app refuses', ({ metaOnly }) => {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    let response: Response;
    ({ context, page, response } = await openRecording(metaOnly));
    expect(response.headers()['content-security-policy']).toBe(metaOnly ? undefined : CONTENT_SECURITY_POLICY);
  });

  afterEach(async () => {
    // A worker's script may still be on its way through the route when the test ends; closing
    // the context under it would reject that fetch with nobody to catch it.
    await context.unrouteAll({ behavior: 'wait' });
    await context.close();
  });

  it('an inline script', async () => {
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
    });
    // An allowed inline script runs during append(), so the flag is settled once that returns.
    expect(await page.evaluate(() => (window as Recorded).inlineScriptRan)).toBeUndefined();
    await expect.poll(() => violations(page)).toContainEqual({ directive: expect.stringMatching(/^script-src/), blocked: 'inline' });
  });

  it('an inline style element and style attribute, while style properties set through the CSSOM (as React does) apply', async () => {
    const colors = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'csp-style-probe';
      document.body.append(probe);
      const before = getComputedStyle(probe).color;
      const style = document.createElement('style');
      style.textContent = '#csp-style-probe { color: rgb(1, 2, 3) }';
      document.head.append(style);
      const styleElement = getComputedStyle(probe).color;
      probe.setAttribute('style', 'color: rgb(4, 5, 6)');
      const styleAttribute = getComputedStyle(probe).color;
      probe.removeAttribute('style');
      probe.style.color = 'rgb(7, 8, 9)';
      return { before, styleElement, styleAttribute, cssom: getComputedStyle(probe).color };
    });
    expect(colors.before).not.toBe('rgb(1, 2, 3)');
    expect(colors).toEqual({ before: colors.before, styleElement: colors.before, styleAttribute: colors.before, cssom: 'rgb(7, 8, 9)' });
    await expect
      .poll(() => violations(page))
      .toEqual(
        expect.arrayContaining([
          { directive: expect.stringMatching(/^style-src/), blocked: 'inline' },
          { directive: 'style-src-attr', blocked: 'inline' },
        ]),
      );
  });

  it('a blob: worker', async () => {
    // Exactly one of these happens: the constructor throws, the load fails, or the worker runs.
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const url = URL.createObjectURL(new Blob(['postMessage("ran")'], { type: 'text/javascript' }));
          try {
            const worker = new Worker(url);
            worker.onmessage = () => resolve('ran');
            worker.onerror = () => resolve('failed to load');
          } catch (error) {
            resolve(`threw ${(error as Error).name}`);
          }
        }),
    );
    expect(outcome).not.toBe('ran');
    await expect.poll(() => violations(page)).toContainEqual({ directive: 'worker-src', blocked: 'blob' });
  });
});

describe('the judge endpoints the page may reach', () => {
  let registered: FakeChatServer;
  let other: FakeChatServer;

  beforeAll(async () => {
    // Both allow the page (CORS): only the page's policy tells them apart.
    [registered, other] = await Promise.all([startFakeChatServer({ allowOrigin: '*' }), startFakeChatServer({ allowOrigin: '*' })]);
  });

  afterAll(async () => {
    await Promise.all([registered.close(), other.close()]);
  });

  it('are its own origin and the registered ones: a fetch to a registered loopback origin goes through, one to another is blocked', async () => {
    const { context, page } = await openRecording(false);
    const registeredOrigin = new URL(registered.url).origin;
    // An endpoint registered as the host does (browser-judge-endpoints.ts), in the keys database the first load made.
    await putInKeysDatabase(page, 'endpoints', { endpointId: 'e-1', origin: registeredOrigin });
    await page.reload();
    await page.locator('#root > *').first().waitFor({ timeout: 60_000 });
    expect(await policyTags(page)).toEqual([META_POLICY, `connect-src 'self' ${registeredOrigin}`]);

    const outcome = await page.evaluate(
      async (urls) => {
        const ask = async (base: string) => {
          try {
            const response = await fetch(`${base}/chat/completions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: 'Bearer sk-e2e' },
              body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: '[item:u-1]' }] }),
            });
            return `HTTP ${response.status}`;
          } catch (error) {
            return `failed: ${(error as Error).name}`;
          }
        };
        return { registered: await ask(urls.registered), other: await ask(urls.other) };
      },
      { registered: registered.url, other: other.url },
    );
    expect(outcome).toEqual({ registered: 'HTTP 200', other: 'failed: TypeError' });
    expect(registered.log.map((entry) => entry.headers.authorization)).toEqual(['Bearer sk-e2e']);
    expect(other.log).toEqual([]);
    await expect.poll(() => violations(page)).toContainEqual({ directive: 'connect-src', blocked: `${other.url}/chat/completions` });
    await context.close();
  });
});

describe('the team servers the page may reach', () => {
  let server: TeamServer;

  beforeAll(async () => {
    // The server allows the page's origin with credentials, as docs/team-server.md tells a lead to set CouchDB.
    server = await startTeamServer({ allowOrigins: [new URL(chromiumApp.app().url).origin] });
  });

  afterAll(async () => {
    await server.close();
  });

  it("admits a registered team server's origin after a reload, and the page reaches it as the user its Authorization names (CORS with credentials)", async () => {
    const { context, page } = await openRecording(false);
    const origin = new URL(server.url).origin;
    const sessionUrl = `${server.url}_session`;
    const ask = () =>
      page.evaluate(
        async ({ url, authorization }) => {
          try {
            const response = await fetch(url, { headers: { accept: 'application/json', authorization }, redirect: 'error' });
            return ((await response.json()) as { userCtx: { name: string | null } }).userCtx.name ?? 'nobody';
          } catch (error) {
            return `failed: ${(error as Error).name}`;
          }
        },
        { url: sessionUrl, authorization: `Basic ${Buffer.from(`${server.admin.user}:${server.admin.password}`).toString('base64')}` },
      );
    // Not registered yet: the policy the page loaded with refuses the server.
    expect(await ask()).toBe('failed: TypeError');
    await expect.poll(() => violations(page)).toContainEqual({ directive: 'connect-src', blocked: sessionUrl });

    // A connection registered as the host does (browser-team-servers.ts).
    await putInKeysDatabase(page, 'teamServers', { connectionId: 'lead:demo', origin, user: server.admin.user });
    await page.reload();
    await page.locator('#root > *').first().waitFor({ timeout: 60_000 });
    expect(await policyTags(page)).toEqual([META_POLICY, `connect-src 'self' ${origin}`]);
    expect(await ask()).toBe(server.admin.user);
    await context.close();
  });
});
