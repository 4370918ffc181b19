import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistTranslation } from '#domain/glossary';
import type { SharedChecklistResponse } from '#domain/sharing';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeLibreTranslate } from '#tests/support/fake-translate';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * The team glossary applied to what recipients read, the cache keyed so a glossary change sends
 * again only the texts it touches, and the owner's correction of one task (decision 0055), with
 * LibreTranslate's fake as the engine: it answers '<target>: <text>', so what it was sent shows.
 */

const fake = {} as { lt: FakeTranslator };
const options: TestAppOptions = {
  env: {},
  translation: { waitMs: 2_000, retryDelaysMs: [100], coolDownMs: 60_000, attemptTimeoutMs: 10_000 },
};
beforeAll(async () => {
  fake.lt = await startFakeLibreTranslate('glossary-key');
  Object.assign(options.env ?? {}, fake.lt.env);
});
const t = setupTestApp(options);
afterAll(async () => fake.lt?.close());

const TASKS = [
  { description: 'Turnover: Harbour View 4B', details: 'Check the key box', photoRequired: false },
  { description: 'Mop the floor', details: '', photoRequired: false },
];

interface Shared {
  owner: Owner;
  checklistId: string;
  taskIds: string[];
  token: string;
  browser: RecipientBrowser;
}

async function sharedInSpanish(owner: Owner, name = 'Lake house'): Promise<Shared> {
  const checklist = await createChecklist(owner, { name, tasks: TASKS });
  const sent = await share(owner, checklist.id, { targetLanguage: 'es' });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  return {
    owner,
    checklistId: checklist.id,
    taskIds: checklist.tasks.map((task) => task.id),
    token: sent.token,
    browser,
  };
}

async function read(shared: Shared): Promise<SharedChecklistResponse> {
  const response = await shared.browser.call('GET', `/api/shared/checklist?token=${shared.token}`);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as SharedChecklistResponse;
  expect(page.translationNote).toBeUndefined();
  return page;
}

const texts = (page: SharedChecklistResponse) =>
  page.checklist.tasks.flatMap((t) => [t.description, t.details]);
const sentSince = (from: number) => fake.lt.calls.slice(from).flatMap((call) => call.texts);

describe('the glossary in what recipients read', () => {
  it('the next read after an entry is added uses it, and only the texts it touches go to the engine again', async () => {
    const owner = await signInOwner(t.app, 'harbour');
    const shared = await sharedInSpanish(owner);
    expect(texts(await read(shared))).toEqual([
      'es: Turnover: Harbour View 4B',
      'es: Check the key box',
      'es: Mop the floor',
      '',
    ]);

    let from = fake.lt.calls.length;
    const added = await owner.call('POST', '/api/glossary', {
      language: 'es',
      source: 'turnover',
      target: 'limpieza de salida',
    });
    expect(added.statusCode, added.body).toBe(201);
    const page = await read(shared);
    expect(page.translated).toBe(true);
    expect(texts(page)).toEqual([
      'es: Limpieza de salida: Harbour View 4B',
      'es: Check the key box',
      'es: Mop the floor',
      '',
    ]);
    // The engine saw the term as a placeholder, and nothing else was sent again.
    expect(sentSince(from)).toEqual(['ZQX1: Harbour View 4B']);
    expect(page.original?.tasks[0]?.description).toBe('Turnover: Harbour View 4B');

    // A second term: only the text holding it.
    from = fake.lt.calls.length;
    const keyBox = await owner.call('POST', '/api/glossary', {
      language: 'es',
      source: 'key box',
      target: 'caja de llaves',
    });
    expect(texts(await read(shared))[1]).toBe('es: Check the caja de llaves');
    expect(sentSince(from)).toEqual(['Check the ZQX1']);

    // Reading again sends nothing; deleting an entry brings back the text's earlier translation, kept.
    from = fake.lt.calls.length;
    expect(texts(await read(shared))[0]).toBe('es: Limpieza de salida: Harbour View 4B');
    expect((await owner.call('DELETE', `/api/glossary/${keyBox.json().entry.id}`)).statusCode).toBe(204);
    expect(texts(await read(shared))[1]).toBe('es: Check the key box');
    expect(sentSince(from)).toEqual([]);
  });

  it("an entry for another language, or another team's entry, changes nothing", async () => {
    const owner = await signInOwner(t.app, 'harbour-2');
    const shared = await sharedInSpanish(owner);
    await read(shared);
    const other = await signInOwner(t.app, 'harbour-other');
    expect(
      (await other.call('POST', '/api/glossary', { language: 'es', source: 'turnover', target: 'otra cosa' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await owner.call('POST', '/api/glossary', {
          language: 'en',
          source: 'turnover',
          target: 'changeover',
        })
      ).statusCode,
    ).toBe(201);
    const from = fake.lt.calls.length;
    expect(texts(await read(shared))[0]).toBe('es: Turnover: Harbour View 4B');
    expect(sentSince(from)).toEqual([]);
  });
});

describe("correcting one task's translation", () => {
  const view = async (owner: Owner, checklistId: string, lang = 'es') => {
    const response = await owner.call('GET', `/api/checklists/${checklistId}/translation?lang=${lang}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ChecklistTranslation;
  };

  it('shows the owner what recipients read, keeps a correction for that exact text, and can drop it', async () => {
    const owner = await signInOwner(t.app, 'correct');
    const shared = await sharedInSpanish(owner);
    expect(await view(owner, shared.checklistId)).toEqual({
      language: 'es',
      sourceLanguage: 'en',
      translated: true,
      tasks: [
        {
          id: shared.taskIds[0],
          description: 'es: Turnover: Harbour View 4B',
          details: 'es: Check the key box',
          corrected: [],
        },
        { id: shared.taskIds[1], description: 'es: Mop the floor', details: '', corrected: [] },
      ],
    });

    const url = `/api/checklists/${shared.checklistId}/tasks/${shared.taskIds[1]}/translation`;
    const corrected = await owner.call('PUT', url, {
      language: 'es',
      field: 'description',
      text: ' Fregar el suelo ',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((corrected.json() as ChecklistTranslation).tasks[1]).toEqual({
      id: shared.taskIds[1],
      description: 'Fregar el suelo',
      details: '',
      corrected: ['description'],
    });
    const from = fake.lt.calls.length;
    expect(texts(await read(shared))[2]).toBe('Fregar el suelo');
    // Another checklist of the team with the same task text reads the correction too.
    const second = await sharedInSpanish(owner, 'Sea house');
    expect(texts(await read(second))[2]).toBe('Fregar el suelo');
    expect(sentSince(from)).not.toContain('Mop the floor');

    // Corrected again: replaced. Dropped: the engine's translation again.
    await owner.call('PUT', url, { language: 'es', field: 'description', text: 'Fregar bien el suelo' });
    expect(texts(await read(shared))[2]).toBe('Fregar bien el suelo');
    const dropped = await owner.call('DELETE', `${url}?language=es&field=description`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((dropped.json() as ChecklistTranslation).tasks[1]?.corrected).toEqual([]);
    expect(texts(await read(shared))[2]).toBe('es: Mop the floor');
  });

  it('a correction wins over the glossary, and the glossary still applies to the other texts', async () => {
    const owner = await signInOwner(t.app, 'correct-glossary');
    const shared = await sharedInSpanish(owner);
    await owner.call('POST', '/api/glossary', {
      language: 'es',
      source: 'turnover',
      target: 'limpieza de salida',
    });
    const url = `/api/checklists/${shared.checklistId}/tasks/${shared.taskIds[0]}/translation`;
    await owner.call('PUT', url, {
      language: 'es',
      field: 'description',
      text: 'Limpieza de salida: Vista al Puerto 4B',
    });
    const page = await read(shared);
    expect(texts(page)[0]).toBe('Limpieza de salida: Vista al Puerto 4B');
    expect(texts(page)[2]).toBe('es: Mop the floor');
  });

  it('refuses what cannot be corrected, and another team’s checklist is not found', async () => {
    const owner = await signInOwner(t.app, 'correct-bad');
    const shared = await sharedInSpanish(owner);
    const base = `/api/checklists/${shared.checklistId}/tasks`;
    const put = (taskId: string, body: unknown) => owner.call('PUT', `${base}/${taskId}/translation`, body);
    const task = shared.taskIds[1] ?? '';

    const cases: Array<[string, unknown, number, string]> = [
      [task, { language: 'es', field: 'description', text: '   ' }, 400, 'Enter the corrected translation'],
      [task, { language: 'es', field: 'name', text: 'x' }, 400, 'field must be description or details'],
      [task, { language: 'xx', field: 'description', text: 'x' }, 400, 'language must be one of'],
      [
        task,
        { language: 'en', field: 'description', text: 'x' },
        400,
        'This checklist is already written in that language.',
      ],
      [task, { language: 'es', field: 'details', text: 'x' }, 400, 'This text has nothing to translate.'],
      ['task_nope', { language: 'es', field: 'description', text: 'x' }, 404, 'Task not found'],
    ];
    for (const [taskId, body, status, message] of cases) {
      const response = await put(taskId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).message).toContain(message);
    }

    const stranger = await signInOwner(t.app, 'correct-stranger');
    const theirs = await stranger.call('PUT', `${base}/${task}/translation`, {
      language: 'es',
      field: 'description',
      text: 'Fregar',
    });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('not_found');
    const look = await stranger.call('GET', `/api/checklists/${shared.checklistId}/translation?lang=es`);
    expect(look.statusCode).toBe(404);
    expect(texts(await read(shared))[2]).toBe('es: Mop the floor');
  });
});
