import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS } from '#domain/activity';
import { checklists } from './checklists.ts';
import { timestamptz } from './columns.ts';
import { SHARE_CHANNELS, shares } from './sharing.ts';
import { teams } from './teams.ts';

/**
 * What was done to a checklist and its evidence (decisions 0023 and 0026): the photos of its tasks and
 * the append-only record of who did what. Both name the recipient's share, so they come after sharing.
 */

/**
 * Who did what to a checklist, and when: the owner or a recipient (their share). Append-only: a
 * trigger refuses any UPDATE or DELETE except the cascade of the checklist's own delete (and the
 * share's `set null`, which changes nothing the record says). The share's recipient (name, channel,
 * contact) is copied in when the entry is written, so the record stands whatever happens to the share;
 * a photo's SHA-256 and capture time likewise (the photo row goes when it is replaced).
 */
export const checklistActivity = pgTable(
  'checklist_activity',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind', { enum: ACTIVITY_ACTOR_KINDS }).notNull().default('owner'),
    /**
     * The recipient of the entry's share, as they were when it was written: the one who acted, or
     * the one the owner shared with, revoked or sent a new link to. Their name as the owner gave it,
     * the channel they are verified by and the contact (masked whenever it is shown).
     */
    shareName: text('share_name'),
    shareChannel: text('share_channel', { enum: SHARE_CHANNELS }),
    shareContact: text('share_contact'),
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    taskId: text('task_id'),
    /** The photo added or removed: the SHA-256 of the original and the camera's capture time. */
    photoSha256: text('photo_sha256'),
    photoCapturedAt: text('photo_captured_at'),
    /** A photo added in place of another. */
    photoReplaced: boolean('photo_replaced').notNull().default(false),
    at: timestamptz('at').notNull().default(sql`clock_timestamp()`),
    /**
     * The member of the team who acted, for an entry of kind 'owner' (docs/teams.md): their id and
     * their name as it was then (null for a recipient's entry, and for entries made before teams). No
     * foreign key: the record is append-only, and outlives the account.
     */
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
  },
  (t) => [
    index('checklist_activity_checklist_at_idx').on(t.checklistId, t.at),
    index('checklist_activity_share_at_idx').on(t.shareId, t.at),
  ],
);

/**
 * A task's photo: the stored display and thumbnail (keys in the photo store), and the evidence of the
 * original (its SHA-256, size and format, the camera's capture time, when the server received it,
 * and who sent it). The task's photo_url names it as /api/photos/{id}; a photo belongs to one
 * checklist and task for good.
 */
export const PHOTO_KINDS = ['proof', 'reference'] as const;

export const photos = pgTable(
  'photos',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sourceFormat: text('source_format').notNull(),
    originalBytes: integer('original_bytes').notNull(),
    originalSha256: text('original_sha256').notNull(),
    /** The camera's wall-clock time (EXIF DateTimeOriginal), as it wrote it: no time zone. */
    capturedAt: text('captured_at'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    /** The recipient's share when a recipient sent it; null for the owner. */
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    /** 'proof' (a task's photo_url) or 'reference' (its reference_photo_url, the owner's example). */
    kind: text('kind', { enum: PHOTO_KINDS }).notNull().default('proof'),
    /**
     * The team whose storage the photo takes: its checklist's (a checklist never changes team). Kept
     * on the row so the storage triggers (migration 0032, decision 0053) find the team even while the
     * checklist's delete cascades to its photos.
     */
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * The bytes this photo takes in the store: its display and thumbnail objects. A trigger adds it to
     * (and takes it from) teams.storage_used_bytes in the same statement as the row's insert or delete.
     */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('photos_checklist_task_idx').on(t.checklistId, t.taskId),
    index('photos_team_id_idx').on(t.teamId),
  ],
);
