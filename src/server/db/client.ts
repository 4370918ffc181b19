import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/database.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * Where NOTIFY can be heard (realtime/change-listener.ts): PostgreSQL needs a connection of its own,
 * kept out of the pool (LISTEN holds it); PGlite has one connection and listens on it.
 */
export type NotificationSource =
  | { kind: 'postgres'; newClient(): pg.Client }
  | { kind: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig['kind'];
  notifications: NotificationSource;
  /** Runs one trivial query; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Migrations sit beside this module: src/server/db/migrations, or dist/server/migrations in the bundle. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

/** A lock id shared by every instance so only one applies migrations at a time. */
const MIGRATION_LOCK_ID = 424_242_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10, idleTimeoutMillis: 30_000 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      notifications: {
        kind: 'postgres',
        newClient: () =>
          new pg.Client({
            connectionString: config.url,
            application_name: 'listsync-realtime',
            keepAlive: true,
          }),
      },
      async ping() {
        await pool.query('select 1');
      },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }

  if (config.dataDir) await mkdir(config.dataDir, { recursive: true });
  // PGlite has one connection and serialises every query and transaction itself: a statement
  // outside a transaction waits until the open transaction ends (see tests/api/database.test.ts).
  return pgliteHandle(config.dataDir ? new PGlite(config.dataDir) : new PGlite());
}

/** A handle over a PGlite instance already made (the tests start theirs from a migrated snapshot). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    notifications: { kind: 'pglite', client },
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
