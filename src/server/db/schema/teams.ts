import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_TIER, TIERS } from '#domain/plans';
import { INVITABLE_ROLES, TEAM_ROLES } from '#domain/teams';
import { users } from './accounts.ts';
import { createdAt, timestamptz } from './columns.ts';

/**
 * Teams (docs/teams.md, decision 0040): who works together. The plan, its limits and its storage are
 * the team's; checklists belong to a team; people belong to teams with a role. A person's first team
 * is made at their first sign-in and its id is their user id (so every owner of before teams kept
 * their billing records' keys: the migration made each owner's team with their id).
 */

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /**
   * The plan whose limits apply: the higher of `manual_tier` and the best live subscription's tier,
   * recomputed in the same transaction as any change to either (services/billing-state.ts).
   */
  tier: text('tier', { enum: TIERS }).notNull().default(DEFAULT_TIER),
  /** A tier an operator set by hand (`npm run admin -- set-tier`), e.g. a contract invoiced by hand. */
  manualTier: text('manual_tier', { enum: TIERS }),
  /** The IANA zone the team's days are counted in (insights' `byDay`); settings, default UTC. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /**
   * Every stored byte of the team's photos (all sizes), reference photos and kept reports, kept in the
   * same transaction as each write and delete (docs/storage.md); `npm run admin -- recount-storage`
   * recounts it from the store.
   */
  storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
  /** When the owners were told the team passed 80% of its storage; cleared when it falls below. */
  storageWarnedAt: timestamptz('storage_warned_at'),
  /** When the owners were last told a recipient's upload was refused for a full storage (once a day). */
  storageFullToldAt: timestamptz('storage_full_told_at'),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** A person in a team, with their role. Exactly one owner per team (a partial unique index). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
    uniqueIndex('team_members_one_owner_key').on(t.teamId).where(sql`${t.role} = 'owner'`),
  ],
);

/**
 * An invitation by e-mail: a single-use link valid 7 days, found by the SHA-256 of its 128-bit token.
 * Pending (not accepted, not withdrawn, not expired) it takes a seat. At most one pending per address.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: INVITABLE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [
    index('team_invitations_team_idx').on(t.teamId),
    uniqueIndex('team_invitations_open_email_key')
      .on(t.teamId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
  ],
);

/**
 * Someone who was removed from a team or left it, and when: their next request on the team's
 * checklists is 404 with a message that says so (their offline queue shows it), nothing more.
 */
export const teamDepartures = pgTable(
  'team_departures',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: timestamptz('left_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] })],
);

/**
 * A team's fixed translation of a term into one language (docs/translation.md "Team glossary"): every
 * engine renders `source` (a whole word or phrase, matched case-insensitively) as `target`. At most
 * one entry per team, language and source (compared lower-cased).
 */
export const glossaryEntries = pgTable(
  'glossary_entries',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('glossary_entries_team_language_source_key').on(
      t.teamId,
      t.language,
      sql`lower(${t.source})`,
    ),
  ],
);
