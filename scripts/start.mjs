#!/usr/bin/env node
// `npm start`: serves the built client and the API from one process, building first if there is no build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/server/main.js');

if (!existsSync(serverEntry) || !existsSync(path.join(root, 'dist/client/index.html'))) {
  console.info('No build found: building first (npm run build)...');
  await import('./build.mjs');
}
process.chdir(root);
await import(pathToFileURL(serverEntry).href);
