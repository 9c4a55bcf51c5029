// The Content-Security-Policy of the UI, wherever it is served: the desktop app's app:// protocol
// sends the app's as a header; the web build carries its own in index.html and its preview header,
// and narrows where the page may connect to the judge endpoints and team servers registered in it.

/** Every directive but connect-src, which is where the two hosts differ. */
function directives(connectSources: string): string[] {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSources}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
}

/** Browsers ignore `frame-ancestors` in a `<meta http-equiv>` tag (Chromium also logs a warning); it takes effect only as a header. */
function forMeta(policy: string[]): string {
  return policy.filter((directive) => !directive.startsWith('frame-ancestors ')).join('; ');
}

/**
 * The UI is self-contained, so everything outside its own origin is refused.
 * `style-src` has no 'unsafe-inline': React applies `style` props through the CSSOM
 * (`element.style`), which CSP does not govern, and Vite's build links every stylesheet as a
 * file. Only `<style>` elements and `style="..."` markup are blocked, and the UI writes neither.
 * Workers load from bundled files (`new Worker(new URL(...))`), so blob: workers are refused too.
 * `'wasm-unsafe-eval'` lets the import worker compile sql.js's WebAssembly (GameArena's SQLite
 * database) from the app's own file; it allows no `eval` or `new Function` of JavaScript.
 * This is the desktop app's policy: its renderer never connects out, since every judge and team
 * server request goes from the main process, which admits only the origins registered there
 * (electron/judge/endpoint-store.ts, electron/team/team-server-store.ts); so connect-src stays 'self'.
 */
export const CONTENT_SECURITY_POLICY = directives("'self'").join('; ');

/**
 * The web build's policy: the page calls the judge endpoints and team servers itself. A policy fixed
 * when the page loads can later be tightened but never loosened, so this one admits any http(s)
 * address and the page, before it renders, adds connectPolicy of the registered origins; both apply,
 * so the page reaches only its own origin and those (renderer/platform/connect-policy.ts).
 */
export const WEB_CONTENT_SECURITY_POLICY = directives("'self' http: https:").join('; ');

/** The web build's policy for index.html's `<meta http-equiv>` tag. */
export const WEB_META_CONTENT_SECURITY_POLICY = forMeta(directives("'self' http: https:"));

/** The second policy the web page adds at load: its own origin and the registered judge endpoints' and team servers' origins (already checked as plain http(s) origins). */
export function connectPolicy(origins: readonly string[]): string {
  return ["connect-src 'self'", ...origins].join(' ');
}
