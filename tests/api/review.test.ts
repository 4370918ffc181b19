import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '#domain/activity';
import type { Checklist } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { shareCodeSends, tasks } from '#server/db/schema/index';
import { createChecklist, errorOf, getChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeLibreTranslate } from '#tests/support/fake-translate';
import { outboxTo } from '#tests/support/messaging';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * The team's review (docs/review-and-proof.md "Review"): approve a submitted checklist, or send tasks
 * back with a note that the recipient reads on the same link, in their language; the recipient is
 * told by the share's channel; the trail records both.
 */

const fake = {} as { lt: FakeTranslator };
const options: TestAppOptions = { env: {} };
beforeAll(async () => {
  fake.lt = await startFakeLibreTranslate('lt-secret-key');
  Object.assign(options.env ?? {}, fake.lt.env);
});
const t = setupTestApp(options);
afterAll(async () => fake.lt?.close());

let counter = 0;
const uniqueAddress = () => {
  counter += 1;
  return `rita.review.${counter}.${Date.now()}@example.com`;
};

interface Setup {
  owner: Owner;
  checklist: Checklist;
  browser: RecipientBrowser;
  token: string;
  email: string;
}

/** 'Cabin turnover' (3 tasks) shared in `language` with a verified recipient who ticked all and submitted. */
async function submittedByRecipient(language: 'en' | 'es' = 'en'): Promise<Setup> {
  const owner = await signInOwner(t.app, 'reviewer');
  const checklist = await createChecklist(owner, { name: 'Cabin turnover' }, 3);
  const email = uniqueAddress();
  const sent = await share(owner, checklist.id, { email, targetLanguage: language });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  for (const task of checklist.tasks) {
    const ticked = await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, {
      completed: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
  }
  const submitted = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { owner, checklist, browser, token: sent.token, email };
}

const review = (owner: Pick<Owner, 'call'>, id: string, body: unknown) =>
  owner.call('POST', `/api/checklists/${id}/review`, body);

async function readShared(browser: RecipientBrowser, token: string) {
  const response = await browser.call('GET', `/api/shared/checklist?token=${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SharedChecklistResponse;
}

async function trail(owner: Owner, id: string) {
  const response = await owner.call('GET', `/api/checklists/${id}/activity?limit=100`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ActivityPage).entries;
}

const messagesTo = (to: string) => outboxTo(t.db, to);

describe('POST /api/checklists/{id}/review: approve', () => {
  it('approves a submitted checklist: the badge fields, the trail entry with its note', async () => {
    const { owner, checklist } = await submittedByRecipient();
    const response = await review(owner, checklist.id, { decision: 'approved', note: 'Spotless, thanks' });
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json() as Checklist;
    expect(approved.approvedAt).toEqual(expect.any(String));
    expect(approved.approvedBy).toEqual({ uid: owner.uid, displayName: 'reviewer person' });
    expect(approved.status).toBe('completed');
    expect(await getChecklist(owner, checklist.id)).toMatchObject({
      approvedAt: approved.approvedAt,
      approvedBy: approved.approvedBy,
    });
    const list = (await owner.call('GET', '/api/checklists')).json() as { id: string; approvedAt: string }[];
    expect(list.find((row) => row.id === checklist.id)?.approvedAt).toBe(approved.approvedAt);
    const [latest] = await trail(owner, checklist.id);
    expect(latest).toMatchObject({ action: 'approved', note: 'Spotless, thanks', actor: { kind: 'owner' } });
  });

  it('refuses a checklist that is not submitted: 409 not_submitted, nothing changed', async () => {
    const owner = await signInOwner(t.app, 'early');
    const checklist = await createChecklist(owner);
    const response = await review(owner, checklist.id, { decision: 'approved' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'not_submitted' });
    expect((await getChecklist(owner, checklist.id)).approvedAt).toBeNull();
    const redo = await review(owner, checklist.id, { decision: 'redo', taskIds: [checklist.tasks[0]?.id] });
    expect(errorOf(redo).code).toBe('not_submitted');
  });
});

describe('who may review', () => {
  it('a recipient cannot approve nor send back (401 with the share cookie alone), and sees no approver', async () => {
    const { owner, checklist, browser, token } = await submittedByRecipient();
    for (const body of [{ decision: 'approved' }, { decision: 'redo', taskIds: [checklist.tasks[0]?.id] }]) {
      const response = await browser.call('POST', `/api/checklists/${checklist.id}/review`, body);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
    expect((await getChecklist(owner, checklist.id)).approvedAt).toBeNull();
    await review(owner, checklist.id, { decision: 'approved' });
    const seen = await readShared(browser, token);
    expect(seen.checklist.approvedAt).toEqual(expect.any(String));
    expect(seen.checklist.approvedBy).toBeNull();
  });

  it('another team gets 404, nobody signed in 401', async () => {
    const { checklist } = await submittedByRecipient();
    const stranger = await signInOwner(t.app, 'stranger');
    const response = await review(stranger, checklist.id, { decision: 'approved' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/checklists/${checklist.id}/review`,
      payload: { decision: 'approved' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bad input answers 400 validation_failed and changes nothing', () => {
  it.each([
    ['a decision that is not one', { decision: 'maybe' }, 'decision'],
    ['redo without tasks', { decision: 'redo', taskIds: [] }, 'taskIds'],
    ['redo with no taskIds at all', { decision: 'redo', note: 'again' }, 'taskIds'],
    ['a note past 1,000 characters', { decision: 'approved', note: 'x'.repeat(1_001) }, 'note'],
    ['taskIds that are not strings', { decision: 'redo', taskIds: [1] }, 'taskIds'],
  ])('%s', async (_label, body, field) => {
    const { owner, checklist } = await submittedByRecipient();
    const response = await review(owner, checklist.id, body);
    expect(response.statusCode, response.body).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(typeof error.message).toBe('string');
    expect(JSON.stringify(error.issues)).toContain(field);
    const after = await getChecklist(owner, checklist.id);
    expect(after.submittedAt).not.toBeNull();
    expect(after.tasks.every((task) => task.completed && task.redoNote === null)).toBe(true);
  });

  it('a task of another checklist: 400, naming it, and no task of this one is unticked', async () => {
    const { owner, checklist } = await submittedByRecipient();
    const own = checklist.tasks[0]?.id;
    const response = await review(owner, checklist.id, {
      decision: 'redo',
      taskIds: [own, 'task_elsewhere'],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'taskIds', message: 'Some of the chosen tasks are not in this checklist' }],
    });
    const after = await getChecklist(owner, checklist.id);
    expect(after.submittedAt).not.toBeNull();
    expect(after.tasks.every((task) => task.completed)).toBe(true);
  });
});

describe('redo round trip', () => {
  it('unticks, shows the note on the link, tells the recipient, then the fix, the resubmit and the approval', async () => {
    const { owner, checklist, browser, token, email } = await submittedByRecipient();
    await review(owner, checklist.id, { decision: 'approved' });
    const [first, second] = checklist.tasks;
    if (!first || !second) throw new Error('two tasks');
    const sends = (await t.db.select().from(shareCodeSends)).length;
    const before = (await messagesTo(email)).length;

    const response = await review(owner, checklist.id, {
      decision: 'redo',
      note: 'The shower glass still has streaks',
      taskIds: [second.id, first.id, first.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const redone = response.json() as Checklist;
    expect(redone).toMatchObject({
      submittedAt: null,
      approvedAt: null,
      approvedBy: null,
      status: 'in-progress',
    });
    expect(redone.tasks.map((task) => [task.completed, task.redoNote])).toEqual([
      [false, 'The shower glass still has streaks'],
      [false, 'The shower glass still has streaks'],
      [true, null],
    ]);

    const seen = await readShared(browser, token);
    expect(seen.checklist.tasks[0]).toMatchObject({
      completed: false,
      redoNote: 'The shower glass still has streaks',
    });
    expect(seen.checklist.tasks[2]?.redoNote).toBeNull();

    const [message, ...more] = (await messagesTo(email)).slice(before);
    expect(more).toHaveLength(0);
    expect(message?.subject).toBe('Some tasks of "Cabin turnover" need to be done again');
    expect(message?.text).toContain(`/shared/${token}`);
    expect((await t.db.select().from(shareCodeSends)).length).toBe(sends + 1);

    const entries = await trail(owner, checklist.id);
    const redos = entries.filter((entry) => entry.action === 'redo_requested');
    expect(redos.map((entry) => [entry.taskId, entry.note])).toEqual(
      expect.arrayContaining([
        [first.id, 'The shower glass still has streaks'],
        [second.id, 'The shower glass still has streaks'],
      ]),
    );
    expect(redos).toHaveLength(2);

    for (const task of [first, second]) {
      const ticked = await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, {
        completed: true,
      });
      expect(ticked.statusCode).toBe(200);
    }
    const resubmitted = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as Checklist).tasks.every((task) => task.redoNote === null)).toBe(true);
    const stored = await t.db.select().from(tasks).where(eq(tasks.checklistId, checklist.id));
    expect(stored.every((task) => task.redoNote === null && task.redoRequestedAt === null)).toBe(true);

    const approved = await review(owner, checklist.id, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect((approved.json() as Checklist).approvedAt).toEqual(expect.any(String));
  });

  it('tells a Spanish recipient in Spanish and shows the note translated on the page', async () => {
    const { owner, checklist, browser, token, email } = await submittedByRecipient('es');
    const task = checklist.tasks[1];
    if (!task) throw new Error('a task');
    const before = (await messagesTo(email)).length;
    await review(owner, checklist.id, { decision: 'redo', note: 'Mop again', taskIds: [task.id] });
    const [message] = (await messagesTo(email)).slice(before);
    expect(message?.subject).toBe('Algunas tareas de «Cabin turnover» deben hacerse de nuevo');
    expect(message?.text).toContain('lang=es');
    let seen = await readShared(browser, token);
    for (let i = 0; i < 50 && seen.checklist.tasks[1]?.redoNote !== 'es: Mop again'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await readShared(browser, token);
    }
    expect(seen.checklist.tasks[1]?.redoNote).toBe('es: Mop again');
    expect(seen.checklist.tasks[1]?.description).toBe('es: Task 2');
  });

  it('editing the work of an approved checklist reopens it and clears the approval', async () => {
    const { owner, checklist } = await submittedByRecipient();
    await review(owner, checklist.id, { decision: 'approved' });
    const current = await getChecklist(owner, checklist.id);
    const edited = await owner.call('PUT', `/api/checklists/${checklist.id}`, {
      name: current.name,
      version: current.version,
      tasks: [...current.tasks, { description: 'Water the plants', photoRequired: false }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ submittedAt: null, approvedAt: null, approvedBy: null });
  });
});

describe('the report', () => {
  it('says approved, by whom, and the trail carries the redo note and the approval', async () => {
    const { owner, checklist, browser } = await submittedByRecipient();
    const task = checklist.tasks[0];
    if (!task) throw new Error('a task');
    await review(owner, checklist.id, { decision: 'redo', note: 'Streaks on the glass', taskIds: [task.id] });
    await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task.id}`, { completed: true });
    await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {});
    await review(owner, checklist.id, { decision: 'approved', note: 'All good now' });
    const response = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    // With REVIEW_SHOTS (a folder), the PDF is kept there to be looked at (pdftoppm).
    if (process.env.REVIEW_SHOTS)
      writeFileSync(`${process.env.REVIEW_SHOTS}/report.pdf`, response.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toMatch(/APPROVED by reviewer person, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('sent “Task 1” back to be done again: “Streaks on the glass”');
    expect(text).toContain('approved the checklist: “All good now”');
  });
});
