import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedChecklistResponse } from '#domain/sharing';
import { createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { type FakeTranslator, startFakeLibreTranslate } from '#tests/support/fake-translate';
import { until } from '#tests/support/server-process';
import { type RecipientBrowser, recipientBrowser, share, verified } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, type TestAppOptions } from '#tests/support/test-app';

/**
 * The translation cache is each team's own (decision 0044, issue 30 item 2). Were it shared, an owner
 * could learn whether another team's exact text (a lockbox code, an address) was ever translated: a
 * cached text comes back translated at once, any other as written with 'pending'. So a team that
 * shares another team's exact text meets it as a text never translated (the engine is asked, and the
 * page says 'pending' while it works), while a team's own repeated text costs nothing.
 */

const fake = {} as { lt: FakeTranslator };
// The API waits at most 400 ms for the engine here (2 s in production): 'pending' comes sooner.
const options: TestAppOptions = {
  env: {},
  translation: { waitMs: 400, retryDelaysMs: [100], coolDownMs: 60_000, attemptTimeoutMs: 10_000 },
};
beforeAll(async () => {
  fake.lt = await startFakeLibreTranslate('team-key');
  Object.assign(options.env ?? {}, fake.lt.env);
});
const t = setupTestApp(options);
afterAll(async () => fake.lt?.close());

interface Shared {
  owner: Owner;
  token: string;
  browser: RecipientBrowser;
}

/** A checklist of `owner`'s team, shared in English and verified by a recipient's browser. */
async function sharedBy(owner: Owner, name: string, remarks = ''): Promise<Shared> {
  const tasks = [{ description: `${name}: the task`, details: '', photoRequired: false }];
  const checklist = await createChecklist(owner, { name, tasks, remarks });
  const sent = await share(owner, checklist.id, { targetLanguage: 'en' });
  const browser = recipientBrowser(t.app);
  await verified(browser, sent);
  return { owner, token: sent.token, browser };
}

async function read(shared: Shared, lang: string): Promise<SharedChecklistResponse> {
  const response = await shared.browser.call(
    'GET',
    `/api/shared/checklist?token=${shared.token}&lang=${lang}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SharedChecklistResponse;
}

/** What a page says of its translation, without the texts: what an owner would compare between reads. */
function shape(page: SharedChecklistResponse) {
  return { translated: page.translated, note: page.translationNote, original: 'original' in page };
}

async function engineIdle() {
  let seen = -1;
  while (seen !== fake.lt.calls.length) {
    seen = fake.lt.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('one team learns nothing of another team’s texts from the cache', () => {
  it("team B sharing team A's exact text meets it as never translated: pending, and the engine is asked", async () => {
    const secret = 'Lockbox 4921 is behind the blue gate at 12 Rue Oberkampf';
    const a = await sharedBy(await signInOwner(t.app, 'team-a'), secret, `${secret} (remarks)`);
    await until(async () => (await read(a, 'de')).translated && !(await read(a, 'de')).translationNote);
    expect((await read(a, 'de')).checklist.name).toBe(`de: ${secret}`);
    await engineIdle();

    fake.lt.behave({ translate: true, delayMs: 2_000 });
    try {
      const ownerB = await signInOwner(t.app, 'team-b');
      const guess = await sharedBy(ownerB, secret, `${secret} (remarks)`);
      const control = await sharedBy(ownerB, 'A text nobody ever translated, 7 Quai Voltaire', 'Never');
      const mark = fake.lt.calls.length;

      const guessed = await read(guess, 'de');
      const never = await read(control, 'de');
      expect(shape(guessed)).toEqual(shape(never));
      expect(guessed).toMatchObject({ translated: false, translationNote: 'pending' });
      expect(guessed.checklist.name).toBe(secret);
      expect(guessed).not.toHaveProperty('original');
      // B's own first request is a miss at the engine, billed as one.
      await until(() => fake.lt.calls.slice(mark).some((call) => call.texts.includes(secret)));

      // Team A's text is still its own: read at once from its cache, the engine not asked again.
      const again = fake.lt.calls.length;
      const repeat = await read(a, 'de');
      expect(repeat).toMatchObject({ translated: true });
      expect(repeat.translationNote).toBeUndefined();
      expect(fake.lt.calls.length).toBe(again);
    } finally {
      fake.lt.behave({ translate: true });
      await engineIdle();
    }
  });

  it('a team’s own text repeated in another of its checklists is read from its cache: no engine call', async () => {
    const owner = await signInOwner(t.app, 'team-repeats');
    const text = 'Water the olive tree on the terrace';
    const first = await sharedBy(owner, text);
    await until(async () => {
      const page = await read(first, 'ja');
      return page.translated && !page.translationNote;
    });
    await engineIdle();

    fake.lt.behave({ translate: true, delayMs: 2_000 });
    try {
      const mark = fake.lt.calls.length;
      const second = await sharedBy(owner, text);
      const page = await read(second, 'ja');
      expect(page).toMatchObject({ translated: true });
      expect(page.translationNote).toBeUndefined();
      expect(page.checklist.name).toBe(`ja: ${text}`);
      expect(page.checklist.tasks[0]?.description).toBe(`ja: ${text}: the task`);
      expect(fake.lt.calls.slice(mark)).toEqual([]);
    } finally {
      fake.lt.behave({ translate: true });
    }
  });

  it("an owner reading a recipient's remarks meets another team's translation as never made", async () => {
    const remark = 'Le code du portail est 7710B';
    const ownerA = await signInOwner(t.app, 'remarks-a');
    const idA = await remarkedBy(await sharedBy(ownerA, 'Remarks A'), remark);
    await until(async () => (await ownerA.call('GET', `/api/checklists/${idA}/remarks`)).json().translated);
    await engineIdle();

    fake.lt.behave({ translate: true, delayMs: 2_000 });
    try {
      const ownerB = await signInOwner(t.app, 'remarks-b');
      const idB = await remarkedBy(await sharedBy(ownerB, 'Remarks B'), remark);
      const seen = await ownerB.call('GET', `/api/checklists/${idB}/remarks`);
      expect(seen.json()).toMatchObject({ text: remark, translated: false, translationNote: 'pending' });
      await until(() => fake.lt.calls.filter((call) => call.texts.includes(remark)).length >= 2);
    } finally {
      fake.lt.behave({ translate: true });
      await engineIdle();
    }
  });
});

describe("the plan's languages still bound what a team may send", () => {
  it('a Free team may not send in French, though another team has the same text translated into French', async () => {
    const pro = await signInOwner(t.app, 'pro-team');
    await setOwnedTeamTier(t.db, pro.uid, 'professional');
    const words = { name: 'Shared words' };
    await share(pro, (await createChecklist(pro, words)).id, { targetLanguage: 'fr' });
    await until(() => fake.lt.calls.some((call) => call.target === 'fr' && call.texts.includes(words.name)));

    const free = await signInOwner(t.app, 'free-team');
    const body = { email: 'someone@example.com', targetLanguage: 'fr', consent: true };
    const checklistId = (await createChecklist(free, words)).id;
    const refused = await free.call('POST', '/api/verification/send', { ...body, checklistId });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'plan_limit_reached']);
    expect(refused.json().error.allowedLanguages).toEqual(['en', 'es']);
  });
});

/** The recipient writes remarks in French on the shared checklist; answers its id. */
async function remarkedBy(shared: Shared, remarks: string): Promise<string> {
  const page = await shared.browser.call('GET', `/api/shared/checklist?token=${shared.token}`);
  const id = (page.json() as SharedChecklistResponse).checklist.id;
  const patched = await shared.browser.call('PATCH', `/api/checklists/${id}`, {
    remarks,
    remarksLanguage: 'fr',
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return id;
}
