#!/usr/bin/env node
// `npm start`: serves the built client and the API from one process. It builds first when there is no
// build or when the build was made from other sources, lock file or config than those here now
// (scripts/build-stamp.mjs compares their content), and says so in one line; otherwise it starts at once.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildStaleness } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/server/main.js');

const { stale, reason } = await buildStaleness(root);
if (stale) {
  console.info(`Building first (npm run build): ${reason}.`);
  await import('./build.mjs');
}
process.chdir(root);
await import(pathToFileURL(serverEntry).href);
