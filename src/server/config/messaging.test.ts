import { describe, expect, it } from 'vitest';
import { PRODUCTION, problemsOf } from '#tests/support/config-environments';
import { loadConfig } from './index.ts';

describe('loadConfig: e-mail and SMS', () => {
  const SID = PRODUCTION.TWILIO_ACCOUNT_SID;
  const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

  it('uses SMTP when SMTP_URL and MAIL_FROM are set, and no longer lists the e-mail outbox', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://u:p@smtp.example.com:587',
      MAIL_FROM: 'no-reply@example.com',
    });
    expect(config.email).toEqual({
      kind: 'smtp',
      url: 'smtp://u:p@smtp.example.com:587',
      from: 'no-reply@example.com',
    });
    expect(config.localServices).not.toContain('e-mail (local outbox)');
    expect(config.localServices).toContain('SMS (local outbox)');
  });

  it('uses Twilio from a number, at api.twilio.com unless TWILIO_BASE_URL says otherwise', () => {
    const env = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+14155550100' };
    expect(loadConfig(env).sms).toEqual({
      kind: 'twilio',
      accountSid: SID,
      authToken: 'token',
      sender: { from: '+14155550100' },
      baseUrl: 'https://api.twilio.com',
    });
    expect(loadConfig({ ...env, TWILIO_BASE_URL: 'http://127.0.0.1:4010/' }).sms).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(loadConfig(env).localServices).not.toContain('SMS (local outbox)');
    // The consent page shows the number the messages really come from.
    expect(loadConfig(env).contact.smsSenderNumber).toBe('+14155550100');
  });

  it('uses Twilio through a messaging service, or an alphanumeric sender id', () => {
    const env = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token' };
    expect(loadConfig({ ...env, TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }).sms).toMatchObject({
      sender: { messagingServiceSid: SERVICE_SID },
    });
    expect(loadConfig({ ...env, TWILIO_FROM_NUMBER: 'ListSync' }).sms).toMatchObject({
      sender: { from: 'ListSync' },
    });
  });

  it.each([
    ['MAIL_FROM', { SMTP_URL: 'smtp://smtp.example.com' }],
    ['SMTP_URL', { MAIL_FROM: 'no-reply@example.com' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: SID, TWILIO_FROM_NUMBER: '+14155550100' }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_AUTH_TOKEN: 'token', TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID }],
    [
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token' },
    ],
  ])('a half-configured service is a start-up error naming the missing %s (and only it)', (missing, env) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${missing} is missing: `)).toBe(true);
  });

  it('in production too, a half-configured service names what is missing (not the outbox refusal)', () => {
    const problems = problemsOf({ ...PRODUCTION, MAIL_FROM: undefined, TWILIO_AUTH_TOKEN: ' ' });
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['MAIL_FROM', 'TWILIO_AUTH_TOKEN']);
  });

  it('a token alone names each of the other Twilio settings', () => {
    expect(problemsOf({ TWILIO_AUTH_TOKEN: 'token' }).map((p) => p.split(' is missing')[0])).toEqual([
      'TWILIO_ACCOUNT_SID',
      'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
    ]);
  });

  it('refuses a number and a messaging service together', () => {
    expect(
      problemsOf({
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM_NUMBER: '+14155550100',
        TWILIO_MESSAGING_SERVICE_SID: SERVICE_SID,
      }),
    ).toEqual(['Set TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, not both']);
  });

  it.each([
    ['SMTP_URL', 'with MAIL_FROM', { SMTP_URL: undefined, MAIL_FROM: undefined }],
    [
      'TWILIO_ACCOUNT_SID',
      'with TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID',
      { TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM_NUMBER: undefined },
    ],
  ])('production refuses the outbox, naming %s', (name, companions, unset) => {
    const problems = problemsOf({ ...PRODUCTION, ...unset });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^${name} is required when APP_ENV=production \\(${companions}, `),
    );
    expect(problems[0]).toContain('the local fallback (local outbox) is refused');
  });

  it('production refuses an http TWILIO_BASE_URL (the auth token would travel in clear)', () => {
    expect(problemsOf({ ...PRODUCTION, TWILIO_BASE_URL: 'http://twilio-proxy.internal' })).toEqual([
      'TWILIO_BASE_URL must be an https address when APP_ENV=production',
    ]);
  });
});

describe('loadConfig: where and how many codes are texted', () => {
  it('texts the United States and Canada, at most 200 an hour with half kept for established senders, when nothing is set', () => {
    expect(loadConfig({}).smsLimits).toEqual({
      allowedCountries: ['US', 'CA'],
      maxPerHour: 200,
      reservedPercent: 50,
    });
  });

  it('reads SMS_ALLOWED_COUNTRIES as a comma list in any case and spacing, SMS_MAX_PER_HOUR and SMS_RESERVED_PERCENT', () => {
    const config = loadConfig({
      SMS_ALLOWED_COUNTRIES: ' gb, ie,GB ,de ',
      SMS_MAX_PER_HOUR: '50',
      SMS_RESERVED_PERCENT: '80',
    });
    expect(config.smsLimits).toEqual({
      allowedCountries: ['GB', 'IE', 'DE'],
      maxPerHour: 50,
      reservedPercent: 80,
    });
    expect(loadConfig({ SMS_RESERVED_PERCENT: '0' }).smsLimits.reservedPercent).toBe(0);
    expect(loadConfig({ SMS_RESERVED_PERCENT: ' ' }).smsLimits.reservedPercent).toBe(50);
    expect(loadConfig({ SMS_RESERVED_PERCENT: '100' }).smsLimits.reservedPercent).toBe(100);
  });

  it.each(['-1', '101', '12.5', 'half'])('refuses SMS_RESERVED_PERCENT=%s', (value) => {
    expect(problemsOf({ SMS_RESERVED_PERCENT: value })).toEqual([
      'SMS_RESERVED_PERCENT: SMS_RESERVED_PERCENT must be a whole percentage from 0 to 100',
    ]);
  });

  it('refuses a code that is no country with phone numbers, naming each, with an example', () => {
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: 'US,UK,EU,USA' })).toEqual([
      "SMS_ALLOWED_COUNTRIES: 'UK', 'EU', 'USA' are not ISO 3166 alpha-2 country codes with phone numbers (expected a comma list such as US,CA,GB)",
    ]);
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: 'XX' })[0]).toMatch(
      /^SMS_ALLOWED_COUNTRIES: 'XX' is not an ISO/,
    );
  });

  it('refuses a list of nothing (set but empty is not unset)', () => {
    expect(problemsOf({ SMS_ALLOWED_COUNTRIES: ' , ' })).toEqual([
      'SMS_ALLOWED_COUNTRIES is empty: name at least one country (such as US,CA), or leave it unset',
    ]);
  });

  it('refuses an SMS_MAX_PER_HOUR that is not a whole number of at least 1', () => {
    for (const value of ['0', '-5', '2.5', 'lots']) {
      expect(problemsOf({ SMS_MAX_PER_HOUR: value })[0], value).toMatch(/^SMS_MAX_PER_HOUR: /);
    }
  });
});

describe('loadConfig: mailing-list confirmation e-mails an hour (decision 0042)', () => {
  it('are 100 unless MAILING_LIST_MAX_PER_HOUR says otherwise', () => {
    expect(loadConfig({}).mailingListConfirmationsPerHour).toBe(100);
    expect(loadConfig({ MAILING_LIST_MAX_PER_HOUR: ' ' }).mailingListConfirmationsPerHour).toBe(100);
    expect(loadConfig({ MAILING_LIST_MAX_PER_HOUR: '20' }).mailingListConfirmationsPerHour).toBe(20);
  });

  it.each(['0', '-5', '1.5', 'many', '10000000'])('refuses MAILING_LIST_MAX_PER_HOUR=%s', (value) => {
    expect(problemsOf({ MAILING_LIST_MAX_PER_HOUR: value })).toEqual([
      'MAILING_LIST_MAX_PER_HOUR: MAILING_LIST_MAX_PER_HOUR must be a whole number of e-mails from 1 to 1000000',
    ]);
  });
});
