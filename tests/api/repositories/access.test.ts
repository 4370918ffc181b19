import { describe, expect, it } from 'vitest';
import type { ChecklistRight } from '#server/policies/checklists';
import { callerFacts, holdsLiveAccess } from '#server/repositories/access';
import { deleteChecklistRow } from '#server/repositories/checklists';
import { deleteSession } from '#server/repositories/sessions';
import { revokeShareRow } from '#server/repositories/shares';
import { findChecklistActor } from '#server/services/checklist-actors';
import {
  accessScene,
  asOwner,
  DAY_MS,
  grantBrowser,
  HOUR_MS,
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

describe('a live session: the row of this id hash, not expired', () => {
  it("answers the owner's session, and that they own their checklist", async () => {
    const s = await accessScene(t.db);
    const facts = await callerFacts(t.db, asked(s.now, s.host.idHash, null), s.checklists.shared.id);
    expect(facts.session?.userId).toBe(s.host.id);
    expect(facts.owns).toBe(true);
    expect(facts.ownerId).toBe(s.host.id);
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

describe('an owner owns their own checklists only', () => {
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
    expect(facts.ownerId).toBeNull();
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
  const RECIPIENT_RIGHTS: ChecklistRight[] = ['read', 'tick', 'photo', 'remarks', 'submit'];
  const OWNER_ONLY: ChecklistRight[] = ['edit', 'share', 'delete'];

  async function actorOf(
    s: Awaited<ReturnType<typeof accessScene>>,
    cookies: { idHash: string | null; browserHash: string | null },
    checklistId: string,
    right: ChecklistRight,
  ) {
    const session = cookies.idHash ? { idHash: cookies.idHash, policy: SESSION_POLICY, now: s.now } : null;
    const found = await findChecklistActor(
      t.db,
      { session, browserHash: cookies.browserHash, now: s.now },
      checklistId,
      right,
    );
    return found.actor;
  }

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
