import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checklists } from '../db/schema/index.ts';

/** Who of the team a checklist is assigned to (docs/teams.md): the one statement that changes it. */

/**
 * Assigns the checklist to a member (or nobody): a change like any other, so it takes the next
 * revision and its notice goes out (the deferred trigger). Answers the checklist's name and whom it
 * was assigned to before; undefined when there is no such checklist.
 */
export async function setAssignee(db: Database, checklistId: string, assigneeUid: string | null) {
  const before = db
    .$with('before')
    .as(
      db
        .select({ id: checklists.id, assigneeUid: checklists.assigneeUid })
        .from(checklists)
        .where(eq(checklists.id, checklistId))
        .for('update'),
    );
  const [row] = await db
    .with(before)
    .update(checklists)
    .set({ assigneeUid, updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .from(before)
    .where(eq(checklists.id, before.id))
    .returning({ name: checklists.name, previous: before.assigneeUid });
  return row;
}
