import { getCountries, type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Which numbers a verification code may be texted to (issue 16, SMS pumping; decision 0017): only
 * a number libphonenumber's full metadata knows as mobile or fixed-line, in a country the operator
 * allows. Premium-rate, shared-cost, toll-free, VoIP, personal, pager, UAN, voicemail and numbers of
 * unknown type are where SMS pumping pays, and no recipient needs a code there.
 *
 * SERVER ONLY: 'libphonenumber-js/max' is about 145 KB of metadata. The browser never imports this
 * module (.dependency-cruiser.cjs "web-not-full-phone-metadata"); the web's own checks stay light.
 */

/** The types a code may go to; every other type (and none) is refused. */
export const SMS_DESTINATION_TYPES: readonly NonNullable<NumberType>[] = [
  'MOBILE',
  'FIXED_LINE',
  'FIXED_LINE_OR_MOBILE',
];

/**
 * The countries texted when SMS_ALLOWED_COUNTRIES is unset: the United States and Canada, the
 * countries of the spec's own examples and of a +1 sender number (decision 0017 says why so few).
 */
export const DEFAULT_SMS_ALLOWED_COUNTRIES = ['US', 'CA'] as const;

/** Every ISO 3166 alpha-2 code libphonenumber has numbers for. */
export function isPhoneCountry(code: string): boolean {
  return (getCountries() as string[]).includes(code);
}

export type SmsDestinationRefusal =
  | { reason: 'sms_number_type'; message: string }
  | { reason: 'sms_country'; message: string; country: string | null };

/** 'PREMIUM_RATE' -> 'a premium-rate number', for the refusal's message. */
const TYPE_NAMES: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  TOLL_FREE: 'a toll-free number',
  VOIP: 'an internet (VoIP) number',
  PERSONAL_NUMBER: 'a personal (forwarding) number',
  PAGER: 'a pager number',
  UAN: 'a company switchboard (UAN) number',
  VOICEMAIL: 'a voicemail number',
};

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why a code may not be texted to this E.164 number, or null when it may. The country is checked
 * first (a number outside every allowed country is refused whatever its type), then the type.
 */
export function smsDestinationRefusal(
  e164: string,
  allowedCountries: readonly string[],
): SmsDestinationRefusal | null {
  const parsed = parsePhoneNumberFromString(e164);
  const country = parsed?.country ?? null;
  if (!country || !allowedCountries.includes(country)) {
    const where = country ? `numbers in ${countryName(country)}` : 'numbers outside a country';
    return {
      reason: 'sms_country',
      country,
      message: `Text messages cannot be sent to ${where} from this service. Please share by email instead.`,
    };
  }
  const type = parsed?.isValid() ? parsed.getType() : undefined;
  if (!type || !SMS_DESTINATION_TYPES.includes(type)) {
    const what = (type && TYPE_NAMES[type]) ?? 'a number whose kind is unknown';
    return {
      reason: 'sms_number_type',
      message: `This is ${what}. Codes are only texted to mobile or landline numbers: please enter the recipient's mobile number.`,
    };
  }
  return null;
}
