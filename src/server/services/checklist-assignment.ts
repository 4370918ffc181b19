import { AppError } from '#domain/errors';
import { TEAM_MESSAGES } from '#domain/teams';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { type Caller, checklistNotFound } from '../policies/checklists.ts';
import { asSeenBy } from '../presenters/checklists.ts';
import { announce } from '../repositories/change-notices.ts';
import { setAssignee } from '../repositories/checklist-assignee.ts';
import { insertNotification } from '../repositories/notifications.ts';
import { roleIn } from '../repositories/teams.ts';
import { findUserById } from '../repositories/users.ts';
import { resolveChecklistActor } from './checklist-actors.ts';
import { type ChecklistAt, readChecklistWithRevision } from './checklists.ts';
import { presentNotification } from './owner-notifications.ts';

/**
 * PATCH /api/checklists/{id} {assigneeUid} (docs/teams.md): a member of the checklist's team assigns it
 * to a colleague (or to nobody). The assignee must be a member of that team (400 otherwise); a
 * recipient cannot (404, as for anything out of their reach). The assignee, if it is not the one who
 * assigned it, gets an in-app notification. Answers the checklist with its revision.
 */
export async function assignChecklist(
  db: Database,
  caller: Caller,
  checklistId: string,
  assigneeUid: string | null,
): Promise<ChecklistAt> {
  return db.transaction(async (tx) => {
    const { access } = await resolveChecklistActor(tx, caller, checklistId, 'edit');
    if (access.kind !== 'owner') throw checklistNotFound();
    if (assigneeUid !== null && !(await roleIn(tx, access.teamId, assigneeUid))) {
      throw new AppError('validation_failed', TEAM_MESSAGES.assigneeNotMember, {
        issues: [{ path: 'assigneeUid', message: TEAM_MESSAGES.assigneeNotMember }],
      });
    }
    const changed = await setAssignee(tx, checklistId, assigneeUid);
    if (!changed) throw checklistNotFound();
    if (assigneeUid !== null && assigneeUid !== changed.previous && assigneeUid !== access.userId) {
      const by = await findUserById(tx, access.userId);
      const row = await insertNotification(tx, {
        id: newId('ntf'),
        ownerId: assigneeUid,
        checklistId,
        shareId: null,
        kind: 'assigned',
        checklistName: changed.name,
        recipientLabel: null,
        byName: by?.displayName || by?.email || null,
        reason: null,
      });
      // Sent at commit: the assignee's open screens toast it and count it.
      await announce(tx, {
        kind: 'notification',
        userId: assigneeUid,
        notification: presentNotification(row),
      });
    }
    const read = await readChecklistWithRevision(tx, access, checklistId);
    if (!read) throw checklistNotFound();
    return { checklist: asSeenBy(access.kind, read.checklist), revision: read.revision };
  });
}
