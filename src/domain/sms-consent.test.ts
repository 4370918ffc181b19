import { describe, expect, it } from 'vitest';
import { PHONE_FORMAT_MESSAGE } from './phone.ts';
import { SmsConsentInput } from './sms-consent.ts';

const good = { firstName: ' Maria ', lastName: ' García ', phoneNumber: '+1 (415) 555-2671', consent: true };

const firstMessage = (input: unknown) => SmsConsentInput.safeParse(input).error?.issues[0]?.message;

describe('SmsConsentInput', () => {
  it('trims the names, stores the phone in E.164 and defaults marketing consent to false', () => {
    const parsed = SmsConsentInput.parse(good);
    expect(parsed).toMatchObject({
      firstName: 'Maria',
      lastName: 'García',
      phoneNumber: '+14155552671',
      consent: true,
      marketingConsent: false,
    });
  });

  it('keeps marketing consent when given', () => {
    expect(SmsConsentInput.parse({ ...good, marketingConsent: true }).marketingConsent).toBe(true);
  });

  it('accepts the fields the spec client also sends, which the server then ignores', () => {
    const result = SmsConsentInput.safeParse({
      ...good,
      consentedAt: '2024-01-01T00:00:00Z',
      ipAddress: '1.2.3.4',
      userAgent: 'x',
      isActive: true,
    });
    expect(result.success).toBe(true);
  });

  it.each(['415 555 2671', 'abc', '', '+1 415'])(
    'refuses the phone %j with the phone message',
    (phoneNumber) => {
      expect(firstMessage({ ...good, phoneNumber })).toBe(PHONE_FORMAT_MESSAGE);
    },
  );

  it('refuses a missing or non-text phone with the phone message', () => {
    const { phoneNumber: _omit, ...rest } = good;
    expect(firstMessage(rest)).toBe(PHONE_FORMAT_MESSAGE);
    expect(firstMessage({ ...good, phoneNumber: 4155552671 })).toBe(PHONE_FORMAT_MESSAGE);
  });

  it.each([
    ['missing', undefined],
    ['false', false],
    ['a string', 'yes'],
  ])('refuses consent that is %s', (_label, consent) => {
    expect(firstMessage({ ...good, consent })).toBe('Consent to receive text messages is required');
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['lastName', undefined, 'Last name is required'],
    ['lastName', 'x'.repeat(101), 'Last name must be at most 100 characters'],
  ])('refuses %s %j with %j', (field, value, message) => {
    expect(firstMessage({ ...good, [field]: value })).toBe(message);
  });

  it('accepts names of exactly 100 characters', () => {
    expect(SmsConsentInput.safeParse({ ...good, firstName: 'x'.repeat(100) }).success).toBe(true);
  });
});
