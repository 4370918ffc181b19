import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadConfig, publicConfig } from './src/server/config.ts';
import { renderIndexHtml } from './src/server/http/web-app.ts';

/** In `npm run dev`, index.html gets the same title and public config the server writes in production. */
function injectPublicConfig(): Plugin {
  return {
    name: 'listsync-public-config',
    apply: 'serve',
    transformIndexHtml: (html) => renderIndexHtml(html, publicConfig(loadConfig())),
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), injectPublicConfig()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bench-bundle.mjs to add up each route's JavaScript.
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/ws': { target: apiTarget.replace('http', 'ws'), ws: true },
    },
  },
});
