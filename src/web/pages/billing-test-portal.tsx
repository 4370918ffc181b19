import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  formatPlanPrice,
  PAID_TIERS,
  type PaidTier,
  type TestPortalAction,
  type TestPortalView,
} from '#domain/billing';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LazyConfirmDialog } from '../components/ui/lazy-dialog.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useToast } from '../hooks/use-toast.ts';
import { apiRequest, isApiError } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { billingDate } from './billing/plan-status.ts';

const PORTAL_KEY = ['/api/billing/test-portal'];

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Cancelled',
};

/**
 * Local mode's stand-in for Stripe's customer portal (/billing/test-portal): switch plan, cancel at the
 * end of the period (or resume), cancel now, and, for trying the past-due path, a failed renewal.
 * Each action reaches the plan only through the webhook, as with Stripe.
 */
export default function TestPortalPage() {
  useDocumentTitle('Test billing portal');
  const { siteName } = getPublicConfig();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const portal = useQuery({
    queryKey: PORTAL_KEY,
    queryFn: ({ signal }) =>
      apiRequest<TestPortalView>('GET', '/api/billing/test-portal', undefined, { signal }),
    gcTime: 0,
  });
  const [pending, setPending] = useState(false);
  // A plain state rather than a query mutation: this page adds nothing to the code every page shares.
  const act = {
    isPending: pending,
    async mutate(action: TestPortalAction) {
      setPending(true);
      try {
        const view = await apiRequest<TestPortalView>('POST', '/api/billing/test-portal/actions', action);
        queryClient.setQueryData(PORTAL_KEY, view);
        void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        setConfirmCancel(false);
        toast({ title: 'Subscription updated', description: describeAction(action) });
      } catch (error) {
        toast({
          title: 'Could not change the subscription',
          description: (isApiError(error) && error.serverMessage) || 'Please try again.',
          variant: 'destructive',
        });
      } finally {
        setPending(false);
      }
    },
  };

  const view = portal.data;
  const subscription = view?.subscription ?? null;
  const live = subscription && subscription.status !== 'canceled';
  return (
    <PageContainer>
      <div className="mx-auto max-w-2xl">
        <Link
          href={view?.returnUrl ?? '/dashboard'}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Return to {siteName}
        </Link>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Test billing portal</h1>
        <p className="mt-2 flex items-start gap-2 text-sm text-amber-900">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Test mode: these buttons stand in for Stripe's customer portal. No card is involved.
        </p>

        <Card className="mt-6 p-6" aria-busy={portal.isPending || undefined}>
          <h2 className="text-base font-semibold text-slate-900">Current subscription</h2>
          {portal.isPending ? (
            <Skeleton className="mt-4 h-16 w-full" />
          ) : portal.isError ? (
            <p className="mt-3 text-sm text-red-700">
              Could not load the subscription. Please refresh the page.
            </p>
          ) : !subscription ? (
            <p className="mt-3 text-sm text-slate-600">
              No subscription yet.{' '}
              <Link href="/pricing" className="font-medium text-indigo-700 underline underline-offset-2">
                Choose a plan
              </Link>
              .
            </p>
          ) : (
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
          )}
        </Card>

        {live && subscription && (
          <>
            <SwitchPlan
              current={{ tier: subscription.tier, interval: subscription.interval }}
              pending={act.isPending}
              onSwitch={(tier, interval) => void act.mutate({ action: 'switch', tier, interval })}
            />
            <Card className="mt-6 p-6">
              <h2 className="text-base font-semibold text-slate-900">Cancel</h2>
              <p className="mt-1 text-sm text-slate-600">
                Nothing is deleted when a plan ends: over the Free plan's limit you keep every checklist but
                cannot create new ones.
              </p>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                {subscription.cancelAtPeriodEnd ? (
                  <Button
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => void act.mutate({ action: 'resume' })}
                  >
                    Resume
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => void act.mutate({ action: 'cancel_at_period_end' })}
                  >
                    Cancel at period end
                  </Button>
                )}
                <Button variant="destructive" disabled={act.isPending} onClick={() => setConfirmCancel(true)}>
                  Cancel now
                </Button>
              </div>
            </Card>
            <Card className="mt-6 p-6">
              <h2 className="text-base font-semibold text-slate-900">Payment (test only)</h2>
              <p className="mt-1 text-sm text-slate-600">
                Try what an owner sees when a renewal fails, and when the card is fixed.
              </p>
              <div className="mt-4">
                {subscription.status === 'past_due' ? (
                  <Button
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => void act.mutate({ action: 'fix_payment' })}
                  >
                    Fix payment
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={act.isPending}
                    onClick={() => void act.mutate({ action: 'fail_payment' })}
                  >
                    Simulate failed payment
                  </Button>
                )}
              </div>
            </Card>
          </>
        )}
      </div>
      <LazyConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel the subscription now?"
        description="The plan ends at once and the account returns to Free. Every checklist is kept."
        confirmLabel="Cancel now"
        cancelLabel="Keep subscription"
        destructive
        pending={act.isPending}
        onConfirm={() => void act.mutate({ action: 'cancel_now' })}
      />
    </PageContainer>
  );
}

function describeAction(action: TestPortalAction): string {
  switch (action.action) {
    case 'switch':
      return `Switched to ${TIER_DISPLAY_NAMES[action.tier]}, ${formatPlanPrice(action.tier, action.interval)}.`;
    case 'cancel_at_period_end':
      return 'The plan ends at the end of the period.';
    case 'resume':
      return 'The plan renews again.';
    case 'cancel_now':
      return 'The plan has ended; the account is on Free.';
    case 'fail_payment':
      return 'The renewal payment failed: the subscription is past due.';
    case 'fix_payment':
      return 'The payment went through: the subscription is active.';
  }
}

function Item({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

function SwitchPlan({
  current,
  pending,
  onSwitch,
}: {
  current: { tier: PaidTier; interval: BillingInterval };
  pending: boolean;
  onSwitch(tier: PaidTier, interval: BillingInterval): void;
}) {
  const [choice, setChoice] = useState(`${current.tier}:${current.interval}`);
  const [tier, interval] = choice.split(':') as [PaidTier, BillingInterval];
  const unchanged = tier === current.tier && interval === current.interval;
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-base font-semibold text-slate-900">Switch plan</h2>
      <label htmlFor="portal-plan" className="mt-3 block text-sm font-medium text-slate-700">
        Plan and billing period
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <select
          id="portal-plan"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="h-10 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-200"
        >
          {PAID_TIERS.flatMap((t) =>
            BILLING_INTERVALS.map((i) => (
              <option key={`${t}:${i}`} value={`${t}:${i}`}>
                {TIER_DISPLAY_NAMES[t]}, {formatPlanPrice(t, i)}
              </option>
            )),
          )}
        </select>
        <Button disabled={pending || unchanged} onClick={() => onSwitch(tier, interval)}>
          Switch plan
        </Button>
      </div>
    </Card>
  );
}
