import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '#domain/activity';
import type { Checklist, Task } from '#domain/checklist';
import { photos } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, signInOwner } from '#tests/support/checklists';
import { type FakeNominatim, startFakeNominatim } from '#tests/support/fake-nominatim';
import { heicTakenAt, jpegTakenAt, pngTakenAt } from '#tests/support/photo-evidence';
import { testJpeg, testPicture, uploadPhoto } from '#tests/support/photos';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Photo evidence (issue 34, docs/review-and-proof.md): the camera's time and offset read from JPEG,
 * HEIC and PNG before re-encoding, the capture source and the consented location sent with the upload,
 * the checklist's address and its point, the distance, and who sees what.
 */

const t = setupTestApp();

async function ownerWithChecklist() {
  const owner = await signInOwner(t.app, 'host');
  const checklist = await createChecklist(owner, {
    tasks: [
      { description: 'Kitchen', photoRequired: true },
      { description: 'Bathroom', photoRequired: true },
      { description: 'Bedroom', photoRequired: true },
    ],
  });
  const taskIds = checklist.tasks.map((task) => task.id);
  return { owner, checklist, taskIds };
}

/** The owner's upload: `uploadPhoto` with their cookie. */
const ownerUpload = (
  owner: { cookie: string },
  ...rest: Parameters<typeof uploadPhoto> extends [unknown, unknown, ...infer Tail] ? Tail : never
) => uploadPhoto(t.app, owner.cookie, ...rest);

const taskOf = (checklist: Checklist, taskId: string) => checklist.tasks.find((task) => task.id === taskId);

describe('capture time, read before re-encoding', () => {
  it('JPEG: DateTimeOriginal with OffsetTimeOriginal, in the upload answer, the checklist and the trail', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const taskId = taskIds[0] as string;
    const before = Date.now();
    const response = await ownerUpload(
      owner,
      checklist.id,
      taskId,
      await jpegTakenAt({ dateTime: '2026:11:20 09:15:00', offset: '+02:00' }),
      { fields: { captureSource: 'camera' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const task: Task = response.json();
    expect(task).toMatchObject({
      photoCapturedAt: '2026-11-20T09:15:00+02:00',
      photoCaptureSource: 'camera',
      photoLocation: null,
    });
    const received = Date.parse(task.photoReceivedAt as string);
    expect(received).toBeGreaterThanOrEqual(before - 1_000);
    expect(received).toBeLessThanOrEqual(Date.now() + 1_000);

    const read = taskOf(await getChecklist(owner, checklist.id), taskId);
    expect(read).toMatchObject({
      photoCapturedAt: '2026-11-20T09:15:00+02:00',
      photoReceivedAt: task.photoReceivedAt,
      photoCaptureSource: 'camera',
    });

    const trail: ActivityPage = (await owner.call('GET', `/api/checklists/${checklist.id}/activity`)).json();
    const added = trail.entries.find((entry) => entry.action === 'photo_added');
    expect(added).toMatchObject({
      photoCapturedAt: '2026-11-20T09:15:00+02:00',
      photoReceivedAt: task.photoReceivedAt,
      photoCaptureSource: 'camera',
    });
  });

  it('HEIC (converted): the EXIF item of the container, no offset when the camera wrote none', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const response = await ownerUpload(
      owner,
      checklist.id,
      taskIds[0] as string,
      await heicTakenAt('2025:06:01 07:45:30'),
      { filename: 'IMG_0001.HEIC', type: 'image/heic', fields: { captureSource: 'library' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      photoCapturedAt: '2025-06-01T07:45:30',
      photoCaptureSource: 'library',
    });
  });

  it('PNG: its eXIf chunk when it has one, no capture time when it has none', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const withExif = await ownerUpload(
      owner,
      checklist.id,
      taskIds[0] as string,
      await pngTakenAt({ dateTime: '2024:02:29 23:59:59', offset: '-05:00' }),
      { filename: 'shot.png', type: 'image/png' },
    );
    expect(withExif.json()).toMatchObject({
      photoCapturedAt: '2024-02-29T23:59:59-05:00',
      photoCaptureSource: null,
    });
    const plain = await ownerUpload(
      owner,
      checklist.id,
      taskIds[1] as string,
      await testPicture(200, 100).png().toBuffer(),
      { filename: 'shot.png', type: 'image/png' },
    );
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ photoCapturedAt: null, photoCaptureSource: null });
    expect((plain.json() as Task).photoReceivedAt).not.toBeNull();
  });

  it('a removed photo takes its evidence with it', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const taskId = taskIds[0] as string;
    await ownerUpload(owner, checklist.id, taskId, await jpegTakenAt({ dateTime: '2026:01:01 10:00:00' }));
    const removed = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${taskId}`, {
      photoUrl: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(taskOf(removed.json(), taskId)).toMatchObject({
      photoUrl: null,
      photoCapturedAt: null,
      photoReceivedAt: null,
      photoCaptureSource: null,
      photoLocation: null,
    });
    expect(taskOf(await getChecklist(owner, checklist.id), taskId)).toMatchObject({ photoCapturedAt: null });
  });
});

describe('the upload fields: refused with 400 when wrong, nothing stored', () => {
  const bad: Array<[string, Record<string, string>, string]> = [
    ['an unknown capture source', { captureSource: 'gallery' }, 'captureSource'],
    ['a latitude past the pole', { latitude: '90.5', longitude: '4', accuracy: '10' }, 'latitude'],
    ['a longitude past the date line', { latitude: '52', longitude: '-180.01', accuracy: '10' }, 'longitude'],
    ['a negative accuracy', { latitude: '52', longitude: '4', accuracy: '-1' }, 'accuracy'],
    ['an accuracy of no use', { latitude: '52', longitude: '4', accuracy: '100001' }, 'accuracy'],
    ['a latitude that is not a number', { latitude: '52N', longitude: '4', accuracy: '10' }, 'latitude'],
    ['half a location', { latitude: '52', longitude: '4' }, 'latitude'],
  ];
  for (const [label, fields, path] of bad) {
    it(`refuses ${label}`, async () => {
      const { owner, checklist, taskIds } = await ownerWithChecklist();
      const response = await ownerUpload(owner, checklist.id, taskIds[0] as string, await testJpeg(), {
        fields,
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
      expect(taskOf(await getChecklist(owner, checklist.id), taskIds[0] as string)?.photoUrl).toBeNull();
    });
  }
});

describe('location: only when sent, measured from the address, the team’s alone', () => {
  it('keeps the location in the photo row and answers the distance from the address point', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    // The point typed as coordinates: the local geocoder reads those.
    const located = await owner.call('PUT', `/api/checklists/${checklist.id}/address`, {
      address: '52.3676, 4.9041',
    });
    expect(located.statusCode, located.body).toBe(200);
    expect(located.json()).toMatchObject({
      address: '52.3676, 4.9041',
      addressLocation: { latitude: 52.3676, longitude: 4.9041 },
    });
    // 0.0004 degrees of latitude north: 44 m; 0.01 degrees: 1.1 km.
    const near = await ownerUpload(owner, checklist.id, taskIds[0] as string, await testJpeg(), {
      fields: { captureSource: 'camera', latitude: '52.368', longitude: '4.9041', accuracy: '12.6' },
    });
    expect(near.json()).toMatchObject({
      photoLocation: { latitude: 52.368, longitude: 4.9041, accuracyM: 13, distanceM: 44 },
    });
    await ownerUpload(owner, checklist.id, taskIds[1] as string, await testJpeg(), {
      fields: { latitude: '52.3776', longitude: '4.9041', accuracy: '30' },
    });
    const read = await getChecklist(owner, checklist.id);
    expect(taskOf(read, taskIds[1] as string)?.photoLocation).toEqual({
      latitude: 52.3776,
      longitude: 4.9041,
      accuracyM: 30,
      distanceM: 1_112,
    });
    const [row] = await t.db
      .select()
      .from(photos)
      .where(
        eq(
          photos.id,
          taskOf(read, taskIds[0] as string)
            ?.photoUrl?.split('/')
            .pop() as string,
        ),
      );
    expect(row).toMatchObject({
      latitude: 52.368,
      longitude: 4.9041,
      locationAccuracyM: 13,
      captureSource: 'camera',
    });
  });

  it('keeps no location when none was sent; a photo with one but no address has no distance', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const none = await ownerUpload(owner, checklist.id, taskIds[0] as string, await testJpeg());
    expect(none.json()).toMatchObject({ photoLocation: null, photoCaptureSource: null });
    const [row] = await t.db
      .select()
      .from(photos)
      .where(eq(photos.id, (none.json() as Task).photoUrl?.split('/').pop() as string));
    expect(row).toMatchObject({ latitude: null, longitude: null, locationAccuracyM: null });
    const noAddress = await ownerUpload(owner, checklist.id, taskIds[1] as string, await testJpeg(), {
      fields: { latitude: '-33.8688', longitude: '151.2093', accuracy: '8' },
    });
    expect(noAddress.json()).toMatchObject({
      photoLocation: { latitude: -33.8688, longitude: 151.2093, accuracyM: 8, distanceM: null },
    });
  });

  it('a recipient may send a location, and never sees one: not in its answers, the owner does', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    await owner.call('PUT', `/api/checklists/${checklist.id}/address`, {
      address: '1 Quay St',
      location: { latitude: 51.5, longitude: -0.12 },
    });
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const taskId = taskIds[0] as string;
    const uploaded = await uploadPhoto(t.app, browser.cookie, checklist.id, taskId, await testJpeg(), {
      fields: { captureSource: 'camera', latitude: '51.5001', longitude: '-0.12', accuracy: '5' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ photoCaptureSource: 'camera', photoLocation: null });
    const shared = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=en`);
    const sharedTask = taskOf((shared.json() as { checklist: Checklist }).checklist, taskId);
    expect(sharedTask).toMatchObject({ photoCaptureSource: 'camera', photoLocation: null });
    expect(shared.body).not.toContain('51.5001');
    const own = taskOf(await getChecklist(owner, checklist.id), taskId);
    expect(own?.photoLocation).toEqual({ latitude: 51.5001, longitude: -0.12, accuracyM: 5, distanceM: 11 });
    // The recipient cannot set the address either.
    const refused = await browser.call('PUT', `/api/checklists/${checklist.id}/address`, {
      address: 'Elsewhere',
    });
    expect([401, 404]).toContain(refused.statusCode);
  });
});

describe('the checklist address', () => {
  it('refuses an address over 300 characters and a point out of range; clears with null', async () => {
    const { owner, checklist } = await ownerWithChecklist();
    const url = `/api/checklists/${checklist.id}/address`;
    const long = await owner.call('PUT', url, { address: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('validation_failed');
    const far = await owner.call('PUT', url, { address: 'Home', location: { latitude: 91, longitude: 0 } });
    expect(far.statusCode).toBe(400);
    const set = await owner.call('PUT', url, { address: 'Home', location: { latitude: 10, longitude: 20 } });
    expect(set.json()).toMatchObject({ address: 'Home', addressLocation: { latitude: 10, longitude: 20 } });
    const cleared = await owner.call('PUT', url, { address: null });
    expect(cleared.json()).toMatchObject({ address: null, addressLocation: null });
  });

  it('an address the local geocoder cannot read is kept, honestly not located', async () => {
    const { owner, checklist } = await ownerWithChecklist();
    const saved = await owner.call('PUT', `/api/checklists/${checklist.id}/address`, {
      address: '12 Rose Lane, Bath',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ address: '12 Rose Lane, Bath', addressLocation: null });
    expect(await getChecklist(owner, checklist.id)).toMatchObject({
      address: '12 Rose Lane, Bath',
      addressLocation: null,
    });
  });
});

describe('the address looked up by a Nominatim-compatible geocoder (GEOCODER_URL)', () => {
  let nominatim: FakeNominatim;
  beforeAll(async () => {
    nominatim = await startFakeNominatim({
      '10 Downing Street, London': { lat: 51.5033635, lon: -0.1276248 },
    });
  });
  afterAll(async () => nominatim.close());

  it('finds a known address, says not found for an unknown one, 503 when it is down', async () => {
    const app = await t.buildApp({ env: { GEOCODER_URL: nominatim.url } });
    const owner = await signInOwner(app.app, 'geo');
    const checklist = await createChecklist(owner);
    const url = `/api/checklists/${checklist.id}/address`;
    const found = await owner.call('PUT', url, { address: '10 Downing Street, London' });
    expect(found.json()).toMatchObject({ addressLocation: { latitude: 51.5033635, longitude: -0.1276248 } });
    expect(nominatim.queries.at(-1)).toMatchObject({ q: '10 Downing Street, London', limit: '1' });
    expect(nominatim.queries.at(-1)?.userAgent).toMatch(/^ListSync \(\+https?:\/\//);
    // The same address again: its point is kept, nobody is asked.
    const asked = nominatim.queries.length;
    await owner.call('PUT', url, { address: '10 Downing Street, London' });
    expect(nominatim.queries.length).toBe(asked);
    const unknown = await owner.call('PUT', url, { address: 'Nowhere Street 999' });
    expect(unknown.json()).toMatchObject({ address: 'Nowhere Street 999', addressLocation: null });
    nominatim.fail(503);
    const down = await owner.call('PUT', url, { address: 'Another Street 1' });
    expect(down.statusCode).toBe(503);
    expect(errorOf(down).code).toBe('service_unavailable');
    nominatim.fail(null);
    expect(await getChecklist(owner, checklist.id)).toMatchObject({ address: 'Nowhere Street 999' });
  });
});

describe('answers that name a task with a proof photo keep its evidence', () => {
  it('a reference photo set or removed answers the task with its proof’s evidence', async () => {
    const { owner, checklist, taskIds } = await ownerWithChecklist();
    const taskId = taskIds[0] as string;
    await owner.call('PUT', `/api/checklists/${checklist.id}/address`, { address: '0, 0' });
    const proof = await ownerUpload(
      owner,
      checklist.id,
      taskId,
      await jpegTakenAt({ dateTime: '2026:11:20 09:15:00', offset: '+02:00' }),
      { fields: { captureSource: 'camera', latitude: '0.001', longitude: '0', accuracy: '5' } },
    );
    const evidence = {
      photoCapturedAt: '2026-11-20T09:15:00+02:00',
      photoReceivedAt: (proof.json() as Task).photoReceivedAt,
      photoCaptureSource: 'camera',
      photoLocation: { latitude: 0.001, longitude: 0, accuracyM: 5, distanceM: 111 },
    };
    const set = await ownerUpload(owner, checklist.id, taskId, await testJpeg(), {
      route: 'reference-photo',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject(evidence);
    const removed = await owner.call(
      'DELETE',
      `/api/checklists/${checklist.id}/tasks/${taskId}/reference-photo`,
    );
    expect(removed.json()).toMatchObject({ referencePhotoUrl: null, ...evidence });
  });
});
