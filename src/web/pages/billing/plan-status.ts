import type { BillingInterval, SubscriptionStatus } from '#domain/billing';
import { shortDate } from '#domain/dates';

/** 'Dec 8, 2026' (the spec's date format); '' for no date. */
export function billingDate(iso: string | null): string {
  return iso ? shortDate(new Date(iso)) : '';
}

/** What happens next to a paid plan, in a few words: 'Trial ends Dec 8, 2026', 'Renews …', 'Ends …'. */
export function planStatusLine(plan: {
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
}): string | null {
  if (plan.status === 'none' || plan.status === 'canceled') return null;
  if (plan.status === 'past_due') return 'Payment failed: update your card';
  if (plan.cancelAtPeriodEnd)
    return plan.currentPeriodEnd ? `Ends ${billingDate(plan.currentPeriodEnd)}` : 'Ends soon';
  if (plan.status === 'trialing' && plan.trialEnd) return `Trial ends ${billingDate(plan.trialEnd)}`;
  return plan.currentPeriodEnd ? `Renews ${billingDate(plan.currentPeriodEnd)}` : null;
}

export function intervalLabel(interval: BillingInterval | null): string {
  return interval === 'year' ? 'Billed yearly' : interval === 'month' ? 'Billed monthly' : '';
}
