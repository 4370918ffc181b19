import { describe, expect, it } from 'vitest';
import { activityPage, recordActivity } from '#server/repositories/activity';
import { deleteChecklistRow } from '#server/repositories/checklists';
import { accessScene, asOwner, revokeShare, setupTestDatabase } from '#tests/support/access-rows';

/**
 * repositories/activity.ts, the trail of a checklist (docs/decisions/0023). Pins: a page of the trail
 * is read by the checklist's owner only (another owner, or a deleted checklist: nothing, not even an
 * empty page), and holds that checklist's entries only, never those of another checklist of the same
 * owner; a recipient's entry names who they were from their share, and still does once the share is
 * revoked.
 */

const t = setupTestDatabase();

const FIRST_PAGE = { limit: 20, before: null };

describe("a checklist's trail is read by its owner only", () => {
  it("the owner reads their checklist's entries, and only that checklist's", async () => {
    const s = await accessScene(t.db);
    await recordActivity(t.db, { checklistId: s.checklists.shared.id, shareId: null, action: 'submitted' });
    await recordActivity(t.db, {
      checklistId: s.checklists.unshared.id,
      shareId: null,
      action: 'remarks_changed',
    });
    const page = await activityPage(t.db, asOwner(s.host.id), s.checklists.shared.id, FIRST_PAGE);
    expect(page?.rows.map((row) => row.action)).toEqual(['submitted']);
    expect(page?.hasMore).toBe(false);
  });

  it("another owner reads nothing of the host's trail", async () => {
    const s = await accessScene(t.db);
    await recordActivity(t.db, { checklistId: s.checklists.shared.id, shareId: null, action: 'submitted' });
    expect(await activityPage(t.db, asOwner(s.stranger.id), s.checklists.shared.id, FIRST_PAGE)).toBeNull();
  });

  it('a deleted checklist has no trail to read', async () => {
    const s = await accessScene(t.db);
    await recordActivity(t.db, { checklistId: s.checklists.shared.id, shareId: null, action: 'submitted' });
    await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id);
    expect(await activityPage(t.db, asOwner(s.host.id), s.checklists.shared.id, FIRST_PAGE)).toBeNull();
  });
});

describe("a recipient's entry names them from their share, and stands on its own", () => {
  it('keeps who acted after the share is revoked', async () => {
    const s = await accessScene(t.db);
    await recordActivity(t.db, {
      checklistId: s.checklists.shared.id,
      shareId: s.share.id,
      action: 'submitted',
    });
    await revokeShare(t.db, s.share);
    const page = await activityPage(t.db, asOwner(s.host.id), s.checklists.shared.id, FIRST_PAGE);
    expect(page?.rows).toEqual([
      expect.objectContaining({
        action: 'submitted',
        actorKind: 'recipient',
        shareName: 'Jane',
        shareChannel: 'email',
        shareContact: s.share.contact,
      }),
    ]);
  });
});
