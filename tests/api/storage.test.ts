import { mkdtempSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Task } from '#domain/checklist';
import { PLAN_LIMITS } from '#domain/plans';
import { createDiskPhotoStore } from '#server/adapters/storage/disk-store';
import { runAdminCommand } from '#server/admin';
import { photos, teams } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Storage quotas (docs/storage.md, decision 0053), on PGlite and PostgreSQL. Pins: the team's figure
 * is the bytes its photos' objects take in the store (both sizes), through every write and delete
 * (upload, replace, PATCH photoUrl null, reference photo set and removed, a recipient's upload, a
 * checklist's delete); an upload past the limit is 403 storage_quota_exceeded {usedBytes, limitBytes}
 * and leaves no object, no row and the figure as it was, for the owner and for a recipient (whose
 * owner is told, once a day); uploads at once never pass the limit; the recount puts a drifted figure
 * right; the owners are warned once at 80%.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-storage-'));
const photoDir = path.join(dataDir, 'photos');
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const FREE_LIMIT = PLAN_LIMITS.free.storageBytes as number;

/** The bytes of the objects under these checklists' folders (sidecars left out), as the store holds them. */
async function bytesInStore(...checklistIds: string[]): Promise<number> {
  let total = 0;
  for (const checklistId of checklistIds) {
    const dir = path.join(photoDir, checklistId);
    let entries: import('node:fs').Dirent[] = [];
    try {
      entries = await readdir(dir, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.includes('~')) continue;
      total += (await stat(path.join(entry.parentPath, entry.name))).size;
    }
  }
  return total;
}

async function objectsInStore(checklistId: string): Promise<number> {
  try {
    const entries = await readdir(path.join(photoDir, checklistId), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && !entry.name.includes('~')).length;
  } catch {
    return 0;
  }
}

async function teamFigure(teamId: string): Promise<number> {
  const [row] = await t.db.select({ used: teams.storageUsedBytes }).from(teams).where(eq(teams.id, teamId));
  return row?.used as number;
}

async function setTeamFigure(teamId: string, usedBytes: number): Promise<void> {
  await t.db.update(teams).set({ storageUsedBytes: usedBytes }).where(eq(teams.id, teamId));
}

async function photoRows(checklistId: string) {
  return t.db.select().from(photos).where(eq(photos.checklistId, checklistId));
}

async function ownerWithChecklist(taskCount = 3) {
  const owner = await signInOwner(t.app, 'storage');
  const teamId = await ownedTeamId(t.db, owner.uid);
  const checklist = await createChecklist(owner, {}, taskCount);
  return { owner, teamId, checklist, taskIds: checklist.tasks.map((task) => task.id) };
}

const upload = (
  owner: Owner | { cookie: string | null },
  checklistId: string,
  taskId: string,
  bytes: Buffer,
) => uploadPhoto(t.app, owner.cookie, checklistId, taskId, bytes);

async function notificationsOf(owner: Owner) {
  const list = (await owner.call('GET', '/api/notifications')).json().notifications as {
    kind: string;
    checklistName: string;
    reason: string | null;
  }[];
  return list.filter((entry) => entry.kind.startsWith('storage_'));
}

describe('the team figure counts every stored byte, through every write and delete', () => {
  it('upload, replace, PATCH photoUrl null, reference photo, a recipient, and the checklist delete', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist();
    const [first, second, third] = taskIds as [string, string, string];
    const expectCounted = async (what: string) => {
      const inStore = await bytesInStore(checklist.id);
      expect(await teamFigure(teamId), what).toBe(inStore);
      // Each photo row keeps its own bytes; the figure is their sum.
      const rows = await photoRows(checklist.id);
      expect(
        rows.reduce((sum, row) => sum + row.storedBytes, 0),
        what,
      ).toBe(inStore);
      return inStore;
    };
    expect(await expectCounted('nothing yet')).toBe(0);

    expect((await upload(owner, checklist.id, first, await testJpeg(1600, 1200))).statusCode).toBe(200);
    const one = await expectCounted('one photo');
    expect(one).toBeGreaterThan(10_000);
    // GET /api/team and the subscription answer the same figure.
    expect((await owner.call('GET', '/api/team')).json().team.storage).toEqual({
      usedBytes: one,
      limitBytes: FREE_LIMIT,
    });
    expect((await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json().storage).toEqual({
      usedBytes: one,
      limitBytes: FREE_LIMIT,
    });

    // Replaced by a smaller picture: the old one's bytes go.
    expect((await upload(owner, checklist.id, first, await testJpeg(400, 300))).statusCode).toBe(200);
    const replaced = await expectCounted('replaced');
    expect(replaced).toBeLessThan(one);
    expect(await photoRows(checklist.id)).toHaveLength(1);

    expect((await upload(owner, checklist.id, second, await testJpeg())).statusCode).toBe(200);
    await expectCounted('two photos');
    const removed = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${second}`, {
      photoUrl: null,
    });
    expect(removed.statusCode).toBe(200);
    expect(await expectCounted('photoUrl null')).toBe(replaced);

    const referenceUrl = `/api/checklists/${checklist.id}/tasks/${third}/reference-photo`;
    const setReference = await uploadPhoto(t.app, owner.cookie, checklist.id, third, await testJpeg(), {
      route: 'reference-photo',
    });
    expect(setReference.statusCode).toBe(200);
    expect(await expectCounted('reference photo')).toBeGreaterThan(replaced);
    expect((await owner.call('DELETE', referenceUrl)).statusCode).toBe(200);
    expect(await expectCounted('reference photo removed')).toBe(replaced);

    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    expect((await upload(browser, checklist.id, third, await testJpeg(800, 800))).statusCode).toBe(200);
    expect(await expectCounted("a recipient's photo")).toBeGreaterThan(replaced);

    // A second checklist of the team counts too; deleting the first frees all of its bytes at once.
    const other = await createChecklist(owner, {}, 1);
    expect((await upload(owner, other.id, other.tasks[0]?.id as string, await testJpeg())).statusCode).toBe(
      200,
    );
    const otherBytes = await bytesInStore(other.id);
    expect(await teamFigure(teamId)).toBe((await bytesInStore(checklist.id)) + otherBytes);
    expect((await owner.call('DELETE', `/api/checklists/${checklist.id}`)).statusCode).toBe(204);
    expect(await teamFigure(teamId)).toBe(otherBytes);
  });

  it("another team's photos never count in this team's figure", async () => {
    const a = await ownerWithChecklist(1);
    const b = await ownerWithChecklist(1);
    expect((await upload(a.owner, a.checklist.id, a.taskIds[0] as string, await testJpeg())).statusCode).toBe(
      200,
    );
    expect(await teamFigure(a.teamId)).toBeGreaterThan(0);
    expect(await teamFigure(b.teamId)).toBe(0);
  });
});

describe('an upload past the limit is refused before anything is stored', () => {
  it("the owner's: 403 storage_quota_exceeded; no object, no row, the figure and task as they were", async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist();
    // Room for a few bytes only: the photo itself does not fit.
    const used = FREE_LIMIT - 1000;
    await setTeamFigure(teamId, used);
    const response = await upload(owner, checklist.id, taskIds[0] as string, await testJpeg());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'storage_quota_exceeded',
        message:
          "Your team's storage is full (1024 MB of 1 GB). Delete photos or upgrade your plan to add more.",
        usedBytes: used,
        limitBytes: FREE_LIMIT,
      },
    });
    expect(await objectsInStore(checklist.id)).toBe(0);
    expect(await photoRows(checklist.id)).toEqual([]);
    expect(await teamFigure(teamId)).toBe(used);
    const task = (await getChecklist(owner, checklist.id)).tasks[0] as Task;
    expect([task.completed, task.photoUrl]).toEqual([false, null]);

    // A reference photo is stored bytes too.
    const reference = await uploadPhoto(
      t.app,
      owner.cookie,
      checklist.id,
      taskIds[1] as string,
      await testJpeg(),
      {
        route: 'reference-photo',
      },
    );
    expect(reference.statusCode).toBe(403);
    expect(errorOf(reference).code).toBe('storage_quota_exceeded');
    expect(await objectsInStore(checklist.id)).toBe(0);

    // A team exactly at its limit is refused too; a higher plan's limit lets the same photo in.
    await setTeamFigure(teamId, FREE_LIMIT);
    expect((await upload(owner, checklist.id, taskIds[0] as string, await testJpeg())).statusCode).toBe(403);
    await t.db.update(teams).set({ tier: 'professional' }).where(eq(teams.id, teamId));
    expect((await upload(owner, checklist.id, taskIds[0] as string, await testJpeg())).statusCode).toBe(200);
  });

  it("a recipient's: refused with words about the owner; the owner is told once a day", async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist();
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    await setTeamFigure(teamId, FREE_LIMIT - 10);

    const refused = await upload(browser, checklist.id, taskIds[0] as string, await testJpeg());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'storage_quota_exceeded',
      message: "The owner's storage is full, so this photo can't be saved. We told the owner.",
      usedBytes: FREE_LIMIT - 10,
      limitBytes: FREE_LIMIT,
    });
    expect(await objectsInStore(checklist.id)).toBe(0);
    expect(await photoRows(checklist.id)).toEqual([]);
    expect(await teamFigure(teamId)).toBe(FREE_LIMIT - 10);

    const told = await notificationsOf(owner);
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'storage_full',
        checklistName: "storage person's team",
        reason: "A recipient's photo was refused (1024 MB of 1 GB used). Delete photos or upgrade your plan.",
      }),
    ]);
    // A second refusal the same day tells nobody again.
    expect((await upload(browser, checklist.id, taskIds[1] as string, await testJpeg())).statusCode).toBe(
      403,
    );
    expect(await notificationsOf(owner)).toHaveLength(1);
    // A day later it would: the claim is a time on the team.
    await t.db
      .update(teams)
      .set({ storageFullToldAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(teams.id, teamId));
    expect((await upload(browser, checklist.id, taskIds[1] as string, await testJpeg())).statusCode).toBe(
      403,
    );
    expect(await notificationsOf(owner)).toHaveLength(2);
  });

  it('uploads at once never take the team past its limit', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist(5);
    const picture = await testJpeg(1000, 750);
    // One photo's stored bytes, learnt from a photo in another team (the encoding is deterministic).
    const probe = await ownerWithChecklist(1);
    expect(
      (await upload(probe.owner, probe.checklist.id, probe.taskIds[0] as string, picture)).statusCode,
    ).toBe(200);
    const size = await teamFigure(probe.teamId);
    // Room for one and a half: one fits, a second would pass the limit.
    const start = FREE_LIMIT - size - Math.floor(size / 2);
    await setTeamFigure(teamId, start);

    const answers = await Promise.all(taskIds.map((taskId) => upload(owner, checklist.id, taskId, picture)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403, 403]);
    expect(await teamFigure(teamId)).toBe(start + size);
    expect(await teamFigure(teamId)).toBeLessThanOrEqual(FREE_LIMIT);
    // The refused uploads' objects (written before the locked check refused some of them) are gone.
    expect(await objectsInStore(checklist.id)).toBe(2);
    expect(await photoRows(checklist.id)).toHaveLength(1);
  });
});

describe('npm run admin -- recount-storage', () => {
  const admin = async (...args: string[]) => {
    const lines: string[] = [];
    const store = createDiskPhotoStore(photoDir);
    const code = await runAdminCommand(args, t.database, (line) => lines.push(line), { store });
    return { code, output: lines.join('\n') };
  };

  it('puts a drifted figure and a wrong photo size right from the store, and says what changed', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist(2);
    for (const taskId of taskIds) {
      expect((await upload(owner, checklist.id, taskId, await testJpeg())).statusCode).toBe(200);
    }
    const inStore = await bytesInStore(checklist.id);
    const [photo] = await photoRows(checklist.id);
    // Drift: a photo's bytes wrong (the trigger moves the figure with it), then the figure by hand.
    await t.db
      .update(photos)
      .set({ storedBytes: 1 })
      .where(eq(photos.id, photo?.id as string));
    await setTeamFigure(teamId, 12_345);

    const fixed = await admin('recount-storage', teamId);
    expect(fixed.code).toBe(0);
    expect(fixed.output).toBe(
      `team ${teamId}: 12345 -> ${inStore} bytes (${(inStore / 1024).toFixed(0)} KB; 2 photos, 1 corrected).`,
    );
    expect(await teamFigure(teamId)).toBe(inStore);
    expect((await photoRows(checklist.id)).reduce((sum, row) => sum + row.storedBytes, 0)).toBe(inStore);

    const again = await admin('recount-storage', teamId);
    expect(again.output).toMatch(
      new RegExp(`^team ${teamId}: .* \\(${inStore} bytes\\), unchanged \\(2 photos, 0 corrected\\)\\.$`),
    );

    // Every team at once lists this one among them.
    const all = await admin('recount-storage');
    expect(all.code).toBe(0);
    expect(all.output).toContain(`team ${teamId}: `);
  });

  it('counts a missing object as nothing and names it; an unknown team is an error', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist(1);
    expect((await upload(owner, checklist.id, taskIds[0] as string, await testJpeg())).statusCode).toBe(200);
    const [photo] = await photoRows(checklist.id);
    await rm(path.join(photoDir, photo?.thumbKey as string));
    const result = await admin('recount-storage', teamId);
    expect(result.output).toContain('1 corrected, 1 objects missing from the store');
    expect(await teamFigure(teamId)).toBe(await bytesInStore(checklist.id));

    expect(await admin('recount-storage', 'team_nobody')).toEqual({
      code: 1,
      output: 'No team has the id team_nobody.',
    });
    expect((await admin('recount-storage', 'a', 'b')).code).toBe(64);
  });
});

describe('the 80% warning', () => {
  it('is told once when an upload passes 80%, and again only after the figure fell below', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist(4);
    const [a, b, c, d] = taskIds as [string, string, string, string];
    await setTeamFigure(teamId, Math.floor(FREE_LIMIT * 0.8) - 100);
    expect((await upload(owner, checklist.id, a, await testJpeg())).statusCode).toBe(200);
    const warned = await notificationsOf(owner);
    expect(warned).toEqual([
      expect.objectContaining({
        kind: 'storage_warning',
        reason: expect.stringMatching(/^819\.\d MB of 1 GB used\. Uploads stop at the limit/),
      }),
    ]);
    expect((await upload(owner, checklist.id, b, await testJpeg())).statusCode).toBe(200);
    expect(await notificationsOf(owner)).toHaveLength(1);

    // Below 80% again (photos deleted, or a bigger plan): the next upload forgets the warning...
    await setTeamFigure(teamId, 1000);
    expect((await upload(owner, checklist.id, c, await testJpeg())).statusCode).toBe(200);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    expect(team?.storageWarnedAt).toBeNull();
    expect(await notificationsOf(owner)).toHaveLength(1);
    // ...so a later rise past 80% warns again.
    await setTeamFigure(teamId, Math.floor(FREE_LIMIT * 0.8));
    expect((await upload(owner, checklist.id, d, await testJpeg())).statusCode).toBe(200);
    expect((await notificationsOf(owner)).map((entry) => entry.kind)).toEqual([
      'storage_warning',
      'storage_warning',
    ]);
  });

  it('an unlimited plan is never warned', async () => {
    const { owner, teamId, checklist, taskIds } = await ownerWithChecklist(1);
    await t.db
      .update(teams)
      .set({ tier: 'enterprise', storageUsedBytes: 500 * FREE_LIMIT })
      .where(eq(teams.id, teamId));
    expect((await upload(owner, checklist.id, taskIds[0] as string, await testJpeg())).statusCode).toBe(200);
    expect(await notificationsOf(owner)).toEqual([]);
  });
});
