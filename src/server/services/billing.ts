import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type BillingInterval,
  type CheckoutStatus,
  type PaidTier,
  type TestPortalAction,
  type TestPortalView,
  TRIAL_DAYS,
} from '#domain/billing';
import { AppError } from '#domain/errors';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import type { BillingProvider } from '../adapters/billing/billing-provider.ts';
import type { LocalBilling } from '../adapters/billing/local-billing.ts';
import type { Database } from '../db/client.ts';
import {
  checkoutOf,
  customerIdOf,
  insertCustomerIfAbsent,
  openCheckoutOf,
  replaceOpenCheckout,
  subscriptionIn,
  subscriptionsOf,
} from '../repositories/billing.ts';
import { findTeam } from '../repositories/teams.ts';
import { LIVE_STATUSES, rankOfTier } from './billing-state.ts';
import type { RefusedSubscription } from './billing-webhooks.ts';

/**
 * Buying and managing a plan: checkout, the portal, and what the success page may say. Nothing here
 * changes a plan: only webhooks do (billing-webhooks.ts).
 */

export interface BillingContext {
  db: Database;
  /** null: billing is off (production without Stripe settings). */
  provider: BillingProvider | null;
  publicUrl: URL;
  supportEmail: string;
  log: FastifyBaseLogger;
  /** Counts a webhook's subscription left unapplied (an unknown price or team: metrics). */
  refusedSubscription?: (reason: RefusedSubscription) => void;
}

/** Who pays: the team's owner (docs/teams.md), for the team; their address is the customer's. */
export interface TeamPayer {
  teamId: string;
  email: string;
}

/** A checkout kept for reuse only while it has this long left to live. */
const REUSE_MARGIN_MS = 10 * 60 * 1000;

export function billingUnavailable(supportEmail: string): AppError {
  return new AppError(
    'billing_unavailable',
    `Paid plans can't be bought online on this server. Contact us at ${supportEmail}.`,
  );
}

function providerOf(context: BillingContext): BillingProvider {
  if (!context.provider) throw billingUnavailable(context.supportEmail);
  return context.provider;
}

/** The team's customer at the provider, made on its first checkout and reused ever after. */
async function customerFor(
  context: BillingContext,
  provider: BillingProvider,
  teamId: string,
  email: string,
) {
  const { db } = context;
  const known = await customerIdOf(db, teamId);
  if (known) return known;
  const customerId = await provider.createCustomer({ teamId, email });
  await insertCustomerIfAbsent(db, teamId, customerId);
  // Two first checkouts at once: whichever row landed is the customer from now on.
  return (await customerIdOf(db, teamId)) ?? customerId;
}

/**
 * POST /api/create-subscription: the address of a checkout for the plan. One checkout per owner at a
 * time: an open one for the same plan and interval is answered again, any other is expired. An owner
 * whose plan is already this one or higher (a live subscription, or a tier set by hand) is told to
 * manage it instead. The trial is for a first subscription only.
 */
export async function startCheckout(
  context: BillingContext,
  payer: TeamPayer,
  request: { tier: PaidTier; interval: BillingInterval },
): Promise<{ url: string }> {
  const provider = providerOf(context);
  const { db } = context;
  const { teamId } = payer;
  const team = await findTeam(db, teamId);
  if (!team) throw new AppError('unauthenticated', 'Please sign in again.');

  const owned = await subscriptionsOf(db, teamId);
  const live = owned.find((s) => LIVE_STATUSES.includes(s.status));
  if (live) {
    throw new AppError(
      'subscription_exists',
      `You already have the ${TIER_DISPLAY_NAMES[live.tier]} plan. Use Manage billing to change or cancel it.`,
    );
  }
  if (team.manualTier && rankOfTier(team.manualTier) >= rankOfTier(request.tier)) {
    throw new AppError(
      'subscription_exists',
      `Your team already has the ${TIER_DISPLAY_NAMES[team.manualTier]} plan. Contact us to change it.`,
    );
  }

  const open = await openCheckoutOf(db, teamId);
  if (
    open &&
    open.tier === request.tier &&
    open.interval === request.interval &&
    open.expiresAt.getTime() - Date.now() > REUSE_MARGIN_MS
  ) {
    return { url: open.url };
  }

  const customerId = await customerFor(context, provider, teamId, payer.email);
  const created = await provider.createCheckout({
    teamId,
    customerId,
    tier: request.tier,
    interval: request.interval,
    priceId: provider.priceFor(request.tier, request.interval),
    trialDays: owned.length === 0 ? TRIAL_DAYS[request.tier] : 0,
    successUrl: new URL(
      '/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      context.publicUrl,
    ).href.replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
    cancelUrl: new URL('/subscription/cancel', context.publicUrl).href,
    idempotencyKey: `listsync-checkout-${randomUUID()}`,
  });

  let replaced: string[];
  try {
    replaced = await db.transaction((tx) =>
      replaceOpenCheckout(tx, {
        id: created.id,
        teamId,
        tier: request.tier,
        interval: request.interval,
        url: created.url,
        expiresAt: created.expiresAt,
      }),
    );
  } catch (error) {
    // Another checkout of this owner's was recorded at the same moment: theirs stands, ours is ended.
    await provider.expireCheckout(created.id).catch(() => {});
    const winner = await openCheckoutOf(db, teamId);
    if (winner) return { url: winner.url };
    throw error;
  }
  for (const id of replaced) {
    await provider.expireCheckout(id).catch((error: unknown) => {
      context.log.warn({ err: error, checkoutId: id }, 'billing: a replaced checkout could not be expired');
    });
  }
  return { url: created.url };
}

/**
 * GET /api/billing/checkout/{id}: the success page's question. `confirmed` only when the webhook has
 * made that checkout's subscription live for this very team.
 */
export async function checkoutStatus(
  db: Database,
  teamId: string,
  sessionId: string,
): Promise<CheckoutStatus> {
  const checkout = await checkoutOf(db, sessionId, teamId);
  if (!checkout) throw new AppError('not_found', 'This checkout was not found.');
  let confirmed = false;
  let trialEnd: Date | null = null;
  if (checkout.status === 'complete' && checkout.subscriptionId) {
    const subscription = await subscriptionIn(db, checkout.subscriptionId, teamId, ['trialing', 'active']);
    confirmed = Boolean(subscription);
    trialEnd = subscription?.status === 'trialing' ? subscription.trialEnd : null;
  }
  const expired = checkout.status === 'open' && checkout.expiresAt.getTime() <= Date.now();
  return {
    status: expired ? 'expired' : checkout.status,
    confirmed,
    tier: checkout.tier,
    interval: checkout.interval,
    trialEnd: trialEnd?.toISOString() ?? null,
  };
}

/** POST /api/billing/portal: where the owner manages their plan, card and invoices. */
export async function openPortal(context: BillingContext, teamId: string): Promise<{ url: string }> {
  const provider = providerOf(context);
  const customerId = await customerIdOf(context.db, teamId);
  if (!customerId) {
    throw new AppError(
      'not_found',
      'You have no billing account yet. Choose a plan on the pricing page first.',
    );
  }
  const url = await provider.createPortal({
    customerId,
    returnUrl: new URL('/dashboard', context.publicUrl).href,
  });
  return { url };
}

/** Local mode's test portal: what the owner chose there (switch, cancel), then the portal as it now is. */
export async function actOnTestPortal(
  provider: LocalBilling,
  teamId: string,
  action: TestPortalAction,
): Promise<TestPortalView> {
  await provider.portalAction(teamId, action);
  return provider.portalView(teamId, '/dashboard');
}
