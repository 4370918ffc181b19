import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import type { SharedChecklistResponse } from '#domain/sharing';
import { shares } from '#server/db/schema/index';
import { asEdit, createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeLibreTranslate } from '#tests/support/fake-translate';
import { closeAll, subscribedSocket } from '#tests/support/realtime';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * The shared checklist in the recipient's language, through LibreTranslate (a local fake that checks
 * the request as the real one would). Each test reads into its own language or checklist, so the
 * engine's state (calls in flight, cool-downs) of one does not reach another.
 */

const fake = {} as { lt: FakeTranslator };
const options: TestAppOptions = {
  env: {},
  translation: { retryDelaysMs: [100, 200], coolDownMs: 60_000, attemptTimeoutMs: 5_000 },
};
beforeAll(async () => {
  fake.lt = await startFakeLibreTranslate('lt-secret-key');
  Object.assign(options.env ?? {}, fake.lt.env);
});
const t = setupTestApp(options);
afterAll(async () => fake.lt?.close());

const TASKS = [
  { description: 'Clean the kitchen', details: 'Under the sink too', photoRequired: false },
  { description: 'Mop the floor', details: '', photoRequired: false },
  { description: 'Mop the floor', details: '2 / 3', photoRequired: false },
];

async function sharedWith(language: string, tasks = TASKS, name = 'Beach house turnover') {
  const owner = await signInOwner(t.app, 'host');
  const checklist = await createChecklist(owner, { name, tasks, remarks: 'Keys are in the box' });
  // Free plan: en and es; other languages are asked for with ?lang= on the page.
  const sent = await share(owner, checklist.id, { targetLanguage: language === 'es' ? 'es' : 'en' });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  return { owner, checklist, sent, browser };
}

async function readShared(browser: RecipientBrowser, token: string, lang?: string) {
  const response = await browser.call(
    'GET',
    `/api/shared/checklist?token=${token}${lang ? `&lang=${lang}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SharedChecklistResponse;
}

/** Waits (a little at a time) until the fake has had `count` calls in all. */
async function callsReach(count: number, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (fake.lt.calls.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return fake.lt.calls.length;
}

/** Waits until the engine is idle: no call for a moment. */
async function settled(ms = 150) {
  let seen = -1;
  while (seen !== fake.lt.calls.length) {
    seen = fake.lt.calls.length;
    await new Promise((r) => setTimeout(r, ms));
  }
}

function callsSince(mark: number) {
  return fake.lt.calls.slice(mark);
}

describe('GET /api/shared/checklist in the share language', () => {
  it('answers an es share translated, with translated: true and the originals', async () => {
    const { sent, browser, checklist } = await sharedWith('es');
    await settled(); // the send warmed it already
    const page = await readShared(browser, sent.token);
    expect(page).toMatchObject({
      language: 'es',
      sourceLanguage: 'en',
      targetLanguage: 'es',
      translated: true,
    });
    expect(page.translationNote).toBeUndefined();
    expect(page.checklist.name).toBe('es: Beach house turnover');
    expect(page.checklist.remarks).toBe('es: Keys are in the box');
    expect(page.checklist.tasks.map((task) => [task.description, task.details])).toEqual([
      ['es: Clean the kitchen', 'es: Under the sink too'],
      ['es: Mop the floor', ''],
      // Digits and punctuation are not sent; they stay as written.
      ['es: Mop the floor', '2 / 3'],
    ]);
    expect(page.original).toEqual({
      name: 'Beach house turnover',
      remarks: 'Keys are in the box',
      tasks: checklist.tasks.map(({ id, description, details }) => ({ id, description, details })),
    });
    // Ticks, ids and progress are the checklist's own.
    expect(page.checklist.tasks.map((task) => task.id)).toEqual(checklist.tasks.map((task) => task.id));
  });

  it('an added language the instance offers is translated (uk, tl); Vietnamese, which it lacks, is not', async () => {
    const { sent, browser } = await sharedWith('en');
    for (const lang of ['uk', 'tl']) {
      let page = await readShared(browser, sent.token, lang);
      for (let i = 0; i < 20 && page.translationNote === 'pending'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await readShared(browser, sent.token, lang);
      }
      expect(page).toMatchObject({ language: lang, translated: true });
      expect(page.checklist.name).toBe(`${lang}: Beach house turnover`);
    }
    const vietnamese = await readShared(browser, sent.token, 'vi');
    expect(vietnamese).toMatchObject({ language: 'vi', translated: false, translationNote: 'unavailable' });
    expect(vietnamese.checklist.name).toBe('Beach house turnover');
  });

  it('warms at send, sends each string once, and never again on later reads', async () => {
    const mark = fake.lt.calls.length;
    const { sent, browser } = await sharedWith('es', TASKS, 'Cabin 7');
    await settled();
    const warmed = callsSince(mark);
    // One string each: 'Mop the floor' twice in the checklist is sent once; '' and '2 / 3' never. A
    // new owner's team has a cache of its own (decision 0044): what other tests' teams had translated
    // is sent again for it.
    const texts = warmed.flatMap((call) => call.texts);
    expect(texts.sort()).toEqual([
      'Cabin 7',
      'Clean the kitchen',
      'Keys are in the box',
      'Mop the floor',
      'Under the sink too',
    ]);
    expect(warmed.every((call) => call.source === 'en' && call.target === 'es')).toBe(true);
    const before = fake.lt.calls.length;
    await readShared(browser, sent.token);
    await readShared(browser, sent.token);
    expect(fake.lt.calls.length).toBe(before);
  });

  it('an edit retranslates only what changed: one call carrying one text', async () => {
    const { owner, sent, browser, checklist } = await sharedWith('es', TASKS, 'Loft');
    await settled();
    const mark = fake.lt.calls.length;
    const edited = asEdit(checklist, {
      tasks: checklist.tasks.map((task, i) => ({
        id: task.id,
        description: i === 0 ? 'Clean the oven' : task.description,
        details: task.details,
        photoRequired: task.photoRequired,
      })),
    });
    const put = await owner.call('PUT', `/api/checklists/${checklist.id}`, edited);
    expect(put.statusCode, put.body).toBe(200);
    const page = await readShared(browser, sent.token);
    expect(page.checklist.tasks[0]?.description).toBe('es: Clean the oven');
    expect(callsSince(mark)).toEqual([{ texts: ['Clean the oven'], source: 'en', target: 'es' }]);
  });

  it('a resend warms again: an edit made since is translated before the page asks', async () => {
    const { owner, sent, checklist } = await sharedWith('es', TASKS, 'Boathouse');
    await settled();
    const edited = asEdit(checklist, { name: 'Boathouse and jetty' });
    expect((await owner.call('PUT', `/api/checklists/${checklist.id}`, edited)).statusCode).toBe(200);
    // Past the 30 s between two codes.
    await t.db
      .update(shares)
      .set({ codeRequestedAt: new Date(Date.now() - 60_000) })
      .where(eq(shares.id, sent.shareId));
    const mark = fake.lt.calls.length;
    const resend = await recipientBrowser(t.app).call('POST', '/api/verification/resend', {
      token: sent.token,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    await callsReach(mark + 1);
    await settled();
    expect(callsSince(mark)).toEqual([{ texts: ['Boathouse and jetty'], source: 'en', target: 'es' }]);
  });

  it('?lang= shows the page in another language; the same language asks nothing', async () => {
    const { sent, browser } = await sharedWith('en', TASKS, 'Studio');
    const mark = fake.lt.calls.length;
    const asSent = await readShared(browser, sent.token);
    expect(asSent).toMatchObject({ language: 'en', sourceLanguage: 'en', translated: false });
    expect(asSent).not.toHaveProperty('translationNote');
    expect(asSent).not.toHaveProperty('original');
    expect(asSent.checklist.name).toBe('Studio');
    expect(fake.lt.calls.length).toBe(mark);

    const inRussian = await readShared(browser, sent.token, 'ru');
    expect(inRussian).toMatchObject({ language: 'ru', targetLanguage: 'en', translated: true });
    expect(inRussian.checklist.name).toBe('ru: Studio');
    // LibreTranslate names Simplified Chinese zh-Hans on current versions (its /languages says so).
    const inChinese = await readShared(browser, sent.token, 'zh');
    expect(inChinese.checklist.name).toBe('zh-Hans: Studio');
  });

  it('concurrent reads wanting the same new strings share one call', async () => {
    const { sent, browser } = await sharedWith('en', [TASKS[0] as (typeof TASKS)[0]], 'Garage');
    fake.lt.behave({ translate: true, delayMs: 300 });
    try {
      const mark = fake.lt.calls.length;
      const [a, b] = await Promise.all([
        readShared(browser, sent.token, 'ja'),
        readShared(browser, sent.token, 'ja'),
      ]);
      expect(a.checklist.name).toBe('ja: Garage');
      expect(b.checklist.name).toBe('ja: Garage');
      expect(callsSince(mark)).toHaveLength(1);
    } finally {
      fake.lt.behave({ translate: true });
    }
  });

  it('a lang outside the fifteen is 400 validation_failed, naming the field', async () => {
    const { sent, browser } = await sharedWith('es', TASKS, 'Barn');
    for (const lang of ['xx', 'EN', 'es-MX', '']) {
      const response = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=${lang}`);
      expect(response.statusCode, lang).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed' });
      expect(response.json().error.message).toMatch(/lang must be one of en, es, fr/);
    }
  });

  it('still needs the verified browser: no translation is read without it', async () => {
    const { sent } = await sharedWith('es', TASKS, 'Shed');
    const stranger = recipientBrowser(t.app);
    const response = await stranger.call('GET', `/api/shared/checklist?token=${sent.token}&lang=fr`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('verification_required');
  });
});

describe('a slow or failing engine never holds the page', () => {
  it('a 500 answers the texts as written with failed within 2 s; retried with backoff, then left alone', async () => {
    const { sent, browser } = await sharedWith('en', TASKS, 'Marina slip');
    fake.lt.behave({ status: 500 });
    try {
      const mark = fake.lt.calls.length;
      const started = performance.now();
      const page = await readShared(browser, sent.token, 'fr');
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(page).toMatchObject({ language: 'fr', translated: false, translationNote: 'failed' });
      expect(page.checklist.name).toBe('Marina slip');
      expect(page).not.toHaveProperty('original');
      // The first try and two retries (100 ms, 200 ms apart here; 1 s, 4 s, 16 s in production).
      expect(await callsReach(mark + 3)).toBe(mark + 3);
      await settled();
      expect(fake.lt.calls.length).toBe(mark + 3);
      // Cooling down: the page says failed at once and the engine is not asked.
      fake.lt.behave({ translate: true });
      const again = await readShared(browser, sent.token, 'fr');
      expect(again).toMatchObject({ translated: false, translationNote: 'failed' });
      expect(fake.lt.calls.length).toBe(mark + 3);
      // Other pairs are not held by it.
      expect((await readShared(browser, sent.token, 'de')).translated).toBe(true);
    } finally {
      fake.lt.behave({ translate: true });
    }
  });

  it('a failure that a retry mends: failed first, translated on the next read', async () => {
    const { sent, browser } = await sharedWith('en', TASKS, 'Harbour view');
    fake.lt.behave({ status: 503 });
    const first = await readShared(browser, sent.token, 'ar');
    expect(first).toMatchObject({ translated: false, translationNote: 'failed' });
    fake.lt.behave({ translate: true });
    await settled(300);
    const next = await readShared(browser, sent.token, 'ar');
    expect(next).toMatchObject({ translated: true });
    expect(next.checklist.name).toBe('ar: Harbour view');
  });

  it('a slow engine: pending within about 2 s, the translation on a later read, and the page is told', async () => {
    const { sent, browser, checklist } = await sharedWith('en', TASKS, 'Mountain lodge');
    const socket = await subscribedSocket(t.app, checklist.id, { cookie: browser.cookie });
    fake.lt.behave({ translate: true, delayMs: 3_000 });
    try {
      const started = performance.now();
      const page = await readShared(browser, sent.token, 'pt');
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1_900);
      expect(waited).toBeLessThan(2_900);
      expect(page).toMatchObject({ language: 'pt', translated: false, translationNote: 'pending' });
      expect(page.checklist.name).toBe('Mountain lodge');

      const ready = await socket.next('translation-ready');
      expect(ready).toEqual({ type: 'translation-ready', checklistId: checklist.id, language: 'pt' });
      const later = await readShared(browser, sent.token, 'pt');
      expect(later).toMatchObject({ translated: true });
      expect(later).not.toHaveProperty('translationNote');
      expect(later.checklist.name).toBe('pt: Mountain lodge');
    } finally {
      fake.lt.behave({ translate: true });
      closeAll(socket);
    }
  });
});

describe('no engine for the pair', () => {
  it('TRANSLATION_PROVIDER=none: the texts as written with unavailable, and nothing leaves', async () => {
    const other = await t.buildApp({ env: { TRANSLATION_PROVIDER: 'none' } });
    const owner: Owner = await signInOwner(other.app, 'host');
    const checklist: Checklist = await createChecklist(owner, { name: 'Villa', tasks: TASKS });
    const sent = await share(owner, checklist.id, { targetLanguage: 'es' });
    const browser = recipientBrowser(other.app);
    await verified(browser, sent);
    const mark = fake.lt.calls.length;
    const response = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(response.json()).toMatchObject({
      language: 'es',
      translated: false,
      translationNote: 'unavailable',
      checklist: { name: 'Villa' },
    });
    expect(fake.lt.calls.length).toBe(mark);
  });
});

describe('an engine that cannot be reached', () => {
  it('LibreTranslate down: its language list fails fast and each page says failed, within 2 s', async () => {
    const closed = await startFakeLibreTranslate('gone');
    await closed.close(); // nothing listens on its port any more
    const other = await t.buildApp({ env: { ...closed.env, LIBRETRANSLATE_API_KEY: 'gone' } });
    const owner = await signInOwner(other.app, 'host');
    const checklist = await createChecklist(owner, { name: 'Chalet', tasks: TASKS });
    const sent = await share(owner, checklist.id, { targetLanguage: 'es' });
    const browser = recipientBrowser(other.app);
    await verified(browser, sent);
    for (let i = 0; i < 2; i += 1) {
      const started = performance.now();
      const response = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response.json()).toMatchObject({
        translated: false,
        translationNote: 'failed',
        checklist: { name: 'Chalet' },
      });
    }
  });
});

describe('the fake checks what the real LibreTranslate checks', () => {
  it('every call carried the api_key, JSON and format text: nothing was refused', () => {
    expect(fake.lt.calls.length).toBeGreaterThan(0);
    expect(fake.lt.refused).toEqual([]);
  });
});
