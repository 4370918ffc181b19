import { describe, expect, it } from 'vitest';
import { DEFAULT_SMS_ALLOWED_COUNTRIES, isPhoneCountry, smsDestinationRefusal } from './sms-destinations.ts';

const NORTH_AMERICA = DEFAULT_SMS_ALLOWED_COUNTRIES;

describe('smsDestinationRefusal', () => {
  it.each([
    ['a US number that may be mobile or fixed', '+14155550132', NORTH_AMERICA],
    ['a Canadian number', '+16135550123', NORTH_AMERICA],
    ['a German mobile where Germany is allowed', '+4915123456789', ['DE']],
    ['a French mobile where France is allowed', '+33612345678', ['FR']],
    ['an Irish landline where Ireland is allowed', '+35312345678', ['IE']],
  ])('lets %s through', (_label, number, allowed) => {
    expect(smsDestinationRefusal(number, allowed)).toBeNull();
  });

  it.each([
    ['premium-rate', '+19005550123', NORTH_AMERICA, /premium-rate/],
    ['toll-free', '+18005550123', NORTH_AMERICA, /toll-free/],
    ['shared-cost', '+33810123456', ['FR'], /shared-cost/],
    ['premium-rate (France)', '+33890123456', ['FR'], /premium-rate/],
    ['VoIP', '+445612345678', ['GB'], /VoIP/],
    ['personal (forwarding)', '+447012345678', ['GB'], /personal/],
    ['UAN', '+443001234567', ['GB'], /UAN/],
  ])('refuses a %s number by its kind, in an allowed country', (_label, number, allowed, named) => {
    const refusal = smsDestinationRefusal(number, allowed);
    expect(refusal?.reason).toBe('sms_number_type');
    expect(refusal?.message).toMatch(named);
    expect(refusal?.message).toContain('only texted to mobile or landline numbers');
  });

  it('refuses a number whose type the metadata does not know', () => {
    // Turks and Caicos' range that is neither a known mobile nor fixed line.
    expect(smsDestinationRefusal('+16495550123', ['TC'])?.message).toMatch(/kind is unknown/);
  });

  it.each([
    ['a German mobile', '+4915123456789', 'Germany'],
    ['a Jamaican mobile (+1, not US or CA)', '+18765550123', 'Jamaica'],
    ['a mobile of Guernsey (+44 7911)', '+447911123456', 'Guernsey'],
  ])('refuses %s outside the allowed countries, naming the country', (_label, number, country) => {
    const refusal = smsDestinationRefusal(number, NORTH_AMERICA);
    expect(refusal).toMatchObject({ reason: 'sms_country' });
    expect(refusal?.message).toContain(`numbers in ${country}`);
  });

  it('refuses a number of no country (international networks, +800) whatever is allowed', () => {
    expect(smsDestinationRefusal('+80012345678', NORTH_AMERICA)).toMatchObject({
      reason: 'sms_country',
      country: null,
    });
  });

  it('checks the country before the kind: a premium number abroad is refused for its country', () => {
    expect(smsDestinationRefusal('+33890123456', NORTH_AMERICA)?.reason).toBe('sms_country');
  });
});

describe('isPhoneCountry', () => {
  it('knows ISO 3166 alpha-2 codes with phone numbers, in upper case only', () => {
    expect(isPhoneCountry('US')).toBe(true);
    expect(isPhoneCountry('GG')).toBe(true);
    expect(isPhoneCountry('us')).toBe(false);
    expect(isPhoneCountry('UK')).toBe(false);
    expect(isPhoneCountry('XX')).toBe(false);
  });
});
