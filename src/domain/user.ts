import { z } from 'zod';

export interface User {
  uid: string;
  email: string;
  displayName: string;
}

export interface AuthMeResponse {
  user: User | null;
}

export const MAX_DISPLAY_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** Trims, lower-cases and checks an e-mail address; the same rule everywhere an address is typed. */
export const EmailAddress = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, { error: 'Please enter a valid email address.' })
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const DisplayName = z
  .string()
  .trim()
  .max(MAX_DISPLAY_NAME_LENGTH, {
    error: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
  });

/** `POST /api/dev/login` (local mode only). */
export const DevLoginInput = z.object({
  email: EmailAddress,
  displayName: DisplayName.optional().default(''),
});
export type DevLoginInput = z.infer<typeof DevLoginInput>;

/** `POST /api/user/register`: the spec's registration payload (section 3). */
export const UserRegistrationInput = z.object({
  userId: z.string().min(1, { error: 'userId is required' }).max(200),
  email: EmailAddress.optional(),
  firstName: z.string().trim().max(MAX_DISPLAY_NAME_LENGTH).optional().default(''),
  lastName: z.string().trim().max(MAX_DISPLAY_NAME_LENGTH).optional().default(''),
  profileImageUrl: z
    .union([z.url({ protocol: /^https?$/, error: 'profileImageUrl must be an http(s) URL' }), z.literal('')])
    .nullish(),
});
export type UserRegistrationInput = z.infer<typeof UserRegistrationInput>;

/** Splits a display name into the registration's first and last name (first word, then the rest). */
export function splitDisplayName(displayName: string): { firstName: string; lastName: string } {
  const parts = displayName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** What the header shows: the display name, or the part of the e-mail before the at-sign. */
export function userLabel(user: Pick<User, 'displayName' | 'email'>): string {
  const name = user.displayName.trim();
  if (name) return name;
  const at = user.email.indexOf('@');
  return at > 0 ? user.email.slice(0, at) : user.email;
}
