import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHARE_LIMITS } from '#domain/sharing';
import { shareGrants, shares } from '#server/db/schema/index';
import {
  clearCodesExpiredBefore,
  consumeCode,
  countVerifyTry,
  lockLink,
  takeCodeTry,
} from '#server/repositories/share-codes';
import { deleteGrantsOfShare, grantByToken, moveGrants } from '#server/repositories/share-grants';
import {
  liveShareByToken,
  liveShareOfChecklist,
  liveSharesOf,
  revokeShareRow,
  updateShare,
} from '#server/repositories/shares';
import {
  accessScene,
  asOwner,
  DAY_MS,
  grantBrowser,
  insertShareRow,
  MINUTE_MS,
  newBrowserHash,
  newTokenHash,
  replaceLink,
  revokeShare,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/shares.ts, the link and grant rules of verified sharing. Pins: a link works while its
 * share is not revoked and its token is the current one (a replaced link's old token finds nothing,
 * the new one does); the grant a shared page reads is this browser's on this link (another browser's
 * cookie finds nothing, an expired grant is told apart as expired); revoking or replacing a link
 * ends its grants and only its grants; a revoke names the share's own checklist; a verification moves
 * a browser's grants to its new cookie (the old cookie grants nothing); a code is single use, only
 * its own hash takes tries, a locked link consumes no code; expired codes are cleared, live ones kept.
 * (The 10-minute expiry of a code is compared by services/share-verification.ts, not in SQL.)
 */

const t = setupTestDatabase();

const VERIFY_WINDOW_MS = 10 * MINUTE_MS;

async function grantsOf(shareId: string) {
  return t.db
    .select({ browserHash: shareGrants.browserHash })
    .from(shareGrants)
    .where(eq(shareGrants.shareId, shareId));
}

describe('a link works while its share is not revoked and its token is current', () => {
  it('finds the share by its token, and counts the verify try', async () => {
    const s = await accessScene(t.db);
    expect((await liveShareByToken(t.db, s.share.tokenHash))?.share.id).toBe(s.share.id);
    const counted = await countVerifyTry(t.db, s.share.tokenHash, s.now, VERIFY_WINDOW_MS);
    expect(counted?.verifyWindowCount).toBe(1);
  });

  it('a revoked link finds nothing, and its tries are not counted', async () => {
    const s = await accessScene(t.db);
    await revokeShare(t.db, s.share);
    expect(await liveShareByToken(t.db, s.share.tokenHash)).toBeUndefined();
    expect(await countVerifyTry(t.db, s.share.tokenHash, s.now, VERIFY_WINDOW_MS)).toBeUndefined();
    expect(await grantByToken(t.db, s.share.tokenHash, s.jane, s.now)).toBeUndefined();
    expect(await liveShareOfChecklist(t.db, s.share.checklistId, s.share.id)).toBeUndefined();
    const [row] = await t.db.select().from(shares).where(eq(shares.id, s.share.id));
    expect(row?.verifyWindowCount).toBe(0);
  });

  it("a replaced link's old token finds nothing; the new token finds the share", async () => {
    const s = await accessScene(t.db);
    const newToken = await replaceLink(t.db, s.share.id);
    expect(await liveShareByToken(t.db, s.share.tokenHash)).toBeUndefined();
    expect(await countVerifyTry(t.db, s.share.tokenHash, s.now, VERIFY_WINDOW_MS)).toBeUndefined();
    expect((await liveShareByToken(t.db, newToken))?.share.id).toBe(s.share.id);
  });

  it('an unknown token finds nothing', async () => {
    const s = await accessScene(t.db);
    expect(await liveShareByToken(t.db, newTokenHash())).toBeUndefined();
    expect(await grantByToken(t.db, newTokenHash(), s.jane, s.now)).toBeUndefined();
  });
});

describe("the shared page's grant: this browser's, on this link", () => {
  it('answers the verified browser its share and checklist', async () => {
    const s = await accessScene(t.db);
    const grant = await grantByToken(t.db, s.share.tokenHash, s.jane, s.now);
    expect(grant).toMatchObject({
      unexpired: true,
      share: { id: s.share.id, checklistId: s.checklists.shared.id },
      teamId: s.host.id,
    });
  });

  it('answers nothing to another browser, and nothing for a link of another share', async () => {
    const s = await accessScene(t.db);
    expect(await grantByToken(t.db, s.share.tokenHash, newBrowserHash(), s.now)).toBeUndefined();
    const other = await insertShareRow(t.db, s.checklists.unshared.id);
    expect(await grantByToken(t.db, other.tokenHash, s.jane, s.now)).toBeUndefined();
  });

  it('tells an expired grant apart (the page says so), from its expiry on', async () => {
    const s = await accessScene(t.db);
    const expiresAt = new Date(s.now.getTime() + DAY_MS);
    const browser = await grantBrowser(t.db, s.share, s.now, { expiresAt });
    expect(
      (await grantByToken(t.db, s.share.tokenHash, browser, new Date(expiresAt.getTime() - 1)))?.unexpired,
    ).toBe(true);
    expect((await grantByToken(t.db, s.share.tokenHash, browser, expiresAt))?.unexpired).toBe(false);
  });

  it('after a new link the old browser has nothing on either token; a browser verified on the new one has', async () => {
    const s = await accessScene(t.db);
    const newToken = await replaceLink(t.db, s.share.id);
    expect(await grantByToken(t.db, newToken, s.jane, s.now)).toBeUndefined();
    const renewed = await grantBrowser(t.db, s.share, s.now);
    expect((await grantByToken(t.db, newToken, renewed, s.now))?.unexpired).toBe(true);
    expect(await grantByToken(t.db, s.share.tokenHash, renewed, s.now)).toBeUndefined();
  });
});

describe('revoking and replacing end the grants of that share only', () => {
  it("revoking names the share's own checklist: another checklist's id revokes nothing", async () => {
    const s = await accessScene(t.db);
    expect(await revokeShareRow(t.db, s.checklists.unshared.id, s.share.id)).toBe(false);
    expect(await revokeShareRow(t.db, s.checklists.strangers.id, s.share.id)).toBe(false);
    expect(await liveShareOfChecklist(t.db, s.share.checklistId, s.share.id)).toBeDefined();
    expect(await liveShareOfChecklist(t.db, s.checklists.unshared.id, s.share.id)).toBeUndefined();
    expect(await revokeShareRow(t.db, s.share.checklistId, s.share.id)).toBe(true);
    expect(await revokeShareRow(t.db, s.share.checklistId, s.share.id)).toBe(false);
  });

  it("deletes the grants of the share revoked or replaced, and leaves other shares' grants", async () => {
    const s = await accessScene(t.db);
    const otherShare = await insertShareRow(t.db, s.checklists.shared.id);
    const otherBrowser = await grantBrowser(t.db, otherShare, s.now);
    await grantBrowser(t.db, s.share, s.now);
    expect(await grantsOf(s.share.id)).toHaveLength(2);

    await deleteGrantsOfShare(t.db, s.share.id);
    expect(await grantsOf(s.share.id)).toEqual([]);
    expect(await grantsOf(otherShare.id)).toEqual([{ browserHash: otherBrowser }]);
  });

  it('lists only the live shares, each verified only while a grant through it is unexpired', async () => {
    const s = await accessScene(t.db);
    const revoked = await insertShareRow(t.db, s.checklists.shared.id);
    await revokeShare(t.db, revoked);
    const lapsed = await insertShareRow(t.db, s.checklists.shared.id);
    await grantBrowser(t.db, lapsed, s.now, { expiresAt: s.now });
    const listed = await liveSharesOf(t.db, asOwner(s.host.id), s.checklists.shared.id, s.now);
    expect(listed.map((share) => [share.id, Boolean(share.verified)]).sort()).toEqual(
      [
        [s.share.id, true],
        [lapsed.id, false],
      ].sort(),
    );
  });

  it('lists a checklist’s shares only to an access that reaches the checklist', async () => {
    const s = await accessScene(t.db);
    const shared = s.checklists.shared.id;
    expect(await liveSharesOf(t.db, asOwner(s.host.id), shared, s.now)).toHaveLength(1);
    expect(await liveSharesOf(t.db, asOwner(s.stranger.id), shared, s.now)).toEqual([]);
    // The host acting in another team (an API token's, say) does not reach it either.
    expect(
      await liveSharesOf(t.db, { ...asOwner(s.host.id, s.stranger.id), viaToken: true }, shared, s.now),
    ).toEqual([]);
  });
});

describe("a verification moves the browser's grants to its new cookie", () => {
  it('the old cookie grants nothing, the new one every grant it had; other browsers keep theirs', async () => {
    const s = await accessScene(t.db);
    const second = await insertShareRow(t.db, s.checklists.unshared.id);
    await grantBrowser(t.db, second, s.now, { browserHash: s.jane });
    const bystander = await grantBrowser(t.db, s.share, s.now);
    const next = newBrowserHash();

    await moveGrants(t.db, s.jane, next);
    expect(await grantByToken(t.db, s.share.tokenHash, s.jane, s.now)).toBeUndefined();
    expect(await grantByToken(t.db, second.tokenHash, s.jane, s.now)).toBeUndefined();
    expect((await grantByToken(t.db, s.share.tokenHash, next, s.now))?.unexpired).toBe(true);
    expect((await grantByToken(t.db, second.tokenHash, next, s.now))?.unexpired).toBe(true);
    expect((await grantByToken(t.db, s.share.tokenHash, bystander, s.now))?.unexpired).toBe(true);
  });
});

describe('a code: single use, tried only by its own hash, never on a locked link; expired ones cleared', () => {
  /** A scene whose share has the live code 'code-hash', sent a minute before `now`. */
  async function withCode() {
    const s = await accessScene(t.db);
    const codeExpiresAt = new Date(s.now.getTime() + 9 * MINUTE_MS);
    await updateShare(t.db, s.share.id, { codeHash: 'code-hash', codeExpiresAt, codeWrongTries: 0 });
    return s;
  }

  it('a try under another hash takes nothing; a right one is consumed exactly once', async () => {
    const s = await withCode();
    expect(await takeCodeTry(t.db, s.share.id, 'another-hash')).toBeUndefined();
    expect(await takeCodeTry(t.db, s.share.id, 'code-hash')).toEqual({ tries: 1, linkTries: 1 });
    expect(await consumeCode(t.db, s.share.id, 'another-hash')).toBe(false);
    expect(await consumeCode(t.db, s.share.id, 'code-hash')).toBe(true);
    expect(await consumeCode(t.db, s.share.id, 'code-hash')).toBe(false);
  });

  it('a code has at most its tries; a locked link takes no try and consumes no code', async () => {
    const s = await withCode();
    for (let i = 1; i <= SHARE_LIMITS.codeMaxTries; i += 1) {
      expect((await takeCodeTry(t.db, s.share.id, 'code-hash'))?.tries).toBe(i);
    }
    expect(await takeCodeTry(t.db, s.share.id, 'code-hash')).toBeUndefined();

    const locked = await withCode();
    expect((await lockLink(t.db, locked.share.id, locked.now))?.share.id).toBe(locked.share.id);
    expect(await lockLink(t.db, locked.share.id, locked.now)).toBeUndefined();
    // The lock kills the code; one put back by a race would still not open the link.
    await updateShare(t.db, locked.share.id, { codeHash: 'code-hash' });
    expect(await takeCodeTry(t.db, locked.share.id, 'code-hash')).toBeUndefined();
    expect(await consumeCode(t.db, locked.share.id, 'code-hash')).toBe(false);
  });

  it('clears the codes expired before the time given, and keeps the live ones', async () => {
    const s = await accessScene(t.db);
    const expired = await insertShareRow(t.db, s.checklists.shared.id);
    const live = await insertShareRow(t.db, s.checklists.shared.id);
    await updateShare(t.db, expired.id, { codeHash: 'old', codeExpiresAt: new Date(s.now.getTime() - 1) });
    await updateShare(t.db, live.id, {
      codeHash: 'new',
      codeExpiresAt: new Date(s.now.getTime() + 10 * MINUTE_MS),
    });
    expect(await clearCodesExpiredBefore(t.db, s.now)).toBeGreaterThanOrEqual(1);
    const codeOf = async (id: string) =>
      (await t.db.select({ codeHash: shares.codeHash }).from(shares).where(eq(shares.id, id)))[0]?.codeHash;
    expect(await codeOf(expired.id)).toBeNull();
    expect(await codeOf(live.id)).toBe('new');
    expect(await consumeCode(t.db, expired.id, 'old')).toBe(false);
  });
});
