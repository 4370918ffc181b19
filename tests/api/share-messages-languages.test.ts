import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '#domain/languages';
import { buildShareVerificationSms } from '#domain/share-messages';
import { smsSegments } from '#domain/sms-segments';
import { outboxMessages, shares } from '#server/db/schema/index';
import { createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { type FakeTwilio, startFakeTwilio } from '#tests/support/fake-twilio';
import { recipientBrowser, share } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, uniqueEmail } from '#tests/support/test-app';

/**
 * The e-mail and the SMS that carry the code are written in the share's language, for the first send
 * and for a resend: what the recipient finds in the local outbox, and what Twilio receives.
 */

/** The recipients here are texted in Spain and the United Arab Emirates (decision 0017). */
const SMS_ALLOWED_COUNTRIES = 'US,CA,ES,AE';
const t = setupTestApp({ env: { SMS_ALLOWED_COUNTRIES } });
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await twilio?.close();
});

interface OutboxView {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

/** The newest outbox message to this address or number, as GET /api/dev/outbox lists it. */
async function lastMessageTo(to: string): Promise<OutboxView> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  expect(response.statusCode).toBe(200);
  const found = (response.json() as { messages: OutboxView[] }).messages.find((m) => m.to === to);
  if (!found) throw new Error(`nothing in the outbox for ${to}`);
  return found;
}

async function pastResendThrottle(shareId: string) {
  await t.db
    .update(shares)
    .set({ codeRequestedAt: new Date(Date.now() - 31_000) })
    .where(eq(shares.id, shareId));
}

async function resend(token: string): Promise<string> {
  const response = await recipientBrowser(t.app).call('POST', '/api/verification/resend', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().verificationCode as string;
}

async function professional(owner: Owner) {
  await setOwnedTeamTier(t.db, owner.uid, 'professional');
}

describe('a share in Spanish (a free plan allows it)', () => {
  it('e-mails the code in Spanish, and the resend too', async () => {
    const owner = await signInOwner(t.app, 'dueña', uniqueEmail('duena'));
    const checklist = await createChecklist(owner, { name: 'Cocina <2>' });
    const sent = await share(owner, checklist.id, {
      email: 'rita@example.com',
      recipientName: 'Rita',
      targetLanguage: 'es',
    });

    const mail = await lastMessageTo('rita@example.com');
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('dueña person ha compartido “Cocina <2>” con usted en ListSync');
    expect(mail.text).toContain('Hola, Rita:');
    expect(mail.text).toContain(`Su código de verificación: ${sent.verificationCode}`);
    expect(mail.text).toContain('Es válido durante 10 minutos y solo puede usarse una vez.');
    expect(mail.text).toContain(`\n${sent.shareUrl}\n`);
    expect(sent.shareUrl).toMatch(/\?lang=es$/);
    const [stored] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, mail.id));
    expect(stored?.html).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(stored?.html).toContain('Cocina &lt;2&gt;');
    expect(stored?.html).toContain('>Abrir la lista</a>');

    await pastResendThrottle(sent.shareId);
    const code = await resend(sent.token);
    const again = await lastMessageTo('rita@example.com');
    expect(again.id).not.toBe(mail.id);
    expect(again.text).toContain(`Su código de verificación: ${code}`);
    expect(again.text).not.toContain(sent.verificationCode);
  });

  it('texts the code in Spanish, one GSM-7 segment, and the resend too', async () => {
    const owner = await signInOwner(t.app, 'owner');
    const checklist = await createChecklist(owner, { name: 'Baño principal' });
    const sent = await share(owner, checklist.id, {
      email: undefined,
      phone: '+34 612 345 678',
      recipientName: 'José',
      targetLanguage: 'es',
    });

    const sms = await lastMessageTo('+34612345678');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toBe(
      `ListSync: owner person ha compartido "Baño principal" con usted. Codigo ${sent.verificationCode} (vence en 10 min): ${sent.shareUrl}`,
    );
    expect(smsSegments(sms.text)).toMatchObject({ encoding: 'gsm7', segments: 1 });

    await pastResendThrottle(sent.shareId);
    const code = await resend(sent.token);
    const again = await lastMessageTo('+34612345678');
    expect(again.text).toContain(`Codigo ${code} (vence en 10 min): ${sent.shareUrl}`);
  });
});

describe('a share in a language of the paid plans', () => {
  it.each([
    ['ar', (code: string) => `رمز التحقق الخاص بك: ${code}`, ' dir="rtl"'],
    ['zh', (code: string) => `您的验证码：${code}`, ''],
  ] as const)('%s: the e-mail is in it, with lang and dir', async (language, codeLine, dir) => {
    const owner = await signInOwner(t.app);
    await professional(owner);
    const checklist = await createChecklist(owner);
    const address = `reader.${language}@example.com`;
    const sent = await share(owner, checklist.id, { email: address, targetLanguage: language });
    const mail = await lastMessageTo(address);
    expect(mail.text).toContain(codeLine(sent.verificationCode as string));
    const [stored] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, mail.id));
    expect(stored?.html).toContain(`<html lang="${language}"${dir}>`);
  });
});

describe('an Arabic SMS through Twilio', () => {
  it('arrives intact: the UTF-8 form body holds the Arabic text, the isolates and the link, two segments', async () => {
    const SID = `AC${'0123456789abcdef'.repeat(2)}`;
    const { app } = await t.buildApp({
      env: {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
        TWILIO_FROM_NUMBER: '+14155550100',
        TWILIO_BASE_URL: twilio.baseUrl,
        SMS_ALLOWED_COUNTRIES,
      },
    });
    const owner = await signInOwner(app, 'مالك', uniqueEmail('malik'));
    await professional(owner);
    const checklist = await createChecklist(owner, { name: 'المطبخ' });
    const response = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      phone: '+971 50 123 4567',
      recipientName: 'فاطمة',
      targetLanguage: 'ar' satisfies LanguageCode,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { shareUrl } = response.json();

    const request = twilio.requests.at(-1);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded;charset=UTF-8$/i);
    expect(request?.form.get('To')).toBe('+971501234567');
    const body = request?.form.get('Body') ?? '';
    const code = /\b(\d{6})\b/.exec(body)?.[1] as string;
    // What the builder wrote, character for character: nothing was lost or re-encoded on the way.
    expect(body).toBe(
      buildShareVerificationSms({
        siteName: 'ListSync',
        ownerName: 'مالك person',
        checklistName: 'المطبخ',
        recipientName: 'فاطمة',
        code,
        shareUrl,
        language: 'ar',
      }).body,
    );
    expect(body).toMatch(/^رمز \u2068ListSync\u2069: \d{6}، صالح لمدة 10 دقائق\.\n/);
    expect(body.split('\n').at(-1)).toBe(shareUrl);
    expect(smsSegments(body)).toMatchObject({ encoding: 'ucs2', segments: 2 });
  });
});
