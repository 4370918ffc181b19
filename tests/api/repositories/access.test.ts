import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#domain/teams';
import type { ChecklistRight } from '#server/policies/checklists';
import { callerFacts, holdsLiveAccess } from '#server/repositories/access';
import { deleteChecklistRow } from '#server/repositories/checklists';
import { deleteSession } from '#server/repositories/sessions';
import { revokeShareRow } from '#server/repositories/shares';
import { removeMember } from '#server/repositories/teams';
import { findChecklistActor, resolveChecklistActor } from '#server/services/checklist-actors';
import {
  type AccessScene,
  accessScene,
  addToTeam,
  asOwner,
  DAY_MS,
  grantBrowser,
  HOUR_MS,
  insertChecklistRow,
  insertOwner,
  insertPerson,
  insertSessionRow,
  MINUTE_MS,
  newBrowserHash,
  replaceLink,
  SESSION_POLICY,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/access.ts, the rules of access written once in SQL, asked through `callerFacts` (what
 * the policy decides on, in one query) and `holdsLiveAccess` (a socket that is somebody). Pins:
 * a live session is the row of this hash not expired (idle or absolute, the expiry row says which is
 * first), and gone once signed out; an owner owns only their own checklists; a live grant is this
 * browser's, for this one checklist, unexpired, its share not revoked, and ends with its link (a new
 * link's grant is live); a deleted checklist has no owner and no grant. Last, the policy's decision
 * on these facts (services/checklist-actors.ts): the owner first, a recipient only for their rights.
 */

const t = setupTestDatabase();

const asked = (now: Date, idHash: string | null, browserHash: string | null) => ({
  idHash,
  browserHash,
  now,
});
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

const RECIPIENT_RIGHTS: ChecklistRight[] = ['read', 'tick', 'photo', 'remarks', 'submit'];
const OWNER_ONLY: ChecklistRight[] = ['edit', 'share', 'delete'];

/** What the policy decides for these cookies, this checklist and this right (with the raw facts). */
async function foundActor(
  s: AccessScene,
  cookies: { idHash: string | null; browserHash: string | null },
  checklistId: string,
  right: ChecklistRight,
) {
  const session = cookies.idHash ? { idHash: cookies.idHash, policy: SESSION_POLICY, now: s.now } : null;
  return findChecklistActor(
    t.db,
    { session, browserHash: cookies.browserHash, now: s.now },
    checklistId,
    right,
  );
}

const actorOf = async (...args: Parameters<typeof foundActor>) => (await foundActor(...args)).actor;

describe('a live session: the row of this id hash, not expired', () => {
  it("answers the owner's session, and that they own their checklist", async () => {
    const s = await accessScene(t.db);
    const facts = await callerFacts(t.db, asked(s.now, s.host.idHash, null), s.checklists.shared.id);
    expect(facts.session?.userId).toBe(s.host.id);
    expect(facts.owns).toBe(true);
    expect(facts.teamId).toBe(s.host.id);
    expect(facts.departed).toBe(false);
    expect(facts.revision).toBe(1);
    expect(facts.grant).toBeNull();
  });

  it('answers no session for a signed-out caller (no cookie) or a hash no row has', async () => {
    const s = await accessScene(t.db);
    for (const idHash of [null, newBrowserHash()]) {
      const facts = await callerFacts(t.db, asked(s.now, idHash, null), s.checklists.shared.id);
      expect(facts.session).toBeNull();
      expect(facts.owns).toBe(false);
      expect(facts.grant).toBeNull();
    }
  });

  it('is dead once idle: its expiry (last use + idle time) reached, to the millisecond', async () => {
    const s = await accessScene(t.db);
    const lastSeenAt = later(s.now, -SESSION_POLICY.idleMs);
    const idle = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt: later(s.now, -2 * HOUR_MS),
      lastSeenAt,
      expiresAt: s.now,
    });
    const factsAt = (now: Date) => callerFacts(t.db, asked(now, idle, null), s.checklists.shared.id);
    expect((await factsAt(s.now)).session).toBeNull();
    expect((await factsAt(s.now)).owns).toBe(false);
    expect((await factsAt(later(s.now, -1))).session?.userId).toBe(s.host.id);
  });

  it('is dead at its absolute end, however recently used (its expiry is capped at creation + maximum)', async () => {
    const s = await accessScene(t.db);
    const createdAt = later(s.now, -SESSION_POLICY.maxMs);
    const busy = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt,
      lastSeenAt: later(s.now, -MINUTE_MS),
      expiresAt: later(createdAt, SESSION_POLICY.maxMs),
    });
    const facts = await callerFacts(t.db, asked(s.now, busy, null), s.checklists.shared.id);
    expect(facts.session).toBeNull();
    expect(facts.owns).toBe(false);
    expect(await holdsLiveAccess(t.db, { sessionHash: busy, browserHash: null }, s.now)).toBe(false);
  });

  it('is dead once signed out (its row deleted)', async () => {
    const s = await accessScene(t.db);
    await deleteSession(t.db, s.host.idHash);
    const facts = await callerFacts(t.db, asked(s.now, s.host.idHash, null), s.checklists.shared.id);
    expect(facts.session).toBeNull();
    expect(facts.owns).toBe(false);
    expect(await holdsLiveAccess(t.db, { sessionHash: s.host.idHash, browserHash: null }, s.now)).toBe(false);
  });
});

describe("an owner reaches their own team's checklists only (owners of different teams)", () => {
  it("another owner's live session owns nothing of the host's", async () => {
    const s = await accessScene(t.db);
    for (const checklist of [s.checklists.shared, s.checklists.unshared]) {
      const facts = await callerFacts(t.db, asked(s.now, s.stranger.idHash, null), checklist.id);
      expect(facts.session?.userId).toBe(s.stranger.id);
      expect(facts.owns).toBe(false);
      expect(facts.grant).toBeNull();
    }
    const own = await callerFacts(t.db, asked(s.now, s.stranger.idHash, null), s.checklists.strangers.id);
    expect(own.owns).toBe(true);
  });

  it('the host owns every checklist of theirs, shared or not, and none of the other owner', async () => {
    const s = await accessScene(t.db);
    const ownsOf = async (checklistId: string) =>
      (await callerFacts(t.db, asked(s.now, s.host.idHash, null), checklistId)).owns;
    expect(await ownsOf(s.checklists.shared.id)).toBe(true);
    expect(await ownsOf(s.checklists.unshared.id)).toBe(true);
    expect(await ownsOf(s.checklists.strangers.id)).toBe(false);
  });
});

describe("a live grant: this browser's, for this one checklist, unexpired, its share not revoked", () => {
  it("answers the recipient's grant on the shared checklist, with who they are", async () => {
    const s = await accessScene(t.db);
    const facts = await callerFacts(t.db, asked(s.now, null, s.jane), s.checklists.shared.id);
    expect(facts.grant).toEqual({
      shareId: s.share.id,
      recipientName: 'Jane',
      channel: 'email',
      contact: s.share.contact,
    });
    expect(facts.session).toBeNull();
    expect(facts.owns).toBe(false);
  });

  it('gives nothing on another checklist of the same owner, nor on another owner’s', async () => {
    const s = await accessScene(t.db);
    for (const checklist of [s.checklists.unshared, s.checklists.strangers]) {
      const facts = await callerFacts(t.db, asked(s.now, null, s.jane), checklist.id);
      expect(facts.grant).toBeNull();
      expect(facts.owns).toBe(false);
    }
  });

  it('gives nothing to another browser (a recipient cookie that is not the verified one)', async () => {
    const s = await accessScene(t.db);
    const facts = await callerFacts(t.db, asked(s.now, null, newBrowserHash()), s.checklists.shared.id);
    expect(facts.grant).toBeNull();
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: newBrowserHash() }, s.now)).toBe(
      false,
    );
  });

  it('is dead once its share is revoked, even while the grant row is still there', async () => {
    const s = await accessScene(t.db);
    expect(await revokeShareRow(t.db, s.share.checklistId, s.share.id)).toBe(true);
    const facts = await callerFacts(t.db, asked(s.now, null, s.jane), s.checklists.shared.id);
    expect(facts.grant).toBeNull();
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: s.jane }, s.now)).toBe(false);
  });

  it('is dead once its link is replaced; a browser verified on the new link holds a live one', async () => {
    const s = await accessScene(t.db);
    await replaceLink(t.db, s.share.id);
    const old = await callerFacts(t.db, asked(s.now, null, s.jane), s.checklists.shared.id);
    expect(old.grant).toBeNull();
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: s.jane }, s.now)).toBe(false);

    const again = await grantBrowser(t.db, s.share, s.now);
    const renewed = await callerFacts(t.db, asked(s.now, null, again), s.checklists.shared.id);
    expect(renewed.grant?.shareId).toBe(s.share.id);
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: again }, s.now)).toBe(true);
  });

  it('is dead once expired (after its 30 days), to the millisecond', async () => {
    const s = await accessScene(t.db);
    const expiresAt = later(s.now, 30 * DAY_MS);
    const browser = await grantBrowser(t.db, s.share, s.now, { expiresAt });
    const grantAt = async (now: Date) =>
      (await callerFacts(t.db, asked(now, null, browser), s.checklists.shared.id)).grant;
    expect(await grantAt(later(expiresAt, -1))).not.toBeNull();
    expect(await grantAt(expiresAt)).toBeNull();
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: browser }, expiresAt)).toBe(false);
  });
});

describe('a deleted checklist', () => {
  it('has no owner, nobody owns it, and its grants went with it', async () => {
    const s = await accessScene(t.db);
    expect(await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id)).toBe(true);
    const facts = await callerFacts(t.db, asked(s.now, s.host.idHash, s.jane), s.checklists.shared.id);
    expect(facts.session?.userId).toBe(s.host.id);
    expect(facts.teamId).toBeNull();
    expect(facts.revision).toBeNull();
    expect(facts.owns).toBe(false);
    expect(facts.grant).toBeNull();
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: s.jane }, s.now)).toBe(false);
  });
});

describe('holdsLiveAccess: a socket that is somebody (a live session or any live grant)', () => {
  it("is true for a live session or a live grant, false for nobody's cookies", async () => {
    const s = await accessScene(t.db);
    expect(await holdsLiveAccess(t.db, { sessionHash: s.stranger.idHash, browserHash: null }, s.now)).toBe(
      true,
    );
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: s.jane }, s.now)).toBe(true);
    expect(await holdsLiveAccess(t.db, { sessionHash: null, browserHash: null }, s.now)).toBe(false);
    expect(
      await holdsLiveAccess(t.db, { sessionHash: newBrowserHash(), browserHash: newBrowserHash() }, s.now),
    ).toBe(false);
  });
});

describe('the policy on these facts: the owner first, a recipient only for their rights, else nobody', () => {
  it('the recipient reads, ticks, sends photos and remarks, submits; never edits, shares or deletes', async () => {
    const s = await accessScene(t.db);
    const jane = { idHash: null, browserHash: s.jane };
    for (const right of RECIPIENT_RIGHTS) {
      expect(await actorOf(s, jane, s.checklists.shared.id, right)).toMatchObject({
        kind: 'recipient',
        checklistId: s.checklists.shared.id,
        shareId: s.share.id,
      });
    }
    for (const right of OWNER_ONLY) {
      expect(await actorOf(s, jane, s.checklists.shared.id, right)).toEqual({
        kind: 'nobody',
        reason: 'out-of-reach',
      });
    }
    for (const right of [...RECIPIENT_RIGHTS, ...OWNER_ONLY]) {
      expect((await actorOf(s, jane, s.checklists.unshared.id, right)).kind).toBe('nobody');
    }
  });

  it('the owner has every right on theirs; another owner none; a signed-out caller is told to sign in', async () => {
    const s = await accessScene(t.db);
    for (const right of [...RECIPIENT_RIGHTS, ...OWNER_ONLY]) {
      const host = { idHash: s.host.idHash, browserHash: null };
      expect(await actorOf(s, host, s.checklists.shared.id, right)).toEqual({
        kind: 'owner',
        userId: s.host.id,
        teamId: s.host.id,
      });
      const stranger = { idHash: s.stranger.idHash, browserHash: null };
      expect(await actorOf(s, stranger, s.checklists.shared.id, right)).toEqual({
        kind: 'nobody',
        reason: 'out-of-reach',
      });
      expect(await actorOf(s, { idHash: null, browserHash: null }, s.checklists.shared.id, right)).toEqual({
        kind: 'nobody',
        reason: 'signed-out',
      });
    }
  });

  it('with both cookies the owner acts on their own; with another owner’s session the grant acts', async () => {
    const s = await accessScene(t.db);
    expect(
      await actorOf(s, { idHash: s.host.idHash, browserHash: s.jane }, s.checklists.shared.id, 'tick'),
    ).toEqual(asOwner(s.host.id));
    expect(
      await actorOf(s, { idHash: s.stranger.idHash, browserHash: s.jane }, s.checklists.shared.id, 'tick'),
    ).toMatchObject({ kind: 'recipient', shareId: s.share.id });
    expect(
      await actorOf(s, { idHash: s.stranger.idHash, browserHash: s.jane }, s.checklists.shared.id, 'edit'),
    ).toEqual({ kind: 'nobody', reason: 'out-of-reach' });
  });
});

describe("a team's members reach its checklists; a removed member no longer does", () => {
  /** The scene, with Cole a member of the host's team (his only team), signed in. */
  async function withColleague(s: AccessScene) {
    const cole = await insertPerson(t.db, 'cole');
    await addToTeam(t.db, s.host.id, cole.id, 'member', s.now);
    return { ...cole, idHash: await insertSessionRow(t.db, cole.id, s.now) };
  }

  it("a member of the same team reaches a colleague's checklists, with every right of the team", async () => {
    const s = await accessScene(t.db);
    const cole = await withColleague(s);
    for (const checklist of [s.checklists.shared, s.checklists.unshared]) {
      const facts = await callerFacts(t.db, asked(s.now, cole.idHash, null), checklist.id);
      expect(facts.session?.userId).toBe(cole.id);
      expect(facts.owns).toBe(true);
      expect(facts.teamId).toBe(s.host.id);
      expect(facts.departed).toBe(false);
    }
    for (const right of [...RECIPIENT_RIGHTS, ...OWNER_ONLY]) {
      expect(
        await actorOf(s, { idHash: cole.idHash, browserHash: null }, s.checklists.unshared.id, right),
      ).toEqual(asOwner(cole.id, s.host.id));
    }
  });

  it("a member of team A does not reach team B's checklists; one of both teams reaches both", async () => {
    const s = await accessScene(t.db);
    const cole = await withColleague(s);
    const coles = await callerFacts(t.db, asked(s.now, cole.idHash, null), s.checklists.strangers.id);
    expect(coles.owns).toBe(false);
    expect(coles.departed).toBe(false);
    expect(coles.teamId).toBe(s.stranger.id);
    expect(
      await actorOf(s, { idHash: cole.idHash, browserHash: null }, s.checklists.strangers.id, 'read'),
    ).toEqual({ kind: 'nobody', reason: 'out-of-reach' });

    // Dee owns a team of her own and is an admin of the host's too: she reaches both, not the stranger's.
    const dee = await insertOwner(t.db, 'dee');
    await addToTeam(t.db, s.host.id, dee.id, 'admin', s.now);
    const deeHash = await insertSessionRow(t.db, dee.id, s.now);
    const hers = await insertChecklistRow(t.db, dee.id, { name: 'Her own' });
    for (const checklist of [s.checklists.shared, hers]) {
      expect((await callerFacts(t.db, asked(s.now, deeHash, null), checklist.id)).owns).toBe(true);
    }
    expect((await callerFacts(t.db, asked(s.now, deeHash, null), s.checklists.strangers.id)).owns).toBe(
      false,
    );
    // And the host, who is not in Dee's team, does not reach hers.
    expect((await callerFacts(t.db, asked(s.now, s.host.idHash, null), hers.id)).owns).toBe(false);
  });

  it('a removed member reaches nothing of the team any more, and is told they departed', async () => {
    const s = await accessScene(t.db);
    const cole = await withColleague(s);
    expect(await removeMember(t.db, s.host.id, cole.id, s.now)).toBe(true);
    for (const checklist of [s.checklists.shared, s.checklists.unshared]) {
      const facts = await callerFacts(t.db, asked(s.now, cole.idHash, null), checklist.id);
      expect(facts.session?.userId).toBe(cole.id);
      expect(facts.owns).toBe(false);
      expect(facts.departed).toBe(true);
      expect(facts.teamId).toBe(s.host.id);
    }
    const cookies = { idHash: cole.idHash, browserHash: null };
    for (const right of [...RECIPIENT_RIGHTS, ...OWNER_ONLY]) {
      expect(await actorOf(s, cookies, s.checklists.shared.id, right)).toEqual({
        kind: 'nobody',
        reason: 'out-of-reach',
      });
    }
    const caller = {
      session: { idHash: cole.idHash, policy: SESSION_POLICY, now: s.now },
      browserHash: null,
    };
    await expect(
      resolveChecklistActor(t.db, { ...caller, now: s.now }, s.checklists.shared.id, 'read'),
    ).rejects.toMatchObject({ code: 'not_found', message: TEAM_MESSAGES.removedFromTeam });
    // The team's owner and its other checklists are untouched; a stranger was never in it.
    expect((await callerFacts(t.db, asked(s.now, s.host.idHash, null), s.checklists.shared.id)).owns).toBe(
      true,
    );
    const strangers = await callerFacts(t.db, asked(s.now, s.stranger.idHash, null), s.checklists.shared.id);
    expect(strangers.departed).toBe(false);
  });

  it('a removed member who is added back reaches the checklists again, no longer departed', async () => {
    const s = await accessScene(t.db);
    const cole = await withColleague(s);
    await removeMember(t.db, s.host.id, cole.id, s.now);
    await addToTeam(t.db, s.host.id, cole.id, 'member', s.now);
    const facts = await callerFacts(t.db, asked(s.now, cole.idHash, null), s.checklists.shared.id);
    expect(facts.owns).toBe(true);
    expect(facts.departed).toBe(false);
  });
});
