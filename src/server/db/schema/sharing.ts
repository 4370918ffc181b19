import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { checklists } from './checklists.ts';
import { createdAt, timestamptz } from './columns.ts';

/**
 * A checklist shared with a recipient (decisions 0017 and 0018): the share and its link, every code
 * sent for it, and the browsers that proved they hold its contact.
 */

export const SHARE_CHANNELS = ['email', 'sms'] as const;

/**
 * A checklist shared with one recipient (one contact). The link's token is a bearer secret: it is
 * found by its SHA-256 and kept only encrypted (the owner's "send again" answers the same link).
 * The live code is a keyed hash (HMAC); one code per share at a time.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').notNull(),
    recipientName: text('recipient_name'),
    channel: text('channel', { enum: SHARE_CHANNELS }).notNull(),
    /** The e-mail address (lower case) or the E.164 phone number the codes go to. */
    contact: text('contact').notNull(),
    targetLanguage: text('target_language').notNull().default('en'),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamptz('code_expires_at'),
    codeWrongTries: integer('code_wrong_tries').notNull().default(0),
    /** When the last code was asked for (the resend throttle). */
    codeRequestedAt: timestamptz('code_requested_at'),
    /** Verify attempts on this token in the current window (the per-token rate limit). */
    verifyWindowStart: timestamptz('verify_window_start'),
    verifyWindowCount: integer('verify_window_count').notNull().default(0),
    /**
     * Codes compared on this link since it was issued or last verified, across all its codes
     * (SHARE_LIMITS.linkMaxWrongTries caps them; a right code sets it back to 0).
     */
    linkWrongTries: integer('link_wrong_tries').notNull().default(0),
    /** When the link was locked by too many wrong codes (null: it is not); a new link unlocks. */
    linkLockedAt: timestamptz('link_locked_at'),
    /** When the recipient last said "I didn't get a code" and the owner was told (one per 30 minutes). */
    codeMissingNotedAt: timestamptz('code_missing_noted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shares_token_hash_key').on(t.tokenHash),
    uniqueIndex('shares_checklist_contact_key').on(t.checklistId, t.channel, t.contact),
    check('shares_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const CODE_REQUESTERS = ['owner', 'link'] as const;

/**
 * Each code sent, for the sending limits (services/share-send-limits.ts: per owner, per share, per
 * destination and sender, per destination from senders not yet established, and for SMS per address,
 * per young account and for the whole service) and the record of who was sent what (never the code).
 * A send whose message was not delivered leaves no row.
 */
export const shareCodeSends = pgTable(
  'share_code_sends',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: text('share_id').references(() => shares.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: SHARE_CHANNELS }).notNull(),
    sentAt: timestamptz('sent_at').notNull().default(sql`clock_timestamp()`),
    /** The address or E.164 number it went to (kept when the share is deleted: the per-number limit). */
    destination: text('destination'),
    /** Who asked: the owner, or someone holding the link (a resend; never counted against the owner). */
    requestedBy: text('requested_by', { enum: CODE_REQUESTERS }).notNull().default('owner'),
    /** The address the request came from (the record). */
    requesterIp: text('requester_ip'),
    /** The key the per-address limit counts it under: IPv4, or the IPv6 network ('2001:db8::/64'). */
    requesterNetwork: text('requester_network'),
    /**
     * Whether the sender (the owner, or for a link resend the checklist's owner) was established when
     * it was sent (decision 0042): only sends of others count against a destination's shared budget
     * and the part of the SMS ceiling they may use.
     */
    senderEstablished: boolean('sender_established').notNull().default(false),
  },
  (t) => [
    index('share_code_sends_owner_sent_idx').on(t.ownerId, t.sentAt),
    index('share_code_sends_share_sent_idx').on(t.shareId, t.sentAt),
    index('share_code_sends_destination_sent_idx').on(t.destination, t.sentAt),
    index('share_code_sends_network_sent_idx').on(t.requesterNetwork, t.sentAt),
    index('share_code_sends_channel_sent_idx').on(t.channel, t.sentAt),
    check('share_code_sends_requested_by_check', sql`${t.requestedBy} in ('owner', 'link')`),
  ],
);

/**
 * A browser that proved it holds a share's contact. The browser is named by the SHA-256 of its
 * recipient cookie. Revoking or replacing the share's link deletes its grants.
 */
export const shareGrants = pgTable(
  'share_grants',
  {
    browserHash: text('browser_hash').notNull(),
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    checklistId: text('checklist_id')
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.browserHash, t.shareId] }),
    index('share_grants_browser_checklist_idx').on(t.browserHash, t.checklistId),
    index('share_grants_share_id_idx').on(t.shareId),
  ],
);
