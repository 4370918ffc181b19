import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    // Issue 34 (migration 0033), last because insert-selects list the columns in the table's order.
    /** The camera's UTC offset when it wrote one (EXIF OffsetTimeOriginal: '+02:00'). */
    photoCapturedOffset: text('photo_captured_offset'),
    /** photo_added: when the server received the photo, and whether it came from the live camera. */
    photoReceivedAt: timestamptz('photo_received_at'),
    photoCaptureSource: text('photo_capture_source', { enum: ['camera', 'library'] }),
    /** redo_requested: the team's note on the task sent back. */
    note: text('note'),
  },
  (t) => [
    index('checklist_activity_checklist_at_idx').on(t.checklistId, t.at),
    index('checklist_activity_share_at_idx').on(t.shareId, t.at),
    // POST /api/verify finds a photo by the SHA-256 of its original, even after it was replaced.
    index('checklist_activity_photo_sha256_idx')
      .on(t.photoSha256)
      .where(sql`${t.photoSha256} is not null and ${t.action} = 'photo_added'`),
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
    /** The camera's UTC offset when it wrote one (EXIF OffsetTimeOriginal: '+02:00'), else null. */
    capturedOffset: text('captured_offset'),
    /**
     * 'camera' when the photo dialog's camera took it live, 'library' when a file was chosen; null
     * for uploads that did not say (the API). The client's word: shown as such, never as proof.
     */
    captureSource: text('capture_source', { enum: ['camera', 'library'] }),
    /** The SHA-256 of the stored display JPEG: a photo downloaded from ListSync verifies by it. */
    displaySha256: text('display_sha256'),
    /**
     * Where the device was when the photo was taken, only when the recipient allowed it (never
     * required); accuracy in metres as the device reported it.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAccuracyM: integer('location_accuracy_m'),
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
    index('photos_display_sha256_idx').on(t.displaySha256).where(sql`${t.displaySha256} is not null`),
  ],
);

/**
 * A recipient's signature given at submit (issue 34): drawn with a finger (strokes of points in a box
 * of width x height) or typed (their name). Append-only, one per submit; the report shows the latest.
 */
export const SIGNATURE_KINDS = ['drawn', 'typed'] as const;

export const checklistSignatures = pgTable(
  'checklist_signatures',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: SIGNATURE_KINDS }).notNull(),
    /** The name typed, or the signer's name given beside a drawn signature. */
    signerName: text('signer_name').notNull(),
    /** A drawn signature: {width, height, strokes: [[x, y], ...][]}; null when typed. */
    strokes: jsonb('strokes').$type<{ width: number; height: number; strokes: number[][][] }>(),
    signedAt: timestamptz('signed_at').notNull().defaultNow(),
  },
  (t) => [index('checklist_signatures_checklist_signed_idx').on(t.checklistId, t.signedAt)],
);

/**
 * Every report ListSync issued (downloaded, e-mailed): the SHA-256 of the PDF's bytes and of its data,
 * so /verify can say it was recorded and when, and nothing else. Kept when the checklist goes (the
 * hashes say nothing about it); the checklist id goes to null.
 */
export const issuedReports = pgTable(
  'issued_reports',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id').references(() => checklists.id, { onDelete: 'set null' }),
    pdfSha256: text('pdf_sha256').notNull(),
    dataSha256: text('data_sha256').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  },
  (t) => [
    index('issued_reports_pdf_sha256_idx').on(t.pdfSha256),
    index('issued_reports_data_sha256_idx').on(t.dataSha256),
  ],
);
