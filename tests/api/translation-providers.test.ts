import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedChecklistResponse } from '#domain/sharing';
import { installedModes } from '#server/adapters/translation/apertium';
import { findOnPath } from '#server/config/translation';
import { createChecklist, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeDeepL, startFakeGoogle } from '#tests/support/fake-translate';
import { recipientBrowser, share, verified } from '#tests/support/sharing';
import { setupTestApp, type TestApp } from '#tests/support/test-app';

/**
 * DeepL and Google through local fakes that check what the real services check (DeepL's
 * Authorization header and its language codes, Google's key parameter), and Apertium for real when
 * this machine has it. Each engine runs in its own app on the file's database.
 */

const t = setupTestApp();
const fakes = {} as { deepl: FakeTranslator; google: FakeTranslator };
beforeAll(async () => {
  fakes.deepl = await startFakeDeepL('0f3c-deepl-key:fx');
  fakes.google = await startFakeGoogle('AIza-google-key');
});
afterAll(async () => {
  await fakes.deepl?.close();
  await fakes.google?.close();
});

const TASKS = [
  { description: "Don't forget the keys", details: 'Say "hello" to the porter', photoRequired: false },
  { description: 'Mop the floor', details: '', photoRequired: false },
];

async function sharedPage(app: TestApp['app'], lang: string) {
  const owner = await signInOwner(app, 'host');
  const checklist = await createChecklist(owner, { name: 'Lake house', tasks: TASKS });
  const sent = await share(owner, checklist.id, { targetLanguage: 'en' });
  const browser = recipientBrowser(app);
  await verified(browser, sent);
  const response = await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=${lang}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SharedChecklistResponse;
}

describe('DeepL', () => {
  it('is called with its Authorization header and codes (EN -> ES, PT-BR, ZH-HANS); Hindi has no engine', async () => {
    const { app } = await t.buildApp({ env: fakes.deepl.env });
    const spanish = await sharedPage(app, 'es');
    expect(spanish).toMatchObject({ translated: true, language: 'es' });
    expect(spanish.checklist.name).toBe('ES: Lake house');
    expect(spanish.checklist.tasks[0]?.description).toBe("ES: Don't forget the keys");
    expect(fakes.deepl.calls.at(-1)).toMatchObject({ source: 'EN', target: 'ES' });

    expect((await sharedPage(app, 'pt')).checklist.name).toBe('PT-BR: Lake house');
    expect((await sharedPage(app, 'zh')).checklist.name).toBe('ZH-HANS: Lake house');

    const calls = fakes.deepl.calls.length;
    const hindi = await sharedPage(app, 'hi');
    expect(hindi).toMatchObject({ translated: false, translationNote: 'unavailable' });
    expect(fakes.deepl.calls.length).toBe(calls);
    expect(fakes.deepl.refused).toEqual([]);
  });
});

describe('Google Cloud Translation', () => {
  it('is called with its key parameter and zh-CN; its HTML references come back as characters', async () => {
    const { app } = await t.buildApp({ env: fakes.google.env });
    const page = await sharedPage(app, 'es');
    expect(page).toMatchObject({ translated: true });
    expect(page.checklist.tasks[0]).toMatchObject({
      description: "es: Don't forget the keys",
      details: 'es: Say "hello" to the porter',
    });
    expect(fakes.google.calls.at(-1)).toMatchObject({ source: 'en', target: 'es' });
    expect((await sharedPage(app, 'zh')).checklist.name).toBe('zh-CN: Lake house');
    // All ten, Hindi too.
    expect((await sharedPage(app, 'hi')).checklist.name).toBe('hi: Lake house');
    expect(fakes.google.refused).toEqual([]);
  });
});

describe('the five added languages', () => {
  it('DeepL and Google translate each by its code (Filipino as TL and tl)', async () => {
    const deepl = (await t.buildApp({ env: fakes.deepl.env })).app;
    const google = (await t.buildApp({ env: fakes.google.env })).app;
    for (const [lang, deeplCode] of [
      ['vi', 'VI'],
      ['tl', 'TL'],
      ['pl', 'PL'],
      ['uk', 'UK'],
      ['ro', 'RO'],
    ] as const) {
      expect(await sharedPage(deepl, lang)).toMatchObject({
        translated: true,
        language: lang,
        checklist: { name: `${deeplCode}: Lake house` },
      });
      expect((await sharedPage(google, lang)).checklist.name).toBe(`${lang}: Lake house`);
    }
    expect(fakes.deepl.refused).toEqual([]);
    expect(fakes.google.refused).toEqual([]);
  });
});

describe('a key the service refuses', () => {
  it.each([
    { engine: 'DeepL', status: 403, fake: () => fakes.deepl, setting: 'DEEPL_AUTH_KEY' },
    { engine: 'Google', status: 400, fake: () => fakes.google, setting: 'GOOGLE_TRANSLATE_API_KEY' },
  ])('$engine answers $status: the page says failed with the texts as written, never a blank', async (c) => {
    const { app } = await t.buildApp({
      env: { ...c.fake().env, [c.setting]: 'wrong-key:fx' },
      translation: { retryDelaysMs: [] },
    });
    const page = await sharedPage(app, 'de');
    expect(page).toMatchObject({ translated: false, translationNote: 'failed' });
    expect(page.checklist.name).toBe('Lake house');
    expect(c.fake().refused.at(-1)?.status).toBe(c.status);
  });
});

const apertium = findOnPath('apertium', process.env.PATH);
const apertiumInstalled = apertium !== null && installedModes('/usr/share/apertium/modes').has('eng-spa');

describe.skipIf(!apertiumInstalled)('Apertium (apertium-eng-spa installed on this machine)', () => {
  it('an es share is translated by the real engine, without its unknown-word marks', async () => {
    const { app } = await t.buildApp({ env: { PATH: process.env.PATH } });
    const owner = await signInOwner(app, 'host');
    const checklist = await createChecklist(owner, {
      name: 'Clean the kitchen',
      tasks: [
        { description: 'Check the xyzzy thermostat', details: 'Wash the windows', photoRequired: false },
      ],
    });
    const sent = await share(owner, checklist.id, { targetLanguage: 'es' });
    const browser = recipientBrowser(app);
    await verified(browser, sent);
    let page: SharedChecklistResponse | null = null;
    // The send started it; the first read may still find it under way (pending).
    for (let i = 0; i < 20; i += 1) {
      page = (await browser.call('GET', `/api/shared/checklist?token=${sent.token}`)).json();
      if (page?.translated && !page.translationNote) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(page).toMatchObject({ translated: true, language: 'es', sourceLanguage: 'en' });
    expect(page?.checklist.name).toMatch(/cocina/i);
    expect(page?.checklist.tasks[0]?.description).toMatch(/termostato/);
    expect(page?.checklist.tasks[0]?.description).toContain('xyzzy');
    expect(page?.checklist.tasks[0]?.description).not.toMatch(/[*#@]/);
    expect(page?.original?.name).toBe('Clean the kitchen');

    // A pair it does not have: said plainly.
    const french = (await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=fr`)).json();
    expect(french).toMatchObject({ translated: false, translationNote: 'unavailable' });
    // Debian has no pair between English and the five added languages.
    for (const lang of ['vi', 'tl', 'pl', 'uk', 'ro']) {
      const page = (
        await browser.call('GET', `/api/shared/checklist?token=${sent.token}&lang=${lang}`)
      ).json();
      expect(page).toMatchObject({ translated: false, translationNote: 'unavailable', language: lang });
      expect(page.checklist.name).toBe('Clean the kitchen');
    }
  });
});
