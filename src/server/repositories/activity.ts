import type { Database } from '../db/client.ts';
import { checklistActivity } from '../db/schema.ts';
import { newId } from '../ids.ts';

/**
 * The record of who did what to a checklist (checklist_activity). A recipient's record names their
 * share, which also tells the change notice of the same transaction who acted (migration 0008).
 */
export async function recordActivity(
  db: Database,
  entry: {
    checklistId: string;
    shareId: string | null;
    actorLabel: string | null;
    action: (typeof checklistActivity.$inferInsert)['action'];
    taskId?: string;
  },
): Promise<void> {
  await db.insert(checklistActivity).values({ id: newId('activity'), ...entry });
}
