/**
 * What an e-mail address looks like: the one rule the server's schema (user-input.ts) and the
 * browser's forms both apply. Zod-free, so a form can check an address without carrying zod; the
 * pattern is zod's own `z.regexes.email` (email.test.ts holds the two together).
 */

export const MAX_EMAIL_LENGTH = 254;

export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address as typed: trimmed and lower-cased, as the server stores it. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Whether the server's schema would take this address (after trimming and lower-casing it). */
export function isEmailAddress(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}
