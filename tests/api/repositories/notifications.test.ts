import { describe, expect, it } from 'vitest';
import { newId } from '#server/ids';
import { deleteChecklistRow } from '#server/repositories/checklists';
import {
  claimCodeMissingNotice,
  insertNotification,
  listNotifications,
  markRead,
  noticeFacts,
} from '#server/repositories/notifications';
import {
  type AccessScene,
  accessScene,
  asOwner,
  insertShareRow,
  MINUTE_MS,
  newTokenHash,
  replaceLink,
  revokeShare,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/notifications.ts, the owner's notices (decision 0024). Pins: an owner lists, counts
 * and marks read their own notifications only (another owner's ids are ignored); what a notice says
 * of a share is said only for a share of that checklist, and nothing for a deleted checklist; "I
 * didn't get a code" is taken only from a live link (a revoked or replaced link, or an unknown token,
 * tells the owner nothing).
 */

const t = setupTestDatabase();

async function notify(ownerId: string, checklistId: string) {
  return insertNotification(t.db, {
    id: newId('notification'),
    ownerId,
    checklistId,
    shareId: null,
    kind: 'submitted',
    checklistName: 'Cabin turnover',
    recipientLabel: null,
    byName: null,
    reason: null,
  });
}

describe('an owner lists and marks read their own notifications only', () => {
  it("another owner's list and count hold none of the host's, and their mark-read changes none", async () => {
    const s = await accessScene(t.db);
    const hosts = await notify(s.host.id, s.checklists.shared.id);
    const strangers = await notify(s.stranger.id, s.checklists.strangers.id);

    const strangerList = await listNotifications(t.db, s.stranger.id, 10);
    expect(strangerList.rows.map((row) => row.id)).toEqual([strangers.id]);
    expect(strangerList.unreadCount).toBe(1);

    await markRead(t.db, s.stranger.id, [hosts.id], s.now);
    await markRead(t.db, s.stranger.id, undefined, s.now);
    const hostList = await listNotifications(t.db, s.host.id, 10);
    expect(hostList.rows.map((row) => [row.id, row.readAt])).toEqual([[hosts.id, null]]);
    expect(hostList.unreadCount).toBe(1);
    expect((await listNotifications(t.db, s.stranger.id, 10)).unreadCount).toBe(0);
  });
});

describe("a notice's facts name a share of that checklist only", () => {
  it('names the share of the checklist; nothing of a share of another checklist', async () => {
    const s = await accessScene(t.db);
    expect((await noticeFacts(t.db, s.checklists.shared.id, s.share.id))?.share?.id).toBe(s.share.id);
    const elsewhere = await insertShareRow(t.db, s.checklists.unshared.id);
    const facts = await noticeFacts(t.db, s.checklists.shared.id, elsewhere.id);
    expect(facts?.ownerId).toBe(s.host.id);
    expect(facts?.share).toBeNull();
  });

  it('answers nothing for a deleted checklist', async () => {
    const s = await accessScene(t.db);
    await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id);
    expect(await noticeFacts(t.db, s.checklists.shared.id, s.share.id)).toBeUndefined();
  });
});

describe('"I didn\'t get a code" is taken from a live link only', () => {
  const earliest = (s: AccessScene) => new Date(s.now.getTime() - 30 * MINUTE_MS);

  it('a live link claims it once per interval', async () => {
    const s = await accessScene(t.db);
    expect(await claimCodeMissingNotice(t.db, s.share.tokenHash, s.now, earliest(s))).toMatchObject({
      id: s.share.id,
      claimed: true,
    });
    expect(await claimCodeMissingNotice(t.db, s.share.tokenHash, s.now, earliest(s))).toMatchObject({
      claimed: false,
    });
  });

  it('a revoked link, a replaced link or an unknown token claims nothing', async () => {
    const s = await accessScene(t.db);
    const replaced = await insertShareRow(t.db, s.checklists.shared.id);
    await replaceLink(t.db, replaced.id);
    await revokeShare(t.db, s.share);
    for (const tokenHash of [s.share.tokenHash, replaced.tokenHash, newTokenHash()]) {
      expect(await claimCodeMissingNotice(t.db, tokenHash, s.now, earliest(s))).toBeUndefined();
    }
  });
});
