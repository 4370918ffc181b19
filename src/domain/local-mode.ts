import { z } from 'zod';
import { IsoDateTime } from './checklist-response.ts';

/**
 * The answers of local mode's own endpoints (docs/modes-and-limits.md "Modes": never registered in production):
 * what the outbox delivered and what analytics recorded. Server-only, so the schemas are the types.
 */

/** GET /api/dev/outbox: the delivered messages, newest first. */
export const OutboxListSchema = z
  .strictObject({
    messages: z.array(
      z.strictObject({
        id: z.string(),
        channel: z.enum(['email', 'sms']),
        to: z.string(),
        /** Null for SMS. */
        subject: z.string().nullable(),
        text: z.string(),
        createdAt: IsoDateTime,
        /** Files an e-mail carried (their bytes are not kept): [] for none. */
        attachments: z.array(
          z.strictObject({
            filename: z.string(),
            contentType: z.string(),
            size: z.number().int().min(0),
            sha256: z.string(),
          }),
        ),
        /** Extra headers an e-mail was sent with (List-Unsubscribe, List-Unsubscribe-Post). */
        headers: z.record(z.string(), z.string()),
      }),
    ),
  })
  .describe('The messages the outbox delivered, newest first');
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** GET /api/dev/analytics: the recorded events, newest first. */
export const AnalyticsEventListSchema = z
  .strictObject({
    events: z.array(
      z.strictObject({ name: z.string(), props: z.record(z.string(), z.unknown()), createdAt: IsoDateTime }),
    ),
  })
  .describe('The recorded events, newest first');
export type AnalyticsEventList = z.infer<typeof AnalyticsEventListSchema>;
