// The Content-Security-Policy sent with every response of the app:// protocol.
// Main process only. The UI is self-contained, so everything outside its own origin is refused.

/**
 * `style-src` has no 'unsafe-inline': React applies `style` props through the CSSOM
 * (`element.style`), which CSP does not govern, and Vite's build links every stylesheet as a
 * file. Only `<style>` elements and `style="..."` markup are blocked, and the UI writes neither.
 * Workers load from bundled files (`new Worker(new URL(...))`), so blob: workers are refused too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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
].join('; ');
