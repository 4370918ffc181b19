import { z } from 'zod';
import { PHONE_FORMAT_MESSAGE, toE164 } from './phone.ts';

export const MAX_PERSON_NAME_LENGTH = 100;

const PersonName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(MAX_PERSON_NAME_LENGTH, { error: `${label} must be at most ${MAX_PERSON_NAME_LENGTH} characters` });

/**
 * `POST /api/sms-consent`. The spec's client also sends consentedAt, ipAddress, userAgent and isActive;
 * the server records its own observation of those and ignores the client's word for them.
 */
export const SmsConsentInput = z.object({
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
  phoneNumber: z.string({ error: PHONE_FORMAT_MESSAGE }).transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return e164;
  }),
  consent: z.literal(true, { error: 'Consent to receive text messages is required' }),
  marketingConsent: z.boolean().optional().default(false),
  consentedAt: z.unknown().optional(),
  ipAddress: z.unknown().optional(),
  userAgent: z.unknown().optional(),
  isActive: z.unknown().optional(),
});
export type SmsConsentInput = z.input<typeof SmsConsentInput>;

export interface SmsConsentResponse {
  ok: true;
  /** The number as it was recorded, in E.164. */
  phoneNumber: string;
  consentedAt: string;
}

export const SMS_CONSENT_ERROR = 'Error submitting consent. Please try again.';
