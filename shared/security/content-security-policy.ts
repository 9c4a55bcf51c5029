// The one Content-Security-Policy of the UI, wherever it is served: the desktop app's app://
// protocol sends it as a header, and the web build carries it in index.html and its preview header.

const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/**
 * The UI is self-contained, so everything outside its own origin is refused.
 * `style-src` has no 'unsafe-inline': React applies `style` props through the CSSOM
 * (`element.style`), which CSP does not govern, and Vite's build links every stylesheet as a
 * file. Only `<style>` elements and `style="..."` markup are blocked, and the UI writes neither.
 * Workers load from bundled files (`new Worker(new URL(...))`), so blob: workers are refused too.
 * `'wasm-unsafe-eval'` lets the import worker compile sql.js's WebAssembly (GameArena's SQLite
 * database) from the app's own file; it allows no `eval` or `new Function` of JavaScript.
 */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/**
 * The same policy for a `<meta http-equiv>` tag. Browsers ignore `frame-ancestors` there (Chromium
 * also logs a warning), so it is left out; it takes effect only as a header, which the app://
 * protocol and Vite's preview server send.
 */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.filter((directive) => !directive.startsWith('frame-ancestors ')).join('; ');
