import { z } from 'zod';
import { NotificationSchema } from '#domain/notifications';

/**
 * What the database announces on `listsync_changes` (docs/decisions/0005): one JSON object per
 * notice. These shapes are the one definition of every notice. The database's own triggers
 * (migration 0008) build the checklist, access and session notices in SQL; the application sends the
 * plan and translation notices, and a tick's checklist notice after its commit (migration 0011),
 * through `repositories/change-notices.ts`, typed by them. The test
 * `tests/api/change-notices.test.ts` makes every trigger fire and reads its output through
 * `StrictChangeNotice`, so a field the SQL adds, drops or renames fails there. At run time extra
 * fields are ignored (an instance of an older release still understands a newer notice).
 */
export const CHANGES_CHANNEL = 'listsync_changes';

const NOTICE_SHAPES = [
  z.object({
    kind: z.literal('checklist'),
    op: z.literal('change'),
    checklistId: z.string(),
    /** The checklist's team: the dashboards of its members follow it. */
    teamId: z.string(),
    revision: z.number().int(),
    /** The share of the recipient whose action this was; null for the owner. */
    actorShareId: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('checklist'),
    op: z.literal('delete'),
    checklistId: z.string(),
    teamId: z.string(),
  }),
  /** Grants of a share of this checklist ended (revoked, link replaced). */
  z.object({ kind: z.literal('access'), checklistId: z.string() }),
  /** The team's plan changed (a billing webhook): its members' dashboards refetch the plan card. */
  z.object({ kind: z.literal('plan'), teamId: z.string() }),
  /**
   * Someone left a team or was removed from it: their open sockets are closed at once (they reconnect,
   * and the team's checklists are then out of reach), and the team's screens refetch its people.
   */
  z.object({ kind: z.literal('membership-ended'), teamId: z.string(), userId: z.string() }),
  /** Someone joined the team or a role changed: the team's screens refetch its people. */
  z.object({ kind: z.literal('team-changed'), teamId: z.string() }),
  /**
   * A machine translation of this checklist into `language` landed after a page was answered
   * without it (services/shared-translation.ts): its pages refetch.
   */
  z.object({ kind: z.literal('translation'), checklistId: z.string(), language: z.string() }),
  /** A new notification for the owner (services/owner-notifications.ts): their headers show it. */
  z.object({ kind: z.literal('notification'), userId: z.string(), notification: NotificationSchema }),
  /** Who the checklist is shared with changed without its owner (a recipient verified, a link locked). */
  z.object({ kind: z.literal('shares'), checklistId: z.string() }),
  /** A session ended (sign-out, expiry sweep): sessions.id_hash. */
  z.object({ kind: z.literal('session-ended'), sessionHash: z.string() }),
] as const;

export const ChangeNotice = z.union(NOTICE_SHAPES);
export type ChangeNotice = z.infer<typeof ChangeNotice>;

/** The same shapes, refusing any field they do not name (for the test that reads the triggers). */
export const StrictChangeNotice = z.union(
  NOTICE_SHAPES.map((shape) => shape.strict()) as unknown as typeof NOTICE_SHAPES,
);

/**
 * The notices the application itself sends (the others come from the database's triggers): plans,
 * translations, and the change of a tick, sent once it committed (migration 0011).
 */
export type ApplicationNotice = Extract<
  ChangeNotice,
  | { kind: 'plan' | 'translation' | 'notification' | 'shares' | 'membership-ended' | 'team-changed' }
  | { kind: 'checklist'; op: 'change' }
>;

/** Parses one payload; null for anything else (a notice from a later schema, say). */
export function parseChangeNotice(payload: string): ChangeNotice | null {
  try {
    const parsed = ChangeNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
