import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ShareChannel } from '#domain/sharing';
import type { Database } from '../db/client.ts';
import {
  checklists,
  notifications,
  shareCodeSends,
  shares,
  tasks,
  teamMembers,
  users,
} from '../db/schema/index.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';
import type { CodeSendRecord } from './share-code-sends.ts';

/**
 * A checklist's due time and the marks the overdue check and the reminders leave on it
 * (docs/automation.md "Due dates, overdue and reminders"). Each mark is taken by one conditional
 * statement, so two instances looking at once never both take it.
 */

/**
 * The columns a new due time writes: the time, and the marks cleared when it changed (a moved due time
 * is overdue, and reminded of, afresh). Nothing when `dueAt` is left out.
 */
export function dueAtChange(dueAt: Date | null | undefined) {
  if (dueAt === undefined) return {};
  const unchanged = sql`${checklists.dueAt} is not distinct from ${dueAt?.toISOString() ?? null}::timestamptz`;
  return {
    dueAt,
    overdueAt: sql<Date | null>`case when ${unchanged} then ${checklists.overdueAt} else null end`,
    dueRemindedAt: sql<Date | null>`case when ${unchanged} then ${checklists.dueRemindedAt} else null end`,
  };
}

/** PATCH's `dueAt`: written with the next revision (open screens and cached copies follow); whether in reach. */
export async function setDueAt(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  dueAt: Date | null,
) {
  const rows = await db
    .update(checklists)
    .set({ ...dueAtChange(dueAt), updatedAt: sql`now()`, revision: sql`${checklists.revision} + 1` })
    .where(isInReach(access, checklistId))
    .returning({ id: checklists.id });
  return rows.length > 0;
}

/** Not completed as computeProgress reads it: not submitted, and some task unticked (or none at all). */
const notCompleted = sql`${checklists.submittedAt} is null and (
  exists (select 1 from ${tasks} t where t.checklist_id = ${checklists.id} and not t.completed)
  or not exists (select 1 from ${tasks} t where t.checklist_id = ${checklists.id}))`;

/** Not started: not submitted and no task ticked. */
const notStarted = sql`${checklists.submittedAt} is null
  and not exists (select 1 from ${tasks} t where t.checklist_id = ${checklists.id} and t.completed)`;

export interface MarkedChecklist {
  id: string;
  teamId: string;
  userId: string;
  assigneeUid: string | null;
  name: string;
  dueAt: Date;
}

const MARKED = {
  id: checklists.id,
  teamId: checklists.teamId,
  userId: checklists.userId,
  assigneeUid: checklists.assigneeUid,
  name: checklists.name,
  dueAt: sql<Date>`${checklists.dueAt}`.mapWith(checklists.dueAt),
};

/** The checklists to mark, soonest due first, skipping rows another transaction holds (it marks them). */
function dueCandidates(db: Database, where: SQL | undefined, limit: number) {
  return db
    .$with('due')
    .as(
      db
        .select({ id: checklists.id })
        .from(checklists)
        .where(where)
        .orderBy(checklists.dueAt)
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
}

/**
 * One statement: up to `limit` checklists past their due time at `now` (and due after `since`), not
 * completed, not cancelled and not marked yet, get `overdue_at` and their next revision (each change notice goes out at
 * commit). Rows another transaction holds are skipped (it is marking them); the `overdue_at is null`
 * of the update itself re-checks each row once locked, so a row is marked once whoever looks.
 */
export async function markOverdue(
  db: Database,
  now: Date,
  window: { since: Date; limit: number },
): Promise<MarkedChecklist[]> {
  const due = dueCandidates(
    db,
    and(
      lte(checklists.dueAt, now),
      gt(checklists.dueAt, window.since),
      isNull(checklists.overdueAt),
      isNull(checklists.cancelledAt),
      notCompleted,
    ),
    window.limit,
  );
  return db
    .with(due)
    .update(checklists)
    .set({ overdueAt: now, revision: sql`${checklists.revision} + 1` })
    .from(due)
    .where(and(eq(checklists.id, due.id), isNull(checklists.overdueAt)))
    .returning(MARKED);
}

/**
 * One statement: up to `limit` checklists due within `(now + minimum, now + lead]`, not started, not
 * cancelled and not reminded yet, get `due_reminded_at` (no revision: answers do not carry it). Their
 * creator's account age comes along (the SMS rules for young accounts).
 */
export async function claimDueReminders(
  db: Database,
  now: Date,
  window: { minimumMs: number; leadMs: number; limit: number },
): Promise<(MarkedChecklist & { creatorCreatedAt: Date })[]> {
  const from = new Date(now.getTime() + window.minimumMs);
  const to = new Date(now.getTime() + window.leadMs);
  const due = dueCandidates(
    db,
    and(
      gt(checklists.dueAt, from),
      lte(checklists.dueAt, to),
      isNull(checklists.dueRemindedAt),
      isNull(checklists.cancelledAt),
      notStarted,
    ),
    window.limit,
  );
  return db
    .with(due)
    .update(checklists)
    .set({ dueRemindedAt: now })
    .from(due)
    .where(and(eq(checklists.id, due.id), isNull(checklists.dueRemindedAt)))
    .returning({
      ...MARKED,
      creatorCreatedAt:
        sql<Date>`(select ${users.createdAt} from ${users} where ${users.id} = ${checklists.userId})`.mapWith(
          users.createdAt,
        ),
    });
}

/**
 * Who of each checklist's team is told it is overdue: its creator and its assignee while they are in
 * the team, and the team's owner and admins; each person once per checklist.
 */
export async function overdueAudience(db: Database, checklistIds: readonly string[]) {
  if (checklistIds.length === 0) return [];
  const told: SQL | undefined = or(
    inArray(teamMembers.role, ['owner', 'admin']),
    eq(teamMembers.userId, checklists.userId),
    sql`${teamMembers.userId} = ${checklists.assigneeUid}`,
  );
  return db
    .select({ checklistId: checklists.id, userId: teamMembers.userId })
    .from(checklists)
    .innerJoin(teamMembers, eq(teamMembers.teamId, checklists.teamId))
    .where(and(inArray(checklists.id, [...checklistIds]), told));
}

/** The checklist's shares a reminder goes to: the link works (not revoked) and is not locked. */
export async function remindableShares(db: Database, checklistId: string) {
  return db
    .select()
    .from(shares)
    .where(and(eq(shares.checklistId, checklistId), isNull(shares.revokedAt), isNull(shares.linkLockedAt)));
}

/** Notifications of one kind for these people, in one statement; answers the rows as stored. */
export async function insertNotices(db: Database, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

/** Records a reminder sent to a share, as the send limits count messages (share_code_sends). */
export async function recordReminderSend(
  db: Database,
  send: { id: string; ownerId: string; shareId: string; channel: ShareChannel } & CodeSendRecord,
): Promise<void> {
  await db.insert(shareCodeSends).values(send);
}
