import { z } from 'zod';
import { ChecklistParams, ID_MAX } from './checklist.ts';
import { withoutBidiControls } from './display-text.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { PHONE_FORMAT_MESSAGE, toE164 } from './phone.ts';
import { SHARE_LIMITS, SHARE_MESSAGES } from './sharing.ts';
import { LanguageQuery } from './translation-input.ts';
import { EmailAddress } from './user-input.ts';

/** Request bodies of the sharing endpoints (docs/api.md "Sharing"). */

/** A share token in a path or body: the 22 URL-safe characters we issue; anything else is simply unknown. */
export const ShareToken = z.string().min(1).max(ID_MAX);

const optionalBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A phone number as typed, answered in E.164 (schedules' and calendars' automatic shares read it too). */
export const PhoneNumber = z
  .string({ error: PHONE_FORMAT_MESSAGE })
  .max(32, { error: PHONE_FORMAT_MESSAGE })
  .transform((value, context) => {
    const e164 = toE164(value);
    if (!e164) {
      context.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** Exactly one of e-mail or phone, and the owner's consent box ticked (a share, a calendar's share). */
export function checkContactAndConsent(
  input: {
    email?: string | null | undefined;
    phone?: string | null | undefined;
    consent?: boolean | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (!input.email && !input.phone) {
    context.addIssue({ code: 'custom', message: SHARE_MESSAGES.contactRequired, path: ['email'] });
  } else if (input.email && input.phone) {
    context.addIssue({ code: 'custom', message: SHARE_MESSAGES.oneContactOnly, path: ['phone'] });
  } else if (input.consent !== true) {
    const message = input.phone ? SHARE_MESSAGES.phoneConsentRequired : SHARE_MESSAGES.emailConsentRequired;
    context.addIssue({ code: 'custom', message, path: ['consent'] });
  }
}

/**
 * POST /api/verification/send. Exactly one of email or phone; the phone is normalised to E.164.
 * `recipientId` is accepted for the spec's client and ignored: the server names recipients itself.
 */
export const ShareSendInput = z
  .object({
    checklistId: z
      .string({ error: SHARE_MESSAGES.missingChecklistId })
      .trim()
      .min(1, { error: SHARE_MESSAGES.missingChecklistId })
      .max(ID_MAX, { error: SHARE_MESSAGES.missingChecklistId }),
    recipientId: z.string().max(ID_MAX).optional(),
    recipientName: z.preprocess(
      optionalBlank,
      z
        .string()
        .overwrite(withoutBidiControls)
        .trim()
        .max(SHARE_LIMITS.recipientNameMax, {
          error: `The recipient's name must be at most ${SHARE_LIMITS.recipientNameMax} characters`,
        })
        .nullable()
        .optional(),
    ),
    email: z.preprocess(optionalBlank, EmailAddress.nullable().optional()),
    phone: z.preprocess(optionalBlank, PhoneNumber.nullable().optional()),
    targetLanguage: z
      .enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], {
        error: 'Choose one of the listed languages',
      })
      .default(DEFAULT_LANGUAGE),
    /** Issue a fresh link for this recipient: the old one stops working at once. */
    newLink: z.boolean().default(false),
    /**
     * The dialog's consent box for the active tab: the owner confirms the recipient agrees to get
     * the message (docs/access.md "Recipients: verified sharing"). Anything but `true` is refused, for either channel.
     */
    consent: z.boolean().optional(),
  })
  .superRefine(checkContactAndConsent);
export type ShareSendInput = z.input<typeof ShareSendInput>;
export type ShareSendData = z.output<typeof ShareSendInput>;

/** The code as typed: 6 digits (spaces are forgiven). */
export const VerificationCode = z
  .string({ error: SHARE_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: SHARE_MESSAGES.codeRequired })
      .regex(/^\d{6}$/, { error: SHARE_MESSAGES.codeFormat }),
  );

/** POST /api/verification/verify. */
export const VerifyInput = z.object({ token: ShareToken, code: VerificationCode });

/** POST /api/verification/resend: a new code to the contact the owner chose (never another one). */
export const ResendInput = z.object({ token: ShareToken });

/** GET /api/verification/status/{token}. */
export const ShareTokenParams = z.object({ token: ShareToken });

/** GET /api/shared/checklist?token=&lang= (`lang` shows the page in another of the fifteen languages). */
export const SharedChecklistQuery = z.object({ token: ShareToken, lang: LanguageQuery.optional() });

/** DELETE /api/checklists/{id}/shares/{shareId}. */
export const ShareParams = ChecklistParams.extend({ shareId: z.string().min(1).max(ID_MAX) });
