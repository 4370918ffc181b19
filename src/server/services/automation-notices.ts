import type { NotificationKind } from '#domain/notification-texts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import { announce } from '../repositories/change-notices.ts';
import { insertNotification } from '../repositories/notifications.ts';
import { ownerOfTeam, roleIn } from '../repositories/teams.ts';
import { presentNotification } from './owner-notifications.ts';

/** What a schedule or a calendar tells its people: about itself (no checklist), or a checklist it made. */
export interface AutomationNotice {
  kind: Extract<
    NotificationKind,
    'schedule_skipped' | 'calendar_failing' | 'share_not_sent' | 'storage_warning' | 'storage_full'
  >;
  checklistId: string | null;
  /** The checklist's name, or the schedule's, calendar's or (storage) team's when there is no checklist. */
  checklistName: string;
  reason: string;
}

/**
 * Inside the transaction that records what went wrong: a notice to the member who set the automation
 * up (while they are still in the team) and to the team's owner, once each, sent to their open
 * screens at commit (docs/automation.md).
 */
export async function tellCreatorAndOwner(
  tx: Database,
  automation: { teamId: string; creatorId: string | null },
  notice: AutomationNotice,
): Promise<void> {
  const owner = await ownerOfTeam(tx, automation.teamId);
  const { creatorId } = automation;
  const creatorInTeam = creatorId !== null && (await roleIn(tx, automation.teamId, creatorId)) !== null;
  const people = new Set([...(owner ? [owner.uid] : []), ...(creatorInTeam ? [creatorId] : [])]);
  for (const userId of people) {
    const row = await insertNotification(tx, {
      id: newId('ntf'),
      ownerId: userId,
      shareId: null,
      recipientLabel: null,
      byName: null,
      ...notice,
    });
    await announce(tx, { kind: 'notification', userId, notification: presentNotification(row) });
  }
}
