import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_FORMAT_MESSAGE } from '#domain/phone';
import { mailingListSubscribers, smsConsents } from '#server/db/schema/index';
import { setupTestApp, uniqueEmail, uniqueIp } from '#tests/support/test-app';

const t = setupTestApp();

const EMAIL_MESSAGE = 'Please enter a valid email address.';

describe('POST /api/mailing-list/subscribe', () => {
  const subscribe = (payload: unknown, remoteAddress = uniqueIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mailing-list/subscribe',
      payload: payload as object,
      remoteAddress,
    });

  const rowsFor = (email: string) =>
    t.db.select().from(mailingListSubscribers).where(eq(mailingListSubscribers.email, email));

  it('stores a valid address once however often it is sent, and answers alike every time', async () => {
    const email = uniqueEmail('news');
    const ip = uniqueIp();
    const first = await subscribe({ email }, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });

    for (let i = 0; i < 3; i++) {
      const again = await subscribe({ email }, ip);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ok: true });
    }
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.requestCount).toBe(4);
  });

  it('does not reveal who is subscribed: a new and a listed address get the same status, headers and body', async () => {
    const listed = uniqueEmail('listed');
    await subscribe({ email: listed });
    const forListed = await subscribe({ email: listed });
    const forNew = await subscribe({ email: uniqueEmail('fresh') });
    expect(forListed.statusCode).toBe(forNew.statusCode);
    expect(forListed.body).toBe(forNew.body);
    const shown = (response: typeof forNew) => {
      const {
        date: _date,
        'x-ratelimit-remaining': _left,
        'x-ratelimit-reset': _reset,
        ...rest
      } = response.headers;
      return rest;
    };
    expect(shown(forListed)).toEqual(shown(forNew));
  });

  it('normalises case and surrounding whitespace, so variants are the same subscriber', async () => {
    const email = uniqueEmail('mixed');
    const first = await subscribe({ email: `  ${email.toUpperCase()}\t` });
    expect(first.json()).toEqual({ ok: true });
    const second = await subscribe({ email: email.replace(/^./, (c) => c.toUpperCase()) });
    expect(second.json()).toEqual({ ok: true });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }],
    ['an address without a domain', { email: 'someone@' }],
    ['an empty address', { email: '' }],
    ['only spaces', { email: '   ' }],
    ['a missing address', {}],
    ['a number', { email: 12345 }],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
  ])('refuses %s with 400 and the message of the form', async (_label, payload) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(EMAIL_MESSAGE);
  });

  it('stores nothing for a refused address', async () => {
    await subscribe({ email: 'broken@@example.com' });
    expect(await rowsFor('broken@@example.com')).toHaveLength(0);
  });

  it('answers 429 rate_limited with Retry-After after 10 requests from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const ok = await subscribe({ email: uniqueEmail('burst') }, ip);
      expect(ok.statusCode, `request ${i + 1}`).toBe(200);
    }
    const email = uniqueEmail('eleventh');
    const limited = await subscribe({ email }, ip);
    expect(limited.statusCode).toBe(429);
    const { error } = limited.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/^Too many requests\. Please try again in /);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(error.retryAfter).toBe(retryAfter);
    expect(await rowsFor(email)).toHaveLength(0);

    // Another address is not affected.
    expect((await subscribe({ email: uniqueEmail('other-ip') })).statusCode).toBe(200);
  });
});

describe('POST /api/sms-consent', () => {
  const good = {
    firstName: ' Maria ',
    lastName: 'García López',
    phoneNumber: '+1 (415) 555-2671',
    consent: true,
    marketingConsent: true,
  };

  const submit = (payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms-consent',
      payload: payload as object,
      remoteAddress: options.ip ?? uniqueIp(),
      ...(options.headers ? { headers: options.headers } : {}),
    });

  const rowsFor = (phone: string) =>
    t.db.select().from(smsConsents).where(eq(smsConsents.phoneNumber, phone));

  it('records good input: 201 with the number in E.164 and the time it was recorded', async () => {
    const before = Date.now();
    const response = await submit(
      { ...good, phoneNumber: '+1 (415) 555-2671' },
      { ip: '203.0.113.7', headers: { 'user-agent': 'ConsentTest/1.0' } },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ ok: true, phoneNumber: '+14155552671', consentedAt: expect.any(String) });
    expect(new Date(body.consentedAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const rows = await rowsFor('+14155552671');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Maria',
      lastName: 'García López',
      phoneNumber: '+14155552671',
      consent: true,
      marketingConsent: true,
      isActive: true,
      ipAddress: '203.0.113.7',
      userAgent: 'ConsentTest/1.0',
    });
  });

  it('defaults marketing consent to false, and keeps each submission as its own record', async () => {
    const phoneNumber = '+44 20 7946 0958';
    const { marketingConsent: _omit, ...withoutMarketing } = good;
    expect((await submit({ ...withoutMarketing, phoneNumber })).statusCode).toBe(201);
    expect((await submit({ ...withoutMarketing, phoneNumber: '0044 20 7946 0958' })).statusCode).toBe(201);
    const rows = await rowsFor('+442079460958');
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.marketingConsent === false)).toBe(true);
  });

  it('ignores the client-sent ipAddress, userAgent, consentedAt and isActive, and stores what the server saw', async () => {
    const phoneNumber = '+1 212 555 0199';
    const response = await submit(
      {
        ...good,
        phoneNumber,
        ipAddress: '6.6.6.6',
        userAgent: 'Forged/9',
        consentedAt: '1999-01-01T00:00:00Z',
        isActive: false,
      },
      { ip: '203.0.113.9', headers: { 'user-agent': 'RealBrowser/2', 'x-forwarded-for': '7.7.7.7' } },
    );
    expect(response.statusCode).toBe(201);
    expect(new Date(response.json().consentedAt).getFullYear()).toBeGreaterThan(2000);
    const [row] = await rowsFor('+12125550199');
    expect(row?.ipAddress).toBe('203.0.113.9');
    expect(row?.userAgent).toBe('RealBrowser/2');
    expect(row?.isActive).toBe(true);
    expect(row?.consentedAt.getFullYear()).toBeGreaterThan(2000);
  });

  it.each([
    ['letters', 'call me maybe'],
    ['no country code', '415 555 2671'],
    ['too few digits', '+1 415 555'],
    ['an impossible number', '+1 000 000 0000'],
    ['an empty number', ''],
    ['an absurdly long input', `+1${'5'.repeat(40)}`],
  ])(
    'refuses a phone number with %s: 400 with the phone message, nothing stored',
    async (_label, phoneNumber) => {
      const response = await submit({ ...good, phoneNumber });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        message: PHONE_FORMAT_MESSAGE,
      });
    },
  );

  it('refuses a missing phone number with the phone message', async () => {
    const { phoneNumber: _omit, ...rest } = good;
    const response = await submit(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PHONE_FORMAT_MESSAGE);
  });

  it.each([
    ['missing', undefined],
    ['false', false],
    ['the string "true"', 'true'],
  ])('refuses consent that is %s with 400, nothing stored', async (_label, consent) => {
    const phoneNumber = '+1 303 555 0147';
    const response = await submit({ ...good, phoneNumber, consent });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Consent to receive text messages is required',
    });
    expect(await rowsFor('+13035550147')).toHaveLength(0);
  });

  it.each([
    ['a blank first name', { firstName: '   ' }, 'First name is required'],
    ['a missing last name', { lastName: undefined }, 'Last name is required'],
    [
      'a first name over 100 characters',
      { firstName: 'x'.repeat(101) },
      'First name must be at most 100 characters',
    ],
  ])('refuses %s with its message', async (_label, change, message) => {
    const response = await submit({ ...good, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', message });
  });

  it.each([
    ['GET', '/api/sms-consent'],
    ['GET', '/api/sms-consents'],
    ['GET', '/api/sms-consent/+14155552671'],
    ['PUT', '/api/sms-consent'],
    ['PATCH', '/api/sms-consent'],
    ['DELETE', '/api/sms-consent'],
    ['GET', '/api/mailing-list'],
    ['GET', '/api/mailing-list/subscribe'],
  ] as const)('offers no way to read or change records: %s %s answers 404', async (method, url) => {
    const response = await t.app.inject({ method, url, remoteAddress: uniqueIp() });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(response.body).not.toContain('Maria');
  });

  it('answers 429 rate_limited with Retry-After after 10 submissions from one address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      expect((await submit({ ...good, phoneNumber: '+1 415 555 2671' }, { ip })).statusCode).toBe(201);
    }
    const limited = await submit(good, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
