import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ActivityAction } from '#domain/activity';
import type { Database } from '../db/client.ts';
import { checklistActivity, checklists, shares, users } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import { isInReach, type ReadScope } from './access.ts';
import { toDate } from './sql-values.ts';

/**
 * The record of who did what to a checklist (checklist_activity; docs/decisions/0023). Append-only:
 * the database refuses to change or delete an entry (migration 0015), except with its checklist.
 * A recipient's entry names their share, which also tells the change notice of the same transaction
 * who acted (migration 0008), and copies who they are from it, so the entry stands on its own.
 * The tick writes its entry inside its own statement (repositories/task-updates.ts).
 */

/** A value, or a placeholder where the statement is prepared. */
type Text = SQLWrapper | string;

export interface PhotoOfRecord {
  sha256: string;
  capturedAt: string | null;
  /** The camera's UTC offset ('+02:00') when it wrote one. */
  capturedOffset?: string | null;
  /** When the server received it (photo_added). */
  receivedAt?: Date | null;
  captureSource?: 'camera' | 'library' | null;
  replaced?: boolean;
}

/** One entry of the record, as `recordActivity` and `activityInsert` take it. */
export interface ActivityEntry {
  /** The entry's id: new by default (a placeholder in a prepared statement). */
  id?: Text;
  checklistId: Text;
  /** The recipient's share: who acted (or, with `actorKind: 'owner'`, whom the owner acted on). */
  shareId: Text | null;
  /** Who acted; by default a recipient when a share is named, else the owner. */
  actorKind?: 'owner' | 'recipient';
  /** The member of the team who acted (an entry of kind 'owner'); their name is copied in. */
  actorUserId?: Text | null;
  action: ActivityAction;
  taskId?: string;
  photo?: PhotoOfRecord | null;
  /** redo_requested: the team's note on the task. */
  note?: string | null;
}

export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await activityInsert(db, entry);
}

/**
 * The statement that writes one entry, in one statement whoever acted: a share's name, channel and
 * contact as they are now go into it, and the acting member's name. `onlyIf`: written only when
 * this holds (a condition on another part of the same statement, such as the write it records, as a
 * CTE). Answers the entry's id when written.
 */
export function activityInsert(db: Database, entry: ActivityEntry, onlyIf?: SQL) {
  const photo = entry.photo ?? null;
  // After every entry of the checklist so far, even within one clock tick (PGlite's clock can give two
  // entries of one transaction the same time, and the trail's order would then be the ids' chance).
  const at = sql`greatest(clock_timestamp(), (select max(${checklistActivity.at}) + interval '1 microsecond' from ${checklistActivity} where ${checklistActivity.checklistId} = ${entry.checklistId}))`;
  const actorKind = entry.actorKind ?? (entry.shareId ? 'recipient' : 'owner');
  const actorUserId = actorKind === 'owner' ? (entry.actorUserId ?? null) : null;
  const actorName = sql`(select ${users.displayName} from ${users} where ${users.id} = ${actorUserId})`;
  const share = entry.shareId
    ? { id: shares.id, name: shares.recipientName, channel: shares.channel, contact: shares.contact }
    : { id: sql`null`, name: sql`null`, channel: sql`null`, contact: sql`null` };
  const columns = db.select({
    id: sql`${entry.id ?? newId('activity')}`.as('id'),
    checklistId: sql`${entry.checklistId}`.as('checklist_id'),
    shareId: sql`${share.id}`.as('share_id'),
    actorKind: sql`${actorKind}`.as('actor_kind'),
    shareName: sql`${share.name}`.as('share_name'),
    shareChannel: sql`${share.channel}`.as('share_channel'),
    shareContact: sql`${share.contact}`.as('share_contact'),
    action: sql`${entry.action}`.as('action'),
    taskId: sql`${entry.taskId ?? null}`.as('task_id'),
    photoSha256: sql`${photo?.sha256 ?? null}`.as('photo_sha256'),
    photoCapturedAt: sql`${photo?.capturedAt ?? null}`.as('photo_captured_at'),
    photoReplaced: sql`${photo?.replaced ?? false}::boolean`.as('photo_replaced'),
    at: sql`${at}`.as('at'),
    actorUserId: sql`${actorUserId}`.as('actor_user_id'),
    actorName: sql`${actorName}`.as('actor_name'),
    photoCapturedOffset: sql`${photo?.capturedOffset ?? null}`.as('photo_captured_offset'),
    photoReceivedAt: sql`${photo?.receivedAt?.toISOString() ?? null}::timestamptz`.as('photo_received_at'),
    photoCaptureSource: sql`${photo?.captureSource ?? null}`.as('photo_capture_source'),
    note: sql`${entry.note ?? null}`.as('note'),
  });
  const rows = entry.shareId
    ? columns.from(shares).where(and(eq(shares.id, entry.shareId), onlyIf))
    : columns.from(sql`(values (1)) as "one"("one")`).where(onlyIf);
  return db.insert(checklistActivity).select(rows).returning({ id: checklistActivity.id });
}

/** Where a page starts: before this entry (its time as the database wrote it, exactly, and its id). */
export interface ActivityCursor {
  at: string;
  id: string;
}

/**
 * One page of the owner's checklist's record, newest first, from before the cursor; the checklist's
 * owner is checked in the same statement (no rows and `owned` false: not theirs, or no such
 * checklist). One row more than asked says whether there is a next page.
 */
export async function activityPage(
  db: Database,
  access: ReadScope,
  checklistId: string,
  page: { limit: number; before: ActivityCursor | null },
) {
  const before: SQL | undefined = page.before
    ? sql`(${checklistActivity.at}, ${checklistActivity.id}) < (${page.before.at}::timestamptz, ${page.before.id})`
    : undefined;
  const owned = db
    .select({ ownerName: users.displayName, ownerEmail: users.email })
    .from(checklists)
    .innerJoin(users, eq(users.id, checklists.userId))
    .where(isInReach(access, checklistId));
  const [owner] = await owned;
  if (!owner) return null;
  const rows = await db
    .select({
      id: checklistActivity.id,
      at: checklistActivity.at,
      /** The time to the microsecond, for the cursor (a JavaScript Date keeps milliseconds). */
      atExact: sql<string>`${checklistActivity.at}::text`,
      actorKind: checklistActivity.actorKind,
      actorName: checklistActivity.actorName,
      shareName: checklistActivity.shareName,
      shareChannel: checklistActivity.shareChannel,
      shareContact: checklistActivity.shareContact,
      action: checklistActivity.action,
      taskId: checklistActivity.taskId,
      photoSha256: checklistActivity.photoSha256,
      photoCapturedAt: checklistActivity.photoCapturedAt,
      photoReplaced: checklistActivity.photoReplaced,
      note: checklistActivity.note,
      photoCapturedOffset: checklistActivity.photoCapturedOffset,
      photoReceivedAt: checklistActivity.photoReceivedAt,
      photoCaptureSource: checklistActivity.photoCaptureSource,
    })
    .from(checklistActivity)
    .where(and(eq(checklistActivity.checklistId, checklistId), before))
    .orderBy(desc(checklistActivity.at), desc(checklistActivity.id))
    .limit(page.limit + 1);
  return {
    owner,
    rows: rows.slice(0, page.limit).map((row) => ({
      ...row,
      at: toDate(row.at),
      photoReceivedAt: row.photoReceivedAt === null ? null : toDate(row.photoReceivedAt),
    })),
    hasMore: rows.length > page.limit,
  };
}
