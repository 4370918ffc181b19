import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawnCodeScreen } from '#domain/code-screen';
import type { ShareResponse } from '#domain/sharing';
import { buildApp } from '#server/app';
import { shares } from '#server/db/schema/index';
import { createChecklist, signInOwner } from '../support/checklists.ts';
import { writeClientBuild } from '../support/client-build.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { share } from '../support/sharing.ts';
import { TEST_PUBLIC_URL, testConfig, uniqueIp } from '../support/test-app.ts';

/**
 * The recipient's code screen as a form (decision 0061, docs/api.md "The code screen's form"): a post
 * to the page's own URL verifies with the JSON route's service, limit and cookie and answers 303, or
 * answers the screen drawn with what was typed and the refusal. A stand-in prerender draws the state
 * it was given as JSON (the real one, with its words in each language, is tested in
 * src/web/pages/shared/drawn-code-screen.test.tsx and tests/e2e/code-screen.spec.ts).
 */

const PRERENDER = `
const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
export async function prerenderPages() {
  return ['en', 'es'].flatMap((language) => ['code', 'verified'].map((screen) => ({
    variant: { name: 'shared-' + screen + '-' + language, page: 'src/web/pages/shared.tsx', language, firstScreen: screen },
    html: '<main data-page="shared-' + screen + '-' + language + '"></main>',
    title: 'Shared checklist',
  })));
}
export function renderCodeScreen({ path, search, language, state }) {
  return {
    html: '<main data-page="drawn" data-language="' + language + '" data-path="' + escape(path) + '" data-state="' + escape(JSON.stringify(state)) + '"></main>',
    title: null,
  };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/web/pages/shared.tsx': { file: 'assets/shared-c.js', imports: ['index.html'] },
  'src/web/pages/shared/shared-checklist-content.tsx': { file: 'assets/content-d.js' },
  'src/web/i18n/compiled/es.ts': { file: 'assets/es-e.js' },
  'src/web/code-screen.ts': { file: 'assets/code-screen-f.js', isEntry: true },
};

let root: string;
let testDatabase: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'listsync-code-screen-'));
  testDatabase = await createTestDatabase();
  app = await buildApp(testConfig(testDatabase), {
    database: testDatabase.handle,
    clientDir: writeClientBuild(root, { prerender: PRERENDER, manifest: MANIFEST }),
  });
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.destroy();
  rmSync(root, { recursive: true, force: true });
});

const SAME_ORIGIN = { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' };
const FORM = 'application/x-www-form-urlencoded';

/** A phone posting the screen's form from its own address, as a browser does. */
function phone(ip = uniqueIp()) {
  let cookie: string | null = null;
  return {
    get cookie() {
      return cookie;
    },
    async post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { ...SAME_ORIGIN, 'content-type': FORM, ...(cookie ? { cookie } : {}), ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
      const set = response.cookies.find((c) => c.name.endsWith('listsync_recipient'));
      if (set?.value) cookie = `${set.name}=${set.value}`;
      return response;
    },
    get(url: string) {
      return app.inject({ method: 'GET', url, remoteAddress: ip, headers: cookie ? { cookie } : {} });
    },
  };
}

async function sharedLink(): Promise<ShareResponse & { verificationCode: string }> {
  const owner = await signInOwner(app, 'host');
  const checklist = await createChecklist(owner, { name: 'Cabin turnover' }, 2);
  const sent = await share(owner, checklist.id);
  if (!sent.verificationCode) throw new Error('no code: not in local mode?');
  return { ...sent, verificationCode: sent.verificationCode };
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
const stateOf = (response: LightMyRequestResponse): DrawnCodeScreen => {
  const match = /data-state="([^"]*)"/.exec(response.body);
  if (!match?.[1]) throw new Error(`no code screen drawn: ${response.body.slice(0, 300)}`);
  return JSON.parse(match[1].replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&'));
};
const errorCode = (state: DrawnCodeScreen) =>
  (state.verifyError?.body as { error?: { code?: string } } | undefined)?.error?.code;
const triesOf = async (shareId: string) =>
  (await testDatabase.handle.db.select().from(shares).where(eq(shares.id, shareId)))[0]?.codeWrongTries;

describe('the code screen page', () => {
  it('carries its own small script, not the app, and lists the next page’s files for later', async () => {
    const response = await phone().get('/shared/some-token?lang=es');
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/code-screen-f.js"></script>',
    );
    expect(response.body).not.toContain('index-a.js"></script>');
    expect(response.body).not.toContain('modulepreload');
    const block = /<script type="application\/json" id="listsync-next-page">(.*?)<\/script>/.exec(
      response.body,
    );
    expect(JSON.parse(block?.[1] ?? '[]')).toEqual([
      '/assets/index-a.js',
      '/assets/react-b.js',
      '/assets/shared-c.js',
      '/assets/content-d.js',
      '/assets/es-e.js',
    ]);
  });
});

describe('POST /shared/{token} (the code screen form)', () => {
  it('a right code: 303 to the same page with a new recipient cookie, which then serves the checklist’s page', async () => {
    const sent = await sharedLink();
    const browser = phone();
    const url = `/shared/${sent.token}?lang=es`;
    const right = await browser.post(url, { code: sent.verificationCode });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(url);
    expect(right.headers['cache-control']).toBe('no-store');
    const cookie = right.cookies.find((c) => c.name.endsWith('listsync_recipient'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const page = await browser.get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page="shared-verified-es"');
    expect(page.body).toContain('id="listsync-shared-answers"');
    // The verified page is the app's, with its scripts.
    expect(page.body).toContain('/assets/index-a.js');
  });

  it('the legacy path /shared/checklist/{token} takes the form too', async () => {
    const sent = await sharedLink();
    const response = await phone().post(`/shared/checklist/${sent.token}`, { code: sent.verificationCode });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/shared/checklist/${sent.token}`);
  });

  it('a wrong code: 400, the screen with what was typed and the tries left, no cookie', async () => {
    const sent = await sharedLink();
    const browser = phone();
    const wrong = wrongOf(sent.verificationCode);
    const response = await browser.post(`/shared/${sent.token}?lang=es`, { code: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('data-language="es"');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/code-screen-f.js">');
    const state = stateOf(response);
    expect(state.code).toBe(wrong);
    expect(state.verifyError?.body).toMatchObject({ error: { code: 'code_invalid', triesLeft: 4 } });
    expect(browser.cookie).toBeNull();
  });

  it('an expired code: 410', async () => {
    const sent = await sharedLink();
    await testDatabase.handle.db
      .update(shares)
      .set({ codeExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(shares.id, sent.shareId));
    const response = await phone().post(`/shared/${sent.token}`, { code: sent.verificationCode });
    expect(response.statusCode).toBe(410);
    expect(errorCode(stateOf(response))).toBe('code_expired');
  });

  it('a dead code after five wrong ones: 429 code_locked, the right one too, with Retry-After', async () => {
    const sent = await sharedLink();
    const browser = phone();
    for (let i = 0; i < 5; i += 1)
      await browser.post(`/shared/${sent.token}`, { code: wrongOf(sent.verificationCode) });
    const response = await browser.post(`/shared/${sent.token}`, { code: sent.verificationCode });
    expect(response.statusCode).toBe(429);
    expect(errorCode(stateOf(response))).toBe('code_locked');
    expect(browser.cookie).toBeNull();
  });

  it('an unknown link: 404 share_not_found', async () => {
    const response = await phone().post('/shared/no-such-token-at-all', { code: '123456' });
    expect(response.statusCode).toBe(404);
    expect(errorCode(stateOf(response))).toBe('share_not_found');
  });

  it.each([
    ['empty', '', ''],
    ['short', '12345', '12345'],
    ['not digits', 'abcdef', 'abcdef'],
    ['too long', '1234567', '123456'],
  ])('malformed input (%s): 400 validation_failed, what was typed kept', async (_case, code, kept) => {
    const sent = await sharedLink();
    const response = await phone().post(`/shared/${sent.token}`, { code });
    expect(response.statusCode).toBe(400);
    const state = stateOf(response);
    expect(errorCode(state)).toBe('validation_failed');
    expect(state.code).toBe(kept);
    expect(await triesOf(sent.shareId)).toBe(0);
  });

  it('a body that is not a form: 415, nothing tried', async () => {
    const sent = await sharedLink();
    const response = await phone().post(`/shared/${sent.token}`, {}, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(415);
    expect(errorCode(stateOf(response))).toBe('unsupported_media_type');
    expect(await triesOf(sent.shareId)).toBe(0);
  });

  it('a post from another site is refused before anything is tried: no cookie, no try counted', async () => {
    const sent = await sharedLink();
    const browser = phone();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: TEST_PUBLIC_URL },
      { origin: 'https://evil.example', 'sec-fetch-site': '' },
    ]) {
      const refused = await browser.post(`/shared/${sent.token}`, { code: sent.verificationCode }, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'cross_site_request' } });
      expect(browser.cookie).toBeNull();
    }
    expect(await triesOf(sent.shareId)).toBe(0);
    // The code is still good: the refusals changed nothing.
    expect((await browser.post(`/shared/${sent.token}`, { code: sent.verificationCode })).statusCode).toBe(
      303,
    );
  });

  it('shares the JSON route’s limit per address: 30 tries in 10 minutes across both, then 429 with Retry-After', async () => {
    const ip = uniqueIp();
    const browser = phone(ip);
    for (let i = 0; i < 15; i += 1) {
      const json = await app.inject({
        method: 'POST',
        url: '/api/verification/verify',
        remoteAddress: ip,
        payload: { token: `unknown-token-${i}`, code: '123456' },
      });
      expect(json.statusCode).toBe(404);
      expect((await browser.post(`/shared/unknown-form-${i}`, { code: '123456' })).statusCode).toBe(404);
    }
    const limited = await browser.post('/shared/unknown-form-last', { code: '123456' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const state = stateOf(limited);
    expect(errorCode(state)).toBe('rate_limited');
    expect(state.verifyError?.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('intent=resend: a new code to the share’s contact, then 429 too soon', async () => {
    const sent = await sharedLink();
    await testDatabase.handle.db
      .update(shares)
      .set({ codeRequestedAt: new Date(Date.now() - 31_000) })
      .where(eq(shares.id, sent.shareId));
    const browser = phone();
    const resent = await browser.post(`/shared/${sent.token}`, { intent: 'resend' });
    expect(resent.statusCode).toBe(200);
    expect(stateOf(resent).resent).toMatchObject({
      sent: true,
      maskedContact: expect.stringContaining('@example.com'),
    });
    const again = await browser.post(`/shared/${sent.token}`, { intent: 'resend' });
    expect(again.statusCode).toBe(429);
    expect(stateOf(again).resendError?.body).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('intent=code-not-received: the owner told, then told already (429)', async () => {
    const sent = await sharedLink();
    const browser = phone();
    const told = await browser.post(`/shared/${sent.token}`, { intent: 'code-not-received' });
    expect(told.statusCode).toBe(200);
    expect(stateOf(told).told).toBe('told');
    const again = await browser.post(`/shared/${sent.token}`, { intent: 'code-not-received' });
    expect(again.statusCode).toBe(429);
    expect(stateOf(again).told).toBe('already');
  });
});
