import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SHARE_LIMITS, SHARE_MESSAGES, SMS_LIMITS } from '#domain/sharing';
import { outboxMessages, shareCodeSends, shares, users } from '#server/db/schema/index';
import { createChecklist, errorOf, type Owner, signInOwner } from '#tests/support/checklists';
import { recipientBrowser, share } from '#tests/support/sharing';
import { setOwnedTeamTier } from '#tests/support/teams';
import { setupTestApp, uniqueIp } from '#tests/support/test-app';

/**
 * Issue 16, SMS pumping: where codes may be texted (country, kind of number), the recipient's
 * consent, and the limits counted in the database (per IP, young accounts), each at its boundary;
 * and resends from the link counting against the share, never the owner. The service-wide ceiling
 * has a file of its own (sharing-sms-ceiling.test.ts): it counts every SMS in the database; so do
 * the limits per number (sharing-sms-numbers.test.ts).
 */

const t = setupTestApp({ env: { SMS_ALLOWED_COUNTRIES: 'US,CA,FR' } });
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An owner whose account is `ageDays` old, calling from an address of its own unless told; on the
 * professional plan, so that the free plan's 5 checklists do not end a test early.
 */
async function ownerAged(ageDays: number, ip = uniqueIp()): Promise<Owner> {
  const owner = await signInOwner(t.app, 'host', undefined, ip);
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(eq(users.id, owner.uid));
  await setOwnedTeamTier(t.db, owner.uid, 'professional');
  return owner;
}

let numberCounter = 0;
/** A distinct valid US number (555-01xx, the range kept for fiction), never texted by another test. */
function usNumber(): string {
  numberCounter += 1;
  return `+1415555${String(1000 + numberCounter).padStart(4, '0')}`;
}

function textTo(owner: Owner, checklistId: string, phone: string, more: Record<string, unknown> = {}) {
  return owner.call('POST', '/api/verification/send', { checklistId, phone, consent: true, ...more });
}

function expectRefusal(response: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject({ code, message });
}

function retryAfter(response: LightMyRequestResponse): number {
  const header = Number(response.headers['retry-after']);
  expect(errorOf(response).retryAfter).toBe(header);
  return header;
}

async function sharesTo(contact: string) {
  return t.db.select().from(shares).where(eq(shares.contact, contact));
}

async function outboxTo(contact: string) {
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, contact));
}

describe('where codes may be texted', () => {
  it.each([
    ['a premium-rate number', '+1 900 555 0123', 'sms_number_type', /^This is a premium-rate number\. /],
    ['a toll-free number', '+1 800 555 0123', 'sms_number_type', /^This is a toll-free number\. /],
    ['a shared-cost number (France, allowed)', '+33 8 10 12 34 56', 'sms_number_type', /shared-cost/],
    ['a mobile in a country not allowed (Germany)', '+49 151 23456789', 'sms_country', /in Germany/],
    ['a +1 mobile outside the US and Canada (Jamaica)', '+1 876 555 0123', 'sms_country', /in Jamaica/],
  ])(
    'refuses %s with 400 validation_failed, leaving no share and sending nothing',
    async (_label, phone, reason, message) => {
      const owner = await ownerAged(30);
      const checklist = await createChecklist(owner);
      const response = await textTo(owner, checklist.id, phone);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'validation_failed', reason });
      expect(errorOf(response).message).toMatch(message);
      expect(await t.db.select().from(shares).where(eq(shares.checklistId, checklist.id))).toEqual([]);
      expect(await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, owner.uid))).toEqual(
        [],
      );
    },
  );

  it('texts a valid mobile in an allowed country (France) and a US number', async () => {
    const owner = await ownerAged(30);
    const checklist = await createChecklist(owner);
    expect((await textTo(owner, checklist.id, '+33 6 12 34 56 78')).statusCode).toBe(200);
    expect(await outboxTo('+33612345678')).toHaveLength(1);
    expect((await textTo(owner, checklist.id, usNumber())).statusCode).toBe(200);
  });

  it('refuses a resend from the link once the number is no longer allowed', async () => {
    const owner = await ownerAged(30);
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id, { email: undefined, phone: '+33 6 98 76 54 32' });
    const { app: narrower } = await t.buildApp({ env: { SMS_ALLOWED_COUNTRIES: 'US' } });
    await t.db.update(shares).set({ codeRequestedAt: null }).where(eq(shares.id, sent.shareId));
    const resend = await recipientBrowser(narrower).call('POST', '/api/verification/resend', {
      token: sent.token,
    });
    expect(resend.statusCode).toBe(400);
    expect(errorOf(resend)).toMatchObject({ code: 'validation_failed', reason: 'sms_country' });
    expect(await outboxTo('+33698765432')).toHaveLength(1);
  });
});

describe("the recipient's consent, checked by the server", () => {
  it.each([
    ['an SMS without consent', { phone: '+1 415 555 0188' }, SHARE_MESSAGES.phoneConsentRequired],
    [
      'an SMS with consent false',
      { phone: '+1 415 555 0188', consent: false },
      SHARE_MESSAGES.phoneConsentRequired,
    ],
    ['an SMS with consent "true" (a string)', { phone: '+1 415 555 0188', consent: 'true' }, null],
    ['an e-mail without consent', { email: 'nocons@example.com' }, SHARE_MESSAGES.emailConsentRequired],
  ])('refuses %s with 400 validation_failed and leaves nothing', async (_label, fields, message) => {
    const owner = await ownerAged(30);
    const checklist = await createChecklist(owner);
    const response = await owner.call('POST', '/api/verification/send', {
      checklistId: checklist.id,
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
    if (message) expect(errorOf(response).message).toBe(message);
    expect(await t.db.select().from(shares).where(eq(shares.checklistId, checklist.id))).toEqual([]);
    expect(await outboxTo('+14155550188')).toEqual([]);
    expect(await outboxTo('nocons@example.com')).toEqual([]);
  });
});

describe('limits on texted codes', () => {
  it(`texts at most ${SMS_LIMITS.perIpPerHour} codes an hour at the request of one IP address`, async () => {
    const ip = uniqueIp();
    const first = await ownerAged(30, ip);
    const second = await ownerAged(30, ip);
    const checklists = [await createChecklist(first), await createChecklist(second)];
    // E-mail is not counted here.
    await share(first, checklists[0]?.id as string, { email: 'office@example.com' });
    for (let i = 0; i < SMS_LIMITS.perIpPerHour; i += 1) {
      const [owner, checklist] = i < 20 ? [first, checklists[0]] : [second, checklists[1]];
      expect((await textTo(owner, checklist?.id as string, usNumber())).statusCode, `send ${i + 1}`).toBe(
        200,
      );
    }
    const number = usNumber();
    const over = await textTo(second, checklists[1]?.id as string, number);
    expectRefusal(over, 429, 'rate_limited', SHARE_MESSAGES.smsIpLimit);
    expect(retryAfter(over)).toBeGreaterThan(3500);
    expect(await sharesTo(number)).toEqual([]);
    // The same owner from another address is not held back.
    const elsewhere = await signInOwner(t.app, 'host', undefined, uniqueIp());
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(users.id, elsewhere.uid));
    expect((await textTo(elsewhere, (await createChecklist(elsewhere)).id, number)).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address, and records each as it was', async () => {
    const network = '2001:db8:77:1';
    const first = await ownerAged(30, `${network}::1`);
    const second = await ownerAged(30, `${network}:ffff:ffff:ffff:fffe`);
    const checklists = [await createChecklist(first), await createChecklist(second)];
    for (let i = 0; i < SMS_LIMITS.perIpPerHour; i += 1) {
      const [owner, checklist] = i % 2 === 0 ? [first, checklists[0]] : [second, checklists[1]];
      expect((await textTo(owner, checklist?.id as string, usNumber())).statusCode, `send ${i + 1}`).toBe(
        200,
      );
    }
    const third = await ownerAged(30, `${network}:abcd::3`);
    const number = usNumber();
    expectRefusal(
      await textTo(third, (await createChecklist(third)).id, number),
      429,
      'rate_limited',
      SHARE_MESSAGES.smsIpLimit,
    );
    // The next /64 is another client.
    const neighbour = await ownerAged(30, '2001:db8:77:2::1');
    expect((await textTo(neighbour, (await createChecklist(neighbour)).id, number)).statusCode).toBe(200);
    const recorded = await t.db.select().from(shareCodeSends).where(eq(shareCodeSends.ownerId, second.uid));
    expect(new Set(recorded.map((send) => send.requesterIp))).toEqual(
      new Set([`${network}:ffff:ffff:ffff:fffe`]),
    );
  });

  it(`lets an account in its first ${SMS_LIMITS.newAccountDays} days text ${SMS_LIMITS.newAccountPerDay} codes a day`, async () => {
    const owner = await ownerAged(0);
    const checklist = await createChecklist(owner);
    for (let i = 0; i < SMS_LIMITS.newAccountPerDay; i += 1) {
      expect((await textTo(owner, checklist.id, usNumber())).statusCode, `send ${i + 1}`).toBe(200);
    }
    const number = usNumber();
    const over = await textTo(owner, checklist.id, number);
    expectRefusal(over, 429, 'rate_limited', SHARE_MESSAGES.newAccountSmsLimit);
    expect(retryAfter(over)).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect(retryAfter(over)).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(await sharesTo(number)).toEqual([]);
    // E-mail is not held back.
    await share(owner, checklist.id, { email: 'young@example.com' });
  });

  it('lifts the young-account limit when the account comes of age, and says so in Retry-After', async () => {
    const owner = await ownerAged(SMS_LIMITS.newAccountDays - 1 / 24 / 2); // 30 minutes short
    const checklist = await createChecklist(owner);
    for (let i = 0; i < SMS_LIMITS.newAccountPerDay; i += 1) await textTo(owner, checklist.id, usNumber());
    const over = await textTo(owner, checklist.id, usNumber());
    expect(over.statusCode).toBe(429);
    expect(retryAfter(over)).toBeLessThanOrEqual(30 * 60);
    expect(retryAfter(over)).toBeGreaterThan(25 * 60);

    const grown = await ownerAged(SMS_LIMITS.newAccountDays + 1);
    const theirs = await createChecklist(grown);
    for (let i = 0; i <= SMS_LIMITS.newAccountPerDay; i += 1) {
      expect((await textTo(grown, theirs.id, usNumber())).statusCode).toBe(200);
    }
  });
});

describe('resends asked from the link', () => {
  /** Lets the share be sent a code again at once (as 31 s later). */
  async function pastResendInterval(shareId: string) {
    await t.db.update(shares).set({ codeRequestedAt: null }).where(eq(shares.id, shareId));
  }

  it("count against the share's own allowance and never against the owner's", async () => {
    const owner = await ownerAged(30);
    const checklist = await createChecklist(owner);
    const sent = await share(owner, checklist.id, { email: 'linked@example.com' });
    // Anyone holding the link asks for the rest of the share's hourly codes.
    for (let i = 1; i < SHARE_LIMITS.sendsPerSharePerHour; i += 1) {
      await pastResendInterval(sent.shareId);
      const resend = await recipientBrowser(t.app).call('POST', '/api/verification/resend', {
        token: sent.token,
      });
      expect(resend.statusCode, resend.body).toBe(200);
    }
    await pastResendInterval(sent.shareId);
    const over = await recipientBrowser(t.app).call('POST', '/api/verification/resend', {
      token: sent.token,
    });
    expectRefusal(over, 429, 'rate_limited', SHARE_MESSAGES.resendTooSoon);
    expect(retryAfter(over)).toBeGreaterThan(3500);

    const sends = await t.db
      .select()
      .from(shareCodeSends)
      .where(and(eq(shareCodeSends.shareId, sent.shareId), eq(shareCodeSends.requestedBy, 'link')));
    expect(sends).toHaveLength(SHARE_LIMITS.sendsPerSharePerHour - 1);

    // The owner still has all but one of their own sends: the link's resends took none of them.
    for (let i = 1; i < SHARE_LIMITS.ownerSendsPerHour; i += 1) {
      await share(owner, checklist.id, { email: `own${i}@example.com` });
    }
    const ownOver = await owner.call('POST', '/api/verification/send', {
      checklistId: checklist.id,
      email: 'own-over@example.com',
      consent: true,
    });
    expectRefusal(ownOver, 429, 'rate_limited', SHARE_MESSAGES.ownerSendLimit);
    expect(await sharesTo('own-over@example.com')).toEqual([]);
  });

  it('by SMS count against the number and the asking IP too', async () => {
    const owner = await ownerAged(30);
    const checklist = await createChecklist(owner);
    const number = usNumber();
    const sent = await share(owner, checklist.id, { email: undefined, phone: number });
    const ip = uniqueIp();
    await pastResendInterval(sent.shareId);
    expect(
      (await recipientBrowser(t.app, ip).call('POST', '/api/verification/resend', { token: sent.token }))
        .statusCode,
    ).toBe(200);
    const [resent] = await t.db
      .select()
      .from(shareCodeSends)
      .where(and(eq(shareCodeSends.shareId, sent.shareId), eq(shareCodeSends.requestedBy, 'link')));
    expect(resent).toMatchObject({ channel: 'sms', destination: number, requesterIp: ip });
  });
});
