import { z } from 'zod';
import { ID_MAX } from './checklist.ts';
import { IsoDateTime } from './checklist-response.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from './notification-texts.ts';
import { ShareToken } from './sharing-input.ts';

/**
 * What an owner is told about their checklists (issue 17, decision 0024): in the app (a list with an
 * unread badge, live over the WebSocket) and, as each owner chooses, by e-mail. The shapes of the
 * notification, settings and "I didn't get a code" endpoints, and the texts both sides show.
 */

/**
 * The owner's choices. `tickNotices`: be told at the first and the last tick of a recipient too (in
 * the app, and by e-mail when `email.ticks` is on). The other kinds are always in the app.
 */
export const NotificationPreferencesSchema = z
  .strictObject({
    tickNotices: z.boolean(),
    email: z.strictObject({
      submitted: z.boolean(),
      ticks: z.boolean(),
      code_not_received: z.boolean(),
      link_locked: z.boolean(),
    }),
  })
  .meta({ id: 'NotificationPreferences' });

/** PUT /api/settings/notifications: the whole set of choices. */
export const NotificationPreferencesInput = NotificationPreferencesSchema;

export const NotificationPreferencesAnswer = z
  .strictObject({ preferences: NotificationPreferencesSchema })
  .describe("The owner's notification choices");

export const NotificationSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    checklistId: z.string().nullable().describe('Null for schedule_skipped and calendar_failing'),
    checklistName: z.string().describe("The checklist's name, or the schedule's or calendar's"),
    /** The share it concerns (the recipient's), null once that share is gone. */
    shareId: z.string().nullable(),
    /** 'Jane (j•••e@example.com)': the recipient as the owner named them, with the contact masked. */
    recipient: z.string().nullable(),
    /** The member who acted ('assigned': who assigned it), or null. */
    by: z.string().nullable(),
    reason: z.string().nullable().describe('Why, for schedule_skipped, calendar_failing and share_not_sent'),
    createdAt: IsoDateTime,
    readAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'Notification' });

export const NotificationListSchema = z
  .strictObject({ notifications: z.array(NotificationSchema), unreadCount: z.number().int().min(0) })
  .describe('The newest notifications first, and how many are unread');

/** POST /api/notifications/read: these ids, or all of the owner's when `ids` is absent. */
export const MarkNotificationsReadInput = z.strictObject({
  ids: z.array(z.string().min(1).max(ID_MAX)).min(1).max(NOTIFICATION_LIMITS.markMax).optional(),
});

/** POST /api/verification/code-not-received: the link's token, from the shared page. */
export const CodeNotReceivedInput = z.strictObject({ token: ShareToken });

export const CodeNotReceivedAnswer = z
  .strictObject({ ok: z.literal(true) })
  .describe('The owner has been told');

/** The unsubscribe link's token, in its query. */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(512) });

export type TickMilestone = 'first_tick' | 'last_tick';

/**
 * Whether a recipient's tick (by a tap or by a photo that completes its task) was the checklist's
 * first or last, which the owner may ask to be told of (decision 0024): `ticked` of `total` tasks are
 * ticked with it in. The first when it is the only ticked task, the last when none is left.
 */
export function tickMilestoneOf(ticked: number, total: number): TickMilestone | null {
  if (total > 0 && ticked === total) return 'last_tick';
  if (ticked === 1) return 'first_tick';
  return null;
}
