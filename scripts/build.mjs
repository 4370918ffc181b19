#!/usr/bin/env node
// Builds the client (Vite -> dist/client, with .br and .gz copies of its text assets), the public pages'
// prerender (Vite SSR -> dist/prerender/prerender.js) and the server (esbuild -> dist/server/main.js, with its migrations,
// and the heavy-work threads' entry dist/server/heavy-work-worker.js: docs/decisions/0041).
// `--server`: the server only (the API benchmark needs no client).
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { computeBuildStamp, writeBuildStamp } from './build-stamp.mjs';
import { compressAssets } from './compress-assets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

const serverOnly = process.argv.includes('--server');
// What this build is made from, taken before it reads anything (an edit during the build makes it stale).
const stamp = serverOnly ? null : await computeBuildStamp(root);

await rm(path.join(root, serverOnly ? 'dist/server' : 'dist'), { recursive: true, force: true });
let compressed = '';
if (!serverOnly) {
  await viteBuild({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  // The public pages' prerender (src/web/prerender.tsx), run by the server at start-up.
  await viteBuild({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/web/prerender.tsx' },
  });
  const results = await compressAssets(path.join(root, 'dist/client'));
  const sum = (key) => results.reduce((total, result) => total + (result[key] ?? result.bytes), 0);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  compressed = ` (text assets ${kib(sum('bytes'))}, Brotli ${kib(sum('br'))}, gzip ${kib(sum('gz'))})`;
}

await esbuild({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/server/main.ts',
    admin: 'src/server/admin.ts',
    // Started by the server as worker threads (src/server/workers/worker-thread.ts finds it beside main.js).
    'heavy-work-worker': 'src/server/workers/heavy-work-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Our own code (including #domain/* and #server/* imports) is bundled; npm packages stay in node_modules.
  packages: 'external',
  logLevel: 'warning',
});
await cp(path.join(root, 'src/server/db/migrations'), path.join(root, 'dist/server/migrations'), {
  recursive: true,
});

// Only a whole build is stamped: after a server-only build, `npm start` still builds the client again.
if (stamp) await writeBuildStamp(root, stamp);

console.info(
  `Built ${serverOnly ? 'the server' : 'client and server'} into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s${compressed}`,
);
