import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { outboxMessages, shares } from '#server/db/schema/index';
import { caller, createChecklist, errorOf, signInOwner } from '#tests/support/checklists';
import { share } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, TEST_PUBLIC_URL } from '#tests/support/test-app';

const t = setupTestApp();

describe('POST /api/verification/send', () => {
  it('shares by e-mail: a link of 128 random bits, a masked address, the code in local mode and in the outbox', async () => {
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(owner, { name: 'Beach <House>' });
    const sent = await share(owner, checklist.id, { email: 'Jane.Doe@Example.com ' });

    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sent.shareUrl).toBe(`${TEST_PUBLIC_URL}/shared/${sent.token}`);
    expect(sent).toMatchObject({ channel: 'email', maskedEmail: 'j•••e@example.com', maskedPhone: null });
    expect(sent.shareId).toMatch(/^share_/);
    expect(sent.recipientId).toMatch(/^recipient_/);
    expect(sent.verificationCode).toMatch(/^\d{6}$/);
    const expires = new Date(sent.codeExpiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);

    const [row] = await t.db.select().from(shares).where(eq(shares.id, sent.shareId));
    expect(row?.contact).toBe('jane.doe@example.com');
    // Neither the code nor the token is stored as it is.
    expect(JSON.stringify(row)).not.toContain(sent.verificationCode);
    expect(JSON.stringify(row)).not.toContain(sent.token);

    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'jane.doe@example.com'));
    expect(mail?.channel).toBe('email');
    expect(mail?.text).toContain(sent.verificationCode);
    expect(mail?.text).toContain(sent.shareUrl);
    expect(mail?.html).toContain('Beach &lt;House&gt;');
  });

  it('shares by SMS: the number normalised to E.164 and masked, a short message with the code and link', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id, { email: undefined, phone: '+1 (415) 555-0132' });
    expect(sent).toMatchObject({ channel: 'sms', maskedEmail: null });
    expect(sent.maskedPhone).toMatch(/^\+•+32$/);
    const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+14155550132'));
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain(sent.verificationCode);
    expect(sms?.text).toContain(sent.token);
  });

  it('puts lang in the link for another language the plan allows, and refuses one it does not', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const spanish = await share(owner, checklist.id, { email: 'es@example.com', targetLanguage: 'es' });
    expect(spanish.shareUrl).toBe(`${TEST_PUBLIC_URL}/shared/${spanish.token}?lang=es`);

    const french = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'fr@example.com',
      targetLanguage: 'fr',
    });
    expect(french.statusCode).toBe(403);
    expect(errorOf(french)).toMatchObject({ code: 'plan_limit_reached', allowedLanguages: ['en', 'es'] });

    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    expect(
      (await share(owner, checklist.id, { email: 'fr@example.com', targetLanguage: 'fr' })).shareUrl,
    ).toContain('?lang=fr');
  });

  it('shares in an added language on a paid plan only: vi by e-mail and uk by SMS (a crew in Canada), in their words', async () => {
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(owner, { name: 'Kitchen' });
    for (const targetLanguage of ['vi', 'tl', 'pl', 'uk', 'ro']) {
      const refused = await owner.call('POST', '/api/verification/send', {
        consent: true,
        checklistId: checklist.id,
        email: `${targetLanguage}@example.com`,
        targetLanguage,
      });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: 'plan_limit_reached', allowedLanguages: ['en', 'es'] });
    }
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'vi@example.com'))).toEqual(
      [],
    );

    await setOwnedTeamTier(t.db, owner.uid, 'professional');
    const vietnamese = await share(owner, checklist.id, { email: 'vi@example.com', targetLanguage: 'vi' });
    expect(vietnamese.shareUrl).toBe(`${TEST_PUBLIC_URL}/shared/${vietnamese.token}?lang=vi`);
    const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'vi@example.com'));
    expect(mail?.text).toContain(`Mã xác minh của bạn: ${vietnamese.verificationCode}`);
    expect(mail?.text).toContain('danh sách kiểm tra “Kitchen”');

    const ukrainian = await share(owner, checklist.id, {
      email: undefined,
      phone: '+1 (415) 555-0177',
      targetLanguage: 'uk',
    });
    const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+14155550177'));
    expect(sms?.text).toContain(`код ${ukrainian.verificationCode}, дійсний 10 хв.`);
    expect(sms?.text.endsWith(`?lang=uk`)).toBe(true);
  });

  it('refuses bad input with the clear messages, and sends nothing', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ checklistId: '', email: 'a@example.com' }, SHARE_MESSAGES.missingChecklistId],
      [{ checklistId: checklist.id }, SHARE_MESSAGES.contactRequired],
      [{ checklistId: checklist.id, email: '  ', phone: '' }, SHARE_MESSAGES.contactRequired],
      [
        { checklistId: checklist.id, email: 'a@example.com', phone: '+14155550132' },
        SHARE_MESSAGES.oneContactOnly,
      ],
      [{ checklistId: checklist.id, email: 'not-an-address' }, 'Please enter a valid email address.'],
      [{ checklistId: checklist.id, phone: '555-0132' }, 'Please enter a valid phone number'],
      [
        { checklistId: checklist.id, email: 'a@example.com', targetLanguage: 'xx' },
        'Choose one of the listed languages',
      ],
      [
        { checklistId: checklist.id, email: 'a@example.com', recipientName: 'x'.repeat(101) },
        "The recipient's name must be at most 100 characters",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await owner.call('POST', '/api/verification/send', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('validation_failed');
      expect(errorOf(response).message).toContain(message);
    }
    expect(await t.db.select().from(shares).where(eq(shares.checklistId, checklist.id))).toEqual([]);
  });

  it('lets only the owner send: another user gets 404, nobody 401', async () => {
    const owner = await signInOwner(t.app, 'owner');
    const stranger = await signInOwner(t.app, 'stranger');
    const checklist = await createChecklist(owner);
    const body = { checklistId: checklist.id, email: 'victim@example.com', consent: true };
    const byStranger = await stranger.call('POST', '/api/verification/send', body);
    expect(byStranger.statusCode).toBe(404);
    expect(errorOf(byStranger).code).toBe('not_found');
    const byNobody = await caller(t.app, null)('POST', '/api/verification/send', body);
    expect(byNobody.statusCode).toBe(401);
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'victim@example.com')),
    ).toEqual([]);
  });

  it('reuses the share for the same contact (same link, new code) but not within 30 s; a new link is always allowed', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    const first = await share(owner, checklist.id);
    const again = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'jane.doe@example.com',
    });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe('rate_limited');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);

    // 31 s later (the throttle reads the time of the last request for a code).
    await t.db
      .update(shares)
      .set({ codeRequestedAt: new Date(Date.now() - 31_000) })
      .where(eq(shares.id, first.shareId));
    const reused = await share(owner, checklist.id);
    expect(reused.shareId).toBe(first.shareId);
    expect(reused.token).toBe(first.token);
    expect(reused.verificationCode).not.toBe(undefined);

    const renewed = await share(owner, checklist.id, { newLink: true });
    expect(renewed.shareId).toBe(first.shareId);
    expect(renewed.token).not.toBe(first.token);
  });

  it('stops an owner after 30 codes in an hour, leaving no share for the refused one', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner);
    for (let i = 0; i < 30; i += 1) await share(owner, checklist.id, { email: `r${i}@example.com` });
    const over = await owner.call('POST', '/api/verification/send', {
      consent: true,
      checklistId: checklist.id,
      email: 'r30@example.com',
    });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({ code: 'rate_limited', message: SHARE_MESSAGES.ownerSendLimit });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await t.db.select().from(shares).where(eq(shares.contact, 'r30@example.com'))).toEqual([]);
  });
});

describe('owner-chosen names in the messages (GET /api/dev/outbox)', () => {
  async function outboxFor(to: string) {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    const { messages } = response.json() as {
      messages: { to: string; subject: string | null; text: string }[];
    };
    return messages.filter((message) => message.to === to);
  }

  it('shows a checklist name as plain quoted text, on one line, without its control characters', async () => {
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(owner, { name: 'Beach\u0007 House\u001b' });
    await share(owner, checklist.id, { email: 'quoted@example.com' });
    const [mail] = await outboxFor('quoted@example.com');
    expect(mail?.subject).toMatch(/shared "Beach House" with you/);
    expect(mail?.text).toContain('the checklist "Beach House" with you');
  });

  it('leaves out names that carry a link or a phone number, by e-mail and by SMS', async () => {
    const owner = await signInOwner(t.app, 'host');
    const checklist = await createChecklist(owner, {
      name: 'Win! Call +1 900 555 0123 or see prize.example',
    });
    await share(owner, checklist.id, { email: 'lured@example.com', recipientName: 'Sam at www.sam.example' });
    await share(owner, checklist.id, { email: undefined, phone: '+1 415 555 0166' });
    const [mail] = await outboxFor('lured@example.com');
    const [sms] = await outboxFor('+14155550166');
    for (const text of [mail?.subject ?? '', mail?.text ?? '', sms?.text ?? '']) {
      expect(text).not.toMatch(/900|prize\.example|sam\.example/);
    }
    expect(mail?.text).toContain('shared the checklist "a checklist" with you');
    expect(sms?.text).toMatch(/shared a checklist with you\. Code \d{6}/);
  });

  it('caps a long checklist name in the SMS, even when a short link leaves room for more', async () => {
    const { app } = await t.buildApp({ env: { PUBLIC_URL: 'http://l.example' } });
    const owner = await signInOwner(app, 'host');
    const long = 'Quarterly warehouse safety inspection for the north site, all aisles';
    const checklist = await createChecklist(owner, { name: long });
    await share(owner, checklist.id, { email: undefined, phone: '+1 415 555 0167' });
    const [sms] = await outboxFor('+14155550167');
    expect(sms?.text).toContain('http://l.example/shared/');
    const shown = /shared "([^"]*)"/.exec(sms?.text ?? '')?.[1] ?? '';
    expect(shown.length).toBeLessThanOrEqual(40);
    expect(long.startsWith(shown.replace(/\.\.\.$/, ''))).toBe(true);
  });
});
