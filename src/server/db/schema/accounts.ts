import { customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/**
 * Owners and how they sign in: the owner, their server-side sessions, sign-ins in progress, local
 * mode's accounts and the copy of their profile picture.
 */

/** An owner. `id` is the uid the client sees. Linked to one OpenID identity (issuer + subject). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at'),
    /**
     * The owner's language: what their checklists are written in (the source of their machine
     * translation) and what they read recipients' remarks in.
     */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_identity_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/** A server-side session. Only the SHA-256 of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /**
     * The team this session works in (the header's switcher). No foreign key (teams.ts references this
     * module): every read takes it only while the user is a member, else their first team.
     */
    activeTeamId: text('active_team_id'),
    /**
     * Set on the session row of an API token (db/schema/integrations.ts; decision 0049): it never
     * slides, and it reaches only its active team. No foreign key (integrations.ts references this
     * module); revoking a token deletes this row in the same transaction.
     */
    apiTokenId: text('api_token_id'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A sign-in in progress: the state, nonce and PKCE verifier bound to the browser that started it. */
export const authFlows = pgTable(
  'auth_flows',
  {
    idHash: text('id_hash').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('auth_flows_expires_at_idx').on(t.expiresAt)],
);

/** Accounts offered by the local account chooser (local mode's embedded OpenID provider). */
export const localAccounts = pgTable('local_accounts', {
  email: text('email').primaryKey(),
  displayName: text('display_name').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Raw bytes (PostgreSQL bytea), as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The owner's profile picture as the header shows it (issue 18): the sign-in provider's picture
 * (users.profile_image_url), fetched once by the server within a size and time limit, checked by
 * decoding it, and kept as a small WebP, so the browser loads it from us (the CSP stays 'self') and
 * the provider never sees where it is shown. `image` null: the last fetch failed (`failed_at`).
 */
export const userAvatars = pgTable('user_avatars', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The provider's address this copy was made from: a new address makes it stale at once. */
  sourceUrl: text('source_url').notNull(),
  image: bytea('image'),
  fetchedAt: timestamptz('fetched_at').notNull(),
  failedAt: timestamptz('failed_at'),
});
