import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklists } from '#server/db/schema/index';
import { countTeamChecklists, listTeamChecklists, teamCounters } from '#server/repositories/checklist-list';
import { sessionAndListFingerprint, sessionAndRevision } from '#server/repositories/checklist-session-reads';
import {
  checklistInReach,
  checklistLanguagesRow,
  deleteChecklistRow,
  lockChecklist,
  ownedChecklistWithOwner,
  readChecklistRow,
  touchChecklist,
  updateChecklistAtVersion,
} from '#server/repositories/checklists';
import { writeRemarksIfLater } from '#server/repositories/remarks';
import {
  accessScene,
  asOwner,
  asRecipient,
  insertSessionRow,
  MINUTE_MS,
  SESSION_POLICY,
  setupTestDatabase,
} from '#tests/support/access-rows';

/**
 * repositories/checklists.ts: every statement that names a checklist for someone is scoped by
 * `isInReach` / `isInTeamsOf`. Pins: the owner reads, lists, counts and changes their own; another
 * owner's access reads nothing and changes nothing (revision, name, remarks, the row itself); a
 * recipient's access reaches the one checklist of its grant and no other of the same owner; the
 * session-checking reads answer nothing for an expired session; a deleted checklist reads as absent.
 */

const t = setupTestDatabase();

async function stored(checklistId: string) {
  const [row] = await t.db.select().from(checklists).where(eq(checklists.id, checklistId));
  return row;
}

describe('reading one checklist: the owner their own, a recipient the one of their grant', () => {
  it('the owner reads each of theirs, with its tasks in order', async () => {
    const s = await accessScene(t.db);
    const shared = await readChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id);
    expect(shared?.name).toBe('Cabin turnover');
    expect(shared?.tasks.map((task) => task.id)).toEqual(['task_1', 'task_2']);
    expect((await readChecklistRow(t.db, asOwner(s.host.id), s.checklists.unshared.id))?.name).toBe('Garage');
  });

  it("another owner reads none of the host's", async () => {
    const s = await accessScene(t.db);
    for (const checklist of [s.checklists.shared, s.checklists.unshared]) {
      expect(await readChecklistRow(t.db, asOwner(s.stranger.id), checklist.id)).toBeUndefined();
      expect(await checklistInReach(t.db, asOwner(s.stranger.id), checklist.id)).toBe(false);
      expect(await ownedChecklistWithOwner(t.db, asOwner(s.stranger.id), checklist.id)).toBeUndefined();
      expect(await checklistLanguagesRow(t.db, asOwner(s.stranger.id), checklist.id)).toBeUndefined();
    }
  });

  it('a recipient reads the checklist of their grant, and no other checklist of the same owner', async () => {
    const s = await accessScene(t.db);
    const jane = asRecipient(s);
    expect((await readChecklistRow(t.db, jane, s.checklists.shared.id))?.id).toBe(s.checklists.shared.id);
    expect(await checklistInReach(t.db, jane, s.checklists.shared.id)).toBe(true);
    for (const checklist of [s.checklists.unshared, s.checklists.strangers]) {
      expect(await readChecklistRow(t.db, jane, checklist.id)).toBeUndefined();
      expect(await checklistInReach(t.db, jane, checklist.id)).toBe(false);
      expect(await checklistLanguagesRow(t.db, jane, checklist.id)).toBeUndefined();
    }
  });

  it("a read on the server's behalf (a team scope) reaches the team's checklists, not another team's", async () => {
    const s = await accessScene(t.db);
    const hostsTeam = { kind: 'team', teamId: s.host.id } as const;
    expect((await readChecklistRow(t.db, hostsTeam, s.checklists.unshared.id))?.name).toBe('Garage');
    expect(await readChecklistRow(t.db, hostsTeam, s.checklists.strangers.id)).toBeUndefined();
  });

  it('a deleted checklist reads as absent, to its owner and its recipient', async () => {
    const s = await accessScene(t.db);
    expect(await deleteChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id)).toBe(true);
    expect(await readChecklistRow(t.db, asOwner(s.host.id), s.checklists.shared.id)).toBeUndefined();
    expect(await readChecklistRow(t.db, asRecipient(s), s.checklists.shared.id)).toBeUndefined();
    expect(await checklistInReach(t.db, asOwner(s.host.id), s.checklists.shared.id)).toBe(false);
  });
});

describe("a team's list and counts hold its own checklists only", () => {
  it("lists and counts the host's team's two, the other owner's team's one, each apart", async () => {
    const s = await accessScene(t.db);
    const hostList = await listTeamChecklists(t.db, s.host.id);
    expect(hostList.rows.map((row) => row.id).sort()).toEqual(
      [s.checklists.shared.id, s.checklists.unshared.id].sort(),
    );
    expect((await listTeamChecklists(t.db, s.stranger.id)).rows.map((row) => row.id)).toEqual([
      s.checklists.strangers.id,
    ]);
    expect(await countTeamChecklists(t.db, s.host.id)).toBe(2);
    expect(await countTeamChecklists(t.db, s.stranger.id)).toBe(1);
    const counts = await teamCounters(t.db, s.stranger.id, { now: s.now, timeZone: 'UTC' });
    expect(counts.activeChecklists).toBe(1);
  });
});

const WHOLE_LIST = { after: null, limit: null, assignee: null };

describe('the session-checking reads: a live session, and the checklist only if its user owns it', () => {
  it("answers the owner's revision, none to another owner, nothing for an expired session", async () => {
    const s = await accessScene(t.db);
    const own = await sessionAndRevision(t.db, s.host.idHash, s.checklists.shared.id, s.now);
    expect(own?.userId).toBe(s.host.id);
    expect(own?.revision).toBe(1);

    const other = await sessionAndRevision(t.db, s.stranger.idHash, s.checklists.shared.id, s.now);
    expect(other?.userId).toBe(s.stranger.id);
    expect(other?.revision).toBeNull();

    const expired = await insertSessionRow(t.db, s.host.id, s.now, {
      createdAt: new Date(s.now.getTime() - SESSION_POLICY.idleMs - MINUTE_MS),
      expiresAt: s.now,
    });
    expect(await sessionAndRevision(t.db, expired, s.checklists.shared.id, s.now)).toBeUndefined();
    expect(await sessionAndListFingerprint(t.db, expired, s.now, WHOLE_LIST)).toBeUndefined();
  });

  it("the list's fingerprint follows the session's own checklists, not another owner's changes", async () => {
    const s = await accessScene(t.db);
    const before = await sessionAndListFingerprint(t.db, s.stranger.idHash, s.now, WHOLE_LIST);
    expect(await touchChecklist(t.db, asOwner(s.host.id), s.checklists.shared.id)).toEqual({
      addressPoint: null,
    });
    expect((await sessionAndListFingerprint(t.db, s.stranger.idHash, s.now, WHOLE_LIST))?.fingerprint).toBe(
      before?.fingerprint,
    );
    expect(await touchChecklist(t.db, asOwner(s.stranger.id), s.checklists.strangers.id)).toEqual({
      addressPoint: null,
    });
    expect(
      (await sessionAndListFingerprint(t.db, s.stranger.idHash, s.now, WHOLE_LIST))?.fingerprint,
    ).not.toBe(before?.fingerprint);
  });
});

describe('changing a checklist: only an access that reaches it changes anything', () => {
  it("another owner's edit, remarks, touch, lock and delete change nothing", async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.shared.id;
    const before = await stored(id);
    const stranger = asOwner(s.stranger.id);
    expect(
      await updateChecklistAtVersion(t.db, stranger, id, { name: 'Mine now', version: 1 }),
    ).toBeUndefined();
    expect(await writeRemarksIfLater(t.db, stranger, id, { remarks: 'hijacked' })).toBeNull();
    expect(await touchChecklist(t.db, stranger, id)).toBeUndefined();
    expect(await t.db.transaction((tx) => lockChecklist(tx, stranger, id))).toBe(false);
    expect(await deleteChecklistRow(t.db, stranger, id)).toBe(false);
    expect(await stored(id)).toEqual(before);
  });

  it("a recipient's access changes nothing of another checklist of the same owner", async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.unshared.id;
    const before = await stored(id);
    const jane = asRecipient(s);
    expect(await writeRemarksIfLater(t.db, jane, id, { remarks: 'not mine' })).toBeNull();
    expect(await touchChecklist(t.db, jane, id)).toBeUndefined();
    expect(await t.db.transaction((tx) => lockChecklist(tx, jane, id))).toBe(false);
    expect(await updateChecklistAtVersion(t.db, jane, id, { name: 'Renamed', version: 1 })).toBeUndefined();
    expect(await deleteChecklistRow(t.db, jane, id)).toBe(false);
    expect(await stored(id)).toEqual(before);
  });

  it('the recipient writes remarks on the checklist of their grant; the owner edits theirs', async () => {
    const s = await accessScene(t.db);
    const id = s.checklists.shared.id;
    expect(await writeRemarksIfLater(t.db, asRecipient(s), id, { remarks: 'All done' })).toMatchObject({
      remarks: 'All done',
      revision: 2,
    });
    expect((await stored(id))?.remarks).toBe('All done');
    expect((await stored(id))?.revision).toBe(2);
    expect(
      await updateChecklistAtVersion(t.db, asOwner(s.host.id), id, { name: 'Renamed', version: 1 }),
    ).toEqual({
      submittedAt: null,
    });
    expect((await stored(id))?.name).toBe('Renamed');
  });
});
