import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedPageAnswers } from '#domain/sharing';
import { TRANSLATION_LIMITS } from '#domain/translation';
import { buildApp } from '#server/app';
import { shareGrants, shares } from '#server/db/schema/index';
import { createChecklist, signInOwner } from '../support/checklists.ts';
import { writeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type FakeTranslator, startFakeLibreTranslate } from '../support/fake-translate.ts';
import { type RecipientBrowser, recipientBrowser, share, verified } from '../support/sharing.ts';
import { testConfig } from '../support/test-app.ts';

/**
 * A verified recipient's shared page, opened again (issue 15, docs/decisions/0016): the server puts
 * the page's two first answers in it (a JSON block) and draws the checklist into #root, for a
 * browser whose grant on that link is live, and for no other. A stand-in prerender module here draws
 * the name it was given, and on which thread (the real one is drawn by tests/e2e/prerender.spec.ts).
 */

const PRERENDER = `
import { isMainThread } from 'node:worker_threads';
const languages = ['en', 'es'];
const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
export async function prerenderPages() {
  return languages.flatMap((language) => ['code', 'verified'].map((screen) => ({
    variant: { name: 'shared-' + screen + '-' + language, page: 'src/web/pages/shared.tsx', language, firstScreen: screen },
    html: '<main data-page="shared-' + screen + '-' + language + '"></main>',
    title: 'Shared checklist',
  })));
}
export function renderSharedChecklist({ path, search, answers }) {
  if (process.env.LISTSYNC_TEST_DRAWING_FAILS) throw new Error('the drawing broke');
  return {
    html: '<main data-page="drawn" data-path="' + escape(path) + '" data-search="' + escape(search) + '" data-main-thread="' + isMainThread + '">' + escape(answers.checklist.checklist.name) + '</main>',
    title: answers.checklist.checklist.name + ' · ListSync',
  };
}
`;

const HOSTILE_NAME = '</script><script>alert(1)</script> \u2028 $& <!--';

let root: string;
let testDatabase: TestDatabase;
let app: FastifyInstance;
let engine: FakeTranslator;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'listsync-shared-page-'));
  const client = writeClientBuild(root, { prerender: PRERENDER });
  testDatabase = await createTestDatabase();
  engine = await startFakeLibreTranslate('lt-page-key');
  app = await buildApp(testConfig(testDatabase, engine.env), {
    database: testDatabase.handle,
    clientDir: client,
    translation: { retryDelaysMs: [100], coolDownMs: 60_000, attemptTimeoutMs: 5_000 },
  });
});

afterAll(async () => {
  await app?.close();
  await engine?.close();
  await testDatabase?.destroy();
  rmSync(root, { recursive: true, force: true });
});

const BLOCK = /<script type="application\/json" id="listsync-shared-answers">(.*?)<\/script>/s;
const answersIn = (html: string): SharedPageAnswers | null => {
  const block = BLOCK.exec(html)?.[1];
  return block === undefined ? null : (JSON.parse(block) as SharedPageAnswers);
};
const drawn = (html: string) => html.match(/data-page="([^"]+)"/)?.[1] ?? null;

/** An owner's checklist shared with Jane, and Jane's browser verified on it. */
async function verifiedRecipient(name = 'Cabin turnover', fields: Record<string, unknown> = {}) {
  const owner = await signInOwner(app, 'host');
  const checklist = await createChecklist(owner, { name }, 2);
  const sent = await share(owner, checklist.id, fields);
  const browser = recipientBrowser(app);
  await verified(browser, sent);
  return { owner, checklist, sent, browser };
}

/** The page as the browser gets it (Brotli accepted, as browsers do, unless said). */
const openPage = (browser: RecipientBrowser, url: string) => browser.call('GET', url);

function expectPersonal(page: LightMyRequestResponse) {
  expect(page.headers['cache-control']).toBe('no-store');
  expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
  expect(page.headers.etag).toBeUndefined();
}

function expectCodeDialogOnly(page: LightMyRequestResponse, name: string) {
  expect(page.statusCode).toBe(200);
  expect(drawn(page.body)).toMatch(/^shared-code-/);
  expect(answersIn(page.body)).toBeNull();
  expect(page.body).not.toContain(name);
  expect(page.headers.link).toBeUndefined();
}

describe("a verified recipient's shared page", () => {
  it('carries the answers the API gives this browser, and the checklist drawn in #root', async () => {
    const { sent, browser } = await verifiedRecipient();
    const page = await openPage(browser, `/shared/${sent.token}`);
    expect(page.statusCode).toBe(200);
    expectPersonal(page);
    expect(drawn(page.body)).toBe('drawn');
    expect(page.body).toContain(`<div id="root" data-first-screen="checklist"><main data-page="drawn"`);
    // Drawn on a heavy-work thread, not the event loop every request waits for (decision 0041).
    expect(page.body).toContain('data-main-thread="false"');
    expect(page.body).toContain('<title>Cabin turnover · ListSync</title>');
    // Nothing to start beside it: the answers are in it.
    expect(page.headers.link).toBeUndefined();

    const answers = answersIn(page.body);
    const status = await browser.call('GET', `/api/verification/status/${sent.token}`);
    const checklist = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=en`);
    expect(answers).toEqual({
      token: sent.token,
      language: 'en',
      status: status.json(),
      checklist: checklist.json(),
      // The revision that answer names (docs/api.md "Checklist revisions"), so the page's copy knows it.
      revision: Number(checklist.headers['x-checklist-revision']),
    });
    expect(answers?.status.verified).toBe(true);
    expect(answers?.checklist.checklist.name).toBe('Cabin turnover');
  });

  it('names the revision of the state it holds: a change since, a later one (as the tick answer says)', async () => {
    const { checklist, sent, browser } = await verifiedRecipient();
    const before = answersIn((await openPage(browser, `/shared/${sent.token}`)).body);
    const task = before?.checklist.checklist.tasks[0];
    const tick = await browser.call('PATCH', `/api/checklists/${checklist.id}/tasks/${task?.id}`, {
      completed: true,
    });
    expect(tick.statusCode).toBe(200);
    const after = answersIn((await openPage(browser, `/shared/${sent.token}`)).body);
    expect(after?.revision).toBe(Number(tick.headers['x-checklist-revision']));
    expect(after?.revision).toBeGreaterThan(before?.revision ?? Number.POSITIVE_INFINITY);
    expect(after?.checklist.checklist.tasks[0]?.completed).toBe(true);
  });

  it("escapes the owner's texts: a name cannot end the block or start a script, and reads back the same", async () => {
    const { sent, browser } = await verifiedRecipient(HOSTILE_NAME);
    const page = await openPage(browser, `/shared/checklist/${sent.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    // The entry, the public config and the answers: no other.
    expect(page.body.match(/<script/g)).toHaveLength(3);
    expect(BLOCK.exec(page.body)?.[1]).not.toMatch(/[\u2028\u2029<>&]/);
    expect(answersIn(page.body)?.checklist.checklist.name).toBe(HOSTILE_NAME);
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).toContain('data-path="/shared/checklist/');
  });

  it("is in the link's language, or else in the share's own", async () => {
    const { sent, browser } = await verifiedRecipient('Cleaning', { targetLanguage: 'es' });
    // (Asked first: it waits for the translation the share's code started, and the page then has it.)
    const spanish = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=es`);
    expect(spanish.json()).toMatchObject({ translated: true, language: 'es' });
    const plain = await openPage(browser, `/shared/${sent.token}`);
    expect(plain.body).toContain('<html lang="es">');
    expect(answersIn(plain.body)?.language).toBe('es');
    expect(answersIn(plain.body)?.checklist).toEqual(spanish.json());

    const english = await openPage(browser, `/shared/${sent.token}?lang=en`);
    expect(english.body).toContain('<html lang="en">');
    expect(answersIn(english.body)?.language).toBe('en');
    expect(english.body).toContain('data-search="lang=en"');
  });

  it('keeps the skeleton, with the answers, when the server cannot draw the checklist', async () => {
    const { sent, browser } = await verifiedRecipient();
    process.env.LISTSYNC_TEST_DRAWING_FAILS = '1';
    try {
      const page = await openPage(browser, `/shared/${sent.token}`);
      expect(page.statusCode).toBe(200);
      expectPersonal(page);
      expect(page.body).toContain(
        '<div id="root" data-first-screen="verified"><main data-page="shared-verified-en">',
      );
      expect(answersIn(page.body)?.checklist.checklist.name).toBe('Cabin turnover');
    } finally {
      delete process.env.LISTSYNC_TEST_DRAWING_FAILS;
    }
  });

  it('goes out compressed when the browser accepts it', async () => {
    const { sent, browser } = await verifiedRecipient();
    const page = await app.inject({
      method: 'GET',
      url: `/shared/${sent.token}`,
      headers: { cookie: browser.cookie ?? '', 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expectPersonal(page);
  });
});

describe('a translation the engine has not done yet', () => {
  it('does not hold the page: it comes at once, as written and pending, as the API answers after its wait', async () => {
    engine.behave('hang');
    try {
      const { sent, browser } = await verifiedRecipient('Porch and garden', { targetLanguage: 'es' });
      const started = performance.now();
      const page = await openPage(browser, `/shared/${sent.token}`);
      expect(performance.now() - started).toBeLessThan(TRANSLATION_LIMITS.waitMs - 500);
      const answers = answersIn(page.body);
      // (Its tasks' texts may be known from an earlier test: the name is new to the engine.)
      expect(answers?.checklist).toMatchObject({ language: 'es', translationNote: 'pending' });
      expect(answers?.checklist.checklist.name).toBe('Porch and garden');
      const api = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=es`);
      expect(api.json()).toEqual(answers?.checklist);
    } finally {
      engine.behave({ translate: true });
    }
  });
});

describe('every other browser gets the code dialog and nothing of the checklist', () => {
  it('a browser with no recipient cookie, or one verified on another link', async () => {
    const { sent } = await verifiedRecipient('Lighthouse keeper');
    const stranger = recipientBrowser(app);
    expectCodeDialogOnly(await openPage(stranger, `/shared/${sent.token}`), 'Lighthouse keeper');

    const other = await verifiedRecipient('Another checklist');
    expectCodeDialogOnly(await openPage(other.browser, `/shared/${sent.token}`), 'Lighthouse keeper');
    // And the same browser on its own link still gets its own.
    expect(answersIn((await openPage(other.browser, `/shared/${other.sent.token}`)).body)).not.toBeNull();
  });

  it('a browser whose share was revoked', async () => {
    const { owner, checklist, sent, browser } = await verifiedRecipient('Revoked cabin');
    const revoked = await owner.call('DELETE', `/api/checklists/${checklist.id}/shares/${sent.shareId}`);
    expect(revoked.statusCode).toBe(204);
    expectCodeDialogOnly(await openPage(browser, `/shared/${sent.token}`), 'Revoked cabin');
  });

  it('a browser whose grant ran out (30 days)', async () => {
    const { sent, browser } = await verifiedRecipient('Expired cabin');
    await testDatabase.handle.db
      .update(shareGrants)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shareGrants.shareId, sent.shareId));
    expectCodeDialogOnly(await openPage(browser, `/shared/${sent.token}`), 'Expired cabin');
    const status = await browser.call('GET', `/api/verification/status/${sent.token}`);
    expect(status.json()).toEqual({ verified: false, expired: true });
  });

  it('a link replaced by a new one, for the browser verified on the old one', async () => {
    const { owner, checklist, sent, browser } = await verifiedRecipient('Replaced cabin');
    const relinked = await owner.call(
      'POST',
      `/api/checklists/${checklist.id}/shares/${sent.shareId}/new-link`,
    );
    expect(relinked.statusCode).toBe(200);
    expectCodeDialogOnly(await openPage(browser, `/shared/${sent.token}`), 'Replaced cabin');
    expectCodeDialogOnly(await openPage(browser, `/shared/${relinked.json().token}`), 'Replaced cabin');
  });

  it('a locked link, for any browser that has not verified it', async () => {
    const { sent } = await verifiedRecipient('Locked cabin');
    await testDatabase.handle.db
      .update(shares)
      .set({ linkLockedAt: new Date(), codeHash: null, codeExpiresAt: null })
      .where(eq(shares.id, sent.shareId));
    expectCodeDialogOnly(await openPage(recipientBrowser(app), `/shared/${sent.token}`), 'Locked cabin');
  });
});

describe('a locked link (decision 0018: wrong codes lock it until the owner sends a new link)', () => {
  it('keeps what the API keeps: the browser verified on it before still reads it, page and API alike', async () => {
    const { sent, browser } = await verifiedRecipient('Locked after');
    await testDatabase.handle.db
      .update(shares)
      .set({ linkLockedAt: new Date(), codeHash: null, codeExpiresAt: null })
      .where(eq(shares.id, sent.shareId));
    const status = await browser.call('GET', `/api/verification/status/${sent.token}`);
    expect(status.json()).toMatchObject({ verified: true });
    const page = await openPage(browser, `/shared/${sent.token}`);
    expect(answersIn(page.body)?.status).toEqual(status.json());
  });
});
