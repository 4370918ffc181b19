import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import {
  asEdit,
  caller,
  createChecklist,
  draft,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
} from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/** Who may do what: another owner's checklist is not found, nobody signed in is 401, userIds are checked. */
const t = setupTestApp();

type Verb = [label: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, body?: unknown];

function everyVerbOn(checklist: Checklist): Verb[] {
  const taskId = checklist.tasks[0]?.id;
  return [
    ['GET', 'GET', `/api/checklists/${checklist.id}`],
    ['PUT', 'PUT', `/api/checklists/${checklist.id}`, asEdit(checklist, { name: 'Taken over' })],
    ['PATCH remarks', 'PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Scribbled' }],
    ['PATCH task', 'PATCH', `/api/checklists/${checklist.id}/tasks/${taskId}`, { completed: true }],
    ['submit', 'POST', `/api/checklists/${checklist.id}/submit`, { remarks: 'Done (not)' }],
    ['DELETE', 'DELETE', `/api/checklists/${checklist.id}`],
  ];
}

describe("another owner's checklist", () => {
  it('answers 404 not_found to every verb, exactly as for one that does not exist, and changes nothing', async () => {
    const owner = await signInOwner(t.app, 'victim');
    const checklist = await createChecklist(owner);
    const intruder = await signInOwner(t.app, 'intruder');
    const missing = { ...checklist, id: 'checklist_doesnotexist' };

    for (const [label, method, url, body] of everyVerbOn(checklist)) {
      const response = await intruder.call(method, url, body);
      expect(response.statusCode, label).toBe(404);
      expect(errorOf(response), label).toEqual({ code: 'not_found', message: 'Checklist not found' });
    }
    // Same answers for an id that does not exist: existence is not revealed.
    for (const [label, method, url, body] of everyVerbOn(missing)) {
      const response = await intruder.call(method, url, body);
      expect(response.statusCode, label).toBe(404);
      expect(errorOf(response), label).toEqual({ code: 'not_found', message: 'Checklist not found' });
    }
    expect(await getChecklist(owner, checklist.id)).toEqual(checklist);
    const list = await intruder.call('GET', '/api/checklists');
    expect(list.json()).toEqual([]);
  });

  it('a task id that is not in the checklist answers 404 Task not found', async () => {
    const owner = await signInOwner(t.app);
    const mine = await createChecklist(owner);
    const other = await createChecklist(owner);
    const response = await owner.call('PATCH', `/api/checklists/${mine.id}/tasks/${other.tasks[0]?.id}`, {
      completed: true,
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: 'Task not found' });
    expect(await getChecklist(owner, other.id)).toEqual(other);
    expect(await getChecklist(owner, mine.id)).toEqual(mine);
  });
});

describe('without a session', () => {
  it('every route answers 401 unauthenticated, whatever the body', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const anonymous = caller(t.app, null);
    const verbs: Verb[] = [
      ['list', 'GET', '/api/checklists'],
      ['list for a user', 'GET', `/api/checklists?userId=${owner.uid}`],
      ['create', 'POST', '/api/checklists', draft()],
      ['create with a bad body', 'POST', '/api/checklists', { name: '' }],
      ['stats', 'GET', '/api/dashboard/stats?timeZone=Europe/Paris'],
      ['stats with a bad zone', 'GET', '/api/dashboard/stats?timeZone=Nowhere/Else'],
      ['subscription', 'GET', `/api/user/${owner.uid}/subscription`],
      ...everyVerbOn(checklist),
      ['PUT with a bad body', 'PUT', `/api/checklists/${checklist.id}`, { tasks: 'nope' }],
    ];
    for (const [label, method, url, body] of verbs) {
      const response = await anonymous(method, url, body);
      expect(response.statusCode, label).toBe(401);
      expect(errorOf(response), label).toEqual({
        code: 'unauthenticated',
        message: 'Please sign in to continue.',
      });
    }
    expect(await getChecklist(owner, checklist.id)).toEqual(checklist);
  });

  it('a signed-out cookie is no session', async () => {
    const owner = await signInOwner(t.app);
    await owner.call('POST', '/api/auth/logout');
    expect((await owner.call('GET', '/api/checklists')).statusCode).toBe(401);
  });
});

describe("a userId that is not the session's user", () => {
  let owner: Owner;
  let other: Owner;

  it('is refused with 403 forbidden in the list query', async () => {
    owner = await signInOwner(t.app);
    other = await signInOwner(t.app, 'other');
    await createChecklist(other);
    const response = await owner.call('GET', `/api/checklists?userId=${other.uid}`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'forbidden',
      message: 'You can only act on your own account.',
    });
  });

  it('is refused in a create body, and nothing is created for anyone', async () => {
    const response = await owner.call('POST', '/api/checklists', draft({ userId: other.uid }));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
    expect((await owner.call('GET', '/api/checklists')).json()).toEqual([]);
    expect((await other.call('GET', '/api/checklists')).json()).toHaveLength(1);
  });

  it('is refused in a PUT body', async () => {
    const mine = await createChecklist(owner);
    const response = await owner.call(
      'PUT',
      `/api/checklists/${mine.id}`,
      asEdit(mine, { userId: other.uid }),
    );
    expect(response.statusCode).toBe(403);
    expect(await getChecklist(owner, mine.id)).toEqual(mine);
  });

  it('is refused in the subscription path', async () => {
    const response = await owner.call('GET', `/api/user/${other.uid}/subscription`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
  });

  it('the own userId (or null) is accepted', async () => {
    expect((await owner.call('GET', `/api/checklists?userId=${owner.uid}`)).statusCode).toBe(200);
    expect((await owner.call('POST', '/api/checklists', draft({ userId: owner.uid }))).statusCode).toBe(201);
    expect((await owner.call('POST', '/api/checklists', draft({ userId: null }))).statusCode).toBe(201);
  });
});

describe('cross-site requests', () => {
  it("a cross-site delete with the owner's cookie is refused and deletes nothing", async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/checklists/${checklist.id}`,
      headers: { cookie: owner.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('cross_site_request');
    expect(await getChecklist(owner, checklist.id)).toEqual(checklist);
  });
});
