import { useQuery } from '@tanstack/react-query';
import { AlertCircle, FlaskConical } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { TestCheckoutView } from '#domain/billing';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useTestCheckoutAction } from '../hooks/use-billing.ts';
import { apiRequest, isApiError } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { CheckoutOffer } from './billing/checkout-offer.tsx';

/**
 * Local mode's stand-in for Stripe Checkout (/billing/test-checkout/{id}): the plan, price, interval
 * and trial, and two buttons. Paying makes the server deliver signed events to its own webhook, the
 * same path a real payment takes; the page then goes where Stripe would send the browser.
 */
export default function TestCheckoutPage() {
  useDocumentTitle('Test checkout');
  const { id = '' } = useParams<{ id: string }>();
  const { siteName } = getPublicConfig();
  const session = useQuery({
    queryKey: ['/api/billing/test-checkout', id],
    queryFn: ({ signal }) =>
      apiRequest<TestCheckoutView>('GET', `/api/billing/test-checkout/${encodeURIComponent(id)}`, undefined, {
        signal,
      }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    gcTime: 0,
  });
  const act = useTestCheckoutAction(id);

  const view = session.data;
  return (
    <PageContainer>
      <div className="mx-auto max-w-lg">
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Test mode — no real card is charged.</strong> This server has no
            payment provider configured, so this stand-in for Stripe Checkout starts the plan for real on{' '}
            {siteName}.
          </span>
        </p>

        <Card className="mt-6 p-6 sm:p-8">
          {session.isError ? (
            <CheckoutProblem
              title={
                isApiError(session.error) && session.error.status === 404
                  ? 'Checkout not found'
                  : 'Could not load this checkout'
              }
              text={
                isApiError(session.error) && session.error.status === 404
                  ? 'This checkout does not exist or belongs to another account.'
                  : 'Please refresh the page.'
              }
            />
          ) : !view ? (
            <div aria-busy="true" className="space-y-4">
              <Skeleton className="h-7 w-48" />
              <Skeleton className="h-10 w-32" />
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : view.status !== 'open' ? (
            <CheckoutProblem
              title={view.status === 'complete' ? 'Already paid' : 'This checkout has expired'}
              text={
                view.status === 'complete'
                  ? 'This checkout was completed. Your plan is on the dashboard.'
                  : 'It was cancelled or replaced by a newer one. Nothing was charged.'
              }
            />
          ) : (
            <CheckoutOffer siteName={siteName} view={view} act={act} />
          )}
        </Card>
      </div>
    </PageContainer>
  );
}

function CheckoutProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="text-center">
      <AlertCircle className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link href="/pricing">Back to Pricing</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
