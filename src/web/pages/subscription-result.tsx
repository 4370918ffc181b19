import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { CheckoutStatus } from '#domain/billing';
import { PLAN_CARDS, TIER_DISPLAY_NAMES } from '#domain/plans';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { apiRequest, isApiError } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { billingDate } from './billing/plan-status.ts';

/** How long the success page waits for the webhook before it says it is still waiting. */
export const CONFIRM_WAIT_MS = 60_000;
const POLL_MS = 1_000;

/**
 * /subscription/success?session_id=…: says 'Subscription Successful!' only once the server has that
 * checkout's plan live for the signed-in owner (the webhook landed); until then, 'Confirming your payment…'.
 */
export function SubscriptionSuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const { status: authStatus } = useAuth();
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const recorded = useRef(false);

  const checkout = useQuery({
    queryKey: ['/api/billing/checkout', sessionId],
    queryFn: ({ signal }) =>
      apiRequest<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(sessionId)}`, undefined, {
        signal,
        cache: 'no-store',
      }),
    enabled: Boolean(sessionId) && authStatus === 'signed-in',
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 3,
    refetchInterval: (query) =>
      query.state.data?.confirmed || query.state.data?.status === 'expired' || gaveUp ? false : POLL_MS,
    gcTime: 0,
  });
  const data = checkout.data;

  useEffect(() => {
    if (data?.confirmed || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, startedAt + CONFIRM_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [data?.confirmed, gaveUp, startedAt]);

  useEffect(() => {
    if (!data?.confirmed || recorded.current) return;
    recorded.current = true;
    // The dashboard's plan card and every limit show the new plan at once.
    void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
    trackEvent('subscription_success', { tier: data.tier, interval: data.interval });
  }, [data, queryClient]);

  const { siteName } = getPublicConfig();
  const confirmed = Boolean(data?.confirmed);
  useDocumentTitle(confirmed ? 'Subscription Successful!' : 'Confirming your payment');

  if (authStatus === 'signed-out') {
    return (
      <ResultCard
        icon={<AlertCircle className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />}
        title="Sign in to see your plan"
      >
        <p className="mt-2 text-slate-600">
          Sign in with the account you paid with: the dashboard shows your plan once the payment is confirmed.
        </p>
        <Actions primary={['/', 'Go to the home page']} />
      </ResultCard>
    );
  }

  if (!sessionId || (checkout.isError && isApiError(checkout.error) && checkout.error.status === 404)) {
    return (
      <ResultCard
        icon={<AlertCircle className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />}
        title="No payment to confirm"
      >
        <p className="mt-2 text-slate-600">
          This page confirms a checkout, and this link does not name one of yours. If you have just paid, your
          plan shows on the dashboard as soon as the payment is confirmed.
        </p>
        <Actions primary={['/dashboard', 'Go to Dashboard']} secondary={['/pricing', 'See plans']} />
      </ResultCard>
    );
  }

  if (confirmed && data) {
    const plan = TIER_DISPLAY_NAMES[data.tier];
    return (
      <ResultCard
        icon={<CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />}
        title="Subscription Successful!"
      >
        <p className="mt-2 text-slate-600">
          Welcome to {siteName} {plan}. Your subscription is now active.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {PLAN_CARDS.find((card) => card.id === data.tier)?.features[0]},{' '}
          {data.tier === 'enterprise'
            ? 'every language and unlimited storage'
            : 'all 10 languages and real-time sync'}
          .{data.trialEnd ? ` Your free trial runs until ${billingDate(data.trialEnd)}.` : ''}
        </p>
        <Actions primary={['/dashboard', 'Go to Dashboard']} />
      </ResultCard>
    );
  }

  if (data?.status === 'expired') {
    return (
      <ResultCard
        icon={<XCircle className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />}
        title="This checkout has expired"
      >
        <p className="mt-2 text-slate-600">
          Nothing was charged. Start again from the pricing page whenever you like.
        </p>
        <Actions primary={['/pricing', 'Back to Pricing']} secondary={['/dashboard', 'Go to Dashboard']} />
      </ResultCard>
    );
  }

  if (gaveUp || checkout.isError) {
    return (
      <ResultCard
        icon={<Clock className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />}
        title="Still confirming your payment"
      >
        <p className="mt-2 text-slate-600" role="status">
          Your payment provider has not confirmed the payment to us yet. This usually takes seconds; your plan
          appears on the dashboard by itself once it does. You will not be charged twice.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button
            onClick={() => {
              setGaveUp(false);
              void checkout.refetch();
            }}
          >
            Check again
          </Button>
          <Button asChild variant="secondary">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </div>
      </ResultCard>
    );
  }

  return (
    <ResultCard
      icon={<Spinner className="justify-center" label="Confirming" />}
      title="Confirming your payment…"
    >
      <p className="mt-2 text-slate-600" role="status" aria-live="polite">
        We are waiting for the payment provider to confirm your {data ? TIER_DISPLAY_NAMES[data.tier] : ''}{' '}
        subscription. This page updates by itself.
      </p>
    </ResultCard>
  );
}

/** /subscription/cancel: nothing was bought; the way back to the plans is the obvious next step. */
export function SubscriptionCancelPage() {
  useDocumentTitle('Subscription Cancelled');
  useEffect(() => {
    trackEvent('subscription_cancelled');
  }, []);
  return (
    <ResultCard
      icon={<XCircle className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />}
      title="Subscription Cancelled"
    >
      <p className="mt-2 text-slate-600">Your subscription was not processed.</p>
      <p className="mt-2 text-sm text-slate-500">Nothing was charged, and your plan is unchanged.</p>
      <Actions primary={['/pricing', 'Back to Pricing']} secondary={['/dashboard', 'Go to Dashboard']} />
    </ResultCard>
  );
}

function ResultCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <PageContainer>
      <Card className="mx-auto mt-8 max-w-md p-8 text-center">
        {icon}
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </Card>
    </PageContainer>
  );
}

function Actions({ primary, secondary }: { primary: [string, string]; secondary?: [string, string] }) {
  return (
    <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
      <Button asChild>
        <Link href={primary[0]}>{primary[1]}</Link>
      </Button>
      {secondary && (
        <Button asChild variant="secondary">
          <Link href={secondary[0]}>{secondary[1]}</Link>
        </Button>
      )}
    </div>
  );
}
