import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDiskPhotoStore } from '#server/adapters/storage/disk-store';
import { jobRuns, notifications, sessions, shares } from '#server/db/schema/index';
import { JobScheduler } from '#server/job-scheduler';
import { JOB_TIMINGS, type JobName, type PeriodicJob } from '#server/services/jobs';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { otherInstances } from '#tests/support/instances';
import { filesUnder, testJpeg, uploadPhoto } from '#tests/support/photos';
import { share } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * The periodic jobs (services/jobs.ts): each period runs on one instance however many look, and each
 * job deletes what ran out and nothing else.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-jobs-'));
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
const instance = otherInstances(t);

const HOUR = 60 * 60_000;
const ALL_JOBS: JobName[] = [
  'expired-sessions',
  'expired-idempotency-keys',
  'expired-verification-codes',
  'expired-rate-limit-windows',
  'orphaned-photos',
  'old-notifications',
  'overdue-checklists',
  'due-reminders',
  'due-schedules',
  'old-webhook-deliveries',
  'booking-calendars',
];

/** Makes every job due again (as if its period had passed). */
async function allDue() {
  await t.db.update(jobRuns).set({ nextRunAt: sql`now() - interval '1 second'` });
}

describe('the scheduler', () => {
  it('runs each job once across two schedulers on one database, then not again until its period passed', async () => {
    await allDue();
    const ran: string[] = [];
    const counting = (name: JobName): PeriodicJob => ({
      name,
      everyMs: HOUR,
      run: async () => {
        ran.push(name);
        // Long enough that the other scheduler looks while this one is still running.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 0;
      },
    });
    const other = await instance();
    const names = ['test-a', 'test-b', 'test-c'] as unknown as JobName[];
    const schedulers = [
      new JobScheduler(t.db, names.map(counting), t.app.log, { runner: 'one' }),
      new JobScheduler(other.db, names.map(counting), other.app.log, { runner: 'two' }),
    ];
    const [first, second] = await Promise.all(schedulers.map((s) => s.runDue()));
    expect(ran.sort()).toEqual([...names].sort());
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual([...names].sort());

    // Not due: nobody runs anything.
    expect(await Promise.all(schedulers.map((s) => s.runDue()))).toEqual([[], []]);
    expect(ran).toHaveLength(3);

    // One job's period passed: it runs once more, on one of them.
    await t.db
      .update(jobRuns)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobRuns.name, 'test-b'));
    const again = await Promise.all(schedulers.map((s) => s.runDue()));
    expect(again.flat()).toEqual(['test-b']);
    expect(ran.filter((name) => name === 'test-b')).toHaveLength(2);
  });

  it("runs the app's jobs once between two instances; schedules and calendars on each (their work is claimed piece by piece)", async () => {
    await allDue();
    const other = await instance();
    const ran = await Promise.all([t.app.jobs.runDue(), other.app.jobs.runDue()]);
    const onEach: JobName[] = ['due-schedules', 'booking-calendars'];
    expect(ran.flat().sort()).toEqual([...ALL_JOBS, ...onEach].sort());
    // Not claimed, so not waiting for a period: the next look runs them again.
    expect((await t.app.jobs.runDue()).sort()).toEqual([...onEach].sort());
  });

  it('an every-instance job never runs twice at once in one instance: a look joins the run in hand', async () => {
    let running = 0;
    let most = 0;
    const job: PeriodicJob = {
      name: 'test-own' as JobName,
      everyMs: HOUR,
      everyInstance: true,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return 1;
      },
    };
    const scheduler = new JobScheduler(t.db, [job], t.app.log, { runner: 'one' });
    expect(await Promise.all([scheduler.runDue(), scheduler.runDue()])).toEqual([['test-own'], ['test-own']]);
    expect(most).toBe(1);
  });

  it('a failing job is logged and does not stop the others', async () => {
    await allDue();
    const ran: string[] = [];
    const errors: unknown[] = [];
    const log = { ...t.app.log, info: () => {}, error: (object: unknown) => errors.push(object) };
    const scheduler = new JobScheduler(
      t.db,
      [
        { name: 'test-fails' as JobName, everyMs: HOUR, run: () => Promise.reject(new Error('store away')) },
        {
          name: 'test-works' as JobName,
          everyMs: HOUR,
          run: async () => {
            ran.push('works');
            return 1;
          },
        },
      ],
      log as typeof t.app.log,
    );
    expect(await scheduler.runDue()).toEqual(['test-works']);
    expect(ran).toEqual(['works']);
    expect(errors).toHaveLength(1);
  });
});

describe('what each job deletes', () => {
  async function runJob(name: JobName) {
    await t.db
      .update(jobRuns)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobRuns.name, name));
    // Only this one is due (the others ran in an earlier test or are claimed by this look).
    const ran = await t.app.jobs.runDue();
    expect(ran).toContain(name);
  }

  it('notifications read a month ago, or made half a year ago, go; newer ones and unread ones stay', async () => {
    const owner = await signInOwner(t.app, 'notified');
    const checklist = await createChecklist(owner);
    const now = Date.now();
    const DAY = 24 * HOUR;
    const made = async (id: string, createdDaysAgo: number, readDaysAgo: number | null) => {
      await t.db.insert(notifications).values({
        id,
        ownerId: owner.uid,
        checklistId: checklist.id,
        kind: 'submitted',
        checklistName: checklist.name,
        createdAt: new Date(now - createdDaysAgo * DAY),
        readAt: readDaysAgo === null ? null : new Date(now - readDaysAgo * DAY),
      });
    };
    await made('ntf_read_long_ago', 40, 31);
    await made('ntf_read_lately', 40, 29);
    await made('ntf_unread_old', 100, null);
    await made('ntf_unread_ancient', 181, null);
    await made('ntf_new', 0, null);
    await runJob('old-notifications');
    const left = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.ownerId, owner.uid));
    expect(left.map((row) => row.id).sort()).toEqual(['ntf_new', 'ntf_read_lately', 'ntf_unread_old']);
    const listed = await owner.call('GET', '/api/notifications');
    expect(listed.json().notifications.map((n: { id: string }) => n.id)).toEqual([
      'ntf_new',
      'ntf_read_lately',
      'ntf_unread_old',
    ]);
  });

  it('expired sessions go, live ones stay', async () => {
    const live = await signInOwner(t.app, 'live');
    const gone = await signInOwner(t.app, 'gone');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, gone.uid));
    await runJob('expired-sessions');
    const left = await t.db.select({ userId: sessions.userId }).from(sessions);
    expect(left.map((row) => row.userId)).toContain(live.uid);
    expect(left.map((row) => row.userId)).not.toContain(gone.uid);
  });

  it('codes expired longer than the grace are forgotten; live and just-expired ones, and the tries, stay', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const [live, justExpired, longExpired] = [
      await share(owner, checklist.id, { email: 'live@example.com' }),
      await share(owner, checklist.id, { email: 'just@example.com' }),
      await share(owner, checklist.id, { email: 'long@example.com' }),
    ];
    const now = Date.now();
    const setExpiry = (shareId: string, at: number) =>
      t.db
        .update(shares)
        .set({ codeExpiresAt: new Date(at), codeWrongTries: 2 })
        .where(eq(shares.id, shareId));
    await setExpiry(justExpired.shareId, now - JOB_TIMINGS.verificationCodeGraceMs + 60_000);
    await setExpiry(longExpired.shareId, now - JOB_TIMINGS.verificationCodeGraceMs - 60_000);
    await runJob('expired-verification-codes');
    const rows = await t.db
      .select({ id: shares.id, codeHash: shares.codeHash, tries: shares.codeWrongTries })
      .from(shares)
      .where(eq(shares.checklistId, checklist.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(live.shareId)?.codeHash).not.toBeNull();
    expect(byId.get(justExpired.shareId)?.codeHash).not.toBeNull();
    expect(byId.get(longExpired.shareId)).toMatchObject({ codeHash: null, tries: 2 });
  });

  it('orphaned photo files older than the grace go; named, young and foreign files stay', async () => {
    const { checklist, photoAnswers } = await checklistWithPhoto();
    const photosDir = path.join(dataDir, 'photos');
    const store = createDiskPhotoStore(photosDir);
    const named = await filesUnder(photosDir);
    expect(named).toHaveLength(2);

    const bytes = Buffer.from('not really a photo');
    const orphan = `${checklist.id}/photo_orphanOLD/display.jpg`;
    const orphanThumb = `${checklist.id}/photo_orphanOLD/thumb.jpg`;
    const young = `${checklist.id}/photo_orphanNEW/display.jpg`;
    const foreign = 'backups/keep-me.jpg';
    for (const key of [orphan, orphanThumb, young, foreign]) await store.put(key, bytes, 'image/jpeg');
    // Everything but the young orphan was written two days ago (the upload too).
    const old = new Date(Date.now() - 2 * 24 * HOUR);
    for (const file of [...named, orphan, orphanThumb, foreign]) {
      await utimes(path.join(photosDir, file), old, old);
    }

    await runJob('orphaned-photos');
    expect((await filesUnder(photosDir)).sort()).toEqual([...named, young, foreign].sort());
    expect(await photoAnswers()).toBe(200);
  });

  it("the disk store's temp files left by a crash mid-write go once older than the grace; young ones and photos stay", async () => {
    const { checklist, photoAnswers } = await checklistWithPhoto();
    const photosDir = path.join(dataDir, 'photos');
    const before = await tree(photosDir);
    const [display] = (await filesUnder(photosDir)).filter((file) => file.startsWith(checklist.id));
    const photoDir = path.join(photosDir, path.dirname(display as string));
    // As writeAtomically names them: '<file>~<16 hex digits>.tmp', beside the photo and its sidecar.
    const oldTemp = path.join(photoDir, 'display.jpg~0123456789abcdef.tmp');
    const oldSidecarTemp = path.join(photoDir, 'display.jpg~meta.json~00112233445566ff.tmp');
    const youngTemp = path.join(photoDir, 'thumb.jpg~fedcba9876543210.tmp');
    // A crash in the first write of a photo's folder: the folder holds nothing else.
    const loneDir = path.join(photosDir, checklist.id, 'photo_crashed');
    const loneTemp = path.join(loneDir, 'display.jpg~aaaaaaaaaaaaaaaa.tmp');
    await mkdir(loneDir, { recursive: true });
    for (const file of [oldTemp, oldSidecarTemp, youngTemp, loneTemp]) await writeFile(file, 'half a photo');
    const old = new Date(Date.now() - 2 * 24 * HOUR);
    for (const file of [oldTemp, oldSidecarTemp, loneTemp]) await utimes(file, old, old);
    // The photo itself is as old: named by its row, it stays.
    for (const file of await tree(path.join(photosDir, checklist.id))) {
      if (!file.endsWith('.tmp')) await utimes(path.join(photosDir, checklist.id, file), old, old);
    }

    await runJob('orphaned-photos');
    expect(await tree(photosDir)).toEqual([...before, path.relative(photosDir, youngTemp)].sort());
    await expect(stat(loneDir)).rejects.toThrow(/ENOENT/);
    expect(await photoAnswers()).toBe(200);
  });
});

/** A new owner's checklist with a proof photo on its first task; `photoAnswers` reads it as the owner. */
async function checklistWithPhoto() {
  const owner = await signInOwner(t.app);
  const checklist = await createChecklist(owner);
  const taskId = checklist.tasks[0]?.id as string;
  const uploaded = await uploadPhoto(t.app, owner.cookie, checklist.id, taskId, await testJpeg(400, 300));
  expect(uploaded.statusCode).toBe(200);
  const photoUrl = (uploaded.json() as { photoUrl: string }).photoUrl;
  const photoAnswers = async () =>
    (await t.app.inject({ method: 'GET', url: photoUrl, headers: { cookie: owner.cookie } })).statusCode;
  return { checklist, photoAnswers };
}

/** Every file below `dir` (sidecars too), relative to it, sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
