import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedChecklistResponse } from '#domain/sharing';
import type { RemarksTranslationResponse } from '#domain/translation';
import { createLibreTranslateEngine } from '#server/adapters/translation/libretranslate';
import { checklists, users } from '#server/db/schema/index';
import { TranslationService } from '#server/services/translation';
import { caller, createChecklist, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeLibreTranslate } from '#tests/support/fake-translate';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { currentUser, setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/** Remarks both ways, the owner's language, and the languages of each plan. */

const fake = {} as { lt: FakeTranslator };
const options: TestAppOptions = { env: {}, translation: { retryDelaysMs: [50], coolDownMs: 60_000 } };
beforeAll(async () => {
  fake.lt = await startFakeLibreTranslate('remarks-key');
  Object.assign(options.env ?? {}, fake.lt.env);
});
const t = setupTestApp(options);
afterAll(async () => fake.lt?.close());

async function sharedInSpanish() {
  const owner = await signInOwner(t.app, 'host');
  const checklist = await createChecklist(owner, { name: 'Guest suite' });
  const sent = await share(owner, checklist.id, { targetLanguage: 'es' });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  return { owner, checklist, sent, browser };
}

async function remarksOf(call: ReturnType<typeof caller>, checklistId: string, lang?: string) {
  return call('GET', `/api/checklists/${checklistId}/remarks${lang ? `?lang=${lang}` : ''}`);
}

async function remarksLanguageStored(checklistId: string) {
  const [row] = await t.db
    .select({ language: checklists.remarksLanguage })
    .from(checklists)
    .where(eq(checklists.id, checklistId));
  return row?.language;
}

describe("a recipient's remarks, read by the owner in theirs", () => {
  it('are stored as written in the page language and shown to the owner translated, with the original', async () => {
    const { owner, checklist, browser, sent } = await sharedInSpanish();
    const patch = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'La llave está en la caja',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().remarks).toBe('La llave está en la caja');
    expect(await remarksLanguageStored(checklist.id)).toBe('es');

    const read = await remarksOf(owner.call, checklist.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      remarks: 'La llave está en la caja',
      language: 'es',
      text: 'en: La llave está en la caja',
      textLanguage: 'en',
      translated: true,
    } satisfies RemarksTranslationResponse);
    expect(fake.lt.calls.at(-1)).toMatchObject({ source: 'es', target: 'en' });

    // On the recipient's own page they stay as written: nothing to translate es -> es.
    const page = (
      await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)
    ).json() as SharedChecklistResponse;
    expect(page.checklist.remarks).toBe('La llave está en la caja');
    expect(page.original?.remarks).toBe('La llave está en la caja');
    // In another page language, they are translated from Spanish.
    const inFrench = (
      await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=fr`)
    ).json() as SharedChecklistResponse;
    expect(inFrench.checklist.remarks).toBe('fr: La llave está en la caja');
  });

  it('keep the language the recipient names, on PATCH and on submit', async () => {
    const { owner, checklist, browser } = await sharedInSpanish();
    const patch = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'Tout est propre',
      remarksLanguage: 'fr',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await remarksLanguageStored(checklist.id)).toBe('fr');
    expect((await remarksOf(owner.call, checklist.id)).json()).toMatchObject({
      language: 'fr',
      text: 'en: Tout est propre',
    });

    const submit = await browser.call('POST', `/api/checklists/${checklist.id}/submit`, {
      remarks: 'Alles sauber',
      remarksLanguage: 'de',
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(await remarksLanguageStored(checklist.id)).toBe('de');

    const bad = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'x',
      remarksLanguage: 'klingon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed' });
    expect(bad.json().error.message).toMatch(/remarksLanguage must be one of/);
  });

  it("the owner's own remarks are in the owner's language (null) and reach the page translated", async () => {
    const { owner, checklist, browser, sent } = await sharedInSpanish();
    await browser.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Hecho' });
    expect(await remarksLanguageStored(checklist.id)).toBe('es');
    const patch = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
      remarks: 'Use the back door',
    });
    expect(patch.statusCode).toBe(200);
    expect(await remarksLanguageStored(checklist.id)).toBeNull();
    expect((await remarksOf(owner.call, checklist.id)).json()).toEqual({
      remarks: 'Use the back door',
      language: 'en',
      text: 'Use the back door',
      textLanguage: 'en',
      translated: false,
    });
    expect((await remarksOf(owner.call, checklist.id, 'ja')).json()).toMatchObject({
      text: 'ja: Use the back door',
      textLanguage: 'ja',
      translated: true,
    });
    const page = (
      await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)
    ).json() as SharedChecklistResponse;
    expect(page.checklist.remarks).toBe('es: Use the back door');
  });

  it('only the owner reads them: 404 for another owner and for a recipient, 401 signed out, 400 bad lang', async () => {
    const { owner, checklist, browser } = await sharedInSpanish();
    const other = await signInOwner(t.app, 'other');
    expect((await remarksOf(other.call, checklist.id)).statusCode).toBe(404);
    expect((await remarksOf(other.call, 'checklist_missing')).statusCode).toBe(404);
    expect((await browser.call('GET', `/api/checklists/${checklist.id}/remarks`)).statusCode).toBe(401);
    const signedOut = await remarksOf(caller(t.app, null), checklist.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthenticated');
    const bad = await remarksOf(owner.call, checklist.id, 'xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/lang must be one of/);
  });
});

describe("PUT /api/user/{uid}/language: the owner's language", () => {
  it('sets it, /api/auth/me carries it, and the shared page takes it as the source', async () => {
    const owner = await signInOwner(t.app, 'hispanic');
    expect((await currentUser(t.app, owner.cookie))?.language).toBe('en');
    const put = await owner.call('PUT', `/api/user/${owner.uid}/language`, { language: 'es' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ language: 'es' });
    expect((await currentUser(t.app, owner.cookie))?.language).toBe('es');

    const checklist = await createChecklist(owner, { name: 'Limpieza general', remarks: 'Gracias' });
    const sent = await share(owner, checklist.id, { targetLanguage: 'en' });
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const mark = fake.lt.calls.length;
    const page = (
      await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)
    ).json() as SharedChecklistResponse;
    expect(page).toMatchObject({ sourceLanguage: 'es', language: 'en', translated: true });
    expect(page.checklist.name).toBe('en: Limpieza general');
    expect(page.checklist.remarks).toBe('en: Gracias');
    expect(fake.lt.calls.slice(mark).every((call) => call.source === 'es' && call.target === 'en')).toBe(
      true,
    );

    // A page in the owner's own language asks nothing.
    const inSpanish = (
      await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=es`)
    ).json() as SharedChecklistResponse;
    expect(inSpanish).toMatchObject({ translated: false, language: 'es', sourceLanguage: 'es' });
    expect(inSpanish).not.toHaveProperty('translationNote');
  });

  it("refuses another user's uid (403), a bad code (400) and no session (401)", async () => {
    const owner = await signInOwner(t.app, 'one');
    const other = await signInOwner(t.app, 'two');
    const foreign = await owner.call('PUT', `/api/user/${other.uid}/language`, { language: 'fr' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, other.uid));
    expect(row?.language).toBe('en');
    for (const language of ['xx', 'EN', '', 3]) {
      const bad = await owner.call('PUT', `/api/user/${owner.uid}/language`, { language });
      expect(bad.statusCode, String(language)).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    const anonymous = await caller(t.app, null)('PUT', `/api/user/${owner.uid}/language`, { language: 'fr' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('languages of each plan, enforced at send', () => {
  it('a free owner may share in en and es; fr is 403 plan_limit_reached with allowedLanguages', async () => {
    const owner = await signInOwner(t.app, 'free');
    const checklist = await createChecklist(owner);
    const refused = await owner.call('POST', '/api/verification/send', {
      checklistId: checklist.id,
      email: 'jean@example.com',
      targetLanguage: 'fr',
      consent: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'plan_limit_reached',
      allowedLanguages: ['en', 'es'],
    });
    expect((await share(owner, checklist.id, { targetLanguage: 'es' })).token).toBeTruthy();
  });

  it('a professional owner may share in any of the fifteen', async () => {
    const owner = await signInOwner(t.app, 'pro');
    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const checklist = await createChecklist(owner);
    for (const [i, language] of ['fr', 'hi', 'ar', 'tl', 'ro'].entries()) {
      const sent = await share(owner, checklist.id, { targetLanguage: language, email: `r${i}@example.com` });
      expect(sent.token).toBeTruthy();
    }
  });
});

describe('failures are logged without the texts', () => {
  it('names the engine, the pair, the status and how many strings; never a text or the key', async () => {
    const lines: string[] = [];
    const log = {
      warn: (fields: object, message: string) => lines.push(JSON.stringify({ ...fields, message })),
      error: (fields: object, message: string) => lines.push(JSON.stringify({ ...fields, message })),
    };
    const service = new TranslationService(
      t.db,
      createLibreTranslateEngine({ url: fake.lt.url, apiKey: 'remarks-key' }),
      log,
      { retryDelaysMs: [20], coolDownMs: 60_000 },
    );
    fake.lt.behave({ status: 500 });
    try {
      const secret = 'Alarm code is 4921, the safe is behind the mirror';
      const scope = { teamId: 'team-of-the-log-test', source: 'en', target: 'ru' } as const;
      const result = await service.translate([secret, 'Water the plants'], scope);
      expect(result).toEqual({
        texts: [secret, 'Water the plants'],
        translated: false,
        note: 'failed',
      });
      await service.close();
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const line of lines) {
        expect(line).not.toContain('Alarm');
        expect(line).not.toContain('4921');
        expect(line).not.toContain('plants');
        expect(line).not.toContain('remarks-key');
      }
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
        provider: 'libretranslate',
        source: 'en',
        target: 'ru',
        kind: 'http',
        status: 500,
        strings: 2,
        attempt: 1,
      });
    } finally {
      fake.lt.behave({ translate: true });
    }
  });
});
