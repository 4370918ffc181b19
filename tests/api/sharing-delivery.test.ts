import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareCodeSends, shares } from '#server/db/schema/index';
import { SPAWNED_SERVER_TEST_MS } from '#tests/support/budgets';
import { createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { type FakeTwilio, startFakeTwilio } from '#tests/support/fake-twilio';
import { listeningUrl, startServer } from '#tests/support/server-process';
import { recipientBrowser } from '#tests/support/sharing';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '#tests/support/smtp-server';
import { setupTestApp } from '#tests/support/test-app';

/** Sharing through the real carriers' protocols: an SMTP server and a fake of Twilio, both started here. */

const t = setupTestApp();
let smtp: TestSmtpServer;
let twilio: FakeTwilio;
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-for-tests';

beforeAll(async () => {
  smtp = await startTestSmtpServer({ refuseRecipient: (address) => address.startsWith('bounce') });
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await smtp?.close();
  await twilio?.close();
});

async function configuredApp() {
  return t.buildApp({
    env: {
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'ListSync <no-reply@lists.example.com>',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM_NUMBER: '+14155550100',
      TWILIO_BASE_URL: twilio.baseUrl,
      // +44 7911 123456 is Guernsey's (GG) in libphonenumber's full metadata, not Great Britain's.
      SMS_ALLOWED_COUNTRIES: 'us,ca,GB, GG',
    },
  });
}

describe('sharing with real carriers configured', () => {
  it('e-mails the code and link over SMTP, and answers no code', async () => {
    const { app } = await configuredApp();
    const owner = await signInOwner(app, 'host');
    const checklist = await createChecklist(owner, { name: 'Loft <2>' });
    const response = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'guest@example.com',
      recipientName: 'Guest',
    });
    expect(response.statusCode).toBe(200);
    const sent = response.json();
    expect(sent.verificationCode).toBeUndefined();
    const mail = smtp.received.find((message) => message.to.includes('guest@example.com'));
    expect(mail).toBeDefined();
    const parsed = parseMail(mail?.raw ?? '');
    expect(parsed.subject).toMatch(/Loft <2>|Loft &lt;2&gt;|verification code/i);
    const code = /\b(\d{6})\b/.exec(parsed.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(parsed.text).toContain(sent.shareUrl);
    expect(parsed.html).toContain('Loft &lt;2&gt;');
    expect(parsed.html).not.toContain('Loft <2>');

    const browser = recipientBrowser(app);
    expect((await browser.verify(sent.token, code as string)).statusCode).toBe(200);
  });

  it('texts the code and link through Twilio: Basic auth, To in E.164, From, a short body', async () => {
    const { app } = await configuredApp();
    const owner = await signInOwner(app);
    const checklist = await createChecklist(owner);
    const response = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      phone: '+44 7911 123456',
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = twilio.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request?.form.get('To')).toBe('+447911123456');
    expect(request?.form.get('From')).toBe('+14155550100');
    const body = request?.form.get('Body') ?? '';
    expect(body).toContain(response.json().token);
    expect(body).toMatch(/\b\d{6}\b/);
    expect(body.length).toBeLessThanOrEqual(320);
  });

  it('a refused address answers 400 and a dead carrier 502, and neither leaves a share or a send behind', async () => {
    const { app } = await configuredApp();
    const owner = await signInOwner(app);
    const checklist = await createChecklist(owner);
    const refused = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'bounce@example.com',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toContain('refused this address');

    twilio.answerWith(() => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } }));
    const down = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      phone: '+14155550199',
    });
    twilio.answerWith((request) => ({ status: 201, body: { sid: 'SM1', to: request.form.get('To') } }));
    expect(down.statusCode).toBe(502);
    expect(errorOf(down).code).toBe('delivery_failed');
    expect(down.body).not.toContain(TOKEN);

    expect(await t.db.select().from(shares).where(eq(shares.checklistId, checklist.id))).toEqual([]);
    expect(await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, owner.uid))).toEqual([]);
    // Nothing is held against the owner: the same send goes through at once when the carrier is back.
    const again = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      phone: '+14155550199',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('an SMTP server that is gone answers 502 delivery_failed and leaves no half-made share', async () => {
    const gone = await startTestSmtpServer();
    const goneUrl = gone.url();
    await gone.close();
    const { app } = await t.buildApp({
      env: { SMTP_URL: goneUrl, MAIL_FROM: 'ListSync <no-reply@lists.example.com>' },
    });
    const owner = await signInOwner(app, 'smtp-gone');
    const checklist = await createChecklist(owner);
    const send = () =>
      owner.call('POST', '/api/verification/send', {
        consent: true,
        checklistId: checklist.id,
        email: 'cleaner@example.com',
      });

    const down = await send();
    expect(down.statusCode, down.body).toBe(502);
    expect(errorOf(down)).toMatchObject({ code: 'delivery_failed', reason: 'unreachable' });
    expect(errorOf(down).message).toMatch(/try again/i);
    expect(await t.db.select().from(shares).where(eq(shares.checklistId, checklist.id))).toEqual([]);
    expect(await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, owner.uid))).toEqual([]);
  });

  it('a carrier failing on a resend or a new link puts the share back as it was: its code, link and verified browsers', async () => {
    const { app } = await configuredApp();
    const owner = await signInOwner(app);
    const checklist = await createChecklist(owner);
    const body = { consent: true, checklistId: checklist.id, phone: '+14155550177' };
    const first = await owner.call('POST', '/api/verification/send', body);
    expect(first.statusCode, first.body).toBe(200);
    const sent = first.json();
    const code = /\b(\d{6})\b/.exec(twilio.requests.at(-1)?.form.get('Body') ?? '')?.[1] as string;
    const browser = recipientBrowser(app);
    expect((await browser.verify(sent.token, code)).statusCode).toBe(200);
    // A second code for the same share, asked for 31 s later, while a recipient browser holds access.
    await t.db
      .update(shares)
      .set({ codeRequestedAt: new Date(Date.now() - 31_000) })
      .where(eq(shares.id, sent.shareId));
    const [before] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    const sendsBefore = await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, owner.uid));

    twilio.answerWith(() => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } }));
    try {
      for (const retry of [body, { ...body, newLink: true }]) {
        const down = await owner.call('POST', '/api/verification/send', retry);
        expect(down.statusCode).toBe(502);
        const resent = await recipientBrowser(app).call('POST', '/api/verification/resend', {
          token: sent.token,
        });
        expect(resent.statusCode).toBe(502);
      }
    } finally {
      twilio.answerWith((request) => ({ status: 201, body: { sid: 'SM1', to: request.form.get('To') } }));
    }
    const [after] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(after).toEqual(before);
    expect(await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, owner.uid))).toEqual(
      sendsBefore,
    );
    // The old link still works for the browser that verified through it.
    const page = await browser.call('GET', `/api/shared/checklist?token=${sent.token}`);
    expect(page.statusCode).toBe(200);
  });
});

describe('the server log', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'listsync-share-log-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'never holds a code or a link token, even at trace level',
    async () => {
      const server = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'trace' });
      try {
        const base = await listeningUrl(server);
        const call = async (method: string, url: string, cookie: string, body?: unknown) =>
          fetch(new URL(url, base), {
            method,
            headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
        const login = await call('POST', '/api/dev/login', '', {
          email: 'log@example.com',
          displayName: 'Log',
        });
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const created = await (
          await call('POST', '/api/checklists', cookie, { name: 'Logged', tasks: [{ description: 'One' }] })
        ).json();
        const sent = await (
          await call('POST', '/api/verification/send', cookie, {
            consent: true,
            checklistId: created.id,
            email: 'r@example.com',
          })
        ).json();
        expect(sent.verificationCode).toMatch(/^\d{6}$/);
        // Not a string a log could hold by chance (timings, ids): distinct digits.
        const wrong = sent.verificationCode === '482917' ? '739164' : '482917';
        await call('POST', '/api/verification/verify', '', { token: sent.token, code: wrong });
        const right = await call('POST', '/api/verification/verify', '', {
          token: sent.token,
          code: sent.verificationCode,
        });
        expect(right.status).toBe(200);
        await call('GET', `/api/verification/status/${sent.token}`, '');
        await call('GET', `/api/shared/checklist?token=${sent.token}`, '');
        await call('GET', `/shared/${sent.token}`, '');
        await new Promise((resolve) => setTimeout(resolve, 300));
        const log = server.stdout() + server.stderr();
        expect(log).toContain('/api/verification/verify');
        for (const secret of [sent.verificationCode, wrong, sent.token]) expect(log).not.toContain(secret);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
    SPAWNED_SERVER_TEST_MS,
  );
});
