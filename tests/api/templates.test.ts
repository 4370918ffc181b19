import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from '#domain/built-in-templates';
import { CHECKLIST_LIMITS, CHECKLIST_MESSAGES, type Checklist } from '#domain/checklist';
import { PLAN_LIMITS, planLimitMessage } from '#domain/plans';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES, type TemplateSummary } from '#domain/templates';
import { checklistTemplates } from '#server/db/schema/index';
import {
  caller,
  createChecklist,
  errorOf,
  getChecklist,
  type Owner,
  signInOwner,
  tick,
} from '#tests/support/checklists';
import { testJpeg, uploadPhoto } from '#tests/support/photos';
import { share } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

function builtInId(index: number): string {
  const template = BUILT_IN_TEMPLATES[index];
  if (!template) throw new Error(`no built-in template ${index}`);
  return template.id;
}

function taskId(checklist: Checklist, index: number): string {
  const task = checklist.tasks[index];
  if (!task) throw new Error(`no task ${index}`);
  return task.id;
}

/** A checklist with work worth copying and state that must not be: details, photo rules, ticks, a photo, remarks, a share. */
async function usedChecklist(owner: Owner): Promise<Checklist> {
  const checklist = await createChecklist(owner, {
    name: 'Beach House turnover',
    remarks: 'Guest left a charger in the lounge',
    tasks: [
      { description: 'Strip beds', details: 'All four bedrooms', photoRequired: true },
      { description: 'Restock coffee', details: '', photoRequired: false },
      { description: 'Photograph lockbox', details: 'Code scrambled', photoRequired: true },
    ],
  });
  expect((await tick(owner, checklist, 1)).statusCode).toBe(200);
  const photo = await uploadPhoto(
    t.app,
    owner.cookie,
    checklist.id,
    taskId(checklist, 0),
    await testJpeg(64, 48),
  );
  expect(photo.statusCode).toBe(200);
  expect((await tick(owner, checklist, 0)).statusCode).toBe(200);
  await share(owner, checklist.id);
  return getChecklist(owner, checklist.id);
}

/** What a copy must carry of each task: its work, in order. */
const work = (checklist: Checklist) =>
  checklist.tasks.map(({ description, details, photoRequired }) => ({ description, details, photoRequired }));

/** A new checklist from nothing of the source's state: every task open, no photo, no remarks. */
function expectFresh(checklist: Checklist, source: { tasks: { id?: string }[] } = { tasks: [] }) {
  expect(checklist).toMatchObject({
    status: 'not-started',
    progress: 0,
    remarks: '',
    submittedAt: null,
    version: 1,
  });
  for (const task of checklist.tasks) {
    expect(task).toMatchObject({ completed: false, photoUrl: null, completedAt: null });
    expect(task.id).toMatch(/^task_[A-Za-z0-9_-]{22}$/);
  }
  const oldIds = new Set(source.tasks.map((task) => task.id));
  expect(checklist.tasks.some((task) => oldIds.has(task.id))).toBe(false);
}

async function templates(owner: Owner): Promise<TemplateSummary[]> {
  const response = await owner.call('GET', '/api/templates');
  expect(response.statusCode).toBe(200);
  return response.json().templates;
}

async function saveTemplate(owner: Owner, body: Record<string, unknown>): Promise<TemplateSummary> {
  const response = await owner.call('POST', '/api/templates', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().template;
}

async function fromTemplate(owner: Owner, body: Record<string, unknown>): Promise<Checklist> {
  const response = await owner.call('POST', '/api/checklists', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function sharesOf(owner: Owner, checklistId: string) {
  const response = await owner.call('GET', `/api/checklists/${checklistId}/shares`);
  expect(response.statusCode).toBe(200);
  return response.json().shares as unknown[];
}

describe('GET /api/templates', () => {
  it("lists the built-in templates first, then the owner's own newest first, and nobody else's", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    const builtIns = BUILT_IN_TEMPLATES.map((template) => ({
      id: template.id,
      name: template.name,
      taskCount: template.tasks.length,
      builtIn: true,
    }));
    expect(await templates(owner)).toEqual(builtIns);
    expect(builtIns.map((template) => template.name)).toEqual([
      'Short-stay turnover',
      'Move-out inspection',
      'Boiler service',
      'Site safety walk',
    ]);

    const first = await saveTemplate(owner, {
      fromChecklistId: (await createChecklist(owner, { name: 'A' })).id,
    });
    await t.db
      .update(checklistTemplates)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(checklistTemplates.id, first.id));
    const second = await saveTemplate(owner, {
      fromChecklistId: (await createChecklist(owner, { name: 'B' }, 5)).id,
    });
    await saveTemplate(other, { fromChecklistId: (await createChecklist(other, { name: 'Theirs' })).id });

    expect(await templates(owner)).toEqual([
      ...builtIns,
      { id: second.id, name: 'B', taskCount: 5, builtIn: false },
      { id: first.id, name: 'A', taskCount: 3, builtIn: false },
    ]);
  });

  it('answers 401 to nobody', async () => {
    const response = await caller(t.app, null)('GET', '/api/templates');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
  });
});

describe('POST /api/templates', () => {
  it('keeps the tasks in order with their details and photo rules, none of the ticks, photos, remarks or shares', async () => {
    const owner = await signInOwner(t.app);
    const source = await usedChecklist(owner);
    expect(source.tasks.filter((task) => task.completed)).toHaveLength(2);
    expect(source.tasks[0]?.photoUrl).not.toBeNull();

    const template = await saveTemplate(owner, { fromChecklistId: source.id });
    expect(template).toEqual({
      id: expect.stringMatching(/^template_[A-Za-z0-9_-]{22}$/),
      name: 'Beach House turnover',
      taskCount: 3,
      builtIn: false,
    });
    const [row] = await t.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, template.id));
    expect(row?.tasks).toEqual(work(source));

    const made = await fromTemplate(owner, { templateId: template.id });
    expect(made.name).toBe('Beach House turnover');
    expect(work(made)).toEqual([
      { description: 'Strip beds', details: 'All four bedrooms', photoRequired: true },
      { description: 'Restock coffee', details: '', photoRequired: false },
      { description: 'Photograph lockbox', details: 'Code scrambled', photoRequired: true },
    ]);
    expectFresh(made, source);
    expect(await sharesOf(owner, made.id)).toEqual([]);
  });

  it('follows the order the checklist has now, and is a copy: later edits do not change it', async () => {
    const owner = await signInOwner(t.app);
    const source = await createChecklist(owner, {}, 4);
    const reordered = [...source.tasks].reverse().map(({ id, description }) => ({ id, description }));
    const put = await owner.call('PUT', `/api/checklists/${source.id}`, {
      name: source.name,
      tasks: reordered,
      version: source.version,
    });
    expect(put.statusCode).toBe(200);
    const template = await saveTemplate(owner, { fromChecklistId: source.id, name: '  Reversed  ' });
    expect(template.name).toBe('Reversed');

    const edited = await getChecklist(owner, source.id);
    await owner.call('PUT', `/api/checklists/${source.id}`, {
      name: 'Changed',
      tasks: [{ description: 'Only one now' }],
      version: edited.version,
    });
    const made = await fromTemplate(owner, { templateId: template.id });
    expect(made.tasks.map((task) => task.description)).toEqual(['Task 4', 'Task 3', 'Task 2', 'Task 1']);
  });

  it("answers 404 for another owner's checklist or one that does not exist, and saves nothing", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    const theirs = await createChecklist(other);
    for (const fromChecklistId of [theirs.id, 'checklist_missing']) {
      const response = await owner.call('POST', '/api/templates', { fromChecklistId });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'not_found', message: 'Checklist not found' });
    }
    expect((await templates(owner)).filter((template) => !template.builtIn)).toEqual([]);
  });

  it('refuses bad input with 400 validation_failed', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const cases: [unknown, string][] = [
      [{}, 'fromChecklistId must be a checklist id'],
      [{ fromChecklistId: 42 }, 'fromChecklistId must be a checklist id'],
      [{ fromChecklistId: '' }, ''],
      [{ fromChecklistId: 'x'.repeat(101) }, ''],
      [{ fromChecklistId: checklist.id, name: '   ' }, TEMPLATE_MESSAGES.nameRequired],
      [{ fromChecklistId: checklist.id, name: 7 }, TEMPLATE_MESSAGES.nameRequired],
      [
        { fromChecklistId: checklist.id, name: 'n'.repeat(CHECKLIST_LIMITS.nameMax + 1) },
        TEMPLATE_MESSAGES.nameTooLong,
      ],
      [{ fromChecklistId: checklist.id, tasks: [] }, ''],
      [[checklist.id], ''],
    ];
    for (const [body, message] of cases) {
      const response = await owner.call('POST', '/api/templates', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
      if (message) expect(errorOf(response).message).toBe(message);
    }
    expect((await templates(owner)).filter((template) => !template.builtIn)).toEqual([]);
  });

  it(`keeps at most ${TEMPLATE_LIMITS.perOwner} templates per owner (409 template_limit_reached)`, async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    await t.db.insert(checklistTemplates).values(
      Array.from({ length: TEMPLATE_LIMITS.perOwner - 1 }, (_, i) => ({
        id: `template_filler_${i}`,
        userId: owner.uid,
        name: `Filler ${i}`,
        tasks: [{ description: 'x', details: '', photoRequired: false }],
      })),
    );
    await saveTemplate(owner, { fromChecklistId: checklist.id });
    const refused = await owner.call('POST', '/api/templates', { fromChecklistId: checklist.id });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'template_limit_reached',
      message: TEMPLATE_MESSAGES.limitReached,
      limit: TEMPLATE_LIMITS.perOwner,
    });
    // Another owner is not affected.
    const other = await signInOwner(t.app, 'other');
    await saveTemplate(other, { fromChecklistId: (await createChecklist(other)).id });
  });
});

describe('DELETE /api/templates/{id}', () => {
  it("deletes the owner's own; a built-in one is refused; another owner's is not found", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    const mine = await saveTemplate(owner, { fromChecklistId: (await createChecklist(owner)).id });
    const theirs = await saveTemplate(other, { fromChecklistId: (await createChecklist(other)).id });

    const builtIn = await owner.call('DELETE', `/api/templates/${builtInId(0)}`);
    expect(builtIn.statusCode).toBe(403);
    expect(errorOf(builtIn)).toEqual({ code: 'forbidden', message: TEMPLATE_MESSAGES.builtInReadOnly });

    for (const id of [theirs.id, 'template_missing', 'builtin-no-such-one']) {
      const response = await owner.call('DELETE', `/api/templates/${id}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: 'Template not found' });
    }
    expect((await templates(other)).map((template) => template.id)).toContain(theirs.id);

    const deleted = await owner.call('DELETE', `/api/templates/${mine.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await templates(owner)).every((template) => template.builtIn)).toBe(true);
    expect((await owner.call('DELETE', `/api/templates/${mine.id}`)).statusCode).toBe(404);
    expect((await owner.call('POST', '/api/checklists', { templateId: mine.id })).statusCode).toBe(404);
  });

  it('answers 401 to nobody and 400 to an id too long', async () => {
    const owner = await signInOwner(t.app);
    expect((await caller(t.app, null)('DELETE', '/api/templates/template_x')).statusCode).toBe(401);
    const long = await owner.call('DELETE', `/api/templates/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('validation_failed');
  });
});

describe('POST /api/checklists with a templateId', () => {
  it('makes a checklist from each built-in template, named after it or as asked', async () => {
    const owner = await signInOwner(t.app);
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    for (const template of BUILT_IN_TEMPLATES) {
      const made = await fromTemplate(owner, { templateId: template.id, userId: owner.uid });
      expect(made.name).toBe(template.name);
      expect(work(made)).toEqual(template.tasks);
      expectFresh(made);
      expect(await getChecklist(owner, made.id)).toEqual(made);
    }
    const named = await fromTemplate(owner, {
      templateId: builtInId(1),
      name: '  12 Elm St, flat 3  ',
    });
    expect(named.name).toBe('12 Elm St, flat 3');
  });

  it("answers 404 for another owner's template or one that does not exist, and creates nothing", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    const theirs = await saveTemplate(other, { fromChecklistId: (await createChecklist(other)).id });
    for (const templateId of [theirs.id, 'template_missing', 'builtin-missing']) {
      const response = await owner.call('POST', '/api/checklists', { templateId });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: 'Template not found' });
    }
    expect((await owner.call('GET', '/api/checklists')).json()).toEqual([]);
  });

  it('refuses bad input with 400 validation_failed, and a foreign userId with 403', async () => {
    const owner = await signInOwner(t.app);
    const templateId = builtInId(0);
    const cases: [unknown, string][] = [
      [{ templateId: '' }, ''],
      [{ templateId: 12 }, 'templateId must be a template id'],
      [{ templateId: null }, 'templateId must be a template id'],
      [{ templateId, name: '' }, CHECKLIST_MESSAGES.nameRequired],
      [{ templateId, name: 'n'.repeat(CHECKLIST_LIMITS.nameMax + 1) }, CHECKLIST_MESSAGES.nameTooLong],
      [{ templateId, tasks: [{ description: 'smuggled' }] }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await owner.call('POST', '/api/checklists', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
      if (message) expect(errorOf(response).message).toBe(message);
    }
    // The editor's body keeps the editor's messages.
    const editor = await owner.call('POST', '/api/checklists', { name: '', tasks: [] });
    expect(errorOf(editor).message).toBe(CHECKLIST_MESSAGES.nameRequired);
    const foreign = await owner.call('POST', '/api/checklists', { templateId, userId: 'user_someone_else' });
    expect(foreign.statusCode).toBe(403);
    expect((await owner.call('GET', '/api/checklists')).json()).toEqual([]);
  });
});

describe('POST /api/checklists/{id}/duplicate', () => {
  it('copies the work in order, none of the ticks, photos, remarks or shares', async () => {
    const owner = await signInOwner(t.app);
    const source = await usedChecklist(owner);
    const response = await owner.call('POST', `/api/checklists/${source.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy: Checklist = response.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe('Beach House turnover (copy)');
    expect(copy.userId).toBe(owner.uid);
    expect(work(copy)).toEqual(work(source));
    expectFresh(copy, source);
    expect(await getChecklist(owner, copy.id)).toEqual(copy);
    expect(await sharesOf(owner, copy.id)).toEqual([]);
    expect(await sharesOf(owner, source.id)).toHaveLength(1);
    // The original is untouched.
    expect(await getChecklist(owner, source.id)).toEqual(source);
  });

  it('takes a name when sent one, and shortens a long name to fit with its suffix', async () => {
    const owner = await signInOwner(t.app);
    const source = await createChecklist(owner, { name: 'n'.repeat(CHECKLIST_LIMITS.nameMax) });
    const copy = (await owner.call('POST', `/api/checklists/${source.id}/duplicate`, {})).json();
    expect(copy.name).toHaveLength(CHECKLIST_LIMITS.nameMax);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
    const named = await owner.call('POST', `/api/checklists/${source.id}/duplicate`, { name: ' Unit 4 ' });
    expect(named.json().name).toBe('Unit 4');
  });

  it("answers 404 for another owner's checklist, 401 to nobody, 400 to bad input", async () => {
    const owner = await signInOwner(t.app);
    const other = await signInOwner(t.app, 'other');
    const theirs = await createChecklist(other);
    const mine = await createChecklist(owner);
    for (const id of [theirs.id, 'checklist_missing']) {
      const response = await owner.call('POST', `/api/checklists/${id}/duplicate`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
    expect((await caller(t.app, null)('POST', `/api/checklists/${mine.id}/duplicate`)).statusCode).toBe(401);
    for (const body of [{ name: '' }, { name: 3 }, { tasks: [] }, [1]]) {
      const response = await owner.call('POST', `/api/checklists/${mine.id}/duplicate`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
    }
    expect((await owner.call('GET', '/api/checklists')).json()).toHaveLength(1);
    expect((await other.call('GET', '/api/checklists')).json()).toHaveLength(1);
  });
});

describe('the plan limit', () => {
  const max = PLAN_LIMITS.free.maxLists ?? 0;

  it('counts duplicates and checklists made from templates; templates themselves do not count', async () => {
    const owner = await signInOwner(t.app);
    const first = await createChecklist(owner);
    // Templates first: a free owner with templates can still make all their checklists.
    const own = await saveTemplate(owner, { fromChecklistId: first.id });
    await saveTemplate(owner, { fromChecklistId: first.id });
    await fromTemplate(owner, { templateId: own.id });
    await fromTemplate(owner, { templateId: builtInId(2) });
    expect((await owner.call('POST', `/api/checklists/${first.id}/duplicate`)).statusCode).toBe(201);
    await createChecklist(owner);
    expect((await owner.call('GET', '/api/checklists')).json()).toHaveLength(max);

    const refusals = [
      await owner.call('POST', `/api/checklists/${first.id}/duplicate`),
      await owner.call('POST', '/api/checklists', { templateId: own.id }),
      await owner.call('POST', '/api/checklists', { templateId: builtInId(0) }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: 'plan_limit_reached',
        message: planLimitMessage(max),
        limit: max,
      });
    }
    expect((await owner.call('GET', '/api/checklists')).json()).toHaveLength(max);
    // At the limit, saving a template still works.
    await saveTemplate(owner, { fromChecklistId: first.id, name: 'Still allowed' });
    const subscription = (await owner.call('GET', `/api/user/${owner.uid}/subscription`)).json();
    expect(subscription.usage.listSyncCount).toBe(max);
  });

  it('holds when duplicates race', async () => {
    const owner = await signInOwner(t.app);
    const source = await createChecklist(owner);
    const answers = await Promise.all(
      Array.from({ length: max + 2 }, () => owner.call('POST', `/api/checklists/${source.id}/duplicate`)),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(max - 1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    expect((await owner.call('GET', '/api/checklists')).json()).toHaveLength(max);
  });
});

describe('analytics', () => {
  it('records a checklist made from a template or as a copy, naming only built-in templates', async () => {
    const owner = await signInOwner(t.app);
    const source = await createChecklist(owner);
    const own = await saveTemplate(owner, { fromChecklistId: source.id });
    await fromTemplate(owner, { templateId: builtInId(3) });
    await fromTemplate(owner, { templateId: own.id });
    expect((await owner.call('POST', `/api/checklists/${source.id}/duplicate`)).statusCode).toBe(201);
    const expected = [
      { source: 'duplicate' },
      { source: 'template', template: 'own' },
      { source: 'template', template: builtInId(3) },
      {},
    ];
    const sorted = (list: Record<string, unknown>[]) => list.map((item) => JSON.stringify(item)).sort();
    let props: Record<string, unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      const { events } = (await t.app.inject({ method: 'GET', url: '/api/dev/analytics' })).json() as {
        events: { name: string; props: Record<string, unknown> }[];
      };
      // The newest four (the other tests' came before): each with its path, never a name or own id.
      props = events
        .filter((event) => event.name === 'checklist_created')
        .slice(0, expected.length)
        .map(({ props: { path: _path, ...rest } }) => rest);
      if (sorted(props).join() === sorted(expected).join()) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sorted(props)).toEqual(sorted(expected));
    expect(JSON.stringify(props)).not.toContain(own.id);
  });
});

describe('the OpenAPI document', () => {
  it('shows both bodies of POST /api/checklists and the template routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const schema = doc.paths['/api/checklists'].post.requestBody.content['application/json'].schema;
    const bodies = (schema.anyOf ?? []) as { required?: string[] }[];
    expect(bodies.map((body) => body.required)).toEqual([['templateId'], ['name', 'tasks']]);
    expect(Object.keys(doc.paths['/api/templates'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/templates/{id}'])).toEqual(['delete']);
    expect(Object.keys(doc.paths['/api/checklists/{id}/duplicate'])).toEqual(['post']);
  });
});
