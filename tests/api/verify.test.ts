import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Task } from '#domain/checklist';
import { VERIFY_LIMITS } from '#domain/verify';
import { renderChecklistReport } from '#server/services/report';
import { reportPdf } from '#server/services/report-layout';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { uploadPhoto } from '#tests/support/photos';
import { attachedData } from '#tests/support/report-files';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { ownedTeamId } from '#tests/support/teams';
import { setupTestApp, uniqueEmail, uniqueIp } from '#tests/support/test-app';

const t = setupTestApp();

const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** POST /api/verify as anyone (no cookie), from its own address unless one is given. */
function check(payload: unknown, remoteAddress = uniqueIp(), headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/verify',
    remoteAddress,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const photoIdOf = (task: Task) => task.photoUrl?.split('/').pop() ?? '';

/**
 * A photo no other test sends (its colour drawn at random): the same picture sent twice is one file,
 * and /verify answers when it was first recorded.
 */
function uniqueJpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  const channel = () => Math.floor(Math.random() * 256);
  const background = { r: channel(), g: channel(), b: channel() };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * An owner's checklist with distinctive names, shared with a recipient (name and e-mail), who sends a
 * photo and then replaces it with another: the answers must name none of it.
 */
async function checklistWithPhotos() {
  const owner = await signInOwner(t.app, 'priscilla');
  const checklist = await createChecklist(owner, { name: 'Harbour View Villa turnover' }, 2);
  const recipientEmail = uniqueEmail('quentin.cleaner');
  const sent = await share(owner, checklist.id, { email: recipientEmail, recipientName: 'Quentin Cleaner' });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  const taskId = checklist.tasks[0]?.id ?? '';
  const first = await uniqueJpeg(900, 600);
  const firstAnswer = await uploadPhoto(t.app, browser.cookie, checklist.id, taskId, first);
  expect(firstAnswer.statusCode).toBe(200);
  const second = await uniqueJpeg(640, 480, 70);
  const received = new Date();
  const secondAnswer = await uploadPhoto(t.app, browser.cookie, checklist.id, taskId, second);
  expect(secondAnswer.statusCode).toBe(200);
  const photoId = photoIdOf(secondAnswer.json());
  const names = [checklist.name, checklist.id, 'priscilla', 'Quentin', recipientEmail, owner.uid, photoId];
  return { owner, checklist, browser, first, second, received, photoId, names };
}

function expectMatch(response: LightMyRequestResponse, kind: 'photo' | 'report', after: Date) {
  expect(response.statusCode).toBe(200);
  const answer = response.json();
  expect(Object.keys(answer).sort()).toEqual(['kind', 'match', 'recordedAt']);
  expect(answer).toMatchObject({ match: true, kind });
  const at = new Date(answer.recordedAt).getTime();
  expect(at).toBeGreaterThanOrEqual(after.getTime() - 1_000);
  expect(at).toBeLessThanOrEqual(Date.now());
  return answer as { recordedAt: string };
}

function expectNothingNamed(response: LightMyRequestResponse, names: string[]) {
  for (const name of names) expect(response.body).not.toContain(name);
}

describe('POST /api/verify', () => {
  it('knows a downloaded report by its bytes and by its data, and says only that and when', async () => {
    const { owner, checklist, names } = await checklistWithPhotos();
    const before = new Date();
    const download = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(download.statusCode).toBe(200);
    const pdf = download.rawPayload;
    const data = attachedData(pdf);
    expect(sha256Of(data)).toBe(download.headers['x-report-sha256']);

    const byPdf = await check({ sha256: sha256Of(pdf) });
    const { recordedAt } = expectMatch(byPdf, 'report', before);
    expectNothingNamed(byPdf, names);
    // Its data (report-data.json) is recorded with it, at the same time.
    const byData = await check({ sha256: sha256Of(data) });
    expect(byData.json()).toEqual({ match: true, kind: 'report', recordedAt });
    // Any case: the hash is taken as hexadecimal, kept lowercase.
    expect((await check({ sha256: ` ${sha256Of(pdf).toUpperCase()} ` })).json()).toEqual(byPdf.json());

    // One byte changed: no longer the file ListSync issued.
    const edited = Buffer.from(pdf);
    edited[edited.length - 2] = (edited[edited.length - 2] ?? 0) ^ 1;
    expect((await check({ sha256: sha256Of(edited) })).json()).toEqual({ match: false });
  });

  it('records the e-mailed report too: the renderer both paths use records each report it makes', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, { name: 'Boiler service' }, 1);
    const before = new Date();
    const report = await renderChecklistReport(
      {
        db: t.db,
        store: { get: async () => null },
        work: { reportPdf },
        publicUrl: new URL('https://listsync.example'),
      },
      { kind: 'team', teamId: await ownedTeamId(t.db, owner.uid) },
      checklist.id,
    );
    expect(report.pdfSha256).toBe(sha256Of(report.bytes));
    expectMatch(await check({ sha256: report.pdfSha256 }), 'report', before);
    expectMatch(await check({ sha256: report.sha256 }), 'report', before);
  });

  it('knows a photo by the copy ListSync serves and by the original, which stays known once replaced', async () => {
    const { owner, first, second, received, photoId, names } = await checklistWithPhotos();
    const served = await owner.call('GET', `/api/photos/${photoId}`);
    expect(served.statusCode).toBe(200);
    const copy = served.rawPayload;
    expect(sha256Of(copy)).not.toBe(sha256Of(second));

    const byCopy = await check({ sha256: sha256Of(copy) });
    const { recordedAt } = expectMatch(byCopy, 'photo', received);
    expectNothingNamed(byCopy, names);
    const byOriginal = await check({ sha256: sha256Of(second) });
    expect(byOriginal.json()).toMatchObject({ match: true, kind: 'photo' });
    // The two records of one upload are written together: the earliest of them is the answer.
    expect(Math.abs(Date.parse(byOriginal.json().recordedAt) - Date.parse(recordedAt))).toBeLessThan(5_000);
    // The photo it replaced: its row and files are gone, the trail keeps its original's hash.
    const replaced = await check({ sha256: sha256Of(first) });
    expect(replaced.json()).toMatchObject({ match: true, kind: 'photo' });
    expect(Date.parse(replaced.json().recordedAt)).toBeLessThanOrEqual(Date.parse(recordedAt));
    expectNothingNamed(replaced, names);
  });

  it('answers an unknown hash with no match and nothing else', async () => {
    const response = await check({ sha256: sha256Of(`never recorded ${Math.random()}`) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"match":false}');
  });

  it('needs no sign-in, but refuses a post from another site like every public form', async () => {
    const foreign = await check({ sha256: 'a'.repeat(64) }, uniqueIp(), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).code).toBe('cross_site_request');
    const same = await check({ sha256: 'a'.repeat(64) }, uniqueIp(), { 'sec-fetch-site': 'same-origin' });
    expect(same.json()).toEqual({ match: false });
  });

  it.each([
    ['too short', { sha256: 'abc123' }],
    ['too long', { sha256: 'a'.repeat(65) }],
    ['not hexadecimal', { sha256: 'g'.repeat(64) }],
    ['a number', { sha256: 12345 }],
    ['missing', {}],
    ['with another field', { sha256: 'a'.repeat(64), checklistId: 'checklist_1' }],
    ['no body', undefined],
  ])('refuses a hash %s with 400 validation_failed', async (_label, payload) => {
    const response = await check(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
  });

  it(`allows ${VERIFY_LIMITS.perIpPerMinute} checks a minute from one address, then 429 with Retry-After`, async () => {
    const ip = uniqueIp();
    const hash = 'b'.repeat(64);
    for (let i = 0; i < VERIFY_LIMITS.perIpPerMinute; i++) {
      expect((await check({ sha256: hash }, ip)).statusCode).toBe(200);
    }
    const refused = await check({ sha256: hash }, ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted on its own.
    expect((await check({ sha256: hash })).statusCode).toBe(200);
  });
});
