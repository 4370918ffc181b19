import { XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useDocumentTitle } from '../components/page.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { trackEvent } from '../lib/analytics.ts';
import { isApiError } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import {
  confirmedResult,
  confirmingResult,
  expiredResult,
  noPaymentResult,
  signInResult,
  stillConfirmingResult,
} from './billing/checkout-results.tsx';
import { Actions, ResultCard } from './billing/result-card.tsx';
import { useCheckoutConfirmation } from './billing/use-checkout-confirmation.ts';

/**
 * /subscription/success?session_id=…: says 'Subscription Successful!' only once the server has that
 * checkout's plan live for the signed-in owner (the webhook landed); until then, 'Confirming your payment…'.
 */
export function SubscriptionSuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const { status: authStatus } = useAuth();
  const { checkout, data, gaveUp, checkAgain } = useCheckoutConfirmation(
    sessionId,
    authStatus === 'signed-in',
  );

  const { siteName } = getPublicConfig();
  const confirmed = Boolean(data?.confirmed);
  useDocumentTitle(confirmed ? 'Subscription Successful!' : 'Confirming your payment');

  const result =
    authStatus === 'signed-out'
      ? signInResult()
      : !sessionId || (checkout.isError && isApiError(checkout.error) && checkout.error.status === 404)
        ? noPaymentResult()
        : confirmed && data
          ? confirmedResult(data, siteName)
          : data?.status === 'expired'
            ? expiredResult()
            : gaveUp || checkout.isError
              ? stillConfirmingResult(checkAgain)
              : confirmingResult(data);
  return (
    <ResultCard icon={result.icon} title={result.title}>
      {result.children}
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
