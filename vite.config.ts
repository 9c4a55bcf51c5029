// Builds the renderer (the whole UI) as a static web app; Electron serves the same files.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { WEB_CONTENT_SECURITY_POLICY, WEB_META_CONTENT_SECURITY_POLICY } from './shared/security/content-security-policy.ts';

const pkg = await import('./package.json', { with: { type: 'json' } });

/**
 * Writes the web build's policy into the built index.html, first in <head> so it covers everything
 * after it (the desktop app's header narrows connect-src to 'self' there). Build only: the dev server adds an inline script (React's hot reload) and <style>
 * elements (CSS), which the policy refuses, so `npm run dev` runs without one.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'agreement-studio:content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: WEB_META_CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react(), contentSecurityPolicyMeta()],
  // Every import of zod, in the window and the workers, gets it with eval's fast path already off
  // (see renderer/zod-without-eval.ts); the module itself reaches the real one as zod/v4.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./renderer/zod-without-eval.ts', import.meta.url)) }] },
  define: { __APP_VERSION__: JSON.stringify(pkg.default.version) },
  build: {
    outDir: fileURLToPath(new URL('./build/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The favicon stays a file of its own (served with the app, under img-src 'self') rather
    // than a data: URL written into index.html.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
  server: { host: '127.0.0.1' },
  // The preview serves build/web (`npm start`'s web version, the e2e tests): the header carries
  // the whole policy, frame-ancestors included, which the meta tag cannot.
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': WEB_CONTENT_SECURITY_POLICY } },
});
