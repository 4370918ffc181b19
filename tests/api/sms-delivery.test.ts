import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isGsm7 } from '#domain/gsm7';
import { buildShareVerificationSms } from '#domain/share-messages';
import type { DeliveryError } from '#server/adapters/messaging/delivery-error';
import { createTwilioSmsSender } from '#server/adapters/messaging/twilio-sms';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { acceptedMessage, type FakeTwilio, startFakeTwilio } from '#tests/support/fake-twilio';
import { deliveryErrorOf, messageSenderFor } from '#tests/support/messaging';
import { freePort } from '#tests/support/test-app';

/**
 * SMS through Twilio's Messages API, against an HTTP fake of it started here: what is posted (path,
 * Basic auth, form fields), and every failure as a DeliveryError that never shows the auth token.
 */

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-auth-token-never-shown';
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;
const FROM = '+15005550006';
const TO = '+14155550132';

let database: TestDatabase;
let twilio: FakeTwilio;

beforeAll(async () => {
  database = await createTestDatabase();
  twilio = await startFakeTwilio();
});

afterEach(() => {
  twilio.answerWith(acceptedMessage);
});

afterAll(async () => {
  await twilio?.close();
  await database?.destroy();
});

function configuredSender(sender: Record<string, string> = { TWILIO_FROM_NUMBER: FROM }) {
  const configured = messageSenderFor(database, {
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_BASE_URL: `${twilio.baseUrl}/`,
    ...sender,
  });
  expect(configured.config.sms.kind).toBe('twilio');
  return configured.sender;
}

function expectNoToken(error: DeliveryError) {
  const basic = Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64');
  for (const shown of [error.message, String(error), JSON.stringify(error), error.stack ?? '']) {
    expect(shown).not.toContain(AUTH_TOKEN);
    expect(shown).not.toContain(basic);
  }
}

describe('SMS through Twilio', () => {
  it('posts the verification SMS to the Messages endpoint with Basic auth and the form fields', async () => {
    const sms = buildShareVerificationSms({
      siteName: 'ListSync',
      ownerName: 'Zoë Owner',
      checklistName: 'Ežeras – “Spring” check',
      code: '604215',
      shareUrl: 'https://lists.example.com/shared/tok_8Hq2Lw-Vz5Nc1Rx7Kb3Tm9Ys0Jd4Pf6Ga2Eu5Wi',
    });
    expect(isGsm7(sms.body)).toBe(true);
    const before = twilio.requests.length;

    const receipt = await configuredSender().sendSms({ to: TO, body: sms.body });

    expect(receipt).toMatchObject({ channel: 'sms', transport: 'twilio' });
    expect(receipt.messageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.requests).toHaveLength(before + 1);
    const request = twilio.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: TO, From: FROM, Body: sms.body });
    expect(request?.form.get('Body')).toContain('604215');
  });

  it('sends through a messaging service instead of a number when one is configured', async () => {
    await configuredSender({ TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }).sendSms({ to: TO, body: 'Code 1' });
    const form = twilio.requests.at(-1)?.form;
    expect(form?.get('MessagingServiceSid')).toBe(SERVICE_SID);
    expect(form?.has('From')).toBe(false);
  });

  it("a 400 with Twilio's error JSON is a DeliveryError with Twilio's code and never the token", async () => {
    twilio.answerWith((request) => ({
      status: 400,
      body: {
        code: 21211,
        message: `The 'To' number ${request.form.get('To')} is not a valid phone number. (${request.authorization})`,
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    }));
    const error = await deliveryErrorOf(configuredSender().sendSms({ to: '+1555', body: 'Code 222222' }));
    expect(error).toMatchObject({
      channel: 'sms',
      reason: 'recipient_rejected',
      providerCode: 21211,
      status: 400,
    });
    expect(error.message).toBe('SMS delivery failed: the recipient was refused (status 400, code 21211)');
    expectNoToken(error);
    expect(error.message).not.toContain('222222');
  });

  it.each([
    [401, 20003, 'authentication_failed'],
    [429, 20429, 'temporarily_unavailable'],
    [503, undefined, 'temporarily_unavailable'],
    [400, 21606, 'rejected'],
  ] as const)('an answer %i (code %s) is %s', async (status, code, reason) => {
    twilio.answerWith(() => ({
      status,
      body: code === undefined ? 'Service Unavailable' : { code, status },
    }));
    const error = await deliveryErrorOf(configuredSender().sendSms({ to: TO, body: 'Hi' }));
    expect(error).toMatchObject({ reason, status, providerCode: code });
    expectNoToken(error);
  });

  it('a Twilio that never answers times out after the configured time', async () => {
    twilio.answerWith(() => 'hang');
    const sender = createTwilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      sender: { from: FROM },
      baseUrl: twilio.baseUrl,
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await deliveryErrorOf(sender.sendSms({ to: TO, body: 'Hi' }));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    expectNoToken(error);
  });

  it('a Twilio that does not listen is unreachable', async () => {
    const sender = createTwilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      sender: { from: FROM },
      baseUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const error = await deliveryErrorOf(sender.sendSms({ to: TO, body: 'Hi' }));
    expect(error.reason).toBe('unreachable');
  });
});
