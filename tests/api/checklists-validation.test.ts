import { describe, expect, it } from 'vitest';
import { CHECKLIST_LIMITS, CHECKLIST_MESSAGES, type Checklist } from '#domain/checklist';
import { CHECKLIST_BODY_LIMIT } from '#server/http/routes/checklists';
import { asEdit, createChecklist, draft, errorOf, signInOwner } from '#tests/support/checklists';
import { setupTestApp } from '#tests/support/test-app';

/** What the server checks in a checklist body: the editor's checks in the spec's order, then the bounds. */
const t = setupTestApp();

const M = CHECKLIST_MESSAGES;
const L = CHECKLIST_LIMITS;
const x = (n: number) => 'x'.repeat(n);
const tasksOf = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `Task ${i + 1}` }));

const refusals: [label: string, body: unknown, message: string][] = [
  ['blank name and no tasks', { name: '', tasks: [] }, M.nameRequired],
  ['blank name and a task without description', { name: '   ', tasks: [{}] }, M.nameRequired],
  [
    'blank name, oversize details and remarks',
    { name: '', tasks: [{ description: 'a', details: x(L.detailsMax + 1) }], remarks: x(L.remarksMax + 1) },
    M.nameRequired,
  ],
  ['no name at all', { tasks: [{ description: 'a' }] }, M.nameRequired],
  ['a name that is not text', { name: 42, tasks: [{ description: 'a' }] }, M.nameRequired],
  ['a body that is not an object', [], M.nameRequired],
  ['no tasks, oversize remarks', { name: 'Ok', tasks: [], remarks: x(L.remarksMax + 1) }, M.taskRequired],
  ['tasks missing', { name: 'Ok' }, M.taskRequired],
  ['tasks not a list', { name: 'Ok', tasks: 'mop' }, M.taskRequired],
  [
    'a blank description, oversize remarks',
    { name: 'Ok', tasks: [{ description: 'a' }, { description: '  ' }], remarks: x(L.remarksMax + 1) },
    M.descriptionsRequired,
  ],
  ['a task without description', { name: 'Ok', tasks: [{ photoRequired: true }] }, M.descriptionsRequired],
  [
    'a blank description among 501 tasks',
    { name: 'Ok', tasks: [...tasksOf(500), { description: '' }] },
    M.descriptionsRequired,
  ],
  ['a name of 201 characters', { name: x(L.nameMax + 1), tasks: tasksOf(1) }, M.nameTooLong],
  ['501 tasks', { name: 'Ok', tasks: tasksOf(L.tasksMax + 1) }, M.tooManyTasks],
  [
    'a description of 1,001 characters',
    { name: 'Ok', tasks: [{ description: x(L.descriptionMax + 1) }] },
    M.descriptionTooLong,
  ],
  [
    'details of 5,001 characters',
    { name: 'Ok', tasks: [{ description: 'a', details: x(L.detailsMax + 1) }] },
    M.detailsTooLong,
  ],
  ['remarks of 10,001 characters', { ...draft(), remarks: x(L.remarksMax + 1) }, M.remarksTooLong],
];

describe('POST /api/checklists refuses a bad body with 400 validation_failed and the message the editor shows', () => {
  it.each(refusals)('%s', async (_label, body, message) => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'validation_failed', message });
    expect((await owner.call('GET', '/api/checklists')).json()).toEqual([]);
  });

  it('names the field of the problem', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', { name: '', tasks: [] });
    expect(errorOf(response).issues).toEqual([{ path: 'name', message: M.nameRequired }]);
  });
});

describe('PUT /api/checklists/{id} refuses the same bodies with the same messages', () => {
  it.each(refusals)('%s', async (_label, body, message) => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const withVersion = Array.isArray(body) ? body : { ...(body as object), version: checklist.version };
    const response = await owner.call('PUT', `/api/checklists/${checklist.id}`, withVersion);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'validation_failed', message });
  });
});

describe('the bounds themselves are allowed', () => {
  it('a name of 200 characters (and spaces around it), 5,000-character details and 10,000 characters of remarks', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', {
      name: `  ${x(L.nameMax)}  `,
      tasks: [{ description: x(L.descriptionMax), details: x(L.detailsMax) }],
      remarks: x(L.remarksMax),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Checklist).name).toHaveLength(L.nameMax);
  });

  it('500 tasks at their longest, in 3-byte characters, fit in the body limit', async () => {
    const owner = await signInOwner(t.app);
    const wide = (n: number) => '✓'.repeat(n);
    const body = {
      name: wide(L.nameMax),
      remarks: wide(L.remarksMax),
      tasks: Array.from({ length: L.tasksMax }, (_, i) => ({
        id: `task_client_${i}`,
        description: wide(L.descriptionMax),
        details: wide(L.detailsMax),
        photoRequired: i % 2 === 0,
        completed: false,
        photoUrl: null,
      })),
    };
    const size = Buffer.byteLength(JSON.stringify(body));
    expect(size).toBeGreaterThan(9_000_000);
    expect(size).toBeLessThanOrEqual(CHECKLIST_BODY_LIMIT);
    const response = await owner.call('POST', '/api/checklists', body);
    expect(response.statusCode).toBe(201);
    const created: Checklist = response.json();
    expect(created.tasks).toHaveLength(L.tasksMax);
    expect(created.tasks[499]?.details).toBe(wide(L.detailsMax));

    const edited = await owner.call(
      'PUT',
      `/api/checklists/${created.id}`,
      asEdit(created, { name: 'Edited' }),
    );
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Checklist).tasks.map((task) => task.id)).toEqual(
      created.tasks.map((task) => task.id),
    );
  });

  it('a body larger than the limit is refused with 413 body_too_large', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('POST', '/api/checklists', {
      ...draft(),
      remarks: x(CHECKLIST_BODY_LIMIT),
    });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('body_too_large');
  });
});

describe('other bodies and parameters', () => {
  it('remarks over 10,000 characters are refused by PATCH remarks and submit', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    for (const [method, url] of [
      ['PATCH', `/api/checklists/${checklist.id}`],
      ['POST', `/api/checklists/${checklist.id}/submit`],
    ] as const) {
      const response = await owner.call(method, url, { remarks: x(L.remarksMax + 1) });
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response), url).toMatchObject({ code: 'validation_failed', message: M.remarksTooLong });
    }
  });

  it('an id longer than any of ours is refused before any query, in our error shape', async () => {
    const owner = await signInOwner(t.app);
    const response = await owner.call('GET', `/api/checklists/${x(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: 'A part of the address is too long.' },
    });
    const task = await owner.call('PATCH', `/api/checklists/checklist_x/tasks/${x(101)}`, {
      completed: true,
    });
    expect(task.statusCode).toBe(400);
    const undecodable = await owner.call('GET', '/api/checklists/%E0%A4%A');
    expect(undecodable.statusCode).toBe(400);
    expect(errorOf(undecodable)).toEqual({ code: 'validation_failed', message: 'The address is not valid.' });
  });

  it('PATCH remarks needs remarks', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const response = await owner.call('PATCH', `/api/checklists/${checklist.id}`, { name: 'Sneaky rename' });
    expect(response.statusCode).toBe(400);
  });
});
