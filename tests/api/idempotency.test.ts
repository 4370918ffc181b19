import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { IDEMPOTENCY_MESSAGES } from '#domain/offline';
import { checklistActivity, idempotencyKeys, photos } from '#server/db/schema/index';
import { deleteExpiredIdempotencyKeys } from '#server/services/idempotency';
import {
  asEdit,
  createChecklist,
  draft,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
} from '#tests/support/checklists';
import { filesUnder, testJpeg } from '#tests/support/photos';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { freePort, setupTestApp } from '#tests/support/test-app';

/**
 * Work replayed after a lost answer, or queued offline and sent again, carries an Idempotency-Key:
 * the same key and request applies once and answers the same; anything else with that key is refused
 * (docs/api.md "Retries and offline writes").
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'listsync-idempotency-'));
const photoDir = path.join(dataDir, 'photos');
const t = setupTestApp({ env: { DATA_DIR: dataDir } });
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function newKey(): string {
  return randomUUID();
}

/** A call with this cookie and (unless null) this Idempotency-Key. */
function send(
  app: FastifyInstance,
  cookie: string | null,
  method: Method,
  url: string,
  key: string | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(key !== null ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function asOwner(owner: Owner, method: Method, url: string, key: string | null, payload?: unknown) {
  return send(t.app, owner.cookie, method, url, key, payload);
}

function taskUrl(checklist: Checklist, index: number): string {
  return `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`;
}

function uploadWithKey(
  cookie: string,
  checklist: Checklist,
  index: number,
  bytes: Buffer,
  key: string,
  app: FastifyInstance = t.app,
) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return app.inject({
    method: 'POST',
    url: `${taskUrl(checklist, index)}/photo`,
    headers: { cookie, 'idempotency-key': key },
    payload: form,
  });
}

function replayed(response: LightMyRequestResponse): boolean {
  return response.headers['idempotent-replayed'] === 'true';
}

/** A checklist of `tasks` tasks shared with a recipient browser that verified its code: its cookie. */
async function withVerifiedRecipient(owner: Owner, tasks: number) {
  const checklist = await createChecklist(owner, {}, tasks);
  const browser = recipientBrowser(t.app);
  await verified(browser, await share(owner, checklist.id));
  return { checklist, cookie: browser.cookie as string };
}

/** Of requests sent at once with one key: one applied; each other got its answer replayed, or 409. */
function expectAppliedOnce(answers: LightMyRequestResponse[]) {
  const applied = answers.filter((answer) => answer.statusCode === 200 && !replayed(answer));
  expect(applied).toHaveLength(1);
  for (const answer of answers) {
    if (answer === applied[0]) continue;
    if (answer.statusCode === 409) expect(errorOf(answer).code).toBe('idempotency_key_in_use');
    else expectReplayOf(answer, applied[0] as LightMyRequestResponse);
  }
}

/** The second answer is the first one again, marked as a replay; the first is not marked. */
function expectReplayOf(second: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(replayed(first)).toBe(false);
  expect(replayed(second)).toBe(true);
  expect(second.statusCode).toBe(first.statusCode);
  expect(second.body).toBe(first.body);
  expect(second.headers['content-type']).toBe(first.headers['content-type']);
}

/** An owner's checklist whose first task was ticked with a fresh key. */
async function tickedWithKey(taskCount: number) {
  const owner = await signInOwner(t.app);
  const checklist = await createChecklist(owner, {}, taskCount);
  const key = newKey();
  const first = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
  expect(first.statusCode).toBe(200);
  return { owner, checklist, key, first };
}

/** The stored row of this owner's key. */
function keyRow(owner: Owner, key: string) {
  return and(eq(idempotencyKeys.principal, owner.uid), eq(idempotencyKeys.key, key));
}

/** DELETE twice with one key: 204 both times, the second a replay with no body. */
/** Waits until the answer kept for this key is in the database (it is written just after it goes out). */
async function answerWritten(row: ReturnType<typeof keyRow>) {
  for (let tries = 0; tries < 100; tries += 1) {
    const [held] = await t.db.select({ status: idempotencyKeys.status }).from(idempotencyKeys).where(row);
    if (held?.status != null) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the answer was never written');
}

async function deleteTwiceWithOneKey(owner: Owner, url: string) {
  const key = newKey();
  const first = await asOwner(owner, 'DELETE', url, key);
  expect(first.statusCode).toBe(204);
  const again = await asOwner(owner, 'DELETE', url, key);
  expect(again.statusCode).toBe(204);
  expect(replayed(again)).toBe(true);
  expect(again.body).toBe('');
}

describe('the same key and request twice', () => {
  it('ticks once: the replay answers the first answer and does not tick again after an untick', async () => {
    const { owner, checklist, key, first } = await tickedWithKey(3);
    expect(first.json().tasks[0].completed).toBe(true);

    // Someone unticks it; the lost tick's retry must not tick it again.
    expect(
      (await asOwner(owner, 'PATCH', taskUrl(checklist, 0), null, { completed: false })).statusCode,
    ).toBe(200);
    const again = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expectReplayOf(again, first);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.completed).toBe(false);
  });

  it('writes remarks once; the same body with its keys in another order is the same request', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const url = `/api/checklists/${checklist.id}`;
    const key = newKey();
    const changedAt = new Date(Date.now() - 60_000).toISOString();
    const first = await asOwner(owner, 'PATCH', url, key, { remarks: 'Keys in the box', changedAt });
    expect(first.statusCode).toBe(200);
    expect(
      (await asOwner(owner, 'PATCH', url, null, { remarks: 'Keys with the neighbour' })).statusCode,
    ).toBe(200);
    const reordered = JSON.stringify({ changedAt, remarks: 'Keys in the box' });
    const again = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: owner.cookie, 'idempotency-key': key, 'content-type': 'application/json' },
      payload: reordered,
    });
    expectReplayOf(again, first);
    expect((await getChecklist(owner, checklist.id)).remarks).toBe('Keys with the neighbour');
  });

  it('creates one checklist, and does not count against the plan limit twice', async () => {
    const owner = await signInOwner(t.app);
    // The free plan holds 5: four now, the fifth created with a key and then replayed.
    for (let i = 0; i < 4; i += 1) await createChecklist(owner, { name: `List ${i}` });
    const key = newKey();
    const body = draft({ name: 'The fifth' });
    const first = await asOwner(owner, 'POST', '/api/checklists', key, body);
    expect(first.statusCode).toBe(201);
    const again = await asOwner(owner, 'POST', '/api/checklists', key, body);
    expectReplayOf(again, first);
    expect(again.json().id).toBe(first.json().id);

    const list = await owner.call('GET', '/api/checklists');
    expect(
      list
        .json()
        .map((row: { name: string }) => row.name)
        .filter((n: string) => n === 'The fifth'),
    ).toHaveLength(1);
    expect(list.json()).toHaveLength(5);
    // The limit is reached by the one creation, not by the replay.
    expect(errorOf(await owner.call('POST', '/api/checklists', draft())).code).toBe('plan_limit_reached');
  });

  it('submits once: a replay after the checklist was reopened does not submit it again', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    await owner.call('PATCH', taskUrl(checklist, 0), { completed: true });
    const key = newKey();
    const url = `/api/checklists/${checklist.id}/submit`;
    const first = await asOwner(owner, 'POST', url, key, { remarks: 'Done' });
    expect(first.statusCode).toBe(200);
    expect(first.json().submittedAt).not.toBeNull();
    // Unticking reopens it.
    await owner.call('PATCH', taskUrl(checklist, 0), { completed: false });
    expectReplayOf(await asOwner(owner, 'POST', url, key, { remarks: 'Done' }), first);
    const now = await getChecklist(owner, checklist.id);
    expect(now.submittedAt).toBeNull();
    expect(now.status).toBe('not-started');
  });

  it('deletes once: the replay answers 204 again where a plain retry gets 404', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const url = `/api/checklists/${checklist.id}`;
    await deleteTwiceWithOneKey(owner, url);
    expect((await asOwner(owner, 'DELETE', url, null)).statusCode).toBe(404);
  });

  it('edits once (PUT): the replay does not bump the version again; a stale version answers 409 with the current checklist', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const url = `/api/checklists/${checklist.id}`;
    const key = newKey();
    const edit = asEdit(checklist, { name: 'Renamed' });
    const first = await asOwner(owner, 'PUT', url, key, edit);
    expect(first.json().version).toBe(checklist.version + 1);
    expectReplayOf(await asOwner(owner, 'PUT', url, key, edit), first);
    expect((await getChecklist(owner, checklist.id)).version).toBe(checklist.version + 1);

    const stale = await asOwner(owner, 'PUT', url, newKey(), asEdit(checklist, { name: 'Stale' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'version_conflict',
      checklist: { id: checklist.id, name: 'Renamed', version: checklist.version + 1 },
    });
  });

  it('stores one photo: the replayed upload writes no second file and no second row', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Photo', photoRequired: true }],
    });
    const bytes = await testJpeg(800, 600);
    const key = newKey();
    const first = await uploadWithKey(owner.cookie, checklist, 0, bytes, key);
    expect(first.statusCode).toBe(200);
    const filesAfterFirst = await filesUnder(photoDir);
    // A new multipart boundary, the same field and bytes: the same request.
    const again = await uploadWithKey(owner.cookie, checklist, 0, bytes, key);
    expectReplayOf(again, first);
    expect(await filesUnder(photoDir)).toEqual(filesAfterFirst);
    const rows = await t.db
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.checklistId, checklist.id));
    expect(rows).toHaveLength(1);
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.photoUrl).toBe(first.json().photoUrl);

    // Another picture with that key is another request.
    const other = await uploadWithKey(owner.cookie, checklist, 0, await testJpeg(640, 480), key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
  });

  it('revokes a share once', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id);
    const url = `/api/checklists/${checklist.id}/shares/${sent.shareId}`;
    await deleteTwiceWithOneKey(owner, url);
  });

  it('works the same for a verified recipient, whose keys are their own', async () => {
    const owner = await signInOwner(t.app);
    const { checklist, cookie } = await withVerifiedRecipient(owner, 2);
    const key = newKey();
    const first = await send(t.app, cookie, 'PATCH', taskUrl(checklist, 1), key, { completed: true });
    expect(first.statusCode).toBe(200);
    expect(first.json().userId).toBeNull();
    expectReplayOf(
      await send(t.app, cookie, 'PATCH', taskUrl(checklist, 1), key, { completed: true }),
      first,
    );

    // The owner sending that key string is another principal: their request runs as their own.
    const byOwner = await asOwner(owner, 'PATCH', taskUrl(checklist, 1), key, { completed: false });
    expect(byOwner.statusCode).toBe(200);
    expect(replayed(byOwner)).toBe(false);
    expect(byOwner.json()).toMatchObject({ userId: owner.uid });
    expect(byOwner.json().tasks[1].completed).toBe(false);
  });
});

describe('a remark', () => {
  const remarksOf = async (checklistId: string) =>
    (
      await t.db
        .select({ action: checklistActivity.action })
        .from(checklistActivity)
        .where(eq(checklistActivity.checklistId, checklistId))
    ).filter((entry) => entry.action === 'remarks_changed');

  it("claims its key in its write: a recipient's replay answers the first answer; the owner's same key string is theirs", async () => {
    const owner = await signInOwner(t.app);
    const { checklist, cookie } = await withVerifiedRecipient(owner, 1);
    const url = `/api/checklists/${checklist.id}`;
    const key = newKey();
    const first = await send(t.app, cookie, 'PATCH', url, key, { remarks: 'Towels restocked' });
    expect(first.statusCode).toBe(200);
    expectReplayOf(await send(t.app, cookie, 'PATCH', url, key, { remarks: 'Towels restocked' }), first);
    expect(await remarksOf(checklist.id)).toHaveLength(1);
    const other = await send(t.app, cookie, 'PATCH', url, key, { remarks: 'Towels missing' });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');

    const byOwner = await asOwner(owner, 'PATCH', url, key, { remarks: 'Checked by the host' });
    expect(byOwner.statusCode).toBe(200);
    expect(replayed(byOwner)).toBe(false);
    expect(byOwner.json()).toMatchObject({ remarks: 'Checked by the host' });
    expect(await remarksOf(checklist.id)).toHaveLength(2);
  });

  it('applies once when sent three times at once: the others get its answer or 409', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const key = newKey();
    const url = `/api/checklists/${checklist.id}`;
    const answers = await Promise.all(
      [0, 1, 2].map(() => asOwner(owner, 'PATCH', url, key, { remarks: 'Keys in the box' })),
    );
    expectAppliedOnce(answers);
    expect(await remarksOf(checklist.id)).toHaveLength(1);
  });

  it('with more than remarks claims its key apart: the replay changes nothing again', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const url = `/api/checklists/${checklist.id}`;
    const key = newKey();
    const body = { remarks: 'Deep clean', dueAt: '2099-06-01T12:00:00.000Z' };
    const first = await asOwner(owner, 'PATCH', url, key, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject(body);
    // Changed since: the replay answers what was kept, and changes nothing back.
    expect((await asOwner(owner, 'PATCH', url, null, { remarks: 'Light clean' })).statusCode).toBe(200);
    expectReplayOf(await asOwner(owner, 'PATCH', url, key, body), first);
    expect((await getChecklist(owner, checklist.id)).remarks).toBe('Light clean');
    expect(await remarksOf(checklist.id)).toHaveLength(2);
  });
});

describe('a key used for another request', () => {
  it('is refused with 422 for another body, and for another path, and nothing runs', async () => {
    const { owner, checklist, key } = await tickedWithKey(3);

    const otherBody = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: false });
    expect(otherBody.statusCode).toBe(422);
    expect(errorOf(otherBody)).toEqual({
      code: 'idempotency_key_reused',
      message: IDEMPOTENCY_MESSAGES.reused,
    });
    const otherPath = await asOwner(owner, 'PATCH', taskUrl(checklist, 1), key, { completed: true });
    expect(otherPath.statusCode).toBe(422);
    const otherRoute = await asOwner(owner, 'PATCH', `/api/checklists/${checklist.id}`, key, {
      remarks: 'x',
    });
    expect(otherRoute.statusCode).toBe(422);

    const now = await getChecklist(owner, checklist.id);
    expect(now.tasks.map((task) => task.completed)).toEqual([true, false, false]);
    expect(now.remarks).toBe('');
  });

  it("is another user's own: their request with the same key string runs and gets its own answer", async () => {
    const alice = await signInOwner(t.app, 'alice');
    const bob = await signInOwner(t.app, 'bob');
    const key = newKey();
    const forAlice = await asOwner(alice, 'POST', '/api/checklists', key, draft({ name: 'Alice list' }));
    const forBob = await asOwner(bob, 'POST', '/api/checklists', key, draft({ name: 'Alice list' }));
    expect(forAlice.statusCode).toBe(201);
    expect(forBob.statusCode).toBe(201);
    expect(replayed(forBob)).toBe(false);
    expect(forBob.json().id).not.toBe(forAlice.json().id);
    expect(forBob.json().userId).toBe(bob.uid);
  });
});

describe('concurrent duplicates', () => {
  it('apply once: one creates, the other is told the key is in flight or gets the same answer', async () => {
    const owner = await signInOwner(t.app);
    const key = newKey();
    const body = draft({ name: 'Sent twice at once' });
    const answers = await Promise.all([
      asOwner(owner, 'POST', '/api/checklists', key, body),
      asOwner(owner, 'POST', '/api/checklists', key, body),
    ]);
    const applied = answers.filter((answer) => answer.statusCode === 201 && !replayed(answer));
    expect(applied).toHaveLength(1);
    for (const answer of answers) {
      if (answer === applied[0]) continue;
      if (answer.statusCode === 409) {
        expect(errorOf(answer)).toEqual({
          code: 'idempotency_key_in_use',
          message: IDEMPOTENCY_MESSAGES.inFlight,
        });
        expect(answer.headers['retry-after']).toBe('1');
      } else {
        expectReplayOf(answer, applied[0] as LightMyRequestResponse);
      }
    }
    const list = await owner.call('GET', '/api/checklists');
    expect(list.json()).toHaveLength(1);
  });

  it('tick once: the key is claimed in the tick statement, so the other waits for it and gets its answer or 409', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    const key = newKey();
    const answers = await Promise.all(
      [0, 1, 2].map(() => asOwner(owner, 'PATCH', taskUrl(checklist, 1), key, { completed: true })),
    );
    expectAppliedOnce(answers);
    const recorded = await t.db
      .select({ action: checklistActivity.action })
      .from(checklistActivity)
      .where(eq(checklistActivity.checklistId, checklist.id));
    expect(recorded.filter((entry) => entry.action === 'task_completed')).toHaveLength(1);
  });

  it('answer 409 with Retry-After while the first is in flight; a claim abandoned by a dead process is taken over', async () => {
    const { owner, checklist, key } = await tickedWithKey(2);
    const row = keyRow(owner, key);
    await answerWritten(row);
    // As if the first were still running (its answer not yet stored).
    await t.db.update(idempotencyKeys).set({ status: null, responseBody: null }).where(row);
    const during = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(during.statusCode).toBe(409);
    expect(errorOf(during).code).toBe('idempotency_key_in_use');
    expect(during.headers['retry-after']).toBe('1');

    // Its process died before storing the answer: after 5 minutes the key can be claimed again.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(row);
    const after = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(after.statusCode).toBe(200);
    expect(replayed(after)).toBe(false);
  });

  it("a tick's claim left without its answer (its process killed after the commit) is taken over after 30 s", async () => {
    const { owner, checklist, key } = await tickedWithKey(2);
    const row = keyRow(owner, key);
    await answerWritten(row);
    // The tick committed with its claim; its process died before keeping the answer.
    await t.db.update(idempotencyKeys).set({ status: null, responseBody: null }).where(row);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 20_000) })
      .where(row);
    const soon = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(soon.statusCode).toBe(409);
    expect(errorOf(soon).code).toBe('idempotency_key_in_use');

    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(row);
    const retried = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(retried.statusCode).toBe(200);
    expect(replayed(retried)).toBe(false);
    expect(retried.json().tasks[0].completed).toBe(true);
    // Its answer is kept now: the next retry is a replay.
    await answerWritten(row);
    const replay = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(replay.statusCode).toBe(200);
    expect(replayed(replay)).toBe(true);
  });

  it('any other claim in flight (a create) is not taken over before 5 minutes', async () => {
    const owner = await signInOwner(t.app);
    const key = newKey();
    const created = await asOwner(owner, 'POST', '/api/checklists', key, draft());
    expect(created.statusCode).toBe(201);
    const row = keyRow(owner, key);
    await answerWritten(row);
    await t.db
      .update(idempotencyKeys)
      .set({ status: null, responseBody: null, createdAt: new Date(Date.now() - 60_000) })
      .where(row);
    const again = await asOwner(owner, 'POST', '/api/checklists', key, draft());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('idempotency_key_in_use');
  });
});

describe('a key', () => {
  it.each([
    ['too short', 'abc'],
    ['with a space', 'abcdefgh ijklmnopq'],
    ['too long', 'k'.repeat(101)],
  ])('that is malformed (%s) is refused with 400 and nothing runs', async (_label, key) => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const response = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      message: 'Idempotency-Key must be 16 to 100 letters, digits, - or _ (a UUID, for instance)',
    });
    expect((await getChecklist(owner, checklist.id)).tasks[0]?.completed).toBe(false);
  });

  it('does not change the order: without a session a request answers 401, whatever its key', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    for (const key of ['bad', newKey()]) {
      const anonymous = await send(t.app, null, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
      expect(anonymous.statusCode).toBe(401);
      const created = await send(t.app, null, 'POST', '/api/checklists', key, draft());
      expect(created.statusCode).toBe(401);
    }
  });

  it('is not needed: requests without one behave as before, each one running', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const answers: boolean[] = [];
    for (const completed of [true, false, true]) {
      const response = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), null, { completed });
      expect(replayed(response)).toBe(false);
      answers.push(response.json().tasks[0].completed);
    }
    expect(answers).toEqual([true, false, true]);
  });
});

describe('a request that failed', () => {
  it('keeps a final refusal (404): the retry gets the same answer, replayed', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const key = newKey();
    const url = `/api/checklists/${checklist.id}/tasks/task_missing`;
    const first = await asOwner(owner, 'PATCH', url, key, { completed: true });
    expect(first.statusCode).toBe(404);
    expectReplayOf(await asOwner(owner, 'PATCH', url, key, { completed: true }), first);
  });

  it('keeps nothing of a body refused by validation (400): the corrected request may use the key', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const key = newKey();
    const bad = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(replayed(bad)).toBe(false);
    const fixed = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(fixed.statusCode).toBe(200);
    expect(replayed(fixed)).toBe(false);
    expect(fixed.json().tasks[0].completed).toBe(true);
  });

  it('keeps nothing of a 401: after signing in again the same request runs', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 1);
    const key = newKey();
    const expired = await send(t.app, 'listsync_session=not-a-session', 'PATCH', taskUrl(checklist, 0), key, {
      completed: true,
    });
    expect(expired.statusCode).toBe(401);
    const signedIn = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(signedIn.statusCode).toBe(200);
    expect(replayed(signedIn)).toBe(false);
  });
});

describe('a request that failed on our side', () => {
  it('lets its key go (5xx): the retry runs the request, once', async () => {
    // An instance whose photo storage is down (nothing listens at its S3 endpoint).
    const broken = await t.buildApp({
      env: {
        DATA_DIR: dataDir,
        PHOTO_STORAGE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {
      tasks: [{ description: 'Photo', photoRequired: true }],
    });
    const bytes = await testJpeg(320, 240);
    const key = newKey();
    const failed = await uploadWithKey(owner.cookie, checklist, 0, bytes, key, broken.app);
    expect(failed.statusCode).toBe(503);
    expect(errorOf(failed).code).toBe('service_unavailable');

    const retried = await uploadWithKey(owner.cookie, checklist, 0, bytes, key);
    expect(retried.statusCode).toBe(200);
    expect(replayed(retried)).toBe(false);
    expectReplayOf(await uploadWithKey(owner.cookie, checklist, 0, bytes, key), retried);
  });
});

describe('retention', () => {
  it('remembers a key 24 hours; an expired key is used anew, and the sweep deletes expired keys', async () => {
    const before = Date.now();
    const { owner, checklist, key } = await tickedWithKey(1);
    const row = keyRow(owner, key);
    const [stored] = await t.db
      .select({ expiresAt: idempotencyKeys.expiresAt })
      .from(idempotencyKeys)
      .where(row);
    const day = 24 * 60 * 60_000;
    expect(stored?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + day);

    // A day later (the clock moved by setting the expiry in the past): another request may use it.
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(row);
    const reused = await asOwner(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: false });
    expect(reused.statusCode).toBe(200);
    expect(replayed(reused)).toBe(false);
    expect(reused.json().tasks[0].completed).toBe(false);

    // The sweep, run as if 25 hours from now, deletes that key (and leaves none past their time).
    expect(
      await deleteExpiredIdempotencyKeys(t.db, new Date(Date.now() + day + 60 * 60_000)),
    ).toBeGreaterThan(0);
    expect(await t.db.select().from(idempotencyKeys).where(row)).toHaveLength(0);
  });
});

describe('closing the server', () => {
  it('keeps the answer of a tick that was still running when the server began to close', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 2);
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The tick waits, once inside the server, until the test lets it go on.
    const { app } = await t.buildApp({
      onRoute: (route) => {
        if (route.method !== 'PATCH' || route.url !== '/api/checklists/:id/tasks/:taskId') return;
        const held = async () => {
          arrived();
          await gate;
        };
        const existing = route.preHandler;
        route.preHandler = existing === undefined ? [held] : [...[existing].flat(), held];
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const key = newKey();
    const answer = fetch(`http://127.0.0.1:${address.port}${taskUrl(checklist, 0)}`, {
      method: 'PATCH',
      headers: { cookie: owner.cookie, 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ completed: true }),
    });
    await reached;
    // Closing waits for the request in flight; it finishes, its kept-alive connection closes (before,
    // it held the close for its 72 s idle timeout), and its answer is written before close ends.
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect((await answer).status).toBe(200);
    await closed;

    const [held] = await t.db
      .select({ status: idempotencyKeys.status, body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(keyRow(owner, key));
    expect(held?.status).toBe(200);
    expect(JSON.parse(held?.body ?? '{}').tasks[0].completed).toBe(true);
  });
});
