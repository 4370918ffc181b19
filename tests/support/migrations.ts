import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, migrationsFolder } from '#server/db/client';

/** A database as a deployment of some time left it, for the tests of a migration's data. */

/** A copy of the migrations folder whose journal ends at `lastTag`: what a deployment of then had. */
export async function migrationsUpTo(lastTag: string): Promise<string> {
  const source = migrationsFolder();
  const journal = JSON.parse(await readFile(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  const target = await mkdtemp(path.join(tmpdir(), 'listsync-migrations-'));
  await mkdir(path.join(target, 'meta'));
  await writeFile(path.join(target, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    await copyFile(path.join(source, `${tag}.sql`), path.join(target, `${tag}.sql`));
  return target;
}

/** Applies the migrations of a folder with drizzle's migrator, as `DatabaseHandle.migrate` does. */
export async function migrateFrom(handle: DatabaseHandle, folder: string): Promise<void> {
  const migrate = handle.kind === 'pglite' ? migratePglite : migrateNodePg;
  await migrate(handle.db as never, { migrationsFolder: folder });
}
