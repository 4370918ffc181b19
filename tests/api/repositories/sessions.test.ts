import { describe, expect, it } from 'vitest';
import { firstExpiry, slidExpiry } from '#server/policies/sessions';
import {
  deleteSession,
  deleteSessionsExpiredBefore,
  findLiveSessionWithUser,
  liveSessionMember,
  setSessionTeam,
  touchSession,
} from '#server/repositories/sessions';
import { removeMember } from '#server/repositories/teams';
import {
  addToTeam,
  HOUR_MS,
  insertOwner,
  insertSessionRow,
  MINUTE_MS,
  newBrowserHash,
  SESSION_POLICY,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/sessions.ts (docs/decisions/0002): the owner's signed-in session, found by the hash of
 * its cookie's secret. Pins: a live session answers its own user and active team (the team it chose
 * while its user is a member, else their first), an unknown hash nobody; it dies at its expiry, to
 * the millisecond, whether that is its idle end (unused too long) or its absolute end (used all
 * along, the sliding expiry never passes creation + maximum: the policy's `slidExpiry` written by
 * `touchSession`); signing out ends that session and no other; the sweep deletes the expired rows
 * only.
 */

const t = setupTestDatabase();

const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A live session's member: its user in their first team (the team's id is theirs). */
const memberOf = (user: { id: string }) => ({ userId: user.id, teamId: user.id });

describe('a live session answers its own user; an unknown hash nobody', () => {
  it("answers the session's user, and nothing for a hash no row has", async () => {
    const now = new Date();
    const owner = await insertOwner(t.db, 'ada');
    const other = await insertOwner(t.db, 'bob');
    const idHash = await insertSessionRow(t.db, owner.id, now);
    await insertSessionRow(t.db, other.id, now);
    expect((await findLiveSessionWithUser(t.db, idHash, now))?.uid).toBe(owner.id);
    expect(await liveSessionMember(t.db, idHash, now)).toEqual(memberOf(owner));
    expect(await findLiveSessionWithUser(t.db, newBrowserHash(), now)).toBeUndefined();
    expect(await liveSessionMember(t.db, newBrowserHash(), now)).toBeNull();
  });
});

describe("a live session's active team: the one it chose while its user is in it, else their first", () => {
  it('answers the first team (the owned one), the chosen one, and the first again once they left it', async () => {
    const now = new Date();
    const ada = await insertOwner(t.db, 'ada');
    const bob = await insertOwner(t.db, 'bob');
    await addToTeam(t.db, bob.id, ada.id, 'member', now);
    const idHash = await insertSessionRow(t.db, ada.id, now);
    expect(await liveSessionMember(t.db, idHash, now)).toEqual({ userId: ada.id, teamId: ada.id });
    await setSessionTeam(t.db, idHash, bob.id);
    expect(await liveSessionMember(t.db, idHash, now)).toEqual({ userId: ada.id, teamId: bob.id });
    expect((await findLiveSessionWithUser(t.db, idHash, now))?.teamId).toBe(bob.id);
    await removeMember(t.db, bob.id, ada.id, now);
    expect(await liveSessionMember(t.db, idHash, now)).toEqual({ userId: ada.id, teamId: ada.id });
  });
});

describe('idle expiry: a session unused for the idle time is dead', () => {
  it('dies at its expiry (last use + idle time), to the millisecond', async () => {
    const now = new Date();
    const owner = await insertOwner(t.db);
    const idHash = await insertSessionRow(t.db, owner.id, now, {
      createdAt: at(now, -2 * HOUR_MS),
      lastSeenAt: at(now, -SESSION_POLICY.idleMs),
      expiresAt: now,
    });
    expect(await liveSessionMember(t.db, idHash, at(now, -1))).toEqual(memberOf(owner));
    expect(await liveSessionMember(t.db, idHash, now)).toBeNull();
    expect(await findLiveSessionWithUser(t.db, idHash, now)).toBeUndefined();
  });
});

describe('absolute expiry: a session used all along still ends at creation + maximum', () => {
  it('slides with each use, never past its absolute end, and is dead from then on', async () => {
    const createdAt = new Date();
    const owner = await insertOwner(t.db);
    const idHash = await insertSessionRow(t.db, owner.id, createdAt, {
      createdAt,
      expiresAt: firstExpiry(SESSION_POLICY, createdAt),
    });
    const absoluteEnd = at(createdAt, SESSION_POLICY.maxMs);
    // Used every 20 minutes (well within the idle time) for the whole maximum.
    for (let now = at(createdAt, 20 * MINUTE_MS); now < absoluteEnd; now = at(now, 20 * MINUTE_MS)) {
      const row = await findLiveSessionWithUser(t.db, idHash, now);
      if (!row) throw new Error(`the session died at ${now.toISOString()}, before its absolute end`);
      const expiresAt = slidExpiry({ idHash, policy: SESSION_POLICY, now }, row);
      if (expiresAt) await touchSession(t.db, idHash, now, expiresAt);
      expect((expiresAt ?? row.expiresAt).getTime()).toBeLessThanOrEqual(absoluteEnd.getTime());
    }
    expect(await liveSessionMember(t.db, idHash, at(absoluteEnd, -1))).toEqual(memberOf(owner));
    expect(await liveSessionMember(t.db, idHash, absoluteEnd)).toBeNull();
  });
});

describe('signing out ends that session only', () => {
  it('the deleted session is dead; another user’s session is still live', async () => {
    const now = new Date();
    const owner = await insertOwner(t.db);
    const other = await insertOwner(t.db);
    const idHash = await insertSessionRow(t.db, owner.id, now);
    const otherHash = await insertSessionRow(t.db, other.id, now);
    await deleteSession(t.db, idHash);
    expect(await liveSessionMember(t.db, idHash, now)).toBeNull();
    expect(await liveSessionMember(t.db, otherHash, now)).toEqual(memberOf(other));
  });
});

describe('the sweep deletes expired sessions only', () => {
  it('deletes the rows expired before the time given and keeps the live ones', async () => {
    // Far back: the only rows expired before it are this test's (the file's other rows are around now).
    const now = at(new Date(), -1000 * HOUR_MS);
    const owner = await insertOwner(t.db);
    const expired = await insertSessionRow(t.db, owner.id, now, {
      createdAt: at(now, -HOUR_MS),
      expiresAt: at(now, -1),
    });
    const live = await insertSessionRow(t.db, owner.id, now);
    expect(await deleteSessionsExpiredBefore(t.db, now)).toBe(1);
    expect(await liveSessionMember(t.db, expired, at(now, -HOUR_MS / 2))).toBeNull();
    expect(await liveSessionMember(t.db, live, now)).toEqual(memberOf(owner));
  });
});
