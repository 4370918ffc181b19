import { z } from 'zod';
import { IsoDateTime } from './checklist-response.ts';
import type { MailingListSignupResponse } from './mailing-list.ts';
import type { Expect, Same } from './schema-types.ts';
import type { SmsConsentResponse } from './sms-consent.ts';

/** The answers of the public pages' forms as zod (docs/api.md "Public forms"). */

/** POST /api/mailing-list/subscribe */
export const MailingListSignupSchema = z.strictObject({ ok: z.literal(true) }).meta({
  id: 'MailingListSignupResponse',
  description: 'On the list: the same answer whether or not it already was',
});

/** POST /api/sms-consent (201) */
export const SmsConsentSchema = z
  .strictObject({
    ok: z.literal(true),
    phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/),
    consentedAt: IsoDateTime,
  })
  .meta({ id: 'SmsConsentResponse', description: 'The consent, as recorded' });

export type PublicFormSchemasMatchTypes = [
  Expect<Same<z.infer<typeof MailingListSignupSchema>, MailingListSignupResponse>>,
  Expect<Same<z.infer<typeof SmsConsentSchema>, SmsConsentResponse>>,
];
