import { type SQL, sql } from 'drizzle-orm';
import { type ApplicationNotice, CHANGES_CHANNEL } from '../db/change-notice.ts';
import type { Database } from '../db/client.ts';

/**
 * Sends one of the notices the application announces itself (db/change-notice.ts names every shape).
 * Inside a transaction it goes out at commit, like the database's own, and not at all on a rollback.
 */
export async function announce(db: Database, notice: ApplicationNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Sends these notices in order, as a SELECT to run alone or as the main query of a larger statement
 * (outside any transaction: the changes they announce have committed; repositories/after-commit.ts).
 */
export function noticesSelect(notices: readonly ApplicationNotice[]): SQL {
  return sql`select pg_notify(${CHANGES_CHANNEL}, notice) from json_array_elements_text(cast(${JSON.stringify(notices.map((notice) => JSON.stringify(notice)))} as json)) as notice`;
}
