import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPAWNED_PROCESS_MS } from '#tests/support/budgets';
import { buildStaleness, computeBuildStamp, writeBuildStamp } from '../../scripts/build-stamp.mjs';

/** `npm start` builds again when what the build is made from changed (issue 18: a stale build served). */

const scripts = path.resolve(import.meta.dirname, '../../scripts');
let root: string;

function write(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

/** A project with sources, a lock file and a finished build stamped from them. */
async function builtProject(): Promise<void> {
  write('src/server/main.ts', 'export const version = 1;\n');
  write('src/web/page.tsx', 'export const Page = () => null;\n');
  write('src/web/page.test.tsx', 'it("renders", () => {});\n');
  write('package.json', '{"name":"fixture"}\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('vite.config.ts', 'export default {};\n');
  write('dist/server/main.js', 'console.log("served");\n');
  write('dist/server/heavy-work-worker.js', '');
  write('dist/client/index.html', '<!doctype html>\n');
  await writeBuildStamp(root);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'listsync-stamp-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', { timeout: SPAWNED_PROCESS_MS }, () => {
  it('finds no build when dist/ is missing', async () => {
    write('src/server/main.ts', 'export {};\n');
    expect(await buildStaleness(root)).toMatchObject({
      stale: true,
      reason: expect.stringMatching(/no build/),
    });
  });

  it("finds no build when the heavy-work threads' entry is missing (an older build)", async () => {
    await builtProject();
    rmSync(path.join(root, 'dist/server/heavy-work-worker.js'));
    expect(await buildStaleness(root)).toEqual({
      stale: true,
      reason: 'no build found (dist/server/heavy-work-worker.js is missing)',
    });
  });

  it('keeps a build made from the files there now, even when they were touched', async () => {
    await builtProject();
    expect((await buildStaleness(root)).stale).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/server/main.ts'), later, later);
    expect((await buildStaleness(root)).stale).toBe(false);
  });

  it.each([
    ['a source file', 'src/server/main.ts', 'export const version = 2;\n'],
    ['a new source file', 'src/web/new-page.tsx', 'export {};\n'],
    ['the lock file', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}\n'],
    ['the Vite config', 'vite.config.ts', 'export default { base: "/" };\n'],
  ])('is stale once %s changes, with the same modification time', async (_, file, content) => {
    await builtProject();
    write(file, content);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(root, file), old, old);
    expect(await buildStaleness(root)).toMatchObject({
      stale: true,
      reason: 'the sources, lock file or config changed since the last build',
    });
  });

  it('is not made stale by a test file, and a renamed file is a change', async () => {
    await builtProject();
    write('src/web/page.test.tsx', 'it("renders again", () => {});\n');
    expect((await buildStaleness(root)).stale).toBe(false);
    const before = await computeBuildStamp(root);
    rmSync(path.join(root, 'src/web/page.tsx'));
    write('src/web/renamed.tsx', 'export const Page = () => null;\n');
    expect((await computeBuildStamp(root)).hash).not.toBe(before.hash);
  });

  it('treats a build without a stamp as stale, and a deployed build without sources as current', async () => {
    await builtProject();
    rmSync(path.join(root, 'dist/build-stamp.json'));
    expect((await buildStaleness(root)).stale).toBe(true);
    rmSync(path.join(root, 'src'), { recursive: true });
    expect((await buildStaleness(root)).stale).toBe(false);
  });
});

describe('npm start (scripts/start.mjs)', { timeout: SPAWNED_PROCESS_MS }, () => {
  /** start.mjs as it is, beside a stand-in build.mjs that records it ran and stamps the tree. */
  function start(): string {
    return execFileSync(process.execPath, [path.join(root, 'scripts/start.mjs')], { encoding: 'utf8' });
  }

  beforeEach(async () => {
    await builtProject();
    mkdirSync(path.join(root, 'scripts'), { recursive: true });
    for (const file of ['start.mjs', 'build-stamp.mjs']) {
      copyFileSync(path.join(scripts, file), path.join(root, 'scripts', file));
    }
    write(
      'scripts/build.mjs',
      [
        "import path from 'node:path';",
        "import { writeBuildStamp } from './build-stamp.mjs';",
        "await writeBuildStamp(path.resolve(import.meta.dirname, '..'));",
        "console.log('stand-in build ran');",
      ].join('\n'),
    );
    // The build scripts are inputs of the build too.
    await writeBuildStamp(root);
  });

  it('starts at once when nothing changed, and builds first, saying why, when a source did', () => {
    expect(start()).toBe('served\n');
    write('src/server/main.ts', 'export const version = 3;\n');
    const output = start();
    expect(output).toBe(
      'Building first (npm run build): the sources, lock file or config changed since the last build.\nstand-in build ran\nserved\n',
    );
    expect(start()).toBe('served\n');
  });
});
