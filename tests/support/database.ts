import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseConfig } from '#server/config/database';
import { type DatabaseHandle, openDatabase, pgliteHandle } from '#server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the API project runs on (vitest.config.ts). */
    testDatabase: 'pglite' | 'postgres';
    /** The PostgreSQL server to create per-file databases on; empty for PGlite. */
    testDatabaseUrl: string;
    /** A migrated PGlite data folder, dumped once per run (tests/support/database-template.ts). */
    testDatabaseSnapshot?: string;
    /** A migrated PostgreSQL database each file's database is copied from (the same setup). */
    testDatabaseTemplate?: string;
  }
}

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return inject('testDatabase') ?? 'pglite';
}

/** A database that exists only for one test file: in-memory PGlite, or a fresh PostgreSQL database. */
export interface TestDatabase {
  kind: TestDatabaseKind;
  /** What the app's config should say to open this database again (another handle, another app). */
  config: DatabaseConfig;
  /** The handle the file's apps share; opened and migrated. */
  handle: DatabaseHandle;
  /** Closes the handle and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of the file's own, migrated (from the run's snapshot or template). `{ migrated: false }`:
 * an empty one, never migrated, for a test that applies migrations itself (tests/api/migration-*.test.ts).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: null };
    const snapshot = migrated ? inject('testDatabaseSnapshot') : undefined;
    const handle = snapshot
      ? pgliteHandle(new PGlite({ loadDataDir: new Blob([await readFile(snapshot)]) }))
      : await openDatabase(config);
    if (migrated) await handle.migrate();
    return { kind: 'pglite', config, handle, destroy: () => handle.close() };
  }

  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl) throw new Error('api-postgres needs DATABASE_URL');
  // Only [a-z0-9_], so the name needs no quoting and cannot inject anything.
  const name = `ls_t_${randomBytes(8).toString('hex')}`;
  // From the run's migrated template when there is one (its name is ours too: [a-z0-9_] only).
  const template = migrated ? inject('testDatabaseTemplate') : undefined;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.href };
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config);
    if (migrated) await handle.migrate();
  } catch (error) {
    await withAdminClient(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
    throw error;
  }
  let destroyed = false;
  return {
    kind: 'postgres',
    config,
    handle,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await handle.close().catch(() => {});
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
