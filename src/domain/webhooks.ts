import { z } from 'zod';
import { ID_MAX } from './checklist.ts';

/**
 * Webhooks (docs/integrations.md "Webhooks", docs/api.md "Webhooks"): a team's endpoints, each with
 * the events it wants and its own signing secret; deliveries follow the Standard Webhooks convention
 * (headers webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}">`; body `{type, timestamp, data}`). Paid teams only.
 */

export const WEBHOOK_EVENTS = [
  'checklist.created',
  'checklist.submitted',
  'task.completed',
  'task.uncompleted',
  'photo.added',
  'remarks.changed',
  'share.verified',
  'checklist.overdue',
  'checklist.approved',
  'checklist.redo_requested',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of the delivery 'Send test event' makes; never subscribed to, always sent when asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'checklist.created': 'A checklist is created',
  'checklist.submitted': 'A checklist is submitted',
  'task.completed': 'A task is ticked',
  'task.uncompleted': 'A task is unticked',
  'photo.added': 'A photo is added to a task',
  'remarks.changed': 'Remarks are changed',
  'share.verified': 'A recipient verifies a shared link',
  'checklist.overdue': 'A checklist becomes overdue',
  'checklist.approved': 'The team approves a submitted checklist',
  'checklist.redo_requested': 'The team sends a task back to be done again',
};

/** A signing secret starts with this (the Standard Webhooks convention); the rest is base64 of the key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_LIMITS = {
  /** Endpoints a team keeps at most. */
  perTeam: 20,
  urlMax: 2000,
  /** One attempt waits at most this long for the answer (connect, send, read). */
  timeoutMs: 10_000,
  /** At most this much of an answer is read; the rest is not waited for. */
  responseBytesMax: 64 * 1024,
  /** What the delivery log keeps of an answer's body. */
  responseExcerptMax: 1024,
  /** A delivery is retried for this long after it was made (3 days), then it failed. */
  retryForMs: 3 * 24 * 60 * 60_000,
  /** The first retry comes within this long of the first failed attempt. */
  firstRetryWithinMs: 60_000,
  /** GET /api/webhooks/{id}/deliveries lists at most this many, newest first. */
  deliveriesListed: 100,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address that receives the events',
  urlInvalid: 'Enter a full https:// address',
  urlTooLong: `The address must be at most ${WEBHOOK_LIMITS.urlMax} characters`,
  /** The target resolves to a private, loopback or reserved address (production). */
  urlNotPublic: 'That address is not on the public internet',
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Events are ${WEBHOOK_EVENTS.join(', ')}`,
  limitReached: `A team keeps at most ${WEBHOOK_LIMITS.perTeam} webhooks. Delete one to add another.`,
  paidOnly: 'Webhooks come with the Professional and Enterprise plans.',
  managersOnly: 'Only the team’s owner and admins manage webhooks.',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  disabledAfterFailures: 'Disabled: deliveries failed for 3 days.',
} as const;

const WebhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.urlRequired })
  .max(WEBHOOK_LIMITS.urlMax, { error: WEBHOOK_MESSAGES.urlTooLong })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: WEBHOOK_MESSAGES.urlInvalid },
  );

const WebhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENTS.length, { error: WEBHOOK_MESSAGES.eventUnknown })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/webhooks. */
export const WebhookInput = z.strictObject({ url: WebhookUrl, events: WebhookEvents });
export type WebhookInput = z.input<typeof WebhookInput>;
export type WebhookData = z.output<typeof WebhookInput>;

/** PATCH /api/webhooks/{id}: any field; `enabled: true` turns a disabled endpoint back on. */
export const WebhookPatch = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change' });
export type WebhookPatch = z.input<typeof WebhookPatch>;
export type WebhookPatchData = z.output<typeof WebhookPatch>;

export const WebhookParams = z.object({ id: z.string().min(1).max(ID_MAX) });
export const WebhookDeliveryParams = z.object({
  id: z.string().min(1).max(ID_MAX),
  deliveryId: z.string().min(1).max(ID_MAX),
});
