import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

/**
 * Claims this period of a periodic job for `runner`: true when the job was due (or never ran) and this
 * statement moved its next run a period on, so this instance runs it; false when it is not due or
 * another instance claimed it first. One statement: concurrent claims of one job queue on its row and
 * the later ones see it no longer due. The database's clock decides, so instances agree.
 */
export async function claimDueJob(
  db: Database,
  name: string,
  everyMs: number,
  runner: string,
): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({
      name,
      nextRunAt: sql`clock_timestamp() + ${Math.max(1, Math.round(everyMs))}::int * interval '1 millisecond'`,
      lastStartedAt: sql`clock_timestamp()`,
      lastRunner: runner,
    })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        nextRunAt: sql`excluded.next_run_at`,
        lastStartedAt: sql`excluded.last_started_at`,
        lastRunner: sql`excluded.last_runner`,
      },
      setWhere: sql`${jobRuns.nextRunAt} <= clock_timestamp()`,
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}
