import { CreditCard, Mail } from 'lucide-react';
import { Link } from 'wouter';
import {
  type BillingInterval,
  formatPlanPrice,
  isPaidTier,
  type PaidTier,
  TRIAL_DAYS,
} from '#domain/billing';
import { type PlanCard, type SubscriptionInfo, TIERS } from '#domain/plans';
import { Button } from '../../components/ui/button.tsx';
import { useCheckout, usePortal } from '../../hooks/use-billing.ts';
import { trackEvent } from '../../lib/analytics.ts';
import { getPublicConfig } from '../../lib/public-config.ts';

/**
 * A plan card's button and the note under it. Each case below is drawn by a plain function, not a
 * component of its own, so that when the owner's plan arrives and the case changes, React updates
 * the button in place (it keeps focus) rather than replacing it.
 */
interface PlanActionCase {
  plan: PlanCard;
  interval: BillingInterval;
  info: SubscriptionInfo | undefined;
  current: boolean;
  noteId: string;
}

/** An owner with a live paid subscription they manage in the billing portal. */
function paying(info: SubscriptionInfo | undefined): boolean {
  return Boolean(info?.canManageBilling && info.status !== 'none' && info.status !== 'canceled');
}

function freePlanAction({ plan, info, current, noteId }: PlanActionCase) {
  return (
    <>
      <Button asChild variant={current ? 'secondary' : 'primary'} className="w-full">
        <Link href="/dashboard">{current ? 'Go to Dashboard' : `Choose ${plan.name}`}</Link>
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-slate-500">
        {paying(info) ? 'To move to Free, cancel in Manage billing: nothing is deleted.' : 'No card needed.'}
      </p>
    </>
  );
}

function portalAction({ plan, current, noteId }: PlanActionCase, portal: ReturnType<typeof usePortal>) {
  return (
    <>
      <Button
        className="w-full"
        variant={current ? 'primary' : 'secondary'}
        disabled={portal.isPending}
        aria-busy={portal.isPending || undefined}
        aria-describedby={noteId}
        onClick={() => void portal.run('pricing')}
      >
        <CreditCard className="h-4 w-4" aria-hidden="true" />
        {portal.isPending ? 'Opening…' : 'Manage billing'}
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-slate-500">
        {current
          ? 'Change your card, see invoices or cancel.'
          : `Switch to ${plan.name} in the billing portal.`}
      </p>
    </>
  );
}

function contactAction({ plan, interval, noteId }: PlanActionCase, supportEmail: string) {
  return (
    <>
      <Button asChild variant={plan.popular ? 'primary' : 'secondary'} className="w-full">
        <a
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`}
          onClick={() => trackEvent('upgrade_clicked', { source: 'pricing', tier: plan.id, interval })}
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          Contact us
        </a>
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-slate-500">
        Write to {supportEmail} and we will set it up.
      </p>
    </>
  );
}

function checkoutAction(
  { plan, interval, info, noteId }: PlanActionCase,
  tier: PaidTier,
  checkout: ReturnType<typeof useCheckout>,
) {
  const pending = checkout.pending?.tier === tier;
  const firstSubscription = !info || info.status === 'none';
  const trialDays = TRIAL_DAYS[tier];
  return (
    <>
      <Button
        className="w-full"
        variant={plan.popular ? 'primary' : 'secondary'}
        disabled={checkout.isPending}
        aria-busy={pending || undefined}
        aria-describedby={noteId}
        onClick={() => {
          trackEvent('upgrade_clicked', { source: 'pricing', tier, interval });
          void checkout.run({ tier, interval });
        }}
      >
        {pending
          ? 'Redirecting to checkout…'
          : firstSubscription
            ? `Start ${trialDays}-day free trial`
            : `Choose ${plan.name}`}
      </Button>
      <p id={noteId} className="mt-2 text-center text-xs text-slate-500">
        {firstSubscription
          ? `Free for ${trialDays} days, then ${formatPlanPrice(tier, interval)}. Cancel anytime.`
          : `${formatPlanPrice(tier, interval)}. Cancel anytime.`}
      </p>
    </>
  );
}

export function PlanAction({
  plan,
  interval,
  info,
  current,
}: {
  plan: PlanCard;
  interval: BillingInterval;
  info: SubscriptionInfo | undefined;
  current: boolean;
}) {
  const { billing, supportEmail, siteName } = getPublicConfig();
  const checkout = useCheckout();
  const portal = usePortal();
  const noteId = `plan-${plan.id}-note`;
  const tier = plan.id;
  const actionCase: PlanActionCase = { plan, interval, info, current, noteId };

  if (!isPaidTier(tier)) return freePlanAction(actionCase);

  // A paying owner changes plan, card or cancels in the billing portal.
  if (paying(info) && billing !== 'off') return portalAction(actionCase, portal);

  if (
    billing === 'off' ||
    (info && TIERS.indexOf(info.tier) >= TIERS.indexOf(plan.id) && !info.canManageBilling)
  ) {
    // No card checkout on this server, or a plan set by hand at or above this one: people talk to us.
    if (current) {
      return (
        <p id={noteId} className="text-center text-sm text-slate-600">
          Your plan is managed by the {siteName} team.
        </p>
      );
    }
    return contactAction(actionCase, supportEmail);
  }

  return checkoutAction(actionCase, tier, checkout);
}
