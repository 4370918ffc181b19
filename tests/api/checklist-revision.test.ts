import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { CHECKLIST_REVISION_HEADER } from '#domain/checklist-revision';
import { asEdit, createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { closeAll, subscribedSocket, type TestSocket } from '#tests/support/realtime';
import { verifiedRecipientOf } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Answers that hold a whole checklist name its revision in X-Checklist-Revision, the same number the
 * live `update` of that state carries, so a client can tell an answer older than an update it has
 * applied and need not read the checklist again after each tick (issue 15, docs/api.md "Checklist
 * revisions"). A replayed answer names none: what it held may be long gone.
 */
const t = setupTestApp();

function revisionOf(response: LightMyRequestResponse): number | undefined {
  const value = response.headers[CHECKLIST_REVISION_HEADER];
  return typeof value === 'string' ? Number(value) : undefined;
}

function replayed(response: LightMyRequestResponse): boolean {
  return response.headers['idempotent-replayed'] === 'true';
}

/** The update this socket gets for exactly this revision (coalescing may skip none here: one change at a time). */
async function updateAt(socket: TestSocket, checklistId: string, revision: number) {
  const update = await socket.next('update', (m) => m.checklistId === checklistId && m.revision >= revision);
  expect(update.revision).toBe(revision);
  return update.data.checklist;
}

function taskUrl(checklist: Checklist, index: number): string {
  return `/api/checklists/${checklist.id}/tasks/${checklist.tasks[index]?.id}`;
}

function withKey(owner: Owner, method: 'PATCH', url: string, key: string, payload: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie, 'idempotency-key': key },
    payload: payload as Record<string, unknown>,
  });
}

describe('the owner', () => {
  it('reads, ticks, writes remarks, submits and edits: each answer names the revision its update carries', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });

    const read = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const start = revisionOf(read);
    expect(start).toEqual(expect.any(Number));
    const subscribed = socket.messages.find((m) => m.type === 'subscribed');
    expect(subscribed && 'revision' in subscribed && subscribed.revision).toBe(start);

    const ticked = await owner.call('PATCH', taskUrl(checklist, 0), { completed: true });
    expect(ticked.statusCode).toBe(200);
    expect(revisionOf(ticked)).toBe((start ?? 0) + 1);
    expect(await updateAt(socket, checklist.id, (start ?? 0) + 1)).toEqual(ticked.json());

    const remarks = await owner.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Keys left' });
    expect(revisionOf(remarks)).toBe((start ?? 0) + 2);
    expect(await updateAt(socket, checklist.id, (start ?? 0) + 2)).toEqual(remarks.json());

    const submitted = await owner.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(submitted.statusCode).toBe(200);
    expect(revisionOf(submitted)).toBe((start ?? 0) + 3);
    expect(await updateAt(socket, checklist.id, (start ?? 0) + 3)).toEqual(submitted.json());

    const edited = await owner.call(
      'PUT',
      `/api/checklists/${checklist.id}`,
      asEdit(submitted.json(), { name: 'Turnover: Lake House' }),
    );
    expect(edited.statusCode).toBe(200);
    const afterEdit = revisionOf(edited) ?? 0;
    expect(afterEdit).toBeGreaterThan((start ?? 0) + 3);
    expect(await updateAt(socket, checklist.id, afterEdit)).toEqual(edited.json());

    const again = await owner.call('GET', `/api/checklists/${checklist.id}`);
    expect(revisionOf(again)).toBe(afterEdit);
    expect(again.json()).toEqual(edited.json());
    closeAll(socket);
  });

  it('a write older than the one stored changes nothing and names the revision as it is', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const now = await owner.call('PATCH', taskUrl(checklist, 0), { completed: true });
    const lost = await owner.call('PATCH', taskUrl(checklist, 0), {
      completed: false,
      changedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(lost.statusCode).toBe(200);
    expect(lost.json().tasks[0].completed).toBe(true);
    expect(revisionOf(lost)).toBe(revisionOf(now));
  });

  it('another instance, its cache cold, names the revision of the state it answers', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const other = await t.buildApp();
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });
    await owner.call('PATCH', taskUrl(checklist, 1), { completed: true });
    const there = await other.app.inject({
      method: 'PATCH',
      url: taskUrl(checklist, 2),
      headers: { cookie: owner.cookie },
      payload: { completed: true },
    });
    expect(there.statusCode).toBe(200);
    const revision = revisionOf(there) ?? 0;
    expect(await updateAt(socket, checklist.id, revision)).toEqual(there.json());
    closeAll(socket);
  });

  it('a compressed answer keeps it', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, {}, 30);
    const plain = await owner.call('GET', `/api/checklists/${checklist.id}`);
    const compressed = await t.app.inject({
      method: 'GET',
      url: `/api/checklists/${checklist.id}`,
      headers: { cookie: owner.cookie, 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(revisionOf(compressed)).toBe(revisionOf(plain));
  });

  it('a replayed answer names no revision', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const key = randomUUID();
    const first = await withKey(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    expect(revisionOf(first)).toEqual(expect.any(Number));
    let again = await withKey(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    // The first answer is kept just after it went out: until then the key is in flight (409).
    for (let tries = 0; again.statusCode === 409 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      again = await withKey(owner, 'PATCH', taskUrl(checklist, 0), key, { completed: true });
    }
    expect(replayed(again)).toBe(true);
    expect(again.body).toBe(first.body);
    expect(again.headers[CHECKLIST_REVISION_HEADER]).toBeUndefined();
  });

  it('answers without a whole checklist name none (the list, a photo removal refused, a delete)', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const list = await owner.call('GET', `/api/checklists?userId=${owner.uid}`);
    expect(list.headers[CHECKLIST_REVISION_HEADER]).toBeUndefined();
    const missing = await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/task_nope`, {
      completed: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers[CHECKLIST_REVISION_HEADER]).toBeUndefined();
    const deleted = await owner.call('DELETE', `/api/checklists/${checklist.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.headers[CHECKLIST_REVISION_HEADER]).toBeUndefined();
  });
});

describe('a recipient', () => {
  it('reads the shared copy and ticks: each answer names the revision the recipient’s update carries', async () => {
    const { checklist, sent, browser, owner } = await verifiedRecipientOf(t.app);
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: browser.cookie });
    const ownerSocket = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });

    const shared = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=en`);
    expect(shared.statusCode).toBe(200);
    const start = revisionOf(shared) ?? 0;
    expect(start).toBeGreaterThan(0);

    const ticked = await browser.call('PATCH', taskUrl(checklist, 0), { completed: true });
    expect(ticked.statusCode).toBe(200);
    expect(revisionOf(ticked)).toBe(start + 1);
    expect(await updateAt(socket, checklist.id, start + 1)).toEqual(ticked.json());
    expect((await updateAt(ownerSocket, checklist.id, start + 1)).tasks).toEqual(ticked.json().tasks);

    // The owner ticks meanwhile: the recipient's next answer is newer by both.
    await owner.call('PATCH', taskUrl(checklist, 1), { completed: true });
    const remarks = await browser.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Done' });
    expect(revisionOf(remarks)).toBe(start + 3);
    expect(await updateAt(socket, checklist.id, start + 3)).toEqual(remarks.json());

    const again = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=en`);
    expect(revisionOf(again)).toBe(start + 3);
    expect(again.json().checklist).toEqual(remarks.json());
    closeAll(socket, ownerSocket);
  });
});

describe('the API document', () => {
  it('lists the header on the successes of the routes that name the revision', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const headerOf = (path: string, method: string) =>
      document.paths[path]?.[method]?.responses?.['200']?.headers?.[CHECKLIST_REVISION_HEADER];
    for (const [path, method] of [
      ['/api/checklists/{id}', 'get'],
      ['/api/checklists/{id}', 'put'],
      ['/api/checklists/{id}', 'patch'],
      ['/api/checklists/{id}/tasks/{taskId}', 'patch'],
      ['/api/checklists/{id}/submit', 'post'],
      ['/api/shared/checklist', 'get'],
    ] as const) {
      expect(headerOf(path, method), `${method} ${path}`).toMatchObject({ schema: { type: 'integer' } });
    }
    expect(headerOf('/api/checklists', 'get')).toBeUndefined();
    expect(document.paths['/api/checklists/{id}'].get.responses['404'].headers).toBeUndefined();
  });
});
