import { and, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, shares, tasks, users } from '../db/schema/index.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';

/**
 * The team's review of a submitted checklist (services/review.ts): the approval on the checklist row,
 * the tasks sent back with the note, the approval and the notes cleared when the work moves on. Each
 * write takes the checklist's next revision, so every open screen reads the change (the deferred
 * trigger's notice, decision 0005) and the read cache is not served stale.
 */

/** The approval's columns, cleared: the work is back in progress, or submitted anew. */
export const NOT_APPROVED = { approvedAt: null, approvedByUserId: null, approvedByName: null } as const;

/** Back in progress (the owner changed the work): no longer submitted, and no longer approved. */
export async function reopenChecklist(db: Database, checklistId: string): Promise<void> {
  await db
    .update(checklists)
    .set({ submittedAt: null, ...NOT_APPROVED })
    .where(eq(checklists.id, checklistId));
}

/** Whether the checklist is submitted now (null: out of reach), read under its row's lock. */
export async function lockSubmitted(db: Database, access: OwnerAccess, checklistId: string) {
  const [row] = await db
    .select({ submitted: sql<boolean>`${checklists.submittedAt} is not null` })
    .from(checklists)
    .where(isInReach(access, checklistId))
    .for('update');
  return row ? row.submitted : null;
}

/** Marks the submitted checklist approved by this member (their name as it is now), at its next revision. */
export async function markApproved(db: Database, access: OwnerAccess, checklistId: string) {
  const [row] = await db
    .update(checklists)
    .set({
      approvedAt: sql`now()`,
      approvedByUserId: access.userId,
      approvedByName: sql`(select ${users.displayName} from ${users} where ${users.id} = ${access.userId})`,
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
    })
    .where(and(isInReach(access, checklistId), isNotNull(checklists.submittedAt)))
    .returning({ revision: checklists.revision });
  return row;
}

/**
 * Unticks the named tasks of the checklist and puts the note on them (the photo stays: it is the proof
 * of what was sent back, and the recipient may replace it). The untick is written as the tick path
 * writes it (completion changed now, so an older queued tick from a phone loses). Answers the ids found.
 */
export async function sendTasksBack(
  db: Database,
  checklistId: string,
  taskIds: readonly string[],
  note: string | null,
) {
  return db
    .update(tasks)
    .set({
      completed: false,
      completedAt: null,
      completedChangedAt: sql`now()`,
      redoNote: note ?? '',
      redoRequestedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.checklistId, checklistId), inArray(tasks.id, [...taskIds])))
    .returning({ id: tasks.id, description: tasks.description });
}

/** Puts a submitted checklist back in progress, its approval gone, at its next revision. */
export async function reopenForRedo(db: Database, checklistId: string) {
  const [row] = await db
    .update(checklists)
    .set({
      submittedAt: null,
      ...NOT_APPROVED,
      updatedAt: sql`now()`,
      revision: sql`${checklists.revision} + 1`,
    })
    .where(eq(checklists.id, checklistId))
    .returning({ revision: checklists.revision, name: checklists.name, userId: checklists.userId });
  return row;
}

/**
 * A new submission starts a new round of review: the notes of tasks sent back (read until now) and an
 * approval of the work as it was are cleared.
 */
export async function startReviewRound(db: Database, checklistId: string): Promise<void> {
  await db.update(checklists).set(NOT_APPROVED).where(eq(checklists.id, checklistId));
  await db
    .update(tasks)
    .set({ redoNote: null, redoRequestedAt: null })
    .where(and(eq(tasks.checklistId, checklistId), isNotNull(tasks.redoRequestedAt)));
}

/**
 * Whom to tell that tasks were sent back: each live share of the checklist (not revoked, not locked)
 * whose recipient opened it with a code at least once (they are the ones doing the work).
 */
export async function redoRecipients(db: Database, checklistId: string) {
  const verified = db
    .select({ one: sql`1` })
    .from(checklistActivity)
    .where(
      and(
        eq(checklistActivity.checklistId, checklistId),
        eq(checklistActivity.shareId, shares.id),
        eq(checklistActivity.action, 'share_verified'),
      ),
    );
  return db
    .select()
    .from(shares)
    .where(
      and(
        eq(shares.checklistId, checklistId),
        isNull(shares.revokedAt),
        isNull(shares.linkLockedAt),
        exists(verified),
      ),
    )
    .orderBy(shares.createdAt);
}

/** When the checklist's maker joined (their sending limits are counted from it). */
export async function creatorCreatedAt(db: Database, userId: string): Promise<Date> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt ?? new Date(0);
}
