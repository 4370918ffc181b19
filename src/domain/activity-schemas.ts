import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_LIMITS, type ActivityPage } from './activity.ts';
import { IsoDateTime } from './checklist-response.ts';
import type { Expect, Same } from './schema-types.ts';

/** GET /api/checklists/{id}/activity?limit=&before= (docs/api.md "Activity and report"). */
export const ActivityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMITS.maxPage).default(ACTIVITY_LIMITS.defaultPage),
  /** The `next` of the previous page, as it was given (opaque, signed by the server). */
  before: z
    .string()
    .min(1)
    .max(ACTIVITY_LIMITS.cursorMaxLength)
    .regex(/^[A-Za-z0-9_.-]+$/, 'before must be a cursor the API gave')
    .optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityEntrySchema = z
  .strictObject({
    id: z.string(),
    at: IsoDateTime,
    actor: z.strictObject({
      kind: z.enum(['owner', 'recipient']),
      name: z.string(),
      maskedContact: z.string().optional(),
      verifiedBy: z.enum(['email', 'sms']).optional(),
    }),
    action: z.enum(ACTIVITY_ACTIONS),
    taskId: z.string().optional(),
    photoSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    photoCapturedAt: z.string().optional(),
    photoReplaced: z.boolean().optional(),
    photoReceivedAt: IsoDateTime.optional(),
    photoCaptureSource: z.enum(['camera', 'library']).optional(),
    recipient: z
      .strictObject({ name: z.string(), maskedContact: z.string(), channel: z.enum(['email', 'sms']) })
      .optional(),
    note: z.string().optional(),
  })
  .meta({ id: 'ActivityEntry', description: 'One thing someone did to the checklist' });

export const ActivityPageSchema = z
  .strictObject({ entries: z.array(ActivityEntrySchema), next: z.string().nullable() })
  .meta({ id: 'ActivityPage', description: "The checklist's activity, newest first, one page" });

export type ActivitySchemasMatchTypes = [Expect<Same<z.infer<typeof ActivityPageSchema>, ActivityPage>>];
