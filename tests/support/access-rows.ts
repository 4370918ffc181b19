import { afterAll, beforeAll } from 'vitest';
import { SHARE_LIMITS } from '#domain/sharing';
import type { TeamRole } from '#domain/teams';
import type { Database } from '#server/db/client';
import { hashSecret, newId, newSecret } from '#server/ids';
import type { OwnerAccess, RecipientAccess } from '#server/policies/checklists';
import { insertChecklist } from '#server/repositories/checklists';
import { insertSession, touchSession } from '#server/repositories/sessions';
import { deleteGrantsOfShare, upsertGrant } from '#server/repositories/share-grants';
import {
  insertShareIfAbsent,
  revokeShareRow,
  type ShareRow,
  shareForContact,
  updateShare,
} from '#server/repositories/shares';
import { insertMember, insertTeam } from '#server/repositories/teams';
import { insertUser } from '#server/repositories/users';
import { createTestDatabase, type TestDatabase } from './database.ts';

/**
 * Rows for the repository tests (tests/api/repositories): owners and their teams, members of a team,
 * their sessions, checklists with tasks, shares and the grants of recipient browsers, written straight into a test database through
 * the repositories' own inserts, with every time given explicitly (relative to a `now` the test
 * passes to the functions under test), so no test waits for time to pass.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The session policy the tests' rows follow: 30 minutes idle, 12 hours at most. */
export const SESSION_POLICY = { idleMs: 30 * MINUTE_MS, maxMs: 12 * HOUR_MS };

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** One migrated database for the test file, without an app: `db` is filled in before its tests. */
export function setupTestDatabase(): { db: Database; testDatabase: TestDatabase } {
  const context = {} as { db: Database; testDatabase: TestDatabase };
  beforeAll(async () => {
    context.testDatabase = await createTestDatabase();
    context.db = context.testDatabase.handle.db;
  });
  afterAll(async () => {
    await context.testDatabase?.destroy();
  });
  return context;
}

/** A user with no team yet (someone who will join one: `addToTeam`). */
export async function insertPerson(db: Database, label = 'person') {
  const id = newId('user');
  return insertUser(db, {
    id,
    email: `${label}.${id.slice(-10).toLowerCase()}@example.com`,
    displayName: label,
  });
}

/**
 * A user with their first team, as a first sign-in makes it (services/teams.ts `ensureTeam`): the
 * team's id is the user's id, and they are its owner. So `owner.id` is also their team's id.
 */
export async function insertOwner(db: Database, label = 'owner') {
  const user = await insertPerson(db, label);
  await insertTeam(db, { id: user.id, name: `${label}'s team`, now: user.createdAt });
  await addToTeam(db, user.id, user.id, 'owner');
  return user;
}

/** Makes the user a member of the team with this role (what an accepted invitation does). */
export async function addToTeam(
  db: Database,
  teamId: string,
  userId: string,
  role: TeamRole,
  joinedAt = new Date(),
): Promise<void> {
  await insertMember(db, { teamId, userId, role, joinedAt });
}

/**
 * A session row of the user; answers its id hash (what a session cookie's secret hashes to). By
 * default opened a minute before `now` and live for the idle time from then.
 */
export async function insertSessionRow(
  db: Database,
  userId: string,
  now: Date,
  times: { createdAt?: Date; lastSeenAt?: Date; expiresAt?: Date } = {},
): Promise<string> {
  const idHash = hashSecret(newSecret());
  const createdAt = times.createdAt ?? later(now, -MINUTE_MS);
  const expiresAt = times.expiresAt ?? later(createdAt, SESSION_POLICY.idleMs);
  await insertSession(db, { idHash, userId, createdAt, expiresAt, userAgent: 'repository test' });
  if (times.lastSeenAt) await touchSession(db, idHash, times.lastSeenAt, expiresAt);
  return idHash;
}

/**
 * A checklist made by `ownerId` with these task ids, in order; in their first team (its id is theirs)
 * unless `teamId` names another team of theirs.
 */
export async function insertChecklistRow(
  db: Database,
  ownerId: string,
  {
    name = 'Cabin turnover',
    taskIds = ['task_1', 'task_2'],
    teamId = ownerId,
  }: { name?: string; taskIds?: string[]; teamId?: string } = {},
) {
  const { row } = await insertChecklist(
    db,
    { id: newId('checklist'), userId: ownerId, teamId, name, remarks: '' },
    taskIds.map((id) => ({ id, description: `Do ${id}`, details: '', photoRequired: false })),
  );
  return row;
}

/** A share of the checklist (by e-mail to `contact`), with a fresh link; answers its row. */
export async function insertShareRow(
  db: Database,
  checklistId: string,
  { contact = `jane.${newId('c').slice(-8).toLowerCase()}@example.com`, recipientName = 'Jane' } = {},
): Promise<ShareRow> {
  await insertShareIfAbsent(db, {
    id: newId('share'),
    checklistId,
    recipientId: newId('recipient'),
    recipientName,
    channel: 'email',
    contact,
    tokenHash: newTokenHash(),
    tokenSealed: 'sealed-token',
  });
  const share = await shareForContact(db, checklistId, 'email', contact);
  if (!share) throw new Error('share insert found nothing');
  return share;
}

/** The hash of a new link's token (shares.token_hash). */
export function newTokenHash(): string {
  return hashSecret(newSecret());
}

/** The hash of a new recipient cookie: a browser no grant names yet (share_grants.browser_hash). */
export function newBrowserHash(): string {
  return hashSecret(newSecret());
}

/**
 * A browser verified on the share (what a right code gives it): a grant of the share's checklist,
 * by default for SHARE_LIMITS.accessDays from `now`. Answers the browser's hash.
 */
export async function grantBrowser(
  db: Database,
  share: Pick<ShareRow, 'id' | 'checklistId'>,
  now: Date,
  { browserHash = newBrowserHash(), expiresAt = later(now, SHARE_LIMITS.accessDays * DAY_MS) } = {},
): Promise<string> {
  await upsertGrant(db, { browserHash, shareId: share.id, checklistId: share.checklistId, expiresAt });
  return browserHash;
}

/**
 * What the owner's "new link" does to the rows (services/share-delivery.ts `sendShareCode` with
 * `newLink`): the share gets a new token, then the browsers verified through the old link lose their
 * grants. Answers the new token's hash.
 */
export async function replaceLink(db: Database, shareId: string): Promise<string> {
  const tokenHash = newTokenHash();
  const share = await updateShare(db, shareId, {
    revokedAt: null,
    linkLockedAt: null,
    linkWrongTries: 0,
    tokenHash,
    tokenSealed: 'sealed-new-token',
  });
  if (!share) throw new Error('no share to give a new link');
  await deleteGrantsOfShare(db, shareId);
  return tokenHash;
}

/** What the owner's revoke does to the rows (services/shares.ts `revokeShare`). */
export async function revokeShare(db: Database, share: Pick<ShareRow, 'id' | 'checklistId'>) {
  if (!(await revokeShareRow(db, share.checklistId, share.id))) throw new Error('share not revoked');
  await deleteGrantsOfShare(db, share.id);
}

/**
 * The cast of every access rule, at `now`: the owner 'host' (a live session) with a checklist shared
 * with Jane (her browser holds a live grant on it) and another checklist of theirs, not shared; and
 * 'stranger', another owner with a live session and a checklist of their own. Task 'task_1' is in
 * every checklist; 'unshared_only' only in the unshared one.
 */
export async function accessScene(db: Database, now = new Date()) {
  const host = await insertOwner(db, 'host');
  const stranger = await insertOwner(db, 'stranger');
  const shared = await insertChecklistRow(db, host.id, { name: 'Cabin turnover' });
  const unshared = await insertChecklistRow(db, host.id, {
    name: 'Garage',
    taskIds: ['task_1', 'unshared_only'],
  });
  const strangers = await insertChecklistRow(db, stranger.id, { name: 'Their own' });
  const share = await insertShareRow(db, shared.id);
  return {
    now,
    host: { ...host, idHash: await insertSessionRow(db, host.id, now) },
    stranger: { ...stranger, idHash: await insertSessionRow(db, stranger.id, now) },
    checklists: { shared, unshared, strangers },
    share,
    jane: await grantBrowser(db, share, now),
  };
}

export type AccessScene = Awaited<ReturnType<typeof accessScene>>;

/**
 * The access the policy gives a signed-in member (services then pass it to the repositories), acting
 * in `teamId`: by default their first team, whose id is theirs.
 */
export function asOwner(userId: string, teamId = userId): OwnerAccess {
  return { kind: 'owner', userId, teamId };
}

/** The access the policy gives Jane, the scene's recipient, on the shared checklist. */
export function asRecipient(scene: AccessScene): RecipientAccess {
  return {
    kind: 'recipient',
    checklistId: scene.checklists.shared.id,
    shareId: scene.share.id,
    actorLabel: 'Jane',
  };
}
