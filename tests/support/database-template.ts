import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteHandle } from '#server/db/client';

/**
 * Vitest global setup of the API projects: the migrations run once per run, not once per test file.
 * PGlite: a migrated database is dumped to a file that each file's database starts from (about 1 s
 * instead of 5-8 s of initdb and migrations on this machine). PostgreSQL: a migrated template database
 * that each file's database is created from. tests/support/database.ts still runs `migrate()` on each,
 * which then finds nothing to apply, so a migration missing from the snapshot would still be applied.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const provided = project.getProvidedContext();
  if (provided.testDatabase === 'pglite') {
    const started = performance.now();
    const client = new PGlite();
    const handle = pgliteHandle(client);
    await handle.migrate();
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const folder = await mkdtemp(path.join(tmpdir(), 'listsync-pglite-snapshot-'));
    const file = path.join(folder, 'migrated.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabaseSnapshot', file);
    log(`PGlite snapshot migrated and dumped in ${Math.round(performance.now() - started)} ms`);
    return () => rm(folder, { recursive: true, force: true });
  }

  const serverUrl = provided.testDatabaseUrl;
  const name = `ls_tpl_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.href });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  project.provide('testDatabaseTemplate', name);
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function log(message: string): void {
  if (process.env.TEST_LOG_LEVEL) console.info(message);
}
