import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { preactAliases } from './scripts/preact-aliases.mjs';

/**
 * Four projects: `unit` (pure code beside its source), `web` (React components in jsdom), and the API
 * suite twice, once on in-memory PGlite and once on real PostgreSQL. The PostgreSQL run exists only when
 * DATABASE_URL names a server; each API test file then gets a fresh database of its own on it
 * (tests/support/database.ts).
 */
const setupFiles = ['tests/support/fail-on-console-error.ts'];

const apiProject = (
  name: string,
  provide: { testDatabase: 'pglite' | 'postgres'; testDatabaseUrl: string },
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    setupFiles,
    provide,
    // Migrations once per run: a PGlite snapshot or a PostgreSQL template (tests/support/database-template.ts).
    globalSetup: ['tests/support/database-template.ts'],
    // An API test drives a whole app on a real database (and sockets, fakes of outside services): beside
    // other work (load ~17-30 on 2 cores) one took 30 s with every step passing. Budgets, not speed checks.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      // tests/rules: the rules `npm test` holds the code to (layers, sizes), shown to catch what they name.
      include: ['src/**/*.test.ts', 'tests/rules/**/*.test.ts'],
      environment: 'node',
      setupFiles,
      // Pure code, but beside other work (load ~17 on 2 cores) a file's first test, which pays for
      // loading Intl's data, took 5.3 s: the 5 s default is a speed check there. Heavy tests (images,
      // processes, the rules' TypeScript program) have budgets of their own (tests/support/budgets.ts).
      testTimeout: 20_000,
    },
  },
  {
    // React components, rendered with Testing Library in jsdom.
    extends: true,
    test: {
      name: 'web',
      include: ['src/web/**/*.test.tsx'],
      environment: 'jsdom',
      // A component test renders, loads lazy chunks and waits on the DOM: 5 s (the default) was its
      // whole budget, and 28 tests of the suite ran past it beside other work (load ~17 on 2 cores,
      // issue 28). A budget, not a speed check: what a test waits for must still happen.
      testTimeout: 30_000,
      setupFiles: [...setupFiles, 'tests/support/web-testing-library.ts', 'tests/support/web-chunks.ts'],
      // Components run on Preact, as they ship (decision 0070): the packages that import React (Testing
      // Library, TanStack Query, wouter, Radix, dnd-kit) are inlined so that the aliases reach them too.
      server: { deps: { inline: true } },
    },
    // Vitest resolves as Node does (no `mainFields`): a package with only a `module` field, like dnd-kit,
    // then loads its CommonJS build, whose require('react') no alias reaches (real React, and "Cannot read
    // properties of null (reading 'useMemo')"). The browser build's fields, as Vite's client uses them.
    resolve: {
      alias: preactAliases,
      conditions: ['module', 'browser', 'import', 'default'],
      mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
    },
  },
  apiProject('api-pglite', { testDatabase: 'pglite', testDatabaseUrl: '' }),
];
if (process.env.DATABASE_URL) {
  projects.push(
    apiProject('api-postgres', { testDatabase: 'postgres', testDatabaseUrl: process.env.DATABASE_URL }),
  );
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker per core less one: a single worker on a two-core CI machine, which
    // then sat idle two thirds of the time (API tests mostly wait on databases, sockets and timers:
    // 8.2 min of CPU in a 13.4 min run). Per-file databases keep files apart, so more run at once.
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
