#!/usr/bin/env node
// `npm run admin -- <command>`: operators' commands (src/server/admin.ts) on the database of the
// server's settings. Runs the source through tsx where it is installed (a checkout), else the build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const built = path.join(root, 'dist/server/admin.js');
const [cmd, args] = existsSync(tsx)
  ? [tsx, [path.join(root, 'src/server/admin.ts')]]
  : existsSync(built)
    ? [process.execPath, [built]]
    : [null, []];
if (!cmd) {
  console.error('Nothing to run: install the dependencies (npm install) or build first (npm run build).');
  process.exit(1);
}
const run = spawnSync(cmd, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
