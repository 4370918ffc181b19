import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PHONE_FORMAT_MESSAGE =
  'Please enter a valid phone number, including the country code (for example +1 415 555 0132).';

/**
 * Normalises a phone number typed with its country code to E.164 ('+14155550132'),
 * or answers null when it is not a possible number. A leading '00' counts as '+'.
 */
export function toE164(input: string): string | null {
  const typed = input.trim().replace(/^00/, '+');
  if (!typed.startsWith('+') || typed.length > 32) return null;
  const parsed = parsePhoneNumberFromString(typed);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** '+14155550132' -> '+1 ••• ••• 0132'-style masks keep the last digits only. */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  const tail = digits.slice(-2);
  return `+${'•'.repeat(Math.max(0, digits.length - 2))}${tail}`;
}
