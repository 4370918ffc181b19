import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatPlanPrice, type TestPortalView } from '#domain/billing';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { billingDate } from './plan-status.ts';
import type { PortalSubscription } from './use-test-portal.ts';

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
};

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function SubscriptionTerms({ subscription }: { subscription: PortalSubscription }) {
  return (
    <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="portal-subscription">
      <Item
        term="Plan"
        value={`${TIER_DISPLAY_NAMES[subscription.tier]} · ${formatPlanPrice(subscription.tier, subscription.interval)}`}
      />
      <Item term="Status" value={STATUS_LABELS[subscription.status] ?? subscription.status} />
      <Item
        term={
          subscription.cancelAtPeriodEnd
            ? 'Ends'
            : subscription.status === 'trialing'
              ? 'Trial ends'
              : 'Renews'
        }
        value={
          subscription.status === 'canceled'
            ? 'Ended'
            : billingDate(
                subscription.status === 'trialing' && !subscription.cancelAtPeriodEnd
                  ? subscription.trialEnd
                  : subscription.currentPeriodEnd,
              )
        }
      />
    </dl>
  );
}

/** 'Current subscription': its plan, status and next date, once loaded. */
export function CurrentSubscription({ portal }: { portal: UseQueryResult<TestPortalView> }) {
  const subscription = portal.data?.subscription ?? null;
  return (
    <Card className="mt-6 p-6" aria-busy={portal.isPending || undefined}>
      <h2 className="text-base font-semibold text-slate-900">Current subscription</h2>
      {portal.isPending ? (
        <Skeleton className="mt-4 h-16 w-full" />
      ) : portal.isError ? (
        <p className="mt-3 text-sm text-red-700">Could not load the subscription. Please refresh the page.</p>
      ) : !subscription ? (
        <p className="mt-3 text-sm text-slate-600">
          No subscription yet.{' '}
          <Link href="/pricing" className="font-medium text-indigo-700 underline underline-offset-2">
            Choose a plan
          </Link>
          .
        </p>
      ) : (
        <SubscriptionTerms subscription={subscription} />
      )}
    </Card>
  );
}
