import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { preactAliases } from './scripts/preact-aliases.mjs';
import { loadConfig, publicConfig } from './src/server/config/index.ts';
import { renderIndexHtml } from './src/server/http/pages/web-app.ts';

/** In `npm run dev`, index.html gets the same title and public config the server writes in production. */
function injectPublicConfig(): Plugin {
  return {
    name: 'listsync-public-config',
    apply: 'serve',
    transformIndexHtml: (html) => renderIndexHtml(html, publicConfig(loadConfig())),
  };
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Values that are pure as written: nothing to mark. */
const PURE_AS_WRITTEN = new Set(['Literal', 'ArrowFunctionExpression', 'FunctionExpression']);

/**
 * In the browser's build, what src/domain declares at the top of a module (zod schemas, messages,
 * tables) is pure, so a page keeps only the declarations it uses. src/domain is pure by rule (the
 * layer check: no I/O, no globals), but a bundler cannot see that `z.object({...})` or a helper that
 * builds a schema has no effect: without this, a page that reads one constant of checklist.ts also
 * carries every request schema beside it, and with them zod (24 KiB gzipped, measured on /dashboard).
 * The server's build and the tests run the modules as written.
 */
function pureDomainDeclarations(): Plugin {
  return {
    name: 'listsync-pure-domain-declarations',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /\/src\/domain\/[^/]+\.ts(\?landing-page)?$/ },
      handler(source) {
        const program = this.parse(source) as unknown as { body: AstNode[] };
        const code = new MagicString(source);
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if ((declaration as AstNode | null)?.type !== 'VariableDeclaration') continue;
          for (const { init } of (declaration as AstNode).declarations as { init: AstNode | null }[]) {
            if (!init || PURE_AS_WRITTEN.has(init.type)) continue;
            // `X = f(...)` becomes `X = /* @__PURE__ */ (() => (f(...)))()`: evaluated as before, and
            // dropped whole when nothing reads X (a pure mark on `f(...)` alone would still keep its
            // arguments and the calls chained inside it).
            code.prependLeft(init.start, '/* @__PURE__ */ (() => (');
            code.appendRight(init.end, '))()');
          }
        }
        return code.hasChanged() ? { code: code.toString(), map: code.generateMap({ hires: true }) } : null;
      },
    },
  };
}

/** The landing page's own script (decision 0067), and what marks the copies of the modules it imports. */
const LANDING_ENTRY = /\/src\/web\/landing-page(-script)?\.ts$/;
const OWN_COPY = '?landing-page';

/**
 * In the browser's build, the landing page's own script gets its own copy of each module it imports
 * (the sign-in popup, the page's constants, the e-mail rule), bundled into its chunk. Imported as
 * they are, the modules it shares with the app's entry would be split out of both into a chunk of
 * their own: one request more for every page of the app, +0.4 KiB gzip each (measured: /dashboard
 * 142.2 -> 143.0 KiB), and one more before the landing page works. The source stays one; only the
 * output holds the few hundred bytes twice, in two files no page loads together.
 */
function landingPageOwnCopies(): Plugin {
  return {
    name: 'listsync-landing-page-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(LANDING_ENTRY.test(importer) || importer.endsWith(OWN_COPY))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (
        !resolved ||
        resolved.external ||
        resolved.id.includes('?') ||
        resolved.id.includes('node_modules')
      ) {
        return resolved;
      }
      return { ...resolved, id: `${resolved.id}${OWN_COPY}` };
    },
  };
}

/**
 * The service worker (workbox generateSW): the app shell and every route's chunk are precached, so
 * /dashboard, /checklist/{id} and /shared/{token} open with no network after one visit. Navigations
 * get the precached index.html (the server renders /index.html with the public config, so the copy
 * kept carries it); the server's own paths never do. API answers are not cached here: the persisted
 * query cache is the data store, and the offline queue keeps the writes.
 *
 * registerType 'prompt': a new version waits until the person reloads (components/update-prompt.tsx)
 * or closes the app, so a page never reloads under someone's fingers, and a running page keeps the
 * chunks it was built with. No registration script is injected (CSP): the app registers it itself.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [
        /^\/api(\/|$)/,
        /^\/oidc(\/|$)/,
        /^\/ws(\/|$)/,
        /^\/healthz$/,
        /^\/readyz$/,
        /^\/assets\//,
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      // The largest chunk (the editor) is well under this; the default 2 MiB would also do.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

/**
 * The prerender's server bundle (`vite build --ssr`, scripts/build.mjs): the same components for Node,
 * run by the server at start-up to draw the public pages (src/web/prerender.tsx). Packages stay in
 * node_modules; no service worker, no manifest, no CSS (the browser's build has it).
 */
const prerenderBuild: UserConfig = {
  plugins: [react(), pureDomainDeclarations()],
  resolve: { alias: preactAliases },
  // Bundled, not left in node_modules: wouter, TanStack Query and Radix import React, and must be given
  // Preact as the browser's build gives it to them.
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    outDir: 'dist/prerender',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node20',
    ssr: 'src/web/prerender.tsx',
    rolldownOptions: { output: { entryFileNames: 'prerender.js' } },
  },
};

const browserBuild: UserConfig = {
  plugins: [
    landingPageOwnCopies(),
    react(),
    tailwindcss(),
    injectPublicConfig(),
    pureDomainDeclarations(),
    serviceWorker(),
  ],
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/bench-bundle.mjs to add up each route's JavaScript.
    manifest: true,
    target: 'es2022',
    // <link rel="modulepreload"> is in every browser since Safari 17 / Firefox 115 (Baseline widely
    // available, March 2026); the polyfill Vite would add cost the shared page 0.24 KiB of its budget.
    // An older browser still runs everything, it just fetches a page's chunks one after another.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html -> main.tsx), the recipient's code screen's own script (decision 0061: that
      // page is a server-rendered form) and the landing page's (decision 0067): neither carries React.
      input: {
        index: 'index.html',
        'code-screen': 'src/web/code-screen.ts',
        'landing-page': 'src/web/landing-page.ts',
      },
      // src/web/sync is imported through one index.ts, and loading its modules does nothing (they only
      // declare): said so, a page that takes one name from it is not given the chunks of all the others.
      // Rolldown otherwise splits chunks by everything an index re-exports, used or not (measured: the
      // shared page's first load 114.9 -> 147.5 KiB, the entry chunk cut in pieces).
      treeshake: { moduleSideEffects: [{ test: /\/src\/web\/sync\//, sideEffects: false }] },
    },
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : browserBuild));
