// Builds the renderer (the whole UI) as a static web app; Electron serves the same files.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const pkg = await import('./package.json', { with: { type: 'json' } });

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.default.version) },
  build: {
    outDir: fileURLToPath(new URL('./build/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
