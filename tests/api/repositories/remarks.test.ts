import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistActivity, checklists } from '#server/db/schema/index';
import { writeRemarksIfLater } from '#server/repositories/remarks';
import { accessScene, asOwner, asRecipient, setupTestDatabase } from '#tests/support/access-rows';

/**
 * repositories/remarks.ts: the remarks and the trail's entry of who wrote them are one statement, so
 * the entry is there exactly when the remarks changed: for the recipient of the grant (their share's
 * name copied in) and for the owner (their name), never for someone out of reach or an older write.
 */

const t = setupTestDatabase();

async function trailOf(checklistId: string) {
  return t.db
    .select({
      action: checklistActivity.action,
      actorKind: checklistActivity.actorKind,
      shareId: checklistActivity.shareId,
      shareName: checklistActivity.shareName,
      actorUserId: checklistActivity.actorUserId,
      actorName: checklistActivity.actorName,
    })
    .from(checklistActivity)
    .where(eq(checklistActivity.checklistId, checklistId))
    .orderBy(asc(checklistActivity.at));
}

async function remarksOf(checklistId: string) {
  const [row] = await t.db
    .select({
      remarks: checklists.remarks,
      revision: checklists.revision,
      language: checklists.remarksLanguage,
    })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row;
}

describe('remarks and their record, in one statement', () => {
  it('the recipient’s remarks are recorded as theirs, with the share’s name as it is now', async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.shared.id;
    const written = await writeRemarksIfLater(t.db, asRecipient(s), id, { remarks: 'Towels were short' });
    expect(written).toMatchObject({ remarks: 'Towels were short', revision: 2, teamId: s.host.id });
    expect(written?.updatedAt).toBeInstanceOf(Date);
    expect(await remarksOf(id)).toMatchObject({ remarks: 'Towels were short', revision: 2 });
    expect(await trailOf(id)).toEqual([
      {
        action: 'remarks_changed',
        actorKind: 'recipient',
        shareId: s.share.id,
        shareName: 'Jane',
        actorUserId: null,
        actorName: null,
      },
    ]);
  });

  it('the owner’s remarks are recorded with the member who wrote them', async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.unshared.id;
    const written = await writeRemarksIfLater(t.db, asOwner(s.host.id), id, {
      remarks: 'Checked twice',
      language: 'de',
    });
    expect(written).toMatchObject({ remarks: 'Checked twice', revision: 2 });
    expect(await remarksOf(id)).toMatchObject({ language: 'de' });
    const [entry] = await trailOf(id);
    expect(entry).toMatchObject({ action: 'remarks_changed', actorKind: 'owner', shareId: null });
    expect(entry?.actorUserId).toBe(s.host.id);
    expect(entry?.actorName).toEqual(expect.any(String));
  });

  it('a write out of reach or older than the last one changes nothing and records nothing', async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.shared.id;
    expect(await writeRemarksIfLater(t.db, asOwner(s.stranger.id), id, { remarks: 'hijacked' })).toBeNull();
    const first = await writeRemarksIfLater(t.db, asRecipient(s), id, {
      remarks: 'Later',
      changedAt: new Date().toISOString(),
    });
    expect(first?.revision).toBe(2);
    const older = new Date(Date.now() - 60_000).toISOString();
    expect(
      await writeRemarksIfLater(t.db, asRecipient(s), id, { remarks: 'Earlier', changedAt: older }),
    ).toBeNull();
    expect(await remarksOf(id)).toMatchObject({ remarks: 'Later', revision: 2 });
    expect((await trailOf(id)).map((entry) => entry.action)).toEqual(['remarks_changed']);
  });

  it('an API token writes on its own team’s checklists only; a recipient may name the language', async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.shared.id;
    const token = { ...asOwner(s.host.id), viaToken: true };
    const elsewhere = { ...asOwner(s.host.id, s.stranger.id), viaToken: true };
    expect(await writeRemarksIfLater(t.db, elsewhere, id, { remarks: 'Wrong team' })).toBeNull();
    expect(await writeRemarksIfLater(t.db, token, id, { remarks: 'From the PMS' })).toMatchObject({
      revision: 2,
    });
    expect(
      await writeRemarksIfLater(t.db, asRecipient(s), id, { remarks: 'Hecho', language: 'es' }),
    ).toMatchObject({
      revision: 3,
    });
    expect(await remarksOf(id)).toMatchObject({ remarks: 'Hecho', language: 'es' });
    expect((await trailOf(id)).map((entry) => entry.actorKind)).toEqual(['owner', 'recipient']);
  });
});
