import { randomBytes } from 'node:crypto';
import { AppError } from '#domain/errors';
import type { Webhook, WebhookDelivery } from '#domain/integrations-response';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookData,
  type WebhookPatchData,
} from '#domain/webhooks';
import { checkWebhookTarget, type WebhookTargetPolicy } from '../adapters/outbound/webhook-post.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../ids.ts';
import type { OwnerAccess } from '../policies/checklists.ts';
import { presentDelivery, presentWebhook } from '../presenters/webhooks.ts';
import { lockTeam, roleIn } from '../repositories/teams.ts';
import {
  countTeamWebhooks,
  deleteTeamWebhook,
  insertDelivery,
  insertWebhook,
  listDeliveries,
  listTeamWebhooks,
  readTeamWebhook,
  requeueDelivery,
  resumePendingDeliveries,
  updateTeamWebhook,
  type WebhookRow,
} from '../repositories/webhooks.ts';
import type { ShareSecrets } from './share-secrets.ts';

/**
 * Webhook endpoints (docs/integrations.md "Webhooks"): the owner and admins of a paid team make,
 * change, test and delete them, and read their deliveries. The events themselves are queued by the
 * database (migration 0030); services/webhook-dispatcher.ts sends them.
 */

export interface WebhookContext {
  db: Database;
  secrets: Pick<ShareSecrets, 'sealWebhookSecret'>;
  /** Which targets are allowed (production: public https only). */
  targets: WebhookTargetPolicy;
}

function notFound(): AppError {
  return new AppError('not_found', WEBHOOK_MESSAGES.notFound);
}

function invalidUrl(message: string): AppError {
  return new AppError('validation_failed', message, { issues: [{ path: 'url', message }] });
}

/** Owner or admin of a paid team; in a transaction, the team's row is held (creates count in turn). */
async function assertManager(db: Database, access: OwnerAccess): Promise<void> {
  const role = await roleIn(db, access.teamId, access.userId);
  if (role !== 'owner' && role !== 'admin') throw new AppError('forbidden', WEBHOOK_MESSAGES.managersOnly);
  const team = await lockTeam(db, access.teamId);
  if (!team) throw new AppError('unauthenticated', 'Please sign in again.');
  if (team.tier === 'free') throw new AppError('plan_limit_reached', WEBHOOK_MESSAGES.paidOnly, { limit: 0 });
}

/** The target is refused when it is not https or not on the public internet (production). */
async function assertTarget(url: string, targets: WebhookTargetPolicy): Promise<void> {
  try {
    await checkWebhookTarget(url, targets);
  } catch (error) {
    const reason = (error as { reason?: string }).reason;
    throw invalidUrl(reason === 'scheme' ? WEBHOOK_MESSAGES.urlInvalid : WEBHOOK_MESSAGES.urlNotPublic);
  }
}

async function managedWebhook(db: Database, access: OwnerAccess, webhookId: string): Promise<WebhookRow> {
  await assertManager(db, access);
  const row = await readTeamWebhook(db, access.teamId, webhookId);
  if (!row) throw notFound();
  return row;
}

/** `whsec_` and base64 of 24 random bytes: the key is the decoded part (Standard Webhooks). */
function newSigningSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export async function listWebhooks(db: Database, access: OwnerAccess): Promise<Webhook[]> {
  await assertManager(db, access);
  return (await listTeamWebhooks(db, access.teamId)).map(presentWebhook);
}

export async function readWebhook(db: Database, access: OwnerAccess, webhookId: string): Promise<Webhook> {
  return presentWebhook(await managedWebhook(db, access, webhookId));
}

export async function createWebhook(
  context: WebhookContext,
  access: OwnerAccess,
  input: WebhookData,
): Promise<{ webhook: Webhook; secret: string }> {
  await assertManager(context.db, access);
  await assertTarget(input.url, context.targets);
  const secret = newSigningSecret();
  const row = await context.db.transaction(async (tx) => {
    await assertManager(tx, access);
    if ((await countTeamWebhooks(tx, access.teamId)) >= WEBHOOK_LIMITS.perTeam) {
      throw new AppError('webhook_limit_reached', WEBHOOK_MESSAGES.limitReached, {
        limit: WEBHOOK_LIMITS.perTeam,
      });
    }
    return insertWebhook(tx, {
      id: newId('wh'),
      teamId: access.teamId,
      createdBy: access.userId,
      url: input.url,
      events: input.events,
      sealedSecret: context.secrets.sealWebhookSecret(secret),
      enabled: true,
      disabledReason: null,
      disabledAt: null,
    });
  });
  return { webhook: presentWebhook(row), secret };
}

/**
 * PATCH: url, events, enabled. Turning an endpoint back on clears why it was off and makes its
 * waiting deliveries due now, each with a fresh 3-day window.
 */
export async function updateWebhook(
  context: WebhookContext,
  access: OwnerAccess,
  webhookId: string,
  patch: WebhookPatchData,
): Promise<Webhook> {
  if (patch.url !== undefined) await assertTarget(patch.url, context.targets);
  const row = await context.db.transaction(async (tx) => {
    const current = await managedWebhook(tx, access, webhookId);
    const set: Parameters<typeof updateTeamWebhook>[3] = {};
    if (patch.url !== undefined) set.url = patch.url;
    if (patch.events !== undefined) set.events = patch.events;
    if (patch.enabled !== undefined) {
      Object.assign(set, { enabled: patch.enabled, disabledReason: null, disabledAt: null });
    }
    const updated = await updateTeamWebhook(tx, access.teamId, webhookId, set);
    if (!updated) throw notFound();
    if (patch.enabled === true && !current.enabled) {
      await resumePendingDeliveries(tx, webhookId, WEBHOOK_LIMITS.retryForMs);
    }
    return updated;
  });
  return presentWebhook(row);
}

export async function deleteWebhook(db: Database, access: OwnerAccess, webhookId: string): Promise<void> {
  await assertManager(db, access);
  if (!(await deleteTeamWebhook(db, access.teamId, webhookId))) throw notFound();
}

export async function listWebhookDeliveries(
  db: Database,
  access: OwnerAccess,
  webhookId: string,
): Promise<WebhookDelivery[]> {
  await managedWebhook(db, access, webhookId);
  return (await listDeliveries(db, webhookId, WEBHOOK_LIMITS.deliveriesListed)).map(presentDelivery);
}

/** Sends a delivery again: pending, due now, same id (so the same `webhook-id`). */
export async function retryDelivery(
  db: Database,
  access: OwnerAccess,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await managedWebhook(db, access, webhookId);
  const row = await requeueDelivery(db, webhookId, deliveryId, WEBHOOK_LIMITS.retryForMs);
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  return presentDelivery(row);
}

/** A `webhook.test` delivery, sent whatever events the endpoint wants. */
export async function sendTestEvent(
  db: Database,
  access: OwnerAccess,
  webhookId: string,
  now = new Date(),
): Promise<WebhookDelivery> {
  const webhook = await managedWebhook(db, access, webhookId);
  const body = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { webhook: { id: webhook.id, url: webhook.url }, message: 'A test event from ListSync.' },
  };
  const row = await insertDelivery(db, {
    id: `msg_${randomBytes(16).toString('hex')}`,
    webhookId,
    teamId: access.teamId,
    event: WEBHOOK_TEST_EVENT,
    body: JSON.stringify(body),
    giveUpAt: new Date(now.getTime() + WEBHOOK_LIMITS.retryForMs),
  });
  return presentDelivery(row);
}
