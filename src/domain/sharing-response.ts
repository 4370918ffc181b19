import { z } from 'zod';
import { ChecklistSchema, IsoDateTime } from './checklist-response.ts';
import type { Expect, Same } from './schema-types.ts';
import type {
  ResendResponse,
  ShareChannel,
  SharedChecklistResponse,
  ShareResponse,
  ShareSummary,
  VerificationStatus,
  VerifyResponse,
} from './sharing.ts';
import { LanguageCodeSchema, sharedTranslationFields } from './translation-response.ts';

/** The answers of the sharing endpoints as zod (docs/api.md "Sharing"); types in sharing.ts. */

export const ShareChannelSchema = z.enum(['email', 'sms']);

/** Local mode only (the spec's "development mode"): the code just sent. */
const verificationCode = z
  .string()
  .regex(/^\d{6}$/)
  .optional();

/** POST /api/verification/send */
export const ShareResponseSchema = z
  .strictObject({
    shareUrl: z.url(),
    token: z.string(),
    shareId: z.string(),
    recipientId: z.string(),
    channel: ShareChannelSchema,
    maskedEmail: z.string().nullable(),
    maskedPhone: z.string().nullable(),
    codeExpiresAt: IsoDateTime,
    verificationCode,
  })
  .meta({ id: 'ShareResponse', description: 'The share and its link; a code went to the contact' });

/** POST /api/verification/resend */
export const ResendResponseSchema = z
  .strictObject({
    sent: z.literal(true),
    maskedContact: z.string(),
    codeExpiresAt: IsoDateTime,
    verificationCode,
  })
  .meta({ id: 'ResendResponse', description: "A new code went to the share's contact" });

/** POST /api/verification/verify */
export const VerifyResponseSchema = z
  .strictObject({
    verified: z.literal(true),
    checklistId: z.string(),
    recipientId: z.string(),
    targetLanguage: LanguageCodeSchema,
  })
  .meta({ id: 'VerifyResponse', description: 'Verified: this browser now has the recipient cookie' });

/** GET /api/verification/status/{token}: details only for the browser that verified. */
export const VerificationStatusSchema = z
  .discriminatedUnion('verified', [
    z.strictObject({
      verified: z.literal(true),
      expired: z.literal(false),
      recipientId: z.string(),
      checklistId: z.string(),
      targetLanguage: LanguageCodeSchema,
      recipientName: z.string().nullable(),
      maskedEmail: z.string().nullable(),
      maskedPhone: z.string().nullable(),
      maskedContact: z.string(),
    }),
    z.strictObject({ verified: z.literal(false), expired: z.boolean() }),
  ])
  .meta({ id: 'VerificationStatus', description: 'Details only for the browser that verified this share' });

/** GET /api/shared/checklist */
export const SharedChecklistSchema = z
  .strictObject({
    ...sharedTranslationFields,
    success: z.literal(true),
    checklist: ChecklistSchema,
    targetLanguage: LanguageCodeSchema,
    ownerName: z.string(),
    recipientName: z.string().nullable(),
    maskedContact: z.string(),
    message: z.string(),
  })
  .meta({
    id: 'SharedChecklistResponse',
    description: 'The checklist as the recipient sees it, translated when asked',
  });

export const ShareSummarySchema = z
  .strictObject({
    id: z.string(),
    recipientName: z.string().nullable(),
    channel: ShareChannelSchema,
    maskedContact: z.string(),
    targetLanguage: LanguageCodeSchema,
    verified: z.boolean(),
    lockedAt: IsoDateTime.nullable(),
    lastActivityAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'ShareSummary', description: 'A share of the checklist (its contact masked)' });

/** GET /api/checklists/{id}/shares: newest first. */
export const ShareListSchema = z
  .strictObject({ shares: z.array(ShareSummarySchema) })
  .meta({ id: 'ShareList', description: "The checklist's shares, newest first" });

export type SharingSchemasMatchTypes = [
  Expect<Same<z.infer<typeof ShareChannelSchema>, ShareChannel>>,
  Expect<Same<z.infer<typeof ShareResponseSchema>, ShareResponse>>,
  Expect<Same<z.infer<typeof ResendResponseSchema>, ResendResponse>>,
  Expect<Same<z.infer<typeof VerifyResponseSchema>, VerifyResponse>>,
  Expect<Same<z.infer<typeof VerificationStatusSchema>, VerificationStatus>>,
  Expect<Same<z.infer<typeof SharedChecklistSchema>, SharedChecklistResponse>>,
  Expect<Same<z.infer<typeof ShareSummarySchema>, ShareSummary>>,
];
