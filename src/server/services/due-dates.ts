import { DUE_LIMITS } from '#domain/due-dates';
import type { NotificationKind } from '#domain/notification-texts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { type Caller, checklistNotFound } from '../policies/checklists.ts';
import { asSeenBy } from '../presenters/checklists.ts';
import { noticesSelect } from '../repositories/change-notices.ts';
import { insertNotices, markOverdue, overdueAudience, setDueAt } from '../repositories/due-dates.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistAt, readChecklistWithRevision } from './checklists.ts';
import { presentNotification } from './owner-notifications.ts';

/**
 * Due times (docs/automation.md "Due dates, overdue and reminders"): PATCH's `dueAt`, and the overdue
 * check the job scheduler runs every minute (services/jobs.ts). The reminders are due-reminders.ts.
 */

/**
 * PATCH /api/checklists/{id} {dueAt}: a member of the checklist's team sets, moves or clears its due
 * time; a recipient cannot (404, as for anything out of their reach). A new time clears the overdue and
 * reminder marks and moves the revision. Answers the checklist with its revision.
 */
export async function changeDueAt(
  db: Database,
  caller: Caller,
  checklistId: string,
  dueAt: Date | null,
): Promise<ChecklistAt> {
  return db.transaction(async (tx) => {
    const { access } = await resolveChecklistActor(tx, caller, checklistId, 'edit');
    if (access.kind !== 'owner') throw checklistNotFound();
    if (!(await setDueAt(tx, access, checklistId, dueAt))) throw checklistNotFound();
    const read = await readChecklistWithRevision(tx, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: asSeenBy(access.kind, read.checklist), revision: read.revision };
  });
}

/** In-app notices of one kind about checklists, for these people, announced to their screens at commit. */
export async function tellMembers(
  tx: Database,
  kind: NotificationKind,
  told: readonly { userId: string; checklistId: string; checklistName: string }[],
): Promise<number> {
  const rows = await insertNotices(
    tx,
    told.map((one) => ({
      id: newId('ntf'),
      ownerId: one.userId,
      checklistId: one.checklistId,
      shareId: null,
      kind,
      checklistName: one.checklistName,
      recipientLabel: null,
      byName: null,
      reason: null,
    })),
  );
  if (rows.length > 0) {
    await tx.execute(
      noticesSelect(
        rows.map((row) => ({
          kind: 'notification' as const,
          userId: row.ownerId,
          notification: presentNotification(row),
        })),
      ),
    );
  }
  return rows.length;
}

/**
 * The overdue check: each checklist past its due time and not completed nor cancelled is marked once
 * (with its next revision: dashboards and open checklists show the badge) and its team is told once,
 * in the transaction of the mark: the creator and the assignee (who do the work or answer for it) and
 * the team's owner and admins (who see every checklist). A batch at a time; answers how many it marked.
 */
export async function markOverdueChecklists(db: Database, now: Date): Promise<number> {
  let marked = 0;
  const since = new Date(now.getTime() - DUE_LIMITS.overdueLookbackDays * 24 * 60 * 60_000);
  for (let batch = 0; batch < DUE_LIMITS.overdueBatchesPerRun; batch += 1) {
    const count = await db.transaction(async (tx) => {
      const rows = await markOverdue(tx, now, { since, limit: DUE_LIMITS.overdueBatch });
      const names = new Map(rows.map((row) => [row.id, row.name]));
      const audience = await overdueAudience(
        tx,
        rows.map((row) => row.id),
      );
      await tellMembers(
        tx,
        'overdue',
        audience.map((one) => ({ ...one, checklistName: names.get(one.checklistId) ?? '' })),
      );
      return rows.length;
    });
    marked += count;
    if (count < DUE_LIMITS.overdueBatch) break;
  }
  return marked;
}
