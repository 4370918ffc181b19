import { z } from 'zod';
import { API_SCOPES } from './api-access.ts';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from './webhooks.ts';

/** The answers of the API-token and webhook endpoints as zod (docs/api.md "API tokens", "Webhooks"). */

const Instant = z.iso.datetime({ offset: true });

export const ApiTokenSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    createdAt: Instant,
    /** The last request made with it (to the minute); null until it is first used. */
    lastUsedAt: Instant.nullable(),
  })
  .meta({ id: 'ApiToken', description: 'A team API token (its secret is shown only when it is made)' });
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.strictObject({ tokens: z.array(ApiTokenSchema) });
/** POST /api/tokens: the secret, `ls_…`, shown this once and stored only as a hash. */
export const ApiTokenCreatedSchema = z.strictObject({ token: ApiTokenSchema, secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookSchema = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** Why it is off, when the server turned it off (deliveries failed for 3 days); null otherwise. */
    disabledReason: z.string().nullable(),
    createdAt: Instant,
  })
  .meta({ id: 'Webhook', description: 'A webhook endpoint of the team' });
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.strictObject({ webhooks: z.array(WebhookSchema) });
export const WebhookAnswerSchema = z.strictObject({ webhook: WebhookSchema });
/** POST /api/webhooks: the signing secret, `whsec_…`, shown this once. */
export const WebhookCreatedSchema = z.strictObject({ webhook: WebhookSchema, secret: z.string() });

export const WebhookDeliverySchema = z
  .strictObject({
    /** Also its `webhook-id` header, the same on every attempt. */
    id: z.string(),
    event: z.enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The last attempt's HTTP status; null before the first answer (or when none came). */
    responseStatus: z.number().int().nullable(),
    /** How long the last attempt took. */
    durationMs: z.number().int().nullable(),
    /** Why the last attempt failed (timeout, refused address, HTTP 500…); null after a success. */
    error: z.string().nullable(),
    createdAt: Instant,
    lastAttemptAt: Instant.nullable(),
    /** When the next attempt is due; null once it succeeded or failed for good. */
    nextAttemptAt: Instant.nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent to one endpoint, and how its attempts went' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.strictObject({ deliveries: z.array(WebhookDeliverySchema) });
export const WebhookDeliveryAnswerSchema = z.strictObject({ delivery: WebhookDeliverySchema });
