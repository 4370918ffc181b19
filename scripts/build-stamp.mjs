// What a build was made from: one SHA-256 over the path and content of every file the build reads (the
// sources, the lock file, the configs, the build scripts). `npm run build` writes it to
// dist/build-stamp.json; `npm start` compares it with the tree as it is now and builds again when they
// differ (after a `git pull`, an edit, a new lock file). Content, not timestamps: a checkout or a copy
// that touches every file without changing one keeps the build, and an edit that keeps the old
// modification time (a `git checkout` of an older commit, say) still rebuilds.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the build reads, relative to the project root: folders (whole) and single files. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/compress-assets.mjs',
  'scripts/preact-aliases.mjs',
];

export const STAMP_FILE = 'dist/build-stamp.json';

/** Test files are not part of any build: editing one does not make the build stale. */
const IGNORED = /\.test\.tsx?$/;

async function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true, recursive: true }).catch((error) => {
    if (error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (entries === null) return [entry];
  return entries
    .filter((e) => e.isFile() && !IGNORED.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The stamp of the tree at `root` now: `{ hash, files }`. */
export async function computeBuildStamp(root) {
  const files = (await Promise.all(BUILD_INPUTS.map((entry) => filesOf(root, entry)))).flat().sort();
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  const hash = createHash('sha256');
  files.forEach((file, i) => {
    // The path too: a renamed file is a different build.
    hash.update(file);
    hash.update('\0');
    hash.update(contents[i]);
    hash.update('\0');
  });
  return { hash: hash.digest('hex'), files: files.length };
}

export async function writeBuildStamp(root, stamp) {
  const value = stamp ?? (await computeBuildStamp(root));
  await writeFile(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ ...value, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
  return value;
}

/**
 * Whether `root`'s build is missing or was made from other files than those there now, and why, in
 * words for the one log line `npm start` prints.
 */
export async function buildStaleness(
  root,
  requiredOutputs = ['dist/server/main.js', 'dist/server/heavy-work-worker.js', 'dist/client/index.html'],
) {
  const missing = requiredOutputs.find((output) => !existsSync(path.join(root, output)));
  if (missing) return { stale: true, reason: `no build found (${missing} is missing)` };
  // A deployed image holds the build and not its sources: there is nothing to compare it with.
  if (!existsSync(path.join(root, 'src'))) return { stale: false, reason: 'no sources here to build from' };
  let built = null;
  try {
    built = JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return { stale: true, reason: 'the build has no stamp of what it was made from' };
  }
  const now = await computeBuildStamp(root);
  if (built?.hash !== now.hash) {
    return {
      stale: true,
      reason: 'the sources, lock file or config changed since the last build',
      stamp: now,
    };
  }
  return { stale: false, reason: `the build is up to date (${now.files} files unchanged)`, stamp: now };
}
