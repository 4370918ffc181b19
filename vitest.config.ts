import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: { name: 'unit', include: ['src/**/*.test.ts'], environment: 'node', setupFiles },
  },
  {
    // React components, rendered with Testing Library in jsdom.
    extends: true,
    test: {
      name: 'web',
      include: ['src/web/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: [...setupFiles, 'tests/support/web-chunks.ts'],
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
  },
});
