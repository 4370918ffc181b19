import { z } from 'zod';
import { withoutBidiControls } from './display-text.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from './email.ts';

/**
 * Request schemas about users and e-mail addresses. Kept apart from user.ts (types and pure rules)
 * so the client's first screen does not carry zod unless a form on it needs it.
 */

export const MAX_DISPLAY_NAME_LENGTH = 100;

/** Trims, lower-cases and checks an e-mail address; the same rule everywhere an address is typed. */
export const EmailAddress = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, { error: 'Please enter a valid email address.' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Please enter a valid email address.' }));

export const DisplayName = z
  .string()
  .overwrite(withoutBidiControls)
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

/** A first or last name as registered: no bidi controls (display-text.ts), trimmed, blank if left out. */
const NamePart = z
  .string()
  .overwrite(withoutBidiControls)
  .trim()
  .max(MAX_DISPLAY_NAME_LENGTH)
  .optional()
  .default('');

/** `POST /api/user/register`: the spec's registration payload (section 3). */
export const UserRegistrationInput = z.object({
  userId: z.string().min(1, { error: 'userId is required' }).max(200),
  email: EmailAddress.optional(),
  firstName: NamePart,
  lastName: NamePart,
  profileImageUrl: z
    .union([z.url({ protocol: /^https$/, error: 'profileImageUrl must be an https URL' }), z.literal('')])
    .nullish(),
});
export type UserRegistrationInput = z.infer<typeof UserRegistrationInput>;

/** The path of /api/user/{uid}/...: the uid must be the session's user. */
export const UserPathParams = z.object({ uid: z.string().min(1).max(200) });
